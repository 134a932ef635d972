package meanfield

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestEoCReference: lib/sources/tanner2024.md#check-7, #check-8, #check-10, #check-11 (Tanner lecture spec;
// [numeric-ref], tanh by adaptive quadrature and GH-100/300 agreeing to
// ≥ 6 digits; erf and hard tanh in closed form F11). Tolerances: half a
// unit of the last printed digit.
func TestEoCReference(t *testing.T) {
	fromQ := []struct {
		act           string
		q, sw2, sb2   float64
		tolW, tolB    float64
		quadratureToo bool // also recompute with closed forms removed
	}{
		// check 7, tanh (no closed form)
		{"tanh", 0.0259, 1.049961, 2.00587e-5, 5e-7, 5e-11, false},
		{"tanh", 0.1, 1.177569, 8.3228e-4, 5e-7, 5e-9, false},
		{"tanh", 0.25, 1.393962, 8.12515e-3, 5e-7, 5e-9, false},
		{"tanh", 0.5, 1.687975, 0.0380412, 5e-7, 5e-8, false},
		{"tanh", 0.8214, 2.000041, 0.103791, 5e-7, 5e-7, false},
		{"tanh", 1.0, 2.153303, 0.150965, 5e-7, 5e-7, false},
		{"tanh", 1.5, 2.532482, 0.314069, 5e-7, 5e-7, false},
		// check 10, erf
		{"erf", 0.25, 1.336188, 6.8464e-3, 5e-7, 5e-8, true},
		{"erf", 1, 2.035090, 0.148361, 5e-7, 5e-7, true},
		// check 11, hard tanh (GH-200 fails this one, lib/sources/tanner2024.md#erratum-22)
		{"hardtanh", 0.25, 1.0476692, 8.89545e-3, 5e-8, 5e-9, true},
		{"hardtanh", 0.5, 1.1866608, 0.0596351, 5e-8, 5e-8, true},
		{"hardtanh", 1, 1.4647948, 0.2440801, 5e-8, 5e-8, true},
	}
	for _, c := range fromQ {
		phi := mustAct(t, c.act)
		variants := []string{"default"}
		if c.quadratureToo {
			variants = append(variants, "quadrature")
		}
		for _, v := range variants {
			if v == "quadrature" {
				phi = phi.WithoutClosedForms()
			}
			w, b, err := EoCFromQ(phi, c.q)
			if err != nil || !near(w, c.sw2, c.tolW) || !near(b, c.sb2, c.tolB) {
				t.Errorf("%s (%s) q*=%v: (σ_w², σ_b²) = (%.8g, %.8g), want (%v, %v), err %v", c.act, v, c.q, w, b, c.sw2, c.sb2, err)
			}
		}
	}
	// Closed-form EoC of F11 for erf and hard tanh, against the generic
	// F10 evaluated by quadrature: 1e-12.
	for _, q := range []float64{0.01, 0.3, 2, 9} {
		p := math.Erf(1 / math.Sqrt(2*q))
		htB := q - 1/p*(q*p-math.Sqrt(2*q/math.Pi)*math.Exp(-1/(2*q))+1-p)
		erfW := math.Sqrt(1 + math.Pi*q)
		erfB := q - erfW*2/math.Pi*math.Asin(math.Pi*q/(2+math.Pi*q))
		w, b, _ := EoCFromQ(mustAct(t, "hardtanh").WithoutClosedForms(), q)
		if !near(w, 1/p, 1e-12) || !near(b, htB, 1e-12) {
			t.Errorf("hardtanh q=%v: (%v, %v) vs F11 (%v, %v)", q, w, b, 1/p, htB)
		}
		w, b, _ = EoCFromQ(mustAct(t, "erf").WithoutClosedForms(), q)
		if !near(w, erfW, 1e-12) || !near(b, erfB, 1e-12) {
			t.Errorf("erf q=%v: (%v, %v) vs F11 (%v, %v)", q, w, b, erfW, erfB)
		}
	}

	// check 8: tanh EoC from σ_b² (σ_w², q*); also lib/sources/tanner2024.md#figure-1 points.
	fromB := []struct{ sb2, sw2, q float64 }{
		{0.01, 1.424205, 0.273301},
		{0.05, 1.7609546, 0.570048},
		{0.1, 1.9860726, 0.805799},
		{0.2, 2.285152, 1.164496},
		{0.25, 2.401489, 1.317939},
	}
	th := mustAct(t, "tanh")
	for _, c := range fromB {
		w, q, err := EoCSigmaW2(th, c.sb2)
		if err != nil || !near(w, c.sw2, 5e-7) || !near(q, c.q, 5e-7) {
			t.Errorf("tanh σ_b²=%v: σ_w²=%.8g q*=%.8g, want %v %v, err %v", c.sb2, w, q, c.sw2, c.q, err)
		}
		// Inverse: σ_b² from σ_w² must return the same point (1e-10).
		b, q2, err := EoCSigmaB2(th, w)
		if err != nil || !near(b, c.sb2, 1e-10) || !near(q2, q, 1e-9) {
			t.Errorf("tanh σ_w²=%v: σ_b² = %.12g (want %v), q* = %v vs %v, err %v", w, b, c.sb2, q2, q, err)
		}
		// And the forward net at that point is critical with that q*.
		s, err := Net{Phi: th, SigmaW2: w, SigmaB2: c.sb2}.DepthScales()
		if err != nil || !near(s.Chi1, 1, 1e-10) || !near(s.QStar, q, 1e-9) || s.XiC < 1e5 {
			t.Errorf("tanh EoC point (%v, %v): χ₁ = %v q* = %v ξ_c = %v", w, c.sb2, s.Chi1, s.QStar, s.XiC)
		}
	}
}

