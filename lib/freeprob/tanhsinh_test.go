package freeprob

import (
	"math"
	"testing"
)

// TanhSinh on integrands with the edge behaviour of spectral densities,
// against closed forms: ∫ √((x−a)(b−x)) = π(b−a)²/8 (square-root edges),
// ∫ 1/√((x−a)(b−x)) = π (inverse-square-root edges; the arcsine law),
// ∫ x⁴ (a polynomial). Tolerance 1e-13 relative at Measure's step 1/64
// and 1e-9 at the coarse step 1/8 used by jacspectrum's CDF sub-intervals.
// An inverse-square-root edge loses the mass within about one ulp of the
// end point, where nodes round onto it and are dropped: ~√ulp, observed
// 5e-9 to 8e-9 relative for (0, 4), (−1, 1), (0.5, 4); tolerance 2e-8.
func TestTanhSinh(t *testing.T) {
	const a, b = 0.5, 4.0
	for _, c := range []struct {
		name    string
		f       func(float64) float64
		want    float64
		h, tmax float64
		tol     float64
	}{
		{"sqrt edges", func(x float64) float64 { return math.Sqrt((x - a) * (b - x)) }, math.Pi * (b - a) * (b - a) / 8, 1.0 / 64, 4.5, 1e-13},
		{"inverse sqrt edges", func(x float64) float64 { return 1 / math.Sqrt((x-a)*(b-x)) }, math.Pi, 1.0 / 64, 4.5, 2e-8},
		{"x^4", func(x float64) float64 { return x * x * x * x }, (math.Pow(b, 5) - math.Pow(a, 5)) / 5, 1.0 / 64, 4.5, 1e-13},
		{"sqrt edges, coarse", func(x float64) float64 { return math.Sqrt((x - a) * (b - x)) }, math.Pi * (b - a) * (b - a) / 8, 1.0 / 8, 3, 1e-9},
	} {
		x, w := TanhSinh(a, b, c.h, c.tmax)
		s := 0.0
		for i := range x {
			if !(x[i] > a && x[i] < b) {
				t.Fatalf("%s: node %v outside (%v, %v)", c.name, x[i], a, b)
			}
			s += w[i] * c.f(x[i])
		}
		if e := math.Abs(s/c.want - 1); e > c.tol {
			t.Errorf("%s: %.16g, closed form %.16g (rel %.2g)", c.name, s, c.want, e)
		}
	}
}
