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
