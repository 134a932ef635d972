package tokenview

import (
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
)

// On the committed causal sweeps (notebooks/data/token-geometry) the
// shared α with one crossing each are 0.15, 0.25, …, 0.65 and 0.85 (λ_g
// crosses twice at α = 0.75, λ_a three times at 0.05); the gaps, read off
// the interpolated crossings, are +0.09, −0.02, +0.06, +0.48, +0.56,
// +1.16, +1.97 against the resolution 0.38 (λ_g's σ_w spacing): the three
// statements hold. Swapped sweeps put λ_g = 0 above λ_a = 0, and one
// sweep against itself has no gap: the checks fail.
func TestContourOrder(t *testing.T) {
	lg, la := readPlane(t, "lg-causal-alpha-sigma"), readPlane(t, "la-causal-alpha-sigma")
	f := show.Figure{ID: "fig6-contours", Paper: papers.Claim(papers.Cowsik2024Fig6)}
	v := contourView(f, lg, la)
	g := v.Figures()[0]
	if g.ID != f.ID || !slices.Equal(g.Paper, f.Paper) || len(g.Series) != 3 || g.Params["n"] != 256 {
		t.Fatalf("figure %s: paper %q, %d series, Params %v", g.ID, g.Paper, len(g.Series), g.Params)
	}
	gap := g.Series[2]
	want := []float64{0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.85}
	if len(gap.X) != len(want) {
		t.Fatalf("shared α %v, want %v", gap.X, want)
	}
	for i, a := range want {
		if math.Abs(gap.X[i]-a) > 1e-9 {
			t.Fatalf("shared α %v, want %v", gap.X, want)
		}
	}
	// The gaps as printed above (2 decimals of the interpolated crossings).
	for i, w := range []float64{0.09, -0.02, 0.06, 0.48, 0.56, 1.16, 1.97} {
		if math.Abs(gap.Y[i]-w) > 0.006 {
			t.Errorf("gap at α = %g: %.3f, want %.2f", gap.X[i], gap.Y[i], w)
		}
	}
	ms := v.Agreements()
	if len(ms) != 3 || !ms[1].Central {
		t.Fatalf("%d checks, central %v", len(ms), ms)
	}
	for _, m := range ms {
		if m.Paper != papers.Cowsik2024Fig6Order.Text || m.Figure != f.ID || math.Abs(math.Abs(m.Tol)-0.38) > 1e-9 {
			t.Errorf("check %q: paper %q, figure %q, tolerance %g", m.Name, m.Paper, m.Figure, m.Tol)
		}
		if r, err := m.Metric(); err != nil || !r.Pass {
			t.Errorf("check %q on the committed sweeps: value %g, tolerance %g, %v: want a pass", m.Name, m.Value, m.Tol, err)
		}
	}
	fails := func(name string, v show.View, which ...int) {
		t.Helper()
		for _, i := range which {
			if r, err := v.Agreements()[i].Metric(); err != nil || r.Pass {
				t.Errorf("%s: check %q passes (value %g)", name, v.Agreements()[i].Name, v.Agreements()[i].Value)
			}
		}
	}
	fails("swapped sweeps", contourView(f, la, lg), 0, 1)
	fails("no gap", contourView(f, la, la), 1)
	// At other sizes the figure claims nothing.
	small := lg
	small.N = 64
	if g := contourView(f, small, la).Figures()[0]; len(g.Paper) > 0 {
		t.Errorf("at n = 64 the figure claims %q", g.Paper)
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic on sweeps that share no α")
		}
	}()
	contourView(f, lg, tokencheck.SimPlane{X: []float64{9}, Y: []float64{0, 1}, Mean: []float64{-1, 1}, SE: []float64{0, 0}})
}
