package psd

import "math"

// CholeskySemi writes into dst (row-major m×m) a lower-triangular R with
// R Rᵀ = V for a symmetric positive semi-definite V (row-major m×m),
// treating pivots below relTol·max diag as zero, so V of lower rank is
// factorised too. It returns false if V is not numerically PSD: a pivot
// below −relTol·max diag, a zero pivot whose column does not vanish (to
// 1e-6·max diag), or a non-positive diagonal maximum.
func CholeskySemi(dst, v []float64, m int, relTol float64) bool {
	r := dst
	maxd := 0.0
	for i := 0; i < m; i++ {
		maxd = math.Max(maxd, v[i*m+i])
	}
	if !(maxd > 0) {
		return false
	}
	tol := relTol * maxd
	for i := range r[:m*m] {
		r[i] = 0
	}
	for j := 0; j < m; j++ {
		d := v[j*m+j]
		for k := 0; k < j; k++ {
			d -= r[j*m+k] * r[j*m+k]
		}
		switch {
		case d > tol:
			rjj := math.Sqrt(d)
			r[j*m+j] = rjj
			for i := j + 1; i < m; i++ {
				x := v[i*m+j]
				for k := 0; k < j; k++ {
					x -= r[i*m+k] * r[j*m+k]
				}
				r[i*m+j] = x / rjj
			}
		case d > -tol:
			// Zero pivot: the rest of column j must vanish for a PSD V.
			for i := j + 1; i < m; i++ {
				x := v[i*m+j]
				for k := 0; k < j; k++ {
					x -= r[i*m+k] * r[j*m+k]
				}
				if math.Abs(x) > 1e-6*maxd {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
