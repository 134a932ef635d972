package vit

import "golang.org/x/sys/cpu"

// hasKernel reports whether kern4x8 (AVX2 + FMA) can run.
var hasKernel = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func kern4x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha float64, add bool)
