package jacspectrum

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// AtSigma0 keeps σ²_{JJᵀ} = σ₀² at every depth (F25): the moments of the
// network (F20, an independent formula) give the variance back, to the
// root solver's tolerance.
func TestAtSigma0(t *testing.T) {
	for _, f := range []activation.Func{activation.HardTanh(), activation.Erf(), activation.ShiftedReLU()} {
		for _, L := range []int{2, 8, 32} {
			n, err := AtSigma0(f, L, 0.25)
			if err != nil {
				t.Fatal(err)
			}
			if n.Weights != Orthogonal || n.Depth != L {
				t.Fatalf("%s L=%d: got %v weights, depth %d", f, L, n.Weights, n.Depth)
			}
			if v := n.Moments().Var; math.Abs(v-0.25) > 1e-8 {
				t.Errorf("%s L=%d: σ²_JJᵀ = %v, want 0.25", f, L, v)
			}
		}
	}
}

// ApproachLimit: KS and KSQuarter are KSBetween of the two networks, and
// hard tanh approaches the Bernoulli limit like 1/L (F28; exponent 1 ±
// 20% from L = 32 to 128, TestUniversalityConvergence sees the same rate in
// the density).
func TestApproachLimit(t *testing.T) {
	c := freeprob.Continuation{Eps: 1e-8, Steps: 50}
	xs := []float64{0.1, 0.3, 0.6, 0.9, 1.2, 1.5, 2}
	limit := BernoulliLimit{Sigma02: 0.25}
	a, err := ApproachLimit(activation.HardTanh(), limit, 128, 0.25, xs, c)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := AtSigma0(activation.HardTanh(), 32, 0.25)
	ks, err := KSBetween(n, limit, xs, c)
	if err != nil {
		t.Fatal(err)
	}
	if a.Depth != 128 || a.KSQuarter != ks || !(a.KS < a.KSQuarter) {
		t.Fatalf("got %+v, KS at L=32 directly %v", a, ks)
	}
	if a.Exponent != math.Log(a.KSQuarter/a.KS)/math.Log(4) || math.Abs(a.Exponent-1) > 0.2 {
		t.Errorf("exponent %v, want 1 ± 0.2", a.Exponent)
	}
	mustpanic.Check(t, "L = 6", func() { ApproachLimit(activation.HardTanh(), limit, 6, 0.25, xs, c) })
}

// MaxQuadErr is the largest of the three closed-form vs quadrature
// differences, and small for every activation of Table 1.
func TestMaxQuadErr(t *testing.T) {
	r := Table1Row{Mu: [3]float64{1, 2, 3}, MuQuad: [3]float64{1.5, 2, 2}}
	if got := r.MaxQuadErr(); got != 1 {
		t.Errorf("MaxQuadErr = %v, want 1", got)
	}
	for _, f := range []activation.Func{activation.Linear(), activation.ReLU(), activation.HardTanh(), activation.Erf()} {
		if e := Table1(f, 0.25, Orthogonal).MaxQuadErr(); e > 1e-10 {
			t.Errorf("%s: closed form and quadrature differ by %v", f, e)
		}
	}
}
