"""numpy peer of BenchmarkGemm (lib/dense/gemm_test.go).

C = A B for n×n float64 matrices (n = 64, 256, 1024 by default), NoTrans,
as numpy's matmul calls OpenBLAS's dgemm, on one thread with the kernel
internal/peerblas chooses for this CPU (printed first). Prints, per n, the
best and median GFLOP/s (2n³ flops per product) over samples of about
2·10⁷ flops each (60 by default), the statistic of BenchmarkGemmBestOf
(lib/dense/shapes_bench_test.go); run the two in turn, e.g.

    go test -run - -bench GemmBestOf -benchtime 1x ./lib/dense
    /usr/bin/python3 lib/dense/testdata/bench_gemm.py

usage: /usr/bin/python3 lib/dense/testdata/bench_gemm.py [samples [n,...]]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import numpy as np

peerblas.report()


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    sizes = [int(s) for s in sys.argv[2].split(",")] if len(sys.argv) > 2 else [64, 256, 1024]
    rng = np.random.default_rng(1)
    for n in sizes:
        a, b = rng.standard_normal((n, n)), rng.standard_normal((n, n))
        c = np.empty((n, n))
        flops = 2.0 * n ** 3
        reps = max(1, int(2e7 / flops))
        np.matmul(a, b, out=c)
        rates = []
        for _ in range(samples):
            t0 = time.perf_counter()
            for _ in range(reps):
                np.matmul(a, b, out=c)
            rates.append(flops * reps / (time.perf_counter() - t0) / 1e9)
        rates.sort()
        print(f"numpy {np.__version__} gemm n={n}: best {rates[-1]:.1f} GFLOP/s, median {rates[len(rates)//2]:.1f} "
              f"({samples} samples of {reps} products)")


if __name__ == "__main__":
    main()
