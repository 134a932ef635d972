package block

import "gonum.org/v1/gonum/blas/blas64"

// General allocates a zero r×c row-major blas64.General.
func General(r, c int) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
}
