package freeprob

import (
	"math"
	"math/cmplx"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// Closed-form S-transforms of table F15 (lib/sources/tanner2024.md#check-1) against the
// S-transform recovered numerically from each law's Stieltjes transform on
// the negative axis (SFromLaw, an independent route through M^{-1}).
func TestSTransformsClosedForm(t *testing.T) {
	cases := []struct {
		name string
		law  Law
		want func(z float64) float64 // table F15
		zmin float64                 // −(1−mass₀)
	}{
		{"MP c=1", MarchenkoPastur{1, 1}, func(z float64) float64 { return 1 / (1 + z) }, -1},
		{"MP c=0.5 σ²=2", MarchenkoPastur{0.5, 2}, func(z float64) float64 { return 1 / (2 * (1 + 0.5*z)) }, -1},
		{"MP c=2 (atom 1/2)", MarchenkoPastur{2, 1}, func(z float64) float64 { return 1 / (1 + 2*z) }, -0.5},
		{"free Poisson r=3 α=0.5", FreePoisson(3, 0.5), func(z float64) float64 { return 1 / (0.5 * (z + 3)) }, -1},
		{"Bernoulli p=0.3", Bernoulli{0.3}, func(z float64) float64 { return (1 + z) / (z + 0.3) }, -0.3},
		{"δ_2", PointMass{2}, func(z float64) float64 { return 0.5 }, -1},
		{"δ_1", PointMass{1}, func(z float64) float64 { return 1 }, -1},
		{"semicircle a=3 σ²=1", Semicircle{3, 1}, func(z float64) float64 { return (-3 + math.Sqrt(9+4*z)) / (2 * z) }, -1},
	}
	for _, c := range cases {
		for _, f := range []float64{0.05, 0.25, 0.5, 0.9} {
			z := f * c.zmin
			got := real(c.law.S(complex(z, 0)))
			// closed form vs table: identity, 1e-12.
			if !near(got, c.want(z), 1e-12) {
				t.Errorf("%s: S(%g) = %.15g, table %.15g", c.name, z, got, c.want(z))
			}
			// numeric inversion of M (bisection to 1e-15 in log|w|): 1e-9.
			num, err := SFromLaw(c.law, z)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if !near(num, got, 1e-9) {
				t.Errorf("%s: numeric S(%g) = %.12g, closed %.12g", c.name, z, num, got)
			}
		}
	}
}

// Moments: closed forms (Narayana / Catalan) vs tanh–sinh quadrature of the
// density plus atoms; MP c=1 gives the Catalan numbers 1, 2, 5, 14, 42
// (lib/sources/tanner2024.md#check-2); the semicircle's are 0,1,0,2,0,5 at mean 0.
func TestMomentsAndDensities(t *testing.T) {
	catalan := []float64{1, 2, 5, 14, 42}
	mp := MarchenkoPastur{1, 1}
	for k, want := range catalan {
		if got := mp.Moment(k + 1); !near(got, want, 1e-13) {
			t.Errorf("MP m_%d = %g, want %g", k+1, got, want)
		}
	}
	if got, want := mp.Density(1), math.Sqrt(3)/(2*math.Pi); !near(got, want, 1e-14) {
		t.Errorf("ρ_MP(1) = %.12g, want %.12g", got, want)
	}
	sc := Semicircle{0, 1}
	for k, want := range []float64{0, 1, 0, 2, 0, 5} {
		if got := sc.Moment(k + 1); math.Abs(got-want) > 1e-13 {
			t.Errorf("semicircle m_%d = %g, want %g", k+1, got, want)
		}
	}
	for _, l := range []Law{mp, MarchenkoPastur{0.3, 1.5}, MarchenkoPastur{2.5, 0.7}, Semicircle{0, 1}, Semicircle{2.5, 0.5}} {
		lo, hi := l.Support()
		ms := Measure{Density: l.Density, Lo: lo, Hi: hi, Atoms: l.Atoms()}
		// Mass 1; tanh–sinh at h=1/64 on sqrt edges: 1e-10.
		if got := ms.Mass(); !near(got, 1, 1e-10) {
			t.Errorf("%+v: mass %.12g", l, got)
		}
		for k := 1; k <= 5; k++ {
			if got, want := ms.Moment(k), l.Moment(k); math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
				t.Errorf("%+v: quadrature m_%d = %.12g, closed %.12g", l, k, got, want)
			}
		}
		// Stieltjes: closed form vs quadrature off the axis (1e-9), and the
		// inversion −Im G(λ+iε)/π vs the density inside the bulk (ε=1e-12:
		// error O(ε) on the smooth interior, 1e-9 allows for rounding).
		for _, z := range []complex128{complex(lo-1, 0.5), complex((lo+hi)/2, 0.7), complex(hi+0.3, -0.2)} {
			if d := cmplx.Abs(l.Stieltjes(z) - ms.Stieltjes(z)); d > 1e-9 {
				t.Errorf("%+v: G(%v) closed %v vs quadrature %v", l, z, l.Stieltjes(z), ms.Stieltjes(z))
			}
		}
		for _, f := range []float64{0.1, 0.4, 0.77} {
			x := lo + f*(hi-lo)
			if got := DensityFromG(l.Stieltjes, x, 1e-12); !near(got, l.Density(x), 1e-9) {
				t.Errorf("%+v: inversion at %g: %.12g vs %.12g", l, x, got, l.Density(x))
			}
		}
		// G ~ 1/z at infinity fixes the branch.
		z := complex(1e6, 1e6)
		if d := cmplx.Abs(z*l.Stieltjes(z) - 1); d > 1e-5 {
			t.Errorf("%+v: zG(z) at infinity = %v", l, z*l.Stieltjes(z))
		}
	}
}