// TestEoCSpecialCases: lib/sources/tanner2024.md#mean-field-numerics special cases and errors.
func TestEoCSpecialCases(t *testing.T) {
	cases := []struct {
		act     string
		sb2     float64
		wantW   float64
		wantErr error
		comment string
	}{
		{"tanh", 0, 1, nil, "curve starts at (1, 0)"},
		{"erf", 0, 1, nil, "φ′(0) = 1"},
		// φ′(0) = ½ gives χ₁ = 1 at (4, 0) with q* = 0, but SiLU's
		// E φ(√q z)² > q/4 for every q > 0, so V(q) > q and q* = 0 is
		// never reached: the divergent region (issue 27; the notes' (lib/sources/tanner2024.md)
		// (4, 0) is not an edge-of-chaos point).
		{"smoothed_relu", 0, 0, ErrDivergentRegion, "q-map from q = 1 diverges at σ_w² = 4"},
		{"relu", 0, 2, nil, "single point (2, 0)"},
		{"relu", 0.1, 0, ErrNoEdge, "ReLU has no EoC with σ_b > 0"},
		{"linear", 0, 1, nil, "single point (1, 0)"},
		{"linear", 0.1, 0, ErrNoEdge, ""},
		{"tanh", 1e7, 0, ErrNoEdge, "q* would exceed the searched range 1e6"},
	}
	for _, c := range cases {
		w, _, err := EoCSigmaW2(mustAct(t, c.act), c.sb2)
		if c.wantErr != nil {
			if !errors.Is(err, c.wantErr) {
				t.Errorf("%s σ_b²=%v: err %v, want %v (%s)", c.act, c.sb2, err, c.wantErr, c.comment)
			}
			continue
		}
		if err != nil || !near(w, c.wantW, 1e-14) {
			t.Errorf("%s σ_b²=%v: σ_w² = %v err %v, want %v (%s)", c.act, c.sb2, w, err, c.wantW, c.comment)
		}
	}
	// σ_b² from σ_w²: tanh below 1 has none; ReLU only at 2.
	if _, _, err := EoCSigmaB2(mustAct(t, "tanh"), 0.9); !errors.Is(err, ErrNoEdge) {
		t.Errorf("tanh σ_w²=0.9: err %v", err)
	}
	if b, _, err := EoCSigmaB2(mustAct(t, "tanh"), 1); err != nil || b != 0 {
		t.Errorf("tanh σ_w²=1: σ_b² = %v, %v", b, err)
	}
	if b, _, err := EoCSigmaB2(mustAct(t, "relu"), 2); err != nil || b != 0 {
		t.Errorf("relu σ_w²=2: %v %v", b, err)
	}
	if _, _, err := EoCSigmaB2(mustAct(t, "relu"), 2.1); !errors.Is(err, ErrNoEdge) {
		t.Errorf("relu σ_w²=2.1: err %v", err)
	}
}

