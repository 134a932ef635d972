package dense

import "golang.org/x/sys/cpu"

// hasAsm reports whether the CPU can run the assembly kernels.
var hasAsm = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// kern6x8 is the AVX2+FMA micro-kernel of Gemm (gemm_amd64.s).
//
//go:noescape
func kern6x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool)

// expKernel sets dst[i] = e^{src[i]+shift} for i < n (n a multiple of 4)
// and returns Σ dst[i] summed in four lanes (exp_amd64.s).
//
//go:noescape
func expKernel(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64

// tanhKernel sets dst[i] = tanh(src[i]) for i < n, n a multiple of 4
// (tanh_amd64.s).
//
//go:noescape
func tanhKernel(dst, src *float64, n int, c *[tanhConsts][4]float64)
