package spectrumview

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// mc is notebook 04's continuation of the checks.
var mc = freeprob.Continuation{Eps: 1e-8, Steps: 50}

// The live figures of notebook 04 state the run's width, draws and seed;
// their checks take their SE from the run; the attention bands of the
// notes are not applicable below T = 256, where the figure claims nothing.
func TestLiveFigures(t *testing.T) {
	sim, err := randmlp.SampleSpectra([]randmlp.SpectrumSpec{
		{Figure: "mp-density", Phi: "linear", Weights: "gaussian", Depth: 1, QStar: 1, Width: 40, Draws: 3, Seed: 1},
		{Figure: "s-transform-product", Phi: "linear", Weights: "gaussian", Depth: 2, QStar: 1, Width: 40, Draws: 4, Seed: 2}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	exact := freeprob.Continuation{Eps: 1e-10}
	// Linspace(0.02, 3.98, 100), the notebook's grid, ends at 3.9800000000000004: the basis states 3.98.
	v, err := mpView(show.Figure{ID: "mp-density"}, empirical.Linspace(0.02, 3.98, 100), exact, sim[0], mc)
	if err != nil {
		t.Fatal(err)
	}
	v.Show() // validates and renders every item
	f := v.Figures()[0]
	if f.Caption != "Marchenko–Pastur: closed form, P18 Algorithm 1 (ε = 1e-10), and three width-40 Gaussian layers." || f.Params["N"] != 40 || *f.Seed != 1 ||
		len(v.Agreements()) != 3 || v.Agreements()[0].Value > 1e-8 || !strings.HasSuffix(v.Agreements()[0].Basis, "times the density's curvature on [0.02, 3.98]") || !strings.HasPrefix(v.Agreements()[1].Name, "mp-density L=1: KS(N=40 simulation, theory)") {
		t.Errorf("mp-density: caption %q, Params %v, checks %+v", f.Caption, f.Params, v.Agreements())
	}
	sc, err := sim[1].STransformCurves(empirical.Linspace(-0.8, -0.05, 5)) // width 40: not the notebook's sizes, so no claim
	if err != nil {
		t.Fatal(err)
	}
	v = render.Curves(show.Figure{ID: "s-transform-product", Paper: papers.Claim(papers.TannerTable2)}, sc, render.After())
	v.Show()
	// P(|t_3| > 5) = 0.0154 (two-sided Student t with 3 degrees of freedom).
	if a := v.Agreements()[0]; v.Figures()[0].Caption != "S-transform of two free Gaussian layers: S_MP·S_MP = (1+z)^(-2) vs the mean of 4 width-40 estimates."+show.YourSettings || len(v.Figures()[0].Paper) > 0 ||
		a.Basis != "max |z| over 5 points ≤ 5; SE from the spread of 4 products of width 40 (t with 3 dof: P(|t| > 5) ≈ 0.02 per point)" {
		t.Errorf("STransform: caption %q, basis %q", v.Figures()[0].Caption, a.Basis)
	}
	for _, T := range []int{64, 512} {
		g, err := attnspec.GapSettings{T: T, S: 1, Seed: 90 + uint64(T), Stream: 1}.Run()
		if err != nil {
			t.Fatal(err)
		}
		v := gapView(show.Figure{ID: "attn-gap", Paper: papers.Claim(papers.TannerAttnFig2)}, g)
		v.Show()
		if f := v.Figures()[0]; f.Seed == nil || *f.Seed != 90+uint64(T) || f.Params["T"] != float64(T) || !strings.Contains(f.Caption, fmt.Sprintf("%d×%d softmax matrix (s = 1)", T, T)) {
			t.Errorf("T = %d: seed %v (want the run's %d), Params %v, caption %q", T, f.Seed, 90+T, f.Params, f.Caption)
		}
		if T == 512 {
			if f := v.Figures()[0]; len(f.Paper) == 0 || len(v.Agreements()) != 4 || math.Abs(v.Agreements()[1].Value) > 0.15 {
				t.Errorf("T = 512: claim %q, checks %+v", f.Paper, v.Agreements())
			}
			continue
		}
		showtest.AtYourSettings(t, "the attention gap at T = 64", v, map[string]float64{"T": 64, "s": 1}, []string{"|λ₁ − 1|"},
			[]string{"|λ₂|/r_T − 1", "fraction of the bulk outside 1.1 r_T", "σ₂/(2 r_T) − 1"})
	}
}

// mpView is the Marchenko–Pastur law as notebook 04 draws it:
// render.SampleCurves over randmlp.SpectrumSample.MPCurves, the figure
// before its checks and the sample's.
func mpView(f show.Figure, lams []float64, c freeprob.Continuation, s randmlp.SpectrumSample, check freeprob.Continuation) (show.View, error) {
	r, err := s.MPCurves(f.ID, lams, c, check)
	if err != nil {
		return nil, err
	}
	return render.SampleCurves(f, r, render.After()), nil
}

// gapView is the attention gap as notebook 04 draws it: render.Curves
// over attnspec.GapResult.Curves, the figure before its checks.
func gapView(f show.Figure, g attnspec.GapResult) show.View {
	return render.Curves(f, g.Curves(), render.Legend(show.TopLeft), render.After())
}