// TestShtanhMurray: lib/sources/tanner2024.md#check-24 (Murray et al. 2021, Shtanh_a at the
// EoC with σ_b² = y a²; numbers depend only on y). Checks q*/a², σ_w²,
// p = μ₁, μ₂/μ₁² − 1 and max_ρ |R(ρ) − ρ| = R(0) (F31), the last on a
// ρ-grid of the correlation map computed by 2-D quadrature. Tolerance:
// half a unit of the last printed digit.
func TestShtanhMurray(t *testing.T) {
	rows := []struct{ y, qa2, sw2, p, dev, r0 float64 }{
		{1.0, 2.38781, 2.072709, 0.482460, 1.073, 0.41879},
		{0.3, 1.12312, 1.527590, 0.654626, 0.5276, 0.26711},
		{0.1, 0.63216, 1.263406, 0.791511, 0.2634, 0.15819},
		{0.03, 0.37824, 1.116011, 0.896049, 0.1160, 0.07932},
		{0.01, 0.25915, 1.052061, 0.950515, 0.05206, 0.03859},
		{0.001, 0.14397, 1.008472, 0.991599, 0.008472, 0.006946},
	}
	a := 2.0
	phi := mustAct(t, "shtanh", a)
	for _, r := range rows {
		sb2 := r.y * a * a
		w, q, err := EoCSigmaW2(phi, sb2)
		if err != nil {
			t.Fatalf("y=%v: %v", r.y, err)
		}
		p := phi.Mu(q, 1)
		dev := phi.Mu(q, 2)/(p*p) - 1
		n := Net{Phi: phi, SigmaW2: w, SigmaB2: sb2}
		maxDev := 0.0
		for i := 0; i <= 50; i++ {
			rho := float64(i) / 50
			maxDev = math.Max(maxDev, math.Abs(n.CMap(q, rho)-rho))
		}
		for _, c := range []struct {
			name      string
			got, want float64
			tol       float64
		}{
			{"q*/a²", q / (a * a), r.qa2, 5e-6},
			{"σ_w²", w, r.sw2, 5e-7},
			{"p", p, r.p, 5e-7},
			{"μ₂/μ₁²−1", dev, r.dev, 5e-4 * r.dev},
			{"R(0)", n.CMap(q, 0), r.r0, 5e-6},
			{"max|R−ρ|", maxDev, r.r0, 5e-6},
			{"R(0) = y/(q*/a²)", n.CMap(q, 0), r.y / (q / (a * a)), 1e-12},
		} {
			if !near(c.got, c.want, c.tol) {
				t.Errorf("y=%v %s = %.8g, want %.8g", r.y, c.name, c.got, c.want)
			}
		}
	}
}

func ExampleEoCSigmaW2() {
	phi, _ := activation.ByName("tanh")
	w2, q, _ := EoCSigmaW2(phi, 0.05)
	fmt.Printf("σ_w² = %.7f, q* = %.6f\n", w2, q)
	// Output: σ_w² = 1.7609546, q* = 0.570048
}

// EoCCurve: every point is critical (χ₁ = 1 recomputed through Net.Chi1,
// whose μ₁ comes from the q-map's own fixed point rather than from the
// root search), q* is the net's fixed point, and it passes EoCSigmaW2's
// error on with the offending σ_b².
func TestEoCCurve(t *testing.T) {
	tanh, _ := activation.ByName("tanh")
	b2 := []float64{0.01, 0.05, 0.1, 0.25}
	w2, qs, err := EoCCurve(tanh, b2)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range b2 {
		n := Net{Phi: tanh, SigmaW2: w2[i], SigmaB2: b}
		chi, err := n.Chi1()
		if err != nil {
			t.Fatal(err)
		}
		q, _ := n.QStar()
		if math.Abs(chi-1) > 1e-9 || math.Abs(q-qs[i]) > 1e-9*qs[i] {
			t.Errorf("σ_b² = %g: χ₁ = %.12g (want 1), q* = %.12g vs %.12g", b, chi, q, qs[i])
		}
	}
	relu, _ := activation.ByName("relu")
	if _, _, err := EoCCurve(relu, []float64{0, 0.1}); !errors.Is(err, ErrNoEdge) || !strings.Contains(err.Error(), "σ_b² = 0.1") {
		t.Errorf("ReLU at σ_b² = 0.1: err = %v, want ErrNoEdge naming σ_b² = 0.1", err)
	}
}
