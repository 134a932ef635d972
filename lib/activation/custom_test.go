package activation

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/num/dual"
)

// TestShippedPassCheck: every shipped activation's declared properties
// (odd, homogeneous degree, piecewise linear, φ′) pass Check, the same
// test a user's Func meets; and the declared Degree agrees with the
// moments it implies: E φ(√q z)²/q and μ₁ the same at q = 0.3 and 7.
func TestShippedPassCheck(t *testing.T) {
	for _, f := range all(t) {
		if err := Check(f); err != nil {
			t.Error(err)
		}
		if f.Homogeneous() {
			g := f.WithoutClosedForms()
			for _, q := range []float64{0.3, 7} {
				if r := g.SecondMoment(q) / q; math.Abs(r-g.SecondMoment(1)) > 1e-12 {
					t.Errorf("%v homogeneous: E φ²/q at q=%v is %v, at 1 %v", f, q, r, g.SecondMoment(1))
				}
			}
		}
	}
	// Degrees as the math says: linear, ReLU, leaky ReLU are degree 1,
	// the rest not homogeneous.
	for _, f := range all(t) {
		want := 0.0
		switch f.Name {
		case "linear", "relu", "leaky_relu":
			want = 1
		}
		if f.Degree != want {
			t.Errorf("%v: Degree %v, want %v", f, f.Degree, want)
		}
	}
}

// TestFromDual: a user's φ(h) = tanh(h) + h/10, written over dual
// numbers: φ′ from automatic differentiation equals the hand derivative
// 1 − tanh² + 1/10 to 1e-15, and the Func passes Check.
func TestFromDual(t *testing.T) {
	f, err := FromDual("tanh+lin", func(x dual.Number) dual.Number {
		return dual.Add(dual.Tanh(x), dual.Scale(0.1, x))
	}, Props{Odd: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []float64{-3, -0.5, 0, 0.2, 1, 4} {
		th := math.Tanh(h)
		if d := f.DPhi(h); math.Abs(d-(1-th*th+0.1)) > 1e-15 {
			t.Errorf("φ′(%v) = %v, want %v", h, d, 1-th*th+0.1)
		}
		if p, d := f.Both(h); p != f.Phi(h) || d != f.DPhi(h) {
			t.Errorf("Both(%v) = %v, %v", h, p, d)
		}
	}
}

// TestCheckCatches: Check refuses each wrong declaration.
func TestCheckCatches(t *testing.T) {
	sq := func(h float64) float64 { return h * math.Abs(h) }
	cases := []struct {
		name      string
		phi, dphi func(float64) float64
		p         Props
		want      string
	}{
		{"wrong φ′", math.Sin, func(h float64) float64 { return math.Cos(h) * 1.001 }, Props{}, "central difference"},
		{"not odd", math.Cos, func(h float64) float64 { return -math.Sin(h) }, Props{Odd: true}, "declared odd"},
		{"wrong degree", sq, func(h float64) float64 { return 2 * math.Abs(h) }, Props{Degree: 1}, "degree 1"},
		{"not piecewise linear", math.Sin, math.Cos, Props{Scale: math.Inf(1)}, "piecewise linear"},
		{"NaN", func(h float64) float64 { return math.Log(h) }, func(h float64) float64 { return 1 / h }, Props{}, "not finite"},
	}
	for _, c := range cases {
		_, err := New(c.name, c.phi, c.dphi, c.p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// Correct declarations pass: |h|·h is odd and homogeneous of degree 2.
	if _, err := New("h|h|", sq, func(h float64) float64 { return 2 * math.Abs(h) }, Props{Odd: true, Degree: 2, Kinks: []float64{0}}); err != nil {
		t.Error(err)
	}
}

// TestByNameRanges: each parametrised activation refuses a value outside
// its math range with an error naming the parameter and the range, and
// the CLI range [Min, Max] of every Spec lies inside the math range.
func TestByNameRanges(t *testing.T) {
	for _, c := range []struct {
		name string
		p    float64
		want string
	}{{"shtanh", 0, "shtanh a must be in (0, +Inf)"}, {"leaky_relu", 1.5, "leaky_relu slope must be in [0, 1]"},
		{"swish", -1, "swish beta must be in (0, +Inf)"}, {"swish", math.Inf(1), "swish beta"}} {
		if _, err := ByName(c.name, c.p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ByName(%s, %v): %v, want %q", c.name, c.p, err, c.want)
		}
	}
	for _, s := range Specs() {
		if s.Param == "" {
			continue
		}
		for _, p := range []float64{s.Min, s.Max, s.Default} {
			if err := s.check(p); err != nil {
				t.Errorf("%s: CLI value %v outside the math range: %v", s.Name, p, err)
			}
		}
	}
}
