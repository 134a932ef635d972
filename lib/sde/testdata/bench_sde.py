"""Vectorised numpy peer of BenchmarkShapedAttentionSDE (lib/sde/bench_test.go).

Euler–Maruyama for the shaped-attention covariance SDE (Theorem 4.2 of
Noci et al. 2023) with the O(m^3) matrix noise sampler of the spec (§4.1b):
10 000 paths, m = 4, T = 1, h = 0.001, gamma = 1/sqrt(8), tau0 = 1,
V0 = unit diagonal, off-diagonal 0.2. Vectorised over paths (batched
matmul, batched Cholesky as the PSD check with an eigen projection when it
fails, paths frozen once ||V||_F >= 1e4 — the same guard and stopping rule
as sde.Simulate). Prints wall time, the number of stopped paths and the mean
and quantiles of the terminal rho^{01} for a sanity comparison.

Usage: python3 bench_sde.py [paths] [steps]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import numpy as np

peerblas.report()


def run(paths=10000, steps=1000, m=4, gamma=1 / np.sqrt(8), tau0=1.0, seed=1):
    rng = np.random.default_rng(seed)
    h = 1.0 / steps
    g2 = gamma * gamma
    a_lin, c_a = g2 * (2 - g2), g2 / tau0
    coef = g2 / tau0**2
    V = np.full((paths, m, m), 0.2)
    idx = np.arange(m)
    V[:, idx, idx] = 1.0
    P = np.eye(m) - 1.0 / m
    sq2 = np.sqrt(2.0)
    alive = np.ones(paths, dtype=bool)
    projections = 0
    for _ in range(steps):
        try:
            R = np.linalg.cholesky(V)
        except np.linalg.LinAlgError:  # PSD guard: project onto the PSD cone
            projections += 1
            w, Q = np.linalg.eigh(V)
            w = np.clip(w, 0, None)
            R = Q * np.sqrt(w)[:, None, :]
            V = R @ R.transpose(0, 2, 1)
        C = P @ V @ P
        frob2 = np.einsum("pij,pij->p", C, C)
        vbar = np.einsum("pii->p", V) / m
        gbar = V.sum(axis=(1, 2)) / m**2
        s = np.einsum("pii->pi", C) + (gbar - vbar)[:, None]
        u = np.einsum("pij,pj->pi", V, s)
        d = np.einsum("pii->pi", V)
        b = coef * (frob2[:, None, None] / m**2 * V
                    + (d[:, :, None] * u[:, None, :] + u[:, :, None] * d[:, None, :]) / (2 * m))
        N1 = rng.standard_normal((paths, m, m))
        S = (N1 + N1.transpose(0, 2, 1)) / sq2
        N2 = rng.standard_normal((paths, m, m))
        Rt = R.transpose(0, 2, 1)
        lin = R @ S @ Rt
        Xi = R @ N2 @ Rt @ P
        XV = Xi @ V
        dM = np.sqrt(a_lin) * lin + (c_a / m) * (XV + XV.transpose(0, 2, 1))
        Vn = V + h * b + np.sqrt(h) * dM
        norm = np.sqrt(np.einsum("pij,pij->p", Vn, Vn))
        ok = alive & np.isfinite(norm)
        V = np.where(ok[:, None, None], Vn, V)
        alive = ok & (norm < 1e4)
    return V, (~alive).sum(), projections


if __name__ == "__main__":
    paths = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    t0 = time.perf_counter()
    V, stopped, projections = run(paths, steps)
    dt = time.perf_counter() - t0
    rho = V[:, 0, 1] / np.sqrt(V[:, 0, 0] * V[:, 1, 1])
    print(f"numpy {np.__version__}: {paths} paths x {steps} steps: {dt:.2f} s; "
          f"stopped {stopped}, steps with eigen projection {projections}")
    print(f"rho01 mean {rho.mean():.4f} sd {rho.std():.4f} q05 {np.quantile(rho, .05):.4f} "
          f"median {np.median(rho):.4f} q95 {np.quantile(rho, .95):.4f}")
