package meanfield

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
)

func mustAct(t testing.TB, name string, params ...float64) activation.Func {
	t.Helper()
	f, err := activation.ByName(name, params...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestTanhTable reproduces lib/sources/tanner2024.md#check-9 (Tanner lecture spec, tanh with
// σ_b² = 0.05; numbers computed there by adaptive quadrature and GH-100/300
// agreeing to ≥ 6 digits). Tolerance: half a unit in the last printed
// digit, since the notes (lib/sources/tanner2024.md) print rounded values.
func TestTanhTable(t *testing.T) {
	th := mustAct(t, "tanh")
	rows := []struct {
		sw2, q, chi1, cstar, xic, xiq float64
		chic                          float64 // 0: not printed
	}{
		{1.0, 0.193593, 0.759032, 1, 3.6270, 1.7476, 0},
		{1.5, 0.4180372, 0.9386363, 1, 15.791, 1.6828, 0},
		{2.0, 0.7217619, 1.047666, 0.744082, 25.2134, 1.3880, 0.961115},
		{2.5, 1.0639584, 1.1335157, 0.446804, 11.7956, 1.1799, 0.918717},
		{3.0, 1.428008, 1.208934, 0.299318, 9.0515, 1.0415, 0},
	}
	for _, r := range rows {
		s, err := Net{Phi: th, SigmaW2: r.sw2, SigmaB2: 0.05}.DepthScales()
		if err != nil {
			t.Fatalf("σ_w²=%v: %v", r.sw2, err)
		}
		check := func(name string, got, want, tol float64) {
			if !near(got, want, tol) {
				t.Errorf("σ_w²=%v %s = %.8g, want %.8g", r.sw2, name, got, want)
			}
		}
		check("q*", s.QStar, r.q, 5e-7)
		check("χ₁", s.Chi1, r.chi1, 5e-7)
		check("c*", s.CStar, r.cstar, 5e-7)
		check("ξ_c", s.XiC, r.xic, 5e-4)
		check("ξ_q", s.XiQ, r.xiq, 5e-4)
		if r.chic != 0 {
			check("χ_c*", s.ChiC, r.chic, 5e-7)
		}
		if r.cstar == 1 && s.XiGrad != s.XiC {
			t.Errorf("ordered phase: ξ_∇ %v != ξ_c %v", s.XiGrad, s.XiC)
		}
	}
}

// TestQStarCases: lib/sources/tanner2024.md#mean-field-numerics / F11 special cases and the error paths.
func TestQStarCases(t *testing.T) {
	relu, lin, th := mustAct(t, "relu"), mustAct(t, "linear"), mustAct(t, "tanh")
	cases := []struct {
		name    string
		n       Net
		want    float64 // q*; tolerance 1e-13 relative
		wantErr error
	}{
		// ReLU: q* = σ_b²/(1 − σ_w²/2) for σ_w² < 2 (F11).
		{"relu 1.5/0.1", Net{Phi: relu, SigmaW2: 1.5, SigmaB2: 0.1}, 0.1 / (1 - 0.75), nil},
		{"relu 1/2", Net{Phi: relu, SigmaW2: 1, SigmaB2: 2}, 4, nil},
		{"relu 2.5/0.1 diverges", Net{Phi: relu, SigmaW2: 2.5, SigmaB2: 0.1}, 0, ErrDiverges},
		{"relu 2/0.1 diverges", Net{Phi: relu, SigmaW2: 2, SigmaB2: 0.1}, 0, ErrDiverges},
		// Marginal: every q is fixed; q* is the starting point Q0.
		{"relu 2/0 marginal", Net{Phi: relu, SigmaW2: 2, SigmaB2: 0, Settings: &Settings{Q0: 3}}, 3, nil},
		{"linear 0.5/1", Net{Phi: lin, SigmaW2: 0.5, SigmaB2: 1}, 2, nil},
		{"linear 1/0.1 diverges", Net{Phi: lin, SigmaW2: 1, SigmaB2: 0.1}, 0, ErrDiverges},
		// tanh, σ_b = 0: q* = 0 for σ_w ≤ 1 (lib/sources/tanner2024.md#check-6).
		{"tanh 0.8/0", Net{Phi: th, SigmaW2: 0.8, SigmaB2: 0}, 0, nil},
		{"tanh 1/0", Net{Phi: th, SigmaW2: 1, SigmaB2: 0}, 0, nil},
	}
	for _, c := range cases {
		q, err := c.n.QStar()
		if c.wantErr != nil {
			if !errors.Is(err, c.wantErr) {
				t.Errorf("%s: err %v, want %v", c.name, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !near(q, c.want, 1e-13*math.Max(1, c.want)) {
			t.Errorf("%s: q* = %.16g want %.16g", c.name, q, c.want)
		}
	}
	// tanh, σ_b = 0, σ_w² = 1.2 > 1: a positive q* that is a fixed point.
	n := Net{Phi: th, SigmaW2: 1.2, SigmaB2: 0}
	q, err := n.QStar()
	if err != nil || !(q > 0.01) || !near(n.QMap(q), q, 1e-14) {
		t.Errorf("tanh 1.2/0: q* = %v (V(q*) = %v), err %v", q, n.QMap(q), err)
	}
}

// TestCriticalSpecialCases: lib/sources/tanner2024.md#check-5 and #check-6.
func TestCriticalSpecialCases(t *testing.T) {
	relu, lin, th := mustAct(t, "relu"), mustAct(t, "linear"), mustAct(t, "tanh")
	for _, q := range []float64{0, 0.01, 1, 100} {
		if c := (Net{Phi: relu, SigmaW2: 2}).Chi1At(q); c != 1 {
			t.Errorf("relu χ₁(σ_w²=2, q=%v) = %v, want 1", q, c)
		}
	}
	if c, _ := (Net{Phi: lin, SigmaW2: 1}).Chi1(); c != 1 {
		t.Errorf("linear χ₁(σ_w=1) = %v", c)
	}
	// tanh σ_b = 0: q* = 0 and χ₁ = σ_w², so critical exactly at σ_w = 1.
	for _, sw2 := range []float64{0.5, 1} {
		c, err := Net{Phi: th, SigmaW2: sw2}.Chi1()
		if err != nil || c != sw2 {
			t.Errorf("tanh σ_w²=%v σ_b=0: χ₁ = %v, %v", sw2, c, err)
		}
	}
	s, err := Net{Phi: th, SigmaW2: 1}.DepthScales()
	if err != nil || !math.IsInf(s.XiC, 1) || !math.IsInf(s.XiGrad, 1) {
		t.Errorf("tanh critical: ξ_c = %v ξ_∇ = %v (want +Inf), %v", s.XiC, s.XiGrad, err)
	}
}

// TestSlopesAreDerivatives checks χ_q, χ₁ and χ_c against central finite
// differences of the maps they are slopes of (independent of the Stein /
// Price identities used to compute them). Step 1e-5, so truncation error
// ~1e-10·(third derivative); tolerance 1e-7 relative. For c = 1 a
// one-sided difference (R is only defined for c ≤ 1) with the √e term
// extrapolated away, error O(e) = 1e-6; tolerance 1e-4.
func TestSlopesAreDerivatives(t *testing.T) {
	for _, name := range []string{"tanh", "erf", "hardtanh", "relu", "smoothed_relu", "shifted_relu"} {
		n := Net{Phi: mustAct(t, name), SigmaW2: 1.7, SigmaB2: 0.2}
		q, err := n.QStar()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		h := 1e-5 * q
		fd := (n.QMap(q+h) - n.QMap(q-h)) / (2 * h)
		if got := n.ChiQ(q); !near(got, fd, 1e-7*math.Max(1, math.Abs(fd))) {
			t.Errorf("%s χ_q = %.12g, finite difference %.12g", name, got, fd)
		}
		for _, c := range []float64{-0.5, 0.3, 0.8} {
			e := 1e-5
			fd := (n.CMap(q, c+e) - n.CMap(q, c-e)) / (2 * e)
			// At q*, R′(c) = χ_c / q*·q* = σ_w² E φ′φ′ (Price's theorem).
			if got := n.ChiC(q, c); !near(got, fd, 1e-7*math.Max(1, math.Abs(fd))) {
				t.Errorf("%s χ_c(%v) = %.12g, finite difference %.12g", name, c, got, fd)
			}
		}
		// R(1) − R(1−e) = χ₁e − a e^{3/2} + O(e²) for kinked φ (the
		// arc-cosine kernel has a (1−c)^{3/2} term), so extrapolate the
		// √e term away from the differences at e and 4e.
		e := 1e-6
		d1 := (n.CMap(q, 1) - n.CMap(q, 1-e)) / e
		d4 := (n.CMap(q, 1) - n.CMap(q, 1-4*e)) / (4 * e)
		fd1 := 2*d1 - d4
		if got := n.Chi1At(q); !near(got, fd1, 1e-4*got) {
			t.Errorf("%s χ₁ = %.10g, one-sided difference %.10g", name, got, fd1)
		}
		if r1 := n.CMap(q, 1); !near(r1, 1, 1e-13) {
			t.Errorf("%s: R(1) = %.16g at q*", name, r1)
		}
	}
}

// TestReLUClosedForms: F5/F11 of lib/sources/tanner2024.md#formulas, ReLU q-map q' = σ_w² q/2 + σ_b² and
// the arc-cosine correlation map.
func TestReLUClosedForms(t *testing.T) {
	n := Net{Phi: mustAct(t, "relu"), SigmaW2: 1.6, SigmaB2: 0.3}
	for _, q := range []float64{0.1, 1, 7} {
		if got, want := n.QMap(q), 0.8*q+0.3; !near(got, want, 1e-14*want) {
			t.Errorf("V(%v) = %v want %v", q, got, want)
		}
	}
	// Against quadrature (closed forms removed), for the covariance map.
	nq := n
	nq.Phi = n.Phi.WithoutClosedForms()
	for _, c := range []float64{-0.9, 0, 0.5, 0.99} {
		a1, a2, a3 := n.CovMap(0.7, 2, c)
		b1, b2, b3 := nq.CovMap(0.7, 2, c)
		if !near(a1, b1, 1e-13) || !near(a2, b2, 1e-13) || !near(a3, b3, 1e-12) {
			t.Errorf("c=%v: closed (%v %v %v) quadrature (%v %v %v)", c, a1, a2, a3, b1, b2, b3)
		}
	}
}

// TestCStarChaoticSigmaB0: odd φ with σ_b = 0 in the chaotic phase has
// c* = 0 exactly (R(0) = 0).
func TestCStarChaoticSigmaB0(t *testing.T) {
	c, err := Net{Phi: mustAct(t, "tanh"), SigmaW2: 2}.CStar()
	if err != nil || c != 0 {
		t.Errorf("c* = %v, %v", c, err)
	}
}

// TestNoNaN: property test over the documented parameter ranges
// σ_w² ∈ (0, 10], σ_b² ∈ [0, 2] for every activation: DepthScales either
// succeeds with finite q*, χ's, c* ∈ [0, 1] and non-NaN ξ's, or returns
// one of the sentinel errors (never a NaN).
func TestNoNaN(t *testing.T) {
	for _, spec := range activation.Specs() {
		name, phi := spec.Name, spec.WithDefault()
		if name == "shtanh" {
			phi = activation.Shtanh(2)
		}
		for _, sw2 := range []float64{0.05, 0.5, 1, 1.9, 2, 3.3, 10} {
			for _, sb2 := range []float64{0, 1e-6, 0.05, 0.7, 2} {
				s, err := Net{Phi: phi, SigmaW2: sw2, SigmaB2: sb2}.DepthScales()
				if err != nil {
					if !errors.Is(err, ErrDiverges) && !errors.Is(err, ErrNoFixedPoint) {
						t.Errorf("%s %v/%v: unexpected error %v", name, sw2, sb2, err)
					}
					continue
				}
				for i, v := range []float64{s.QStar, s.Chi1, s.ChiQ, s.CStar, s.ChiC} {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Errorf("%s %v/%v: field %d = %v", name, sw2, sb2, i, v)
					}
				}
				if s.CStar < 0 || s.CStar > 1 {
					t.Errorf("%s %v/%v: c* = %v", name, sw2, sb2, s.CStar)
				}
				if math.IsNaN(s.XiQ) || math.IsNaN(s.XiC) || math.IsNaN(s.XiGrad) {
					t.Errorf("%s %v/%v: NaN depth scale %+v", name, sw2, sb2, s)
				}
			}
		}
	}
}

func TestPanics(t *testing.T) {
	th := activation.Tanh()
	mustpanic.All(t, map[string]func(){
		"sw2=0":      func() { Net{Phi: th, SigmaW2: 0}.QMap(1) },
		"sb2<0":      func() { Net{Phi: th, SigmaW2: 1, SigmaB2: -1}.QMap(1) },
		"no phi":     func() { Net{SigmaW2: 1}.QMap(1) },
		"q<0":        func() { Net{Phi: th, SigmaW2: 1}.QMap(-1) },
		"CMap q=0":   func() { Net{Phi: th, SigmaW2: 1}.CMap(0, 0.5) },
		"c=2":        func() { Net{Phi: th, SigmaW2: 1}.CMap(1, 2) },
		"trajectory": func() { Net{Phi: th, SigmaW2: 1}.QTrajectory(1, -1) },
	})
}

// TestErrParam: a value a user types out of range is an error wrapping
// ErrParam naming the field and its range, from every function that
// returns an error; the maps that return a number panic with the same
// text (TestPanics).
func TestErrParam(t *testing.T) {
	th := activation.Tanh()
	for want, run := range map[string]func() error{
		"Net.SigmaW2 = 0, want in (0, +inf)":  func() error { _, err := Net{Phi: th, SigmaW2: 0}.QStar(); return err },
		"Net.SigmaB2 = -1, want in [0, +inf)": func() error { _, err := Net{Phi: th, SigmaW2: 1, SigmaB2: -1}.DepthScales(); return err },
		"Net.Phi = unset":                     func() error { _, err := Net{SigmaW2: 1}.FixedPoint(); return err },
		"Settings.MaxIter = -1":               func() error { _, err := Net{Phi: th, SigmaW2: 1, Settings: &Settings{MaxIter: -1}}.Phase(); return err },
		"Net.SigmaW2 = -2":                    func() error { _, err := Net{Phi: th, SigmaW2: -2}.Chi1(); return err },
		"q* = 0, want in (0, +inf)":           func() error { _, _, err := EoCFromQ(th, 0); return err },
		"sigmaB2 = -1, want in [0, +inf)":     func() error { _, _, err := EoCSigmaW2(th, -1); return err },
		"sigmaW2 = 0, want in (0, +inf)":      func() error { _, _, err := EoCSigmaB2(th, 0); return err },
	} {
		if err := run(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "meanfield: parameter out of range: "+want) {
			t.Errorf("%v, want ErrParam naming %q", err, want)
		}
	}
}

func ExampleNet_DepthScales() {
	phi, _ := activation.ByName("tanh")
	s, _ := Net{Phi: phi, SigmaW2: 2, SigmaB2: 0.05}.DepthScales()
	fmt.Printf("q*=%.6f χ₁=%.6f c*=%.6f ξ_c=%.3f\n", s.QStar, s.Chi1, s.CStar, s.XiC)
	// Output: q*=0.721762 χ₁=1.047666 c*=0.744082 ξ_c=25.213
}
