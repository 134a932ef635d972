package randmlp

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestSampleSpectra: the draws do not depend on the worker count, draw i
// is reproducible alone, and two width-200 hard-tanh networks (L = 3,
// q* = 0.25) agree with the master equation within the DKW bound at level
// 0.001 for their 400 pooled eigenvalues (0.097; the notes' (lib/sources/tanner2024.md) MC checks 17
// and 18 saw CDF errors below 0.02 at N = 1000).
func TestSampleSpectra(t *testing.T) {
	specs := []SpectrumSpec{
		{Figure: "a", Phi: "hardtanh", Weights: "orthogonal", Depth: 3, QStar: 0.25, Width: 200, Draws: 2, Seed: 1},
		{Figure: "b", Phi: "linear", Weights: "gaussian", Depth: 2, QStar: 1, Width: 100, Draws: 1, Seed: 2},
	}
	one, err := SampleSpectra(specs, 1)
	if err != nil {
		t.Fatal(err)
	}
	two, err := SampleSpectra(specs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, two) {
		t.Fatal("1 and 2 workers differ")
	}
	e, err := specs[0].Draw(1)
	if err != nil || !reflect.DeepEqual(e, one[0].Eigs[1]) {
		t.Fatalf("draw 1 alone differs (%v)", err)
	}
	c, err := one[0].Check(freeprob.Continuation{Eps: 1e-8, Steps: 50})
	if err != nil {
		t.Fatal(err)
	}
	if tol := empirical.DKW(c.N, 0.001); c.KS > tol || c.KS <= 0 {
		t.Errorf("KS = %v, want in (0, %v]", c.KS, tol)
	}
	if n := c.N + c.Atoms[0].Counts[0] + c.Atoms[0].Counts[1]; n+countsOf(c.Atoms[1:]) != 400 || c.Networks != 2 {
		t.Errorf("%d continuous eigenvalues and atom counts %+v over %d networks, want 400 eigenvalues over 2", c.N, c.Atoms, c.Networks)
	}
}

// TestCheckFigure: each check is Check of its sample; AtWidth recomputes
// the same seeds at another width, and KSAtWidth is the KS of Check there.
func TestCheckFigure(t *testing.T) {
	spec := SpectrumSpec{Figure: "a", Phi: "erf", Weights: "orthogonal", Depth: 2, QStar: 0.25, Width: 120, Draws: 2, Seed: 3}
	ss, err := SampleSpectra([]SpectrumSpec{spec}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c := freeprob.Continuation{Eps: 1e-8, Steps: 50}
	checks := CheckFigure(ss, c)
	want, err := ss[0].Check(c)
	if err != nil || checks[0].Err != nil || !reflect.DeepEqual(checks[0].SpectrumCheck, want) {
		t.Fatalf("CheckFigure %+v (%v), Check %+v (%v)", checks[0], checks[0].Err, want, err)
	}
	if w := empirical.DKW(240, CheckAlpha); checks[0].N != 240 || checks[0].Tol != w {
		t.Errorf("erf (no atoms): N = %d, tol %v, want 240 and DKW(240, α) = %v", checks[0].N, checks[0].Tol, w)
	}
	small, err := ss[0].AtWidth(60)
	if err != nil || len(small.Eigs[1]) != 60 {
		t.Fatalf("AtWidth: %v", err)
	}
	spec.Width = 60
	if e, _ := spec.Draw(1); !reflect.DeepEqual(e, small.Eigs[1]) {
		t.Error("AtWidth draws differ from Draw at that width")
	}
	sc, err := small.Check(c)
	if err != nil {
		t.Fatal(err)
	}
	if ks, err := ss[0].KSAtWidth(60, c); err != nil || ks != sc.KS || !(ks > 0) || sc.N != 120 {
		t.Errorf("KSAtWidth %v (%v), AtWidth+Check %v on %d eigenvalues", ks, err, sc.KS, sc.N)
	}
	if _, err := ss[0].KSAtWidth(0, c); err == nil {
		t.Error("KSAtWidth at width 0: no error")
	}
}

// TestSpectrumSpecParam: a parametrised activation is built with PhiParam
// (leaky_relu's slope 0.2: σ_w² = 2/(1 + 0.2²)), and one missing its
// parameter's valid value is an error naming it.
func TestSpectrumSpecParam(t *testing.T) {
	s := SpectrumSpec{Figure: "a", Phi: "leaky_relu", PhiParam: 0.2, Weights: "orthogonal", Depth: 2, QStar: 1, Width: 50, Draws: 1, Seed: 1}
	n, err := s.Network()
	if err != nil || math.Abs(n.SigmaW2-2/1.04) > 1e-14 {
		t.Errorf("leaky_relu(0.2): σ_w² = %v %v, want %v", n.SigmaW2, err, 2/1.04)
	}
	s.Phi, s.PhiParam = "swish", 0
	if _, err := s.Network(); err == nil || !strings.Contains(err.Error(), "beta") {
		t.Errorf("swish with beta = 0: %v, want an error naming beta", err)
	}
}

// countsOf is the total count of the atom checks as.
func countsOf(as []AtomCheck) int {
	n := 0
	for _, a := range as {
		for _, k := range a.Counts {
			n += k
		}
	}
	return n
}
