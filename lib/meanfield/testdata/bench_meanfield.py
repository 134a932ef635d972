#!/usr/bin/env python3
"""Benchmark peer and cross-check for lib/meanfield (not used at runtime).

Run with Debian's numpy/scipy:  /usr/bin/python3 bench_meanfield.py
It times the same two workloads as lib/meanfield/bench_test.go:

  1. the tanh edge-of-chaos curve sigma_w^2(sigma_b^2) at 200 values
     sigma_b^2 = 0.25 i/200, i = 1..200;
  2. chi_1 on a 200x200 grid sigma_w^2 in [0.5, 3], sigma_b^2 in [0, 0.25].

Same quadrature as the Go code for tanh (trapezoid rule on |z| <= 9 with
step min(0.5, 0.2 min(1, 1/sqrt(q))), so the same accuracy), in three
flavours:
  * "scipy-loop": per grid point, scipy.optimize.brentq on V(q) - q
    (the idiomatic scipy script);
  * "numpy-vec": all grid points at once, bracketing and Newton iterations
    vectorised over the grid (a fixed 60 iterations of a safeguarded
    Newton, converged to ~1e-15 for this grid);
and, as an independent cross-check of reference numbers,
  * scipy.integrate.quad (adaptive QUADPACK) at a few points.
"""
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import numpy as np
from scipy import integrate, optimize

peerblas.report()

Z = 9.0


def rule(q):
    s = math.sqrt(q)
    h = 1.0 if s == 0 else min(1.0, 1.0 / s)
    step = min(0.5, 0.2 * h)
    n = max(1, math.ceil(Z / step * (1 - 1e-12)))
    step = Z / n
    z = np.arange(-n, n + 1) * step
    w = step * np.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
    w[0] *= 0.5
    w[-1] *= 0.5
    return s * z, w


def second_moment(q):
    u, w = rule(q)
    t = np.tanh(u)
    return w @ (t * t)


def mu1(q):
    u, w = rule(q)
    t = np.tanh(u)
    d = 1 - t * t
    return w @ (d * d)


def qstar(sw2, sb2):
    g = lambda q: sw2 * second_moment(q) + sb2 - q
    q0 = 1.0
    g0 = g(q0)
    if g0 == 0:
        return q0
    if g0 > 0:
        lo, hi = q0, q0 * 4
        while g(hi) > 0:
            lo, hi = hi, hi * 4
    else:
        hi, lo = q0, q0 / 4
        while g(lo) < 0:
            hi, lo = lo, lo / 4
            if lo < 1e-30:
                return 0.0
    return optimize.brentq(g, lo, hi, xtol=1e-300, rtol=8.9e-16)


def chi1_grid_loop(ws, bs):
    out = np.empty((len(ws), len(bs)))
    for i, sw2 in enumerate(ws):
        for j, sb2 in enumerate(bs):
            q = qstar(sw2, sb2)
            out[i, j] = sw2 * mu1(q) if q > 0 else sw2
    return out


def chi1_grid_vec(ws, bs):
    W, B = np.meshgrid(ws, bs, indexing="ij")
    W, B = W.ravel(), B.ravel()

    def resid(q):
        # one trapezoid rule per point, padded to a common node count
        s = np.sqrt(q)
        h = np.minimum(1.0, 1.0 / np.maximum(s, 1e-300))
        step = np.minimum(0.5, 0.2 * h)
        n = np.ceil(Z / step * (1 - 1e-12)).astype(int)
        step = Z / n
        nmax = n.max()
        k = np.arange(-nmax, nmax + 1)
        z = k[None, :] * step[:, None]
        w = step[:, None] * np.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
        w[np.abs(k)[None, :] > n[:, None]] = 0
        w[np.abs(k)[None, :] == n[:, None]] *= 0.5
        u = s[:, None] * z
        t = np.tanh(u)
        d = 1 - t * t
        m2 = (w * t * t).sum(1)
        m1 = (w * u * t * d).sum(1) / np.maximum(q, 1e-300)
        mu = (w * d * d).sum(1)
        return W * m2 + B - q, W * m1 - 1, mu

    # bracket: q in [lo, hi] with g(lo) >= 0 >= g(hi); q* = 0 allowed.
    lo = np.zeros_like(W)
    hi = np.full_like(W, 1.0)
    for _ in range(60):
        g, _, _ = resid(hi)
        up = g > 0
        if not up.any():
            break
        lo[up] = hi[up]
        hi[up] *= 4
    q = 0.5 * (lo + hi)
    for _ in range(60):
        g, dg, _ = resid(q)
        lo = np.where(g > 0, q, lo)
        hi = np.where(g < 0, q, hi)
        qn = q - g / np.where(dg == 0, -1, dg)
        bad = (qn <= lo) | (qn >= hi)
        q = np.where(bad, 0.5 * (lo + hi), qn)
    _, _, mu = resid(np.maximum(q, 1e-300))
    return W.reshape(len(ws), len(bs)) * mu.reshape(len(ws), len(bs)), q


