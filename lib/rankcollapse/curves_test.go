package rankcollapse

import (
	"errors"
	"math"
	"testing"
)

// RhoDepthScaled against RhoDepth point by point, its limit against eq.
// (15) written out here for ρ⁰ = 0 (C = ‖X‖²), and the O(1/L) approach.
func TestRhoDepthScaled(t *testing.T) {
	const n = 50
	depths := []int{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}
	for _, at := range []float64{0.5, 1, 2} {
		c, err := RhoDepthScaled(n, 0, at, depths)
		if err != nil {
			t.Fatal(err)
		}
		if c.N != n || c.Rho0 != 0 || c.At != at || len(c.Rho) != len(depths) {
			t.Fatalf("at=%g: got %+v", at, c)
		}
		for i, L := range depths {
			want, _ := RhoDepth(n, 0, at/float64(L), L)
			if c.Rho[i] != want {
				t.Errorf("at=%g L=%d: ρ^L = %v, RhoDepth gives %v", at, L, c.Rho[i], want)
			}
		}
		// eq. (15) with C/‖X‖² = 1: ρ^∞ = n e^{α̃} / ((n−1)(e^{α̃} − 1 + n)) − 1/(n−1).
		fn, e := float64(n), math.Exp(at)
		lim := fn*e/((fn-1)*(e-1+fn)) - 1/(fn-1)
		if math.Abs(c.Limit-lim) > 1e-14 {
			t.Errorf("at=%g: limit %v, eq. (15) gives %v", at, c.Limit, lim)
		}
		// O(1/L): doubling L from 512 to 1024 halves the gap (ratio 0.5 up
		// to O(1/L) corrections), and the gap at 1024 is below 1/L.
		g512, g1024 := math.Abs(c.Rho[9]-c.Limit), math.Abs(c.Rho[10]-c.Limit)
		if r := g1024 / g512; math.Abs(r-0.5) > 0.01 || g1024 > 1e-3 {
			t.Errorf("at=%g: gaps %g (L = 512), %g (L = 1024), ratio %g, want ≈ 0.5 and < 1e-3", at, g512, g1024, r)
		}
	}
	for _, bad := range []struct {
		at     float64
		depths []int
	}{{-1, []int{1}}, {math.NaN(), []int{1}}, {1, []int{0}}} {
		if _, err := RhoDepthScaled(n, 0, bad.at, bad.depths); !errors.Is(err, ErrParam) {
			t.Errorf("at=%v depths=%v: err %v, want ErrParam", bad.at, bad.depths, err)
		}
	}
}

// GradsVsN against eqs. (17) and (18) written out here.
func TestGradsVsN(t *testing.T) {
	ns := []int{2, 4, 8, 16, 32, 64}
	const d, rho, sx2 = 8, 0.2, 1.5
	v, q, err := GradsVsN(ns, d, rho, sx2)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range ns {
		fn, fd := float64(n), float64(d)
		wv := sx2 * fd * fd * (1 + rho*(fn-1))
		wq := sx2 * sx2 * sx2 * (fn - 1) / fn * (1 - rho) * (1 - rho) * fd * (fn + fd) * (1 + 4*(1-rho)/(fn*fd))
		if math.Abs(v[i]-wv) > 1e-12*wv || math.Abs(q[i]-wq) > 1e-12*wq {
			t.Errorf("n=%d: v %v q %v, want %v %v", n, v[i], q[i], wv, wq)
		}
	}
	if _, _, err := GradsVsN([]int{1}, d, rho, sx2); !errors.Is(err, ErrParam) {
		t.Errorf("n = 1: err %v, want ErrParam", err)
	}
}

// TestTypoGrowth: the factor e^{√α̃₁}/e^{α̃₁} against the closed form
// e^{√α̃₁ − α̃₁} (one exp instead of two: a few ulps apart): 1 at α̃₁ = 1,
// e^{−2} at α̃₁ = 4, e^{1/4} at α̃₁ = 1/4.
func TestTypoGrowth(t *testing.T) {
	for _, c := range []struct{ at, a1, factor float64 }{{0.25, 0.5, math.Exp(0.25)}, {1, 1, 1}, {4, 2, math.Exp(-2)}, {9, 3, math.Exp(-6)}} {
		a1, f := DepthScaled{At: c.at}.TypoGrowth()
		if a1 != c.a1 || math.Abs(f/c.factor-1) > 1e-14 {
			t.Errorf("α̃₁ = %g: α₁ = %v, factor %.17g, want %v and %.17g", c.at, a1, f, c.a1, c.factor)
		}
	}
}

// TestGradDecades against the closed forms of the ratios (the squared
// norms' prefactors cancel): log10((1−ρ_L)/(1−ρ_0)) for the queries and
// ½ log10((1+ρ_L(n−1))/(1+ρ_0(n−1))) for the values, to rounding; and a
// correlation outside [−1/(n−1), 1] is an ErrParam.
func TestGradDecades(t *testing.T) {
	for _, c := range []struct {
		n      int
		r0, rL float64
	}{{50, 0, 0.9}, {10, 0.2, 0.5}, {4, -0.1, 0.99}} {
		q, v, err := GradDecades(c.n, c.r0, c.rL)
		if err != nil {
			t.Fatal(err)
		}
		fn := float64(c.n)
		wq, wv := math.Log10((1-c.rL)/(1-c.r0)), 0.5*math.Log10((1+c.rL*(fn-1))/(1+c.r0*(fn-1)))
		if math.Abs(q-wq) > 1e-14 || math.Abs(v-wv) > 1e-14 {
			t.Errorf("n = %d, ρ %g → %g: q %.17g v %.17g, closed forms %.17g %.17g", c.n, c.r0, c.rL, q, v, wq, wv)
		}
	}
	if _, _, err := GradDecades(10, 0, 1.5); !errors.Is(err, ErrParam) {
		t.Errorf("ρ = 1.5: err %v, want ErrParam", err)
	}
}
