package dense

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// SoftmaxRow replaces row by its softmax,
//
//	a_j = e^{v_j − max v} / Σ_ℓ e^{v_ℓ − max v},
//
// subtracting the maximum first so that no exponential overflows. A NaN in
// row, a +Inf, or a row of −Inf only makes the whole row NaN; an empty row
// is left alone.
//
// On the assembly path the exponentials are those of Exp, summed in four
// lanes; on the portable path math.Exp summed in order. The two agree to a
// few ε relative (TestSoftmax).
func SoftmaxRow(row []float64) {
	if len(row) == 0 {
		return
	}
	mx := maxOf(row)
	var s float64
	if curPath != Portable {
		s = expShiftSum(row, row, -mx)
	} else {
		for j, v := range row {
			e := math.Exp(v - mx)
			row[j] = e
			s += e
		}
	}
	affine(row, row, 0, 1/s) // row_j·(1/s)
}

// SoftmaxRows applies SoftmaxRow to every row of a.
func SoftmaxRows(a blas64.General) {
	for i := 0; i < a.Rows; i++ {
		SoftmaxRow(a.Data[i*a.Stride : i*a.Stride+a.Cols])
	}
}

// maxOf returns the largest element of a non-empty x in four interleaved
// running maxima. A NaN may or may not be returned; the caller's
// exponentials make the row NaN either way.
//
// On the assembly paths the four maxima run in one vector register
// (maxKernel, max_amd64.s) with the same update, so the result is the same
// on every path.
func maxOf(x []float64) float64 {
	m0, m1, m2, m3 := x[0], x[0], x[0], x[0]
	n4 := len(x) &^ 3
	if curPath != Portable && n4 > 0 {
		var m [4]float64
		maxKernel(&x[0], n4, &m)
		m0, m1, m2, m3 = m[0], m[1], m[2], m[3]
		for _, v := range x[len(x)&^3:] {
			if v > m0 {
				m0 = v
			}
		}
		return max(m0, m1, m2, m3)
	}
	for j := 0; j < n4; j += 4 {
		q := x[j : j+4 : j+4]
		if q[0] > m0 {
			m0 = q[0]
		}
		if q[1] > m1 {
			m1 = q[1]
		}
		if q[2] > m2 {
			m2 = q[2]
		}
		if q[3] > m3 {
			m3 = q[3]
		}
	}
	for _, v := range x[n4:] {
		if v > m0 {
			m0 = v
		}
	}
	return max(m0, m1, m2, m3)
}