def eoc_curve():
    out = []
    for i in range(1, 201):
        target = 0.25 * i / 200
        f = lambda q: q - second_moment(q) / mu1(q) - target
        q = optimize.brentq(f, 1e-8, 50, xtol=1e-300, rtol=8.9e-16)
        out.append(1 / mu1(q))
    return np.array(out)


def best_of(fn, repeat):
    best = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = fn()
        best = min(best, time.perf_counter() - t0)
    return best, r


def cross_check():
    """Independent reference values by adaptive QUADPACK."""
    pdf = lambda z: math.exp(-z * z / 2) / math.sqrt(2 * math.pi)

    def E(f, q, pts=None):
        s = math.sqrt(q)
        v, _ = integrate.quad(lambda z: f(s * z) * pdf(z), -12, 12, points=pts, epsabs=1e-14, epsrel=1e-13, limit=400)
        return v

    th2 = lambda x: math.tanh(x) ** 2
    sech4 = lambda x: (1 - math.tanh(x) ** 2) ** 2
    g = lambda q: 2.0 * E(th2, q) + 0.05 - q
    q = optimize.brentq(g, 0.1, 2, xtol=1e-15)
    print(f"quad: tanh sw2=2 sb2=0.05: q*={q:.10f} chi1={2 * E(sech4, q):.10f}")
    f = lambda q: q - E(th2, q) / E(sech4, q) - 0.05
    q = optimize.brentq(f, 0.1, 2, xtol=1e-15)
    print(f"quad: tanh EoC sb2=0.05: sw2={1 / E(sech4, q):.10f} q*={q:.10f}")
    ht2 = lambda x: max(-1.0, min(1.0, x)) ** 2
    ind = lambda x: 1.0 if abs(x) < 1 else 0.0
    q = 0.5
    pts = [-1 / math.sqrt(q), 1 / math.sqrt(q)]
    p = E(ind, q, pts)
    print(f"quad: hardtanh EoC q*=0.5: sw2={1 / p:.10f} sb2={q - E(ht2, q, pts) / p:.10f}")


def main():
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    ws = 0.5 + 2.5 * np.arange(200) / 199
    bs = 0.25 * np.arange(200) / 199
    t, curve = best_of(eoc_curve, repeat)
    print(f"eoc_curve_200 scipy-loop: {t * 1e3:.1f} ms  (sw2 at sb2=0.05: {curve[39]:.7f})")
    t, grid = best_of(lambda: chi1_grid_loop(ws, bs), 1)
    print(f"chi1_grid_200x200 scipy-loop: {t * 1e3:.1f} ms  (chi1[0,0]={grid[0, 0]:.7f}, chi1[-1,-1]={grid[-1, -1]:.7f})")
    t, (gridv, _) = best_of(lambda: chi1_grid_vec(ws, bs), repeat)
    print(f"chi1_grid_200x200 numpy-vec: {t * 1e3:.1f} ms  (max |loop - vec| = {np.abs(grid - gridv).max():.1e})")
    cross_check()


if __name__ == "__main__":
    main()
