"""Peer of BenchmarkPhaseDiagram100 (lib/tokengeom/phase_bench_test.go).

lambda_a and the corrected lambda_g^(16) (n = 256) of Cowsik et al. 2024 on
a 100x100 grid (alpha, sigma_w) in [0.01, 0.95] x [0.2, 4], with the
Gaussian integrals by the trapezoid rule on a uniform z-grid (|z| <= 10,
h = min(0.05, 0.1/s), the spec's reference method, ~1e-14 relative),
vectorised over z and over alpha.  Prints the median wall time of
repeated runs and two grid values for cross-checking against Go.

usage: /usr/bin/python3 bench_phase.py [repeats]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import numpy as np
from scipy.special import logsumexp

peerblas.report()


_trapz = getattr(np, "trapezoid", None) or np.trapz


def gauss_mean(f, var):
    s = np.sqrt(var)
    h = min(0.05, 0.1 / s)
    z = np.arange(-10.0, 10.0 + h / 2, h)
    w = np.exp(-0.5 * z * z) / np.sqrt(2 * np.pi)
    return _trapz(f(s * z) * w, z)


def tanh2(x):
    return np.tanh(x) ** 2


def sech4(x):
    t = np.tanh(x)
    return (1 - t * t) ** 2


def gains(sw, ell=2):
    s2 = sw * sw
    prev, chi = 1.0, s2
    for _ in range(ell):
        v = s2 * prev
        chi *= s2 * gauss_mean(sech4, v)
        prev = gauss_mean(tanh2, v)
    return prev, chi


def phase(alphas, sigmas, L=16, n=256):
    la = np.empty((len(sigmas), len(alphas)))
    lg = np.empty_like(la)
    a2 = alphas ** 2
    t2 = 1 - a2
    for iy, sw in enumerate(sigmas):
        QL, chi = gains(sw)
        qs = (t2 * a2 + a2 * sw * sw * QL) / (1 - t2 * t2)
        qA = t2 * qs + a2
        gamma = chi / qA
        lam2 = t2 * (t2 + a2 * gamma)
        lam3 = lam2 + a2 / qs * (t2 + a2 * gamma)
        la[iy] = lam2 - 1
        terms = np.stack([np.log1p(-1 / n) + L * np.log(lam2), L * np.log(lam3) - np.log(n)])
        lg[iy] = logsumexp(terms, axis=0) / L
    return la, lg


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    alphas = 0.01 + 0.94 * np.arange(100) / 99
    sigmas = 0.2 + 3.8 * np.arange(100) / 99
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        la, lg = phase(alphas, sigmas)
        times.append(time.perf_counter() - t0)
    print(f"numpy phase diagram 100x100: median {np.median(times)*1e3:.3f} ms over {reps} runs")
    print(f"check lambda_a[50,50]={la[50,50]:.12f} lambda_g[50,50]={lg[50,50]:.12f}")


if __name__ == "__main__":
    main()
