//go:build !amd64

package vit

const hasKernel = false

func kern4x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha float64, add bool) {
	panic("vit: kern4x8 is amd64-only")
}