// F14 series relations (lib/sources/tanner2024.md#check-1 and #check-4): SFromMoments reproduces
// the closed-form S coefficients, MomentsFromS inverts it for 8
// coefficients, and m₃ = m₁³(1 − 3s₁ + 2s₁² − s₂).
func TestSeriesRoundTripAndF14(t *testing.T) {
	laws := []struct {
		name string
		law  Law
		// closed-form S coefficients c_j (S = Σ c_j z^j)
		coef func(j int) float64
	}{
		{"MP", MarchenkoPastur{1, 1}, func(j int) float64 { return math.Pow(-1, float64(j)) }},
		{"MP c=0.4 σ²=2", MarchenkoPastur{0.4, 2}, func(j int) float64 { return 0.5 * math.Pow(-0.4, float64(j)) }},
		{"δ_3", PointMass{3}, func(j int) float64 {
			if j == 0 {
				return 1.0 / 3
			}
			return 0
		}},
		// (1+z)/(z+p) = (1/p)(1+z) Σ (−z/p)^j
		{"Bernoulli 0.6", Bernoulli{0.6}, func(j int) float64 {
			if j == 0 {
				return 1 / 0.6
			}
			return math.Pow(-1/0.6, float64(j))/0.6 + math.Pow(-1/0.6, float64(j-1))/0.6
		}},
	}
	for _, c := range laws {
		m := make([]float64, 8)
		for k := range m {
			m[k] = c.law.Moment(k + 1)
		}
		s := SFromMoments(m)
		for j := range s {
			if !near(s[j], c.coef(j), 1e-10) {
				t.Errorf("%s: c_%d = %.12g, closed %.12g", c.name, j, s[j], c.coef(j))
			}
		}
		back := MomentsFromS(s)
		for k := range m {
			if !near(back[k], m[k], 1e-10) {
				t.Errorf("%s: round trip m_%d = %.12g, want %.12g", c.name, k+1, back[k], m[k])
			}
		}
		s1, s2 := s[1]/s[0], s[2]/s[0]
		m1 := m[0]
		if got := m1 * m1 * (1 - s1); !near(got, m[1], 1e-12) {
			t.Errorf("%s: F14 m2 %g vs %g", c.name, got, m[1])
		}
		if got := m1 * m1 * m1 * (1 - 3*s1 + 2*s1*s1 - s2); !near(got, m[2], 1e-12) {
			t.Errorf("%s: F14 m3 %g vs %g", c.name, got, m[2])
		}
	}
}
