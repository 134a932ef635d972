package block

import "gonum.org/v1/gonum/blas/blas64"

// General allocates a zero r×c row-major blas64.General.
func General(r, c int) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
}

// row returns row i of g.
func row(g blas64.General, i int) []float64 {
	return g.Data[i*g.Stride : i*g.Stride+g.Cols]
}

// copyRows copies src into dst (same shape).
func copyRows(dst, src blas64.General) {
	for i := 0; i < src.Rows; i++ {
		copy(row(dst, i), row(src, i))
	}
}

// dot4 returns the dot products x_r·y_r of four pairs of rows of one
// length, each summed in order from zero (s += x_j y_j, the product
// rounded, then the sum: the bits of the one-row loop). The four chains of
// additions are independent, so they overlap where one row's chain would
// leave the adder waiting on its own latency.
func dot4(x0, x1, x2, x3, y0, y1, y2, y3 []float64) (s0, s1, s2, s3 float64) {
	n := len(x0)
	x1, x2, x3 = x1[:n], x2[:n], x3[:n]
	y0, y1, y2, y3 = y0[:n], y1[:n], y2[:n], y3[:n]
	for j := 0; j < n; j++ {
		s0 += x0[j] * y0[j]
		s1 += x1[j] * y1[j]
		s2 += x2[j] * y2[j]
		s3 += x3[j] * y3[j]
	}
	return s0, s1, s2, s3
}
