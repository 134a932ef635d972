package tokenview

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// slowing is a made-up approach δ_ℓ = delta(ℓ), ℓ = 0..steps.
func slowing(steps int, delta func(l float64) float64) tokengeom.Slowing {
	s := tokengeom.Slowing{}
	for l := 0; l <= steps; l++ {
		s.Layers, s.Delta = append(s.Layers, float64(l)), append(s.Delta, delta(float64(l)))
	}
	return s
}

// On an exact δ = 1/ℓ edge and an exact (1 + λ_a)^ℓ ordered run both
// checks read 0, their fit windows come from the runs' lengths, and the
// caption and Params are the models'.
func TestCriticalSlowing(t *testing.T) {
	edge, ord := sized(tokengeom.NewModel(a8, a8, 1.7), 32, 16), sized(tokengeom.NewModel(a8, a8, 1.4), 32, 16)
	lam := tokengeom.LambdaA(ord)
	v := criticalSlowingView(show.Figure{ID: "critical-slowing"}, edge, slowing(2000, func(l float64) float64 { return 1 / max(l, 1) }),
		ord, slowing(30, func(l float64) float64 { return 1e-7 * math.Pow(1+lam, l) }))
	f := v.Figures()[0]
	if f.Params["sigma_w_edge"] != 1.7 || f.Params["sigma_w_ordered"] != 1.4 || f.Params["n"] != 32 || f.Params["d"] != 16 || f.Params["alpha"] != a8 ||
		!strings.Contains(f.Caption, "σ_w = 1.700000") || !strings.Contains(f.Caption, "α = 8^{-1/2}") || len(f.Series) != 3 || f.Series[1].Name != "σ_w = 1.4 (λ_a < 0)" {
		t.Errorf("figure: %+v", f)
	}
	if ref := f.Series[2]; math.Abs(ref.Y[0]-1) > 1e-12 || ref.X[1] != 2000 {
		t.Errorf("1/L reference through the last point: %v at %v, want 1 at L = 1", ref.Y, ref.X)
	}
	as := v.Agreements()
	if len(as) != 2 || !strings.Contains(as[0].Name, "L ∈ [200, 2000]") || !strings.Contains(as[1].Name, "L ∈ [20, 30]") {
		t.Fatalf("checks: %+v", as)
	}
	for _, a := range as {
		if math.Abs(a.Value) > 1e-9 || a.Figure != "critical-slowing" {
			t.Errorf("%s: %v on an exact run (figure %q)", a.Name, a.Value, a.Figure)
		}
	}
	if !strings.Contains(as[0].Basis, "over [20, 200] it is -1.000") {
		t.Errorf("basis: %q", as[0].Basis)
	}
	// The ordered check reads the linear rate only where δ is small and above
	// rounding: from δ = 0.5 (the quadratic term) or down to 1e-13 (rounding)
	// it is not applicable, whatever its value.
	for _, c := range []struct {
		delta0 float64
		want   string
	}{{0.5, "above 1e-05"}, {1e-12, "below 1e-11"}} {
		v := criticalSlowingView(show.Figure{ID: "critical-slowing"}, edge, slowing(2000, func(l float64) float64 { return 1 / max(l, 1) }),
			ord, slowing(30, func(l float64) float64 { return c.delta0 * math.Pow(1+lam, l) }))
		if len(v.Agreements()) != 1 || len(v.Texts()) != 1 || !strings.Contains(v.Texts()[0], "not applicable at your settings: ordered phase") || !strings.Contains(v.Texts()[0], c.want) {
			t.Errorf("ordered run from δ = %g: checks %v, lines %q", c.delta0, v.Agreements(), v.Texts())
		}
	}
}

// The gap is the largest σ_w(λ_g = 0) − σ_w(λ_a = 0): here 0.05, a
// contour above the other, which fails the claim.
func TestEdgeGap(t *testing.T) {
	base := sized(tokengeom.NewModel(0, 0, 1), 32, 16)
	v := edgeGapView(show.Figure{ID: "edge-gap"}, base, 8, []float64{0.1, 0.2, 0.3}, []float64{2, 2, 2}, []float64{1.9, 2.05, 1.8})
	f := v.Figures()[0]
	if f.Params["n"] != 32 || f.Params["d"] != 16 || f.Params["L"] != 8 || !strings.Contains(f.Caption, "λ_g^(8) = 0 contours (n = 32)") || f.Series[1].Name != "λ_g^(8) = 0" {
		t.Errorf("figure: %+v", f)
	}
	m, err := v.Agreements()[0].Metric()
	if err != nil || math.Abs(float64(m.Value)-0.05) > 1e-12 || m.Pass {
		t.Errorf("gap %v (want 0.05, failing), pass %v, err %v", m.Value, m.Pass, err)
	}
	// Fig. 5's claim only at the paper's n, d and L = 16 (any α grid).
	fig := show.Figure{ID: "edge-gap", Paper: papers.Claim(papers.Cowsik2024Fig5)}
	at := func(base tokengeom.Model, L int) show.Figure {
		return edgeGapView(fig, base, L, []float64{0.1, 0.2}, []float64{2, 2}, []float64{1.9, 1.95}).Figures()[0]
	}
	if f := at(tokengeom.NewModel(0, 0, 1), 16); len(f.Paper) == 0 || strings.Contains(f.Caption, show.YourSettings) {
		t.Errorf("at the paper's settings: claim %q, caption %q", f.Paper, f.Caption)
	}
	for _, c := range []struct {
		base tokengeom.Model
		L    int
	}{{base, 16}, {tokengeom.NewModel(0, 0, 1), 8}} {
		if f := at(c.base, c.L); len(f.Paper) > 0 || !strings.HasSuffix(f.Caption, show.YourSettings) {
			t.Errorf("n = %d, L = %d: claim %q, caption %q", c.base.N, c.L, f.Paper, f.Caption)
		}
	}
}

// The views notebook 02 shows for the theory-only figures rendered by
// kind (kernel-ext/render over tokencheck's result functions), as its
// cells make them; the tests above read them as they read the builders'.

func attMapView(f show.Figure, rhos []float64, n int, d float64, sigmaA2s []float64) show.View {
	return render.Curves(f, tokencheck.AttMapCurves(rhos, n, d, sigmaA2s))
}

func criticalSlowingView(f show.Figure, edge tokengeom.Model, er tokengeom.Slowing, ord tokengeom.Model, or tokengeom.Slowing) show.View {
	return render.Curves(f, tokencheck.CriticalSlowingCurves(edge, er, ord, or), render.After(), render.Legend(show.BottomLeft))
}

func edgeGapView(f show.Figure, base tokengeom.Model, L int, alphas, sa, sg []float64) show.View {
	return render.Curves(f, tokencheck.EdgeGapCurves(base, L, alphas, sa, sg), render.After(), render.Legend(show.TopLeft))
}
