package empirical

import "math"

// VarSE returns the sample variance s² (n − 1 denominator) and its
// standard error from the sample's fourth central moment,
//
//	Var s² = (μ₄ − σ⁴ (n − 3)/(n − 1))/n,
//
// with μ₄ and σ⁴ estimated by m₄ = (1/n) Σ (x − x̄)⁴ and s⁴ (Cramér 1946,
// §27.4; the delta method, valid for any law with a finite fourth
// moment, not only the normal law's 2σ⁴/(n − 1)). It panics on fewer than
// four samples (the formula's n − 3).
func VarSE(x []float64) (v, se float64) {
	n := len(x)
	if n < 4 {
		panic("empirical: VarSE needs at least four samples")
	}
	mean, _ := MeanSD(x)
	var m2, m4 float64
	for _, xi := range x {
		d := (xi - mean) * (xi - mean)
		m2 += d
		m4 += d * d
	}
	fn := float64(n)
	v = m2 / (fn - 1)
	m4 /= fn
	vv := (m4 - v*v*(fn-3)/(fn-1)) / fn
	return v, math.Sqrt(math.Max(vv, 0))
}
