//go:build !amd64

package dense

const (
	hasAsm    = false
	hasAVX512 = false
)

func kern6x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool) {
	panic("dense: kern6x8 is amd64-only")
}

func kern4x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool) {
	panic("dense: kern4x8 is amd64-only")
}

func kern1x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern1x16 is amd64-only")
}

func kern2x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern2x16 is amd64-only")
}

func kern3x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern3x16 is amd64-only")
}

func kern4x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern4x16 is amd64-only")
}

func kern5x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern5x16 is amd64-only")
}

func kern6x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern6x16 is amd64-only")
}

func kern7x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern7x16 is amd64-only")
}

func kern8x16(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int) {
	panic("dense: kern8x16 is amd64-only")
}

func expKernel(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64 {
	panic("dense: expKernel is amd64-only")
}

func maxKernel(x *float64, n int, out *[4]float64) {
	panic("dense: maxKernel is amd64-only")
}

func tanhKernel(dst, src *float64, n int, c *[tanhConsts][4]float64) {
	panic("dense: tanhKernel is amd64-only")
}

func expKernel512(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64 {
	panic("dense: expKernel512 is amd64-only")
}

func tanhKernel512(dst, src *float64, n int, c *[tanhConsts][4]float64) {
	panic("dense: tanhKernel512 is amd64-only")
}

func sumKernel(x *float64, n int, mu float64, sq bool, out *[4]float64) {
	panic("dense: sumKernel is amd64-only")
}

func dotKernel(x, y *float64, n int, c float64, diff bool, out *[4]float64) {
	panic("dense: dotKernel is amd64-only")
}

func dotRowsKernel(x, y *[4]*float64, n int, out *[4][4]float64) {
	panic("dense: dotRowsKernel is amd64-only")
}

func affineKernel(dst, src *float64, n int, mu, s float64) {
	panic("dense: affineKernel is amd64-only")
}

func affineKernel512(dst, src *float64, n int, mu, s float64) {
	panic("dense: affineKernel512 is amd64-only")
}

func tanhPrimeKernel(d, y *float64, n int) {
	panic("dense: tanhPrimeKernel is amd64-only")
}

func tanhPrimeKernel512(d, y *float64, n int) {
	panic("dense: tanhPrimeKernel512 is amd64-only")
}

func rmsBackKernel(out, gr, y *float64, n int, f, s float64, add bool) {
	panic("dense: rmsBackKernel is amd64-only")
}

func rmsBackKernel512(out, gr, y *float64, n int, f, s float64, add bool) {
	panic("dense: rmsBackKernel512 is amd64-only")
}
