package vit

// useKernel selects the assembly kernels (gemm's FMA kernel and
// tanhSlice's vector tanh) when the CPU has AVX2 and FMA; tests and
// benchmarks switch it off to compare with the portable path (blas64.Gemm,
// math.Tanh).
var useKernel = hasKernel
