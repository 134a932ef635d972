package dense

import (
	"fmt"

	"gonum.org/v1/gonum/blas/blas64"
)

// Dot returns Σ_j x_j y_j and DotDiff Σ_j a_j (c − g_j), each in the four
// interleaved partial sums of SumSq (j mod 4, combined as
// (s₀+s₁)+(s₂+s₃)), a product (and for DotDiff a difference) then a sum,
// never fused: the same operations in the same order on every path, so
// every path gives the same bits (TestDotPaths). They are the dot products
// of lib/block's pull-backs (the norm's and the softmax's), which ran as
// one in-order sum per row; the four lanes pipeline, and the assembly
// paths run them four at a time in dotKernel (norm_amd64.s).
//
// DotDiff is the centred form of the softmax pull-back, Σ_j a_j (c − g_j):
// when every g_j equals c each term is exactly zero, whatever the order,
// so identical tokens keep an exact zero (TestDotDiffExactZero).
//
// x and y (a and g) must have the same length; it panics otherwise.
func Dot(x, y []float64) float64 {
	checkPair("Dot", x, y)
	return dot4(x, y, 0, dotPlain)
}

// DotDiff returns Σ_j a_j (c − g_j) (see Dot).
func DotDiff(a, g []float64, c float64) float64 {
	checkPair("DotDiff", a, g)
	return dot4(a, g, c, dotDiff)
}

const (
	dotPlain = false
	dotDiff  = true
)

func checkPair(name string, x, y []float64) {
	if len(x) != len(y) {
		panic(fmt.Sprintf("dense: %s: lengths %d and %d", name, len(x), len(y)))
	}
}

// dot4 is Σ t_j in four interleaved partial sums, t_j = x_j·y_j, or
// x_j·(c − y_j) if diff (the conversions forbid fusing).
func dot4(x, y []float64, c float64, diff bool) float64 {
	var s0, s1, s2, s3 float64
	n4 := len(x) &^ 3
	switch {
	case n4 >= asmRowMin && curPath != Portable:
		var s [4]float64
		dotKernel(&x[0], &y[0], n4, c, diff, &s)
		s0, s1, s2, s3 = s[0], s[1], s[2], s[3]
	case diff:
		for j := 0; j < n4; j += 4 {
			p, q := x[j:j+4:j+4], y[j:j+4:j+4]
			s0 += float64(p[0] * (c - q[0]))
			s1 += float64(p[1] * (c - q[1]))
			s2 += float64(p[2] * (c - q[2]))
			s3 += float64(p[3] * (c - q[3]))
		}
	default:
		for j := 0; j < n4; j += 4 {
			p, q := x[j:j+4:j+4], y[j:j+4:j+4]
			s0 += float64(p[0] * q[0])
			s1 += float64(p[1] * q[1])
			s2 += float64(p[2] * q[2])
			s3 += float64(p[3] * q[3])
		}
	}
	return dotTail([4]float64{s0, s1, s2, s3}, x, y, c, diff, n4)
}

// dotTail adds the terms j ≥ n4 (at most three) to lanes 0, 1, 2 of the
// four partial sums s and combines them as (s₀+s₁)+(s₂+s₃).
func dotTail(s [4]float64, x, y []float64, c float64, diff bool, n4 int) float64 {
	for j := n4; j < len(x); j++ {
		v := float64(x[j] * y[j])
		if diff {
			v = float64(x[j] * (c - y[j]))
		}
		s[j-n4] += v
	}
	return (s[0] + s[1]) + (s[2] + s[3])
}

// Dot4 returns the four dot products x[r]·y[r], each with Dot's bits; on
// the assembly paths their four-lane sums run together (dotRowsKernel),
// so that the four chains of additions overlap. All eight rows must have
// one length; it panics otherwise.
func Dot4(x, y *[4][]float64) (s [4]float64) {
	n := len(x[0])
	for r := range 4 {
		if len(x[r]) != n || len(y[r]) != n {
			panic(fmt.Sprintf("dense: Dot4: row %d has lengths %d and %d, row 0 %d", r, len(x[r]), len(y[r]), n))
		}
	}
	n4 := n &^ 3
	if n4 < asmRowMin || curPath == Portable {
		for r := range 4 {
			s[r] = dot4(x[r], y[r], 0, dotPlain)
		}
		return s
	}
	var lanes [4][4]float64
	px := [4]*float64{&x[0][0], &x[1][0], &x[2][0], &x[3][0]}
	py := [4]*float64{&y[0][0], &y[1][0], &y[2][0], &y[3][0]}
	dotRowsKernel(&px, &py, n4, &lanes)
	for r := range 4 {
		s[r] = dotTail(lanes[r], x[r], y[r], 0, dotPlain, n4)
	}
	return s
}

// Sum returns Σ_j x_j in the four interleaved partial sums of Dot (the
// mean of the LN pull-back).
func Sum(x []float64) float64 { return sum4(x, 0, false) }

// OrderedRowDots sets dst[i] = x_i·y_i for the first len(dst) rows of x
// and y, each summed in order from zero, s += x_j y_j with the product
// rounded before the sum: the bits of the plain one-row loop, on every
// path (no assembly). Four rows run at a time, so that their independent
// chains of additions overlap where one row's chain would leave the adder
// waiting on its own latency. It is for callers whose results must keep
// those bits (lib/vit, whose committed training runs were made with them,
// and block's √d x/|x| norm, whose committed token-geometry planes were);
// Dot's four-lane sums are faster still. x and y must have one number of
// columns and at least len(dst) rows; it panics otherwise.
func OrderedRowDots(dst []float64, x, y blas64.General) {
	if x.Cols != y.Cols || x.Rows < len(dst) || y.Rows < len(dst) {
		panic(fmt.Sprintf("dense: OrderedRowDots: %d sums of a %d×%d and a %d×%d matrix", len(dst), x.Rows, x.Cols, y.Rows, y.Cols))
	}
	d := x.Cols
	r := func(g blas64.General, i int) []float64 { return g.Data[i*g.Stride : i*g.Stride+d] }
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		x0, x1, x2, x3 := r(x, i), r(x, i+1), r(x, i+2), r(x, i+3)
		y0, y1, y2, y3 := r(y, i), r(y, i+1), r(y, i+2), r(y, i+3)
		var s0, s1, s2, s3 float64
		for j := range d {
			s0 += float64(x0[j] * y0[j]) // the conversions forbid fusing (Go spec, floating-point operators)
			s1 += float64(x1[j] * y1[j])
			s2 += float64(x2[j] * y2[j])
			s3 += float64(x3[j] * y3[j])
		}
		dst[i], dst[i+1], dst[i+2], dst[i+3] = s0, s1, s2, s3
	}
	for ; i < len(dst); i++ {
		xs, ys := r(x, i), r(y, i)
		var s float64
		for j := range d {
			s += float64(xs[j] * ys[j])
		}
		dst[i] = s
	}
}
