package vit

// useKernel selects the FMA kernel in gemm when the CPU has it; tests
// switch it off to compare with blas64.
var useKernel = hasKernel
