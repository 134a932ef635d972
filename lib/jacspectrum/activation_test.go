package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// BernoulliP recognises the piecewise-linear activations with slopes in
// {0, 1} from their closed-form μ_k and returns P(φ′ = 1); references are
// the Gaussian probabilities of φ′'s support written out here (lib/sources/tanner2024.md#activations):
// exact identities, so 1e-15.
func TestBernoulliP(t *testing.T) {
	for _, c := range []struct {
		f    activation.Func
		q, p float64
		ok   bool
	}{
		{activation.Linear(), 0.7, 1, true},
		{activation.ReLU(), 0.7, 0.5, true},
		{activation.HardTanh(), 0.25, math.Erf(1 / math.Sqrt(0.5)), true},        // P(|√q z| < 1)
		{activation.ShiftedReLU(), 0.25, 0.5 * math.Erfc(-1/math.Sqrt(2)), true}, // P(√q z > −½) = Φ(1)
		{activation.Shtanh(2), 1, math.Erf(2 / math.Sqrt2), true},                // P(|z| < 2)
		{activation.Tanh(), 0.5, 0, false},                                       // smooth
		{activation.Erf(), 0.5, 0, false},                                        // closed μ_k, but not Bernoulli
		{activation.SmoothedReLU(), 0.5, 0, false},                               // smooth
		{activation.HardTanh().WithoutClosedForms(), 0.25, 0, false},             // no closed form: not detected
	} {
		p, ok := BernoulliP(c.f, c.q)
		if ok != c.ok || math.Abs(p-c.p) > 1e-15 {
			t.Errorf("%s q=%g: BernoulliP = (%.16g, %v), want (%.16g, %v)", c.f, c.q, p, ok, c.p, c.ok)
		}
	}
}

// D2 picks the law by capability, and each law's μ_k matches an
// independent reference: mpmath 1.3.0 quad at 40 digits (tanh, SiLU; the
// script is in the gauss tests' comment) or the closed form (shtanh).
// Tolerance 1e-13 relative: the contour and panel rules reach ~1e-15 here.
func TestD2Dispatch(t *testing.T) {
	tanh05 := D2(activation.Tanh(), 0.5)
	if _, ok := tanh05.(ContourD2); !ok {
		t.Fatalf("tanh: D2 is %T, want ContourD2", tanh05)
	}
	silu1 := D2(activation.SmoothedReLU(), 1) // above the SiLU contour range
	if _, ok := silu1.(QuadratureD2); !ok {
		t.Fatalf("SiLU q*=1: D2 is %T, want QuadratureD2", silu1)
	}
	sh := D2(activation.Shtanh(2), 1)
	if _, ok := sh.(BernoulliD2); !ok {
		t.Fatalf("shtanh: D2 is %T, want BernoulliD2", sh)
	}
	for _, c := range []struct {
		name string
		d    D2Law
		mu   [3]float64
	}{
		// E sech^{4k}(√0.5 z): the integrand reported 2e-11 off by gauss at Scale 1.
		{"tanh q=0.5", tanh05, [3]float64{0.5924257933717963939799, 0.4559935292131940522822, 0.3837091252050127826909}},
		{"silu q=1", silu1, [3]float64{0.3794823516328293089963, 0.2865805768796148133743, 0.2571103562922478369062}},
		{"shtanh(2) q=1", sh, [3]float64{math.Erf(math.Sqrt2), math.Erf(math.Sqrt2), math.Erf(math.Sqrt2)}},
	} {
		for k := 1; k <= 3; k++ {
			if rel(c.d.Mu(k), c.mu[k-1]) > 1e-13 {
				t.Errorf("%s: μ_%d = %.16g, reference %.16g", c.name, k, c.d.Mu(k), c.mu[k-1])
			}
		}
	}
}

// Shtanh_a is hard tanh at q*/a² (F31), so its q*(L) for a given σ₀² is a²
// times hard tanh's, and its critical network has σ²_JJᵀ = σ₀² (P18 §5).
func TestQStarForSigma0Shtanh(t *testing.T) {
	for _, L := range []int{2, 8, 32} {
		qh, err := QStarForSigma0(activation.HardTanh(), L, 0.25)
		if err != nil {
			t.Fatal(err)
		}
		qs, err := QStarForSigma0(activation.Shtanh(2), L, 0.25)
		if err != nil {
			t.Fatal(err)
		}
		if rel(qs, 4*qh) > 1e-14 {
			t.Errorf("L=%d: shtanh(2) q* = %.15g, 4·hardtanh q* = %.15g", L, qs, 4*qh)
		}
		if v := Critical(activation.Shtanh(2), Orthogonal, L, qs).Moments().Var; math.Abs(v-0.25) > 1e-12 {
			t.Errorf("L=%d: shtanh(2) σ² = %.15g, want 0.25", L, v)
		}
	}
	if _, err := QStarForSigma0(activation.Linear(), 8, 0.25); err == nil {
		t.Error("linear must have no bounded-variance q*")
	}
}
