package dense

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// NormalizeRow writes the normalised src into dst and returns 1/σ:
//
//	dst_j = (src_j − μ)/σ,   σ = √(Σ_j (src_j − μ)²/d + eps),   d = len(src),
//
// with μ the row mean if center (LayerNorm without affine parameters,
// biased variance) and μ = 0 otherwise (RMSNorm; with eps = 0 this is
// √d src/|src|). dst may be src itself; otherwise they must not overlap, and
// they must have the same length (it panics otherwise). A zero row with
// eps = 0 gives 1/σ = +Inf and a NaN row; the caller checks what it needs.
//
// The sums run in four interleaved partial sums (j mod 4), combined as
// (s₀+s₁)+(s₂+s₃), so that they pipeline; the order is the same on both
// paths (this kernel has no assembly).
func NormalizeRow(dst, src []float64, center bool, eps float64) (inv float64) {
	checkUnary("NormalizeRow", dst, src)
	d := float64(len(src))
	var mu float64
	if center {
		mu = sum4(src) / d
	}
	var s0, s1, s2, s3 float64
	n4 := len(src) &^ 3
	for j := 0; j < n4; j += 4 {
		q := src[j : j+4 : j+4]
		a, b, c, e := q[0]-mu, q[1]-mu, q[2]-mu, q[3]-mu
		s0 += a * a
		s1 += b * b
		s2 += c * c
		s3 += e * e
	}
	for j, v := range src[n4:] {
		x := v - mu
		switch j {
		case 0:
			s0 += x * x
		case 1:
			s1 += x * x
		default:
			s2 += x * x
		}
	}
	inv = 1 / math.Sqrt(((s0+s1)+(s2+s3))/d+eps)
	for j, v := range src {
		dst[j] = (v - mu) * inv
	}
	return inv
}

// sum4 is Σ x_j in four interleaved partial sums, combined as
// (s₀+s₁)+(s₂+s₃).
func sum4(x []float64) float64 {
	var s0, s1, s2, s3 float64
	n4 := len(x) &^ 3
	for j := 0; j < n4; j += 4 {
		q := x[j : j+4 : j+4]
		s0 += q[0]
		s1 += q[1]
		s2 += q[2]
		s3 += q[3]
	}
	for j, v := range x[n4:] {
		switch j {
		case 0:
			s0 += v
		case 1:
			s1 += v
		default:
			s2 += v
		}
	}
	return (s0 + s1) + (s2 + s3)
}

// NormalizeRows applies NormalizeRow to each row of src, writing dst and,
// if inv is not nil, inv[i] = 1/σ_i. dst may be src itself. It panics if the
// shapes differ or inv is neither nil nor of length src.Rows.
func NormalizeRows(dst, src blas64.General, inv []float64, center bool, eps float64) {
	if dst.Rows != src.Rows || dst.Cols != src.Cols {
		panic(fmt.Sprintf("dense: NormalizeRows: dst is %d×%d, src %d×%d", dst.Rows, dst.Cols, src.Rows, src.Cols))
	}
	if inv != nil && len(inv) != src.Rows {
		panic(fmt.Sprintf("dense: NormalizeRows: len(inv) = %d, want %d", len(inv), src.Rows))
	}
	for i := 0; i < src.Rows; i++ {
		r := NormalizeRow(dst.Data[i*dst.Stride:i*dst.Stride+dst.Cols], src.Data[i*src.Stride:i*src.Stride+src.Cols], center, eps)
		if inv != nil {
			inv[i] = r
		}
	}
}
