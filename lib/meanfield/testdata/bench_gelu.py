#!/usr/bin/env python3
"""Benchmark peer and cross-check for the GELU mean-field state (not used at runtime).

Run with Debian's numpy/scipy:  /usr/bin/python3 bench_gelu.py [repeat]
Same workload as BenchmarkStateGELU in lib/meanfield/bench_test.go: for
GELU phi(h) = h Phi(h), at 200 values sigma_w^2 = 0.5 + 1.45 i/199 and
sigma_b^2 = 0.3 (all ordered), the fixed point q* reached from q = 1, and
chi_1 = sigma_w^2 E phi'(u)^2, chi_q = V'(q*) there. Same accuracy as the
Go code (~1e-15 relative in q*, ~1e-13 in chi_q), two flavours:

  * "closed": the same closed forms as activation.GELU for E phi^2, its
    q-derivative (chi_q / sigma_w^2) and E phi'^2, scipy.optimize.brentq
    from the same geometric bracket -- the same algorithm as Go;
  * "scipy-quad": chi_q = sigma_w^2 E[u phi phi']/q by scipy.integrate.quad
    (adaptive QUADPACK, epsrel 1e-13) instead, the idiomatic scipy script
    without the derivative's closed form (same numbers to 1e-15).

It prints q*, chi_1, chi_q at i = 0, 100, 199 for comparison with Go.
"""
import math
import sys
import time

from scipy import integrate, optimize
from scipy.special import ndtr

INV_SQRT_2PI = 1 / math.sqrt(2 * math.pi)


def m2(q):
    a = math.asin(q / (1 + q))
    return q / 4 + q * a / (2 * math.pi) + q * q / (math.pi * (1 + q) * math.sqrt(1 + 2 * q))


def dm2(q):
    # d/dq of m2: d asin(q/(1+q))/dq = 1/((1+q) sqrt(1+2q))
    a = math.asin(q / (1 + q))
    s = math.sqrt(1 + 2 * q)
    r = 1 / ((1 + q) * s)
    f = q * q * r / math.pi  # q^2/(pi (1+q) sqrt(1+2q))
    df = (2 * q * r - q * q * r * (1 / (1 + q) + 1 / (1 + 2 * q))) / math.pi
    return 0.25 + a / (2 * math.pi) + q * r / (2 * math.pi) + df


def mu1(q):
    a = math.asin(q / (1 + q))
    s = math.sqrt(1 + 2 * q)
    return 0.25 + a / (2 * math.pi) + q / (math.pi * (1 + q) * s) + q / (2 * math.pi * s ** 3)


def qstar(sw2, sb2):
    g = lambda q: sw2 * m2(q) + sb2 - q
    q0 = 1.0
    g0 = g(q0)
    if g0 > 0:
        lo, hi = q0, 4 * q0
        while g(hi) > 0:
            lo, hi = hi, 4 * hi
    else:
        lo, hi = q0 / 4, q0
        while g(lo) < 0:
            lo, hi = lo / 4, lo
    return optimize.brentq(g, lo, hi, xtol=1e-300, rtol=8.9e-16)


def chiq_quad(sw2, q):
    s = math.sqrt(q)

    def f(z):
        u = s * z
        p = ndtr(u)
        e = INV_SQRT_2PI * math.exp(-u * u / 2)
        return u * (u * p) * (p + u * e) * INV_SQRT_2PI * math.exp(-z * z / 2)

    v, _ = integrate.quad(f, -12, 12, epsabs=0, epsrel=1e-13, limit=200)
    return sw2 * v / q


def states(chiq):
    out = []
    for i in range(200):
        sw2 = 0.5 + 1.45 * i / 199
        q = qstar(sw2, 0.3)
        out.append((q, sw2 * mu1(q), chiq(sw2, q)))
    return out


def best_of(fn, repeat):
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = fn()
        best = min(best, time.perf_counter() - t0)
    return best, r


def main():
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    t, a = best_of(lambda: states(chiq_quad), repeat)
    print(f"gelu_state_200 scipy-quad: {t * 1e3:.2f} ms")
    t, b = best_of(lambda: states(lambda sw2, q: sw2 * dm2(q)), repeat)
    print(f"gelu_state_200 closed: {t * 1e3:.2f} ms  (max |chi_q quad - closed| = {max(abs(x[2] - y[2]) for x, y in zip(a, b)):.1e})")
    for i in (0, 100, 199):
        q, c1, cq = a[i]
        print(f"i={i} q*={q:.15g} chi1={c1:.15g} chiq={cq:.15g}")


if __name__ == "__main__":
    main()
