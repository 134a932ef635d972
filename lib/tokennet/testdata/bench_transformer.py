"""Peer of BenchmarkTransformerForwardBackward (lib/tokennet/transformer_bench_test.go).

Forward and backward (gradient of sum(X^L * R) w.r.t. X^0, by autograd)
of the random pre-norm transformer of Cowsik et al. 2024, eq. (4):
n = 256 tokens, d = 64, L = 16 blocks, l = 2 tanh MLP layers, acausal
single-head attention, float64, on CPU, at 1 and 2 intra-op threads.
Weights are plain tensors (no parameter gradients are requested), exactly
as the Go benchmark computes only the input gradient.  Also reports the
dgemm rate of the same matrix products alone.

usage: /usr/bin/python3 bench_transformer.py [repeats [threads,...]]
(threads defaults to 1,2; OpenBLAS runs one thread, on the best kernel for
this CPU, unless OPENBLAS_NUM_THREADS or OPENBLAS_CORETYPE say otherwise:
see internal/peerblas)
"""
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import torch

peerblas.report()

N, D, L, ELL = 256, 64, 16, 2
ALPHA, SIGMA_W, SIGMA_A2 = 0.5, 1.5, 1.0


def make_weights(gen):
    sqk = math.sqrt(math.sqrt(SIGMA_A2) / D)
    ws = []
    for _ in range(L):
        q = torch.randn(D, D, generator=gen, dtype=torch.float64) * sqk
        k = torch.randn(D, D, generator=gen, dtype=torch.float64) * sqk
        v = torch.randn(D, D, generator=gen, dtype=torch.float64) / math.sqrt(D)
        w = [torch.randn(D, D, generator=gen, dtype=torch.float64) * SIGMA_W / math.sqrt(D) for _ in range(ELL + 1)]
        ws.append((q, k, v, w))
    return ws


def norm(x):
    return math.sqrt(D) * x / x.norm(dim=1, keepdim=True)


def forward(x, ws):
    ta, tm = math.sqrt(1 - ALPHA ** 2), math.sqrt(1 - ALPHA ** 2)
    for q, k, v, w in ws:
        y = norm(x)
        a = torch.softmax((y @ q.T) @ (y @ k.T).T / math.sqrt(D), dim=1)
        x = ta * x + ALPHA * (a @ y) @ v.T
        h = norm(x)
        for wk in w[:-1]:
            h = torch.tanh(h @ wk.T)
        x = tm * x + ALPHA * h @ w[-1].T
    return x


def fwd_bwd(x0, r, ws):
    x = x0.clone().requires_grad_(True)
    out = forward(x, ws)
    (g,) = torch.autograd.grad((out * r).sum(), x)
    return g


def gemm_only(ws):
    nd = torch.randn(N, D, dtype=torch.float64)
    nn = torch.randn(N, N, dtype=torch.float64)
    dd = ws[0][0]
    for _ in range(L):
        # forward: Q, K, S, AY, V, MLP (l+1)
        for _ in range(2):
            nd @ dd.T
        nd @ nd.T
        nn @ nd
        nd @ dd.T
        for _ in range(ELL + 1):
            nd @ dd.T
        # backward: MLP (l+1), dZ, A^T dZ, dZ Y^T, dQy, dKy, Q, K
        for _ in range(ELL + 1):
            nd @ dd
        nd @ dd
        nn.T @ nd
        nd @ nd.T
        nn @ nd
        nn.T @ nd
        nd @ dd
        nd @ dd


def flops():
    n, d, l = N, D, ELL
    fwd = 2 * n * d * d + n * n * d + n * n * d + n * d * d + (l + 1) * n * d * d
    bwd = (l + 1) * n * d * d + n * d * d + 2 * n * n * d + 2 * n * n * d + 2 * n * d * d
    return 2 * L * (fwd + bwd)


def times(f, reps):
    """(median, min) wall time and median thread CPU time of reps calls after
    one warm-up call. With one thread the CPU time of this thread is the
    work's; on a loaded machine it is less inflated than wall time."""
    f()
    ts, cs = [], []
    for _ in range(reps):
        c0 = time.thread_time()
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
        cs.append(time.thread_time() - c0)
    ts.sort()
    cs.sort()
    return ts[len(ts) // 2], ts[0], cs[len(cs) // 2]


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    threads = [int(t) for t in sys.argv[2].split(",")] if len(sys.argv) > 2 else [1, 2]
    gen = torch.Generator().manual_seed(1)
    ws = make_weights(gen)
    x0 = torch.randn(N, D, generator=gen, dtype=torch.float64)
    r = torch.randn(N, D, generator=gen, dtype=torch.float64)
    print(f"torch {torch.__version__}, float64, n={N} d={D} L={L} l={ELL}")
    for th in threads:
        torch.set_num_threads(th)
        t, tmin, tc = times(lambda: fwd_bwd(x0, r, ws), reps)
        tg, tgmin, tgc = times(lambda: gemm_only(ws), reps)
        print(f"threads={th}: forward+backward median {t*1e3:.2f} ms (min {tmin*1e3:.2f}, cpu median {tc*1e3:.2f}); "
              f"gemm-only median {tg*1e3:.2f} ms (min {tgmin*1e3:.2f}, {flops()/tgmin/1e9:.2f} GFLOP/s at min, "
              f"{flops()/tgc/1e9:.2f} GFLOP/cpu-s at the cpu median)")


if __name__ == "__main__":
    main()
