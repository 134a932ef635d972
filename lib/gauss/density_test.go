package gauss

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestDensity compares Density with gonum's normal law (another
// implementation: its log-density exponentiated) and checks that it
// integrates to 1 and has variance q by the package's own quadrature
// (Expect of 1/ϕ_q·ϕ_q and h²: the nodes are the Gaussian's, so the
// identities test the normalisation, not the rule).
func TestDensity(t *testing.T) {
	for _, q := range []float64{0.05, 1, 2.5, 40} {
		n := distuv.Normal{Mu: 0, Sigma: math.Sqrt(q)}
		for _, x := range []float64{-7, -1.3, 0, 0.2, 3} {
			got, want := Density(x, q), n.Prob(x)
			// Both round a few operations (1e-14 relative is a few ulps),
			// and exp multiplies the relative rounding of its argument
			// x²/(2q) by the argument itself (its condition number).
			if math.Abs(got-want) > 1e-14*(1+x*x/(2*q))*want {
				t.Errorf("Density(%g, %g) = %.17g, gonum %.17g", x, q, got, want)
			}
		}
		// ∫ϕ_q = 1 by a plain midpoint sum over ±12√q (tail < 1e-32;
		// the midpoint rule on an analytic, decaying integrand is exact
		// to rounding at this step).
		sd, h, sum, m2 := math.Sqrt(q), 0.01, 0.0, 0.0
		for x := -12 * sd; x < 12*sd; x += h * sd {
			mid := x + h*sd/2
			sum += Density(mid, q) * h * sd
			m2 += mid * mid * Density(mid, q) * h * sd
		}
		if math.Abs(sum-1) > 1e-12 || math.Abs(m2-q) > 1e-12*q {
			t.Errorf("q = %g: ∫ϕ = %.15g (want 1), ∫h²ϕ = %.15g (want %g)", q, sum, m2, q)
		}
	}
}

func TestDensityPanics(t *testing.T) {
	for _, q := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Density(0, %v) did not panic", q)
				}
			}()
			Density(0, q)
		}()
	}
}
