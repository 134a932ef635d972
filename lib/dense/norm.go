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
// (s₀+s₁)+(s₂+s₃), so that they pipeline; the operations and their order
// are the same on every path, so every path gives the same bits
// (TestRowsAVX512BitsAVX2, TestNormalizeRowPaths): the assembly paths run
// the sums in sumKernel, four lanes (each lane's sum is one chain in order:
// wider registers cannot shorten it), and the map (v − μ)/σ in affineKernel,
// four values at a time on AVX2 and eight on AVX512 (norm_amd64.s).
func NormalizeRow(dst, src []float64, center bool, eps float64) (inv float64) {
	checkUnary("NormalizeRow", dst, src)
	d := float64(len(src))
	var mu float64
	if center {
		mu = sum4(src, 0, false) / d
	}
	inv = 1 / math.Sqrt(sum4(src, mu, true)/d+eps)
	affine(dst, src, mu, inv)
	return inv
}

// sum4 is Σ t_j in four interleaved partial sums (j mod 4), combined as
// (s₀+s₁)+(s₂+s₃), with t_j = x_j, or (x_j − mu)² if sq (a subtraction,
// a product and a sum, never fused: the explicit conversions forbid it).
func sum4(x []float64, mu float64, sq bool) float64 {
	var s0, s1, s2, s3 float64
	n4 := len(x) &^ 3
	switch {
	case n4 >= asmRowMin && curPath != Portable:
		var s [4]float64
		sumKernel(&x[0], n4, mu, sq, &s) // four lanes on both paths: see norm_amd64.s
		s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
	case sq:
		for j := 0; j < n4; j += 4 {
			q := x[j : j+4 : j+4]
			a, b, c, e := q[0]-mu, q[1]-mu, q[2]-mu, q[3]-mu
			s0 += float64(a * a) // the conversions forbid fusing (Go spec,
			s1 += float64(b * b) // floating-point operators) under any
			s2 += float64(c * c) // GOAMD64, so that the kernels' unfused
			s3 += float64(e * e) // sums give these bits
		}
	default:
		for j := 0; j < n4; j += 4 {
			q := x[j : j+4 : j+4]
			s0 += q[0]
			s1 += q[1]
			s2 += q[2]
			s3 += q[3]
		}
	}
	for j, v := range x[n4:] {
		if sq {
			a := v - mu
			v = float64(a * a)
		}
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

// asmRowMin is the row length from which sum4 and affine call their
// assembly kernels: on shorter rows the Go loops, which give the same bits,
// cost less than the call (BenchmarkRows, n = 7).
const asmRowMin = 16

// affine sets dst_j = (src_j − mu)·s (with mu = 0 and dst = src it scales
// src by s: x − 0 = x exactly). dst and src have the same length and are
// the same slice or disjoint.
func affine(dst, src []float64, mu, s float64) {
	n := len(src)
	if n < asmRowMin || curPath == Portable {
		for j, v := range src {
			dst[j] = (v - mu) * s
		}
		return
	}
	if curPath == AVX512 {
		affineKernel512(&dst[0], &src[0], n, mu, s)
		return
	}
	n4 := n &^ 3
	affineKernel(&dst[0], &src[0], n4, mu, s)
	for j, v := range src[n4:] {
		dst[n4+j] = (v - mu) * s
	}
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
