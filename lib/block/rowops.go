package block

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// The row-wise kernels shared by the attention simulators. Tokens are
// rows, so softmax and normalisation act on one row at a time.

// SoftmaxRow replaces row by its softmax,
//
//	a_j = e^{v_j − max v}/Σ_ℓ e^{v_ℓ − max v},
//
// subtracting the maximum first so that no exponential overflows (spec
// pitfall 24). A NaN in row makes the whole row NaN.
func SoftmaxRow(row []float64) {
	mx := math.Inf(-1)
	for _, v := range row {
		mx = math.Max(mx, v)
	}
	var s float64
	for j, v := range row {
		e := math.Exp(v - mx)
		row[j] = e
		s += e
	}
	for j := range row {
		row[j] /= s
	}
}

// NormalizeRow writes the normalised src into dst and returns 1/σ:
//
//	dst_j = (src_j − μ)/σ,   σ = √(Σ_j (src_j − μ)²/d + eps),
//
// with μ the row mean if center (LayerNorm, no affine, biased variance)
// and μ = 0 otherwise (RMS norm). dst may alias src.
func NormalizeRow(dst, src []float64, center bool, eps float64) (inv float64) {
	d := float64(len(src))
	var mu float64
	if center {
		for _, v := range src {
			mu += v
		}
		mu /= d
	}
	var ss float64
	for _, v := range src {
		ss += (v - mu) * (v - mu)
	}
	inv = 1 / math.Sqrt(ss/d+eps)
	for j, v := range src {
		dst[j] = (v - mu) * inv
	}
	return inv
}

// General allocates a zero r×c row-major blas64.General.
func General(r, c int) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
}
