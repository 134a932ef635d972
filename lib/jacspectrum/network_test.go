package jacspectrum

import (
	"math"
	"math/cmplx"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/freeprob"
)

func rel(a, b float64) float64 { return math.Abs(a-b) / math.Max(1e-300, math.Abs(b)) }

// ReLU–orthogonal L=2 closed form (F24): ρ = ½δ(λ) + 1/(2π√(λ(4−λ)))
// on (0,4). Algorithm 1 with ε = 1e-10 must match to 1e-6 relative on
// (0.01, 3.9) (lib/sources/tanner2024.md#check-15: 5e-7 expected; the ε-smoothing error is
// O(ε/λ²) ≤ 1e-6 at λ = 0.01 for the leakage-free continuous part).
func TestReLUOrthogonalL2ClosedForm(t *testing.T) {
	n := Critical(activation.ReLU(), Orthogonal, 2, 1)
	closed := func(l float64) float64 { return 1 / (2 * math.Pi * math.Sqrt(l*(4-l))) }
	var lams []float64
	for l := 0.01; l < 3.9; l += 0.0971 {
		lams = append(lams, l)
	}
	lams = append(lams, 0.5, 1, 2, 3, 3.9)
	got, err := n.Density(lams, freeprob.Continuation{Eps: 1e-10})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lams {
		if r := rel(got[i], closed(l)); r > 1e-6 {
			t.Errorf("ρ(%g) = %.10f, closed %.10f (rel %.2g)", l, got[i], closed(l), r)
		}
	}
	// lib/sources/tanner2024.md#check-15 reference values (7 digits).
	for l, want := range map[float64]float64{0.5: 0.1203098, 1: 0.0918881, 2: 0.0795775, 3: 0.0918881} {
		if math.Abs(closed(l)-want) > 5e-8 {
			t.Errorf("closed ρ(%g) = %.8f, want %.7f", l, closed(l), want)
		}
	}
	a := n.Atoms()
	if len(a) != 1 || a[0].Loc != 0 || a[0].Mass != 0.5 {
		t.Errorf("atoms %v, want {(0, 0.5)}", a)
	}
	if m := n.Moments(); math.Abs(m.M3-10) > 1e-12 || math.Abs(m.Var-2) > 1e-12 || math.Abs(m.M1-1) > 1e-12 {
		t.Errorf("moments %+v, want m1=1 var=2 m3=10", m)
	}
}

// Branch choice (lib/sources/tanner2024.md#check-22, #erratum-19): at ReLU–orthogonal L=8 and
// λ = 0.5 the polynomial F22 has four roots with Im m < 0, whose density
// candidates are 0.0299, 0.0956, 0.1666, 0.0936; only 0.093606 is physical.
// The continuation must return it; picking by sign alone would not (shown
// by counting the candidates from the companion-matrix roots).
func TestBranchGuardReLUOrthogonalL8(t *testing.T) {
	cases := []struct {
		name   string
		n      Network
		lambda float64
		want   float64 // lib/sources/tanner2024.md#check-22, 6 digits
	}{
		{"relu-orth L8 λ=0.5", Critical(activation.ReLU(), Orthogonal, 8, 1), 0.5, 0.093606},
		{"relu-orth L8 λ=1", Critical(activation.ReLU(), Orthogonal, 8, 1), 1, 0.051921},
		{"relu-gauss L8 λ=1", Critical(activation.ReLU(), Gaussian, 8, 1), 1, 0.035412},
		{"linear-gauss L8 λ=1", Critical(activation.Linear(), Gaussian, 8, 1), 1, 0.067316},
	}
	for _, c := range cases {
		got, err := c.n.Density([]float64{c.lambda}, freeprob.Continuation{Eps: 1e-10})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got[0]-c.want) > 1e-6 {
			t.Errorf("%s: ρ = %.7f, want %.6f", c.name, got[0], c.want)
		}
	}
	// The ambiguity is real: four roots of z m (1+m)^7 − 2^8 (m+½)^8 = 0
	// with Im m < 0 at z = 0.5 + 1e-10 i.
	cands := bernoulliOrthoCandidates(8, 2, 0.5, complex(0.5, 1e-10))
	if len(cands) != 4 {
		t.Fatalf("expected 4 sign-admissible roots, got %d: %v", len(cands), cands)
	}
	hits := 0
	for _, r := range cands {
		if math.Abs(r-0.093606) < 1e-5 {
			hits++
		}
	}
	if hits != 1 {
		t.Errorf("candidates %v should contain the physical value once", cands)
	}
}

// TestEquationVanishesOnMarchenkoPastur: for a linear network (D² = δ₁,
// BernoulliD2 with p = 1) of depth 1 with Gaussian weights of variance 1,
// JJᵀ = WᵀW is Marchenko–Pastur with ratio 1, so the master equation
// (F18) must vanish at m = M_MP(z) = z G_MP(z) − 1 from freeprob's closed
// form of G (an independent route: no continuation, no S-transform
// series). Its returned derivative dh/dm is checked against a central
// difference of h (step 1e-6, error O(1e-12) against values O(1)).
func TestEquationVanishesOnMarchenkoPastur(t *testing.T) {
	n := Network{Depth: 1, Weights: Gaussian, SigmaW2: 1, D2: BernoulliD2{Prob: 1}}
	mp := freeprob.MarchenkoPastur{Ratio: 1, Variance: 1}
	h := n.Equation()
	for _, z := range []complex128{complex(0.5, 0.1), complex(2, 0.5), complex(3.9, 0.01), complex(6, 1)} {
		m := freeprob.MFromG(mp.Stieltjes, z)
		v, dv := h(z, m)
		if cmplx.Abs(v) > 1e-12 {
			t.Errorf("z = %v: h(z, M_MP(z)) = %v, want 0", z, v)
		}
		const eps = 1e-6
		hp, _ := h(z, m+eps)
		hm, _ := h(z, m-eps)
		if fd := (hp - hm) / (2 * eps); cmplx.Abs(fd-dv) > 1e-8*(1+cmplx.Abs(dv)) {
			t.Errorf("z = %v: dh/dm = %v, central difference %v", z, dv, fd)
		}
	}
}
