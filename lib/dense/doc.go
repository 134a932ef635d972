// Package dense holds the float64 kernels that sigprop's simulators and
// lib/vit spend their time in: the general matrix product, the row softmax
// with a vectorised exponential, tanh, and layer-norm/RMS-norm row
// normalisation.
//
//	Gemm          C ← α op(A) op(B) + β C          (BLAS dgemm, blas64 views)
//	Exp           dst_i = e^{x_i}
//	Tanh          dst_i = tanh x_i
//	SoftmaxRow(s) a_j = e^{v_j − max v}/Σ_ℓ e^{v_ℓ − max v}
//	NormalizeRow(s)  dst_j = (src_j − μ)/√(Σ(src − μ)²/d + eps)
//
// # Paths
//
// Each kernel has two implementations, chosen when the package is
// initialised:
//
//   - the assembly path (amd64 with AVX2 and FMA, as reported by
//     golang.org/x/sys/cpu): Gemm's 6×8 register-blocked micro-kernel
//     (gemm_amd64.s) on operands packed into micro-panels, blocked
//     kc = 256, mc = 96, nc = 2048 after Goto and van de Geijn 2008
//     ("Anatomy of high-performance matrix multiplication", ACM TOMS
//     34(3)); Exp and Tanh four values at a time (exp_amd64.s,
//     tanh_amd64.s), the softmax's exponentials from the same kernel;
//   - the portable path (any GOARCH, or a CPU without AVX2+FMA): gonum's
//     pure-Go dgemm (gonum.org/v1/gonum/blas/gonum), math.Exp and
//     math.Tanh. A Go micro-kernel in the assembly path's blocking reached
//     only 4.6 GFLOP/s here against gonum's 15, so the fallback is gonum.
//
// NormalizeRow has one Go implementation used on both paths (four
// interleaved partial sums; its cost is linear and small next to the
// products around it).
//
// SetAssembly switches between the paths (for tests and benchmarks); the
// tests check both against gonum's reference BLAS (gonum.org/v1/gonum/blas/
// gonum) and against math.Exp and math.Tanh on odd shapes and special
// values.
//
// # Determinism
//
// On a given path and machine the same inputs give the same bits: every sum
// runs in a fixed order that depends only on the shapes (never on timing,
// pooled buffers or goroutines: the assembly kernels are single-threaded,
// and gonum's dgemm, which splits large products over goroutines by blocks
// of C, sums each block over k in order; callers split work across
// goroutines by rows or samples). The assembly path differs from the
// portable one (gonum) by rounding (fused multiply-adds, summation order),
// within the bounds the tests state.
//
// # Speed
//
// Gemm on one core of the development machine (AMD EPYC, Zen 4, AVX2):
// about 48–53 GFLOP/s at n ≥ 256 on the assembly path (BenchmarkGemm),
// against 9–15 for gonum's pure-Go dgemm, which is the portable path; Exp
// 1.3 ns and Tanh 1.8 ns per value against 7.6 and 14 for
// math.Exp and math.Tanh (BenchmarkUnary).
package dense
