package shapedview

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// items renders every figure, table and agreement of v as a notebook
// would and returns the figure and table ids and the metric names, in
// order, one string per kind.
func items(t *testing.T, v show.View) (figs, tabs, metrics string) {
	t.Helper()
	var f, tb, m []string
	for _, x := range v.Figures() {
		if _, _, err := picture.RenderFigure(x); err != nil {
			t.Errorf("figure %s: %v", x.ID, err)
		}
		f = append(f, x.ID)
	}
	for _, x := range v.Tables() {
		if _, _, err := show.RenderTable(x); err != nil {
			t.Errorf("table %s: %v", x.ID, err)
		}
		tb = append(tb, x.ID)
	}
	for _, a := range v.Agreements() {
		if _, err := a.Metric(); err != nil {
			t.Errorf("metric %q: %v", a.Name, err)
		}
		m = append(m, a.Name)
	}
	return strings.Join(f, " "), strings.Join(tb, " "), strings.Join(m, " | ")
}

// run is a fake Run of nets two-token networks over depth layers whose
// mean correlation rises linearly from rho0 to rhoL, each network ending
// at correlation final[i mod len(final)]; its configuration is that of
// the paper's shaped Transformer of Fig. 1 at width 200, γ = 1/√8, τ₀ = 1
// (see at).
// g8 is Fig. 1's γ = 1/√8.
var g8 = 1 / math.Sqrt(8)

func run(nets, depth int, rho0, rhoL float64, final ...float64) *shapednet.Run {
	r := &shapednet.Run{M: 2, Nets: nets, Depth: depth, Final: make([]float64, 4*nets), StopLayer: make([]int, nets),
		Config: shapednet.Config{Width: 200, Depth: depth, Gamma: g8, Tau0: 1, CMinus: -1}, V0: []float64{1, rho0, rho0, 1}}
	for l := 0; l <= depth; l++ {
		c := rho0 + (rhoL-rho0)*float64(l)/float64(depth)
		r.MeanCorr, r.MeanAbsCorr, r.MeanAbsCov = append(r.MeanCorr, c), append(r.MeanAbsCorr, c), append(r.MeanAbsCov, c)
	}
	for i := 0; i < nets; i++ {
		c := final[i%len(final)]
		copy(r.Final[4*i:], []float64{1, c, c, 1})
		r.StopLayer[i] = -1
	}
	// The SE over networks of the last layer's mean (the one pair at
	// m = 2), as shapednet records it.
	r.MeanCorrSE = make([]float64, depth+1)
	_, r.MeanCorrSE[depth] = empirical.MeanSE(r.FinalCorr(0, 1))
	return r
}

// at sets r's recorded width and γ.
func at(r *shapednet.Run, width int, gamma float64) *shapednet.Run {
	r.Config.Width, r.Config.Gamma = width, gamma
	return r
}

func result(paths int, T, step float64, final ...float64) *sde.Result {
	r := &sde.Result{M: 2, Paths: paths, T: T, Step: step, Final: make([]float64, 4*paths), Stopped: make([]bool, paths), PSDViolations: make([]int, paths)}
	for p := 0; p < paths; p++ {
		c := final[p%len(final)]
		copy(r.Final[4*p:], []float64{1, c, c, 1})
	}
	return r
}

func TestFig1Left(t *testing.T) {
	runs := []*shapednet.Run{run(4096, 150, 0.2, 0.21, 0.1, 0.32), run(4096, 150, 0.2, 1, 1), run(4096, 150, 0.2, 0.9, 0.9)}
	runs[0].Seed = 100
	v := fig1LeftView(runs)
	if f := v.Figures()[0]; f.Seed == nil || *f.Seed != 100 || f.Params["width"] != 200 || f.Params["gamma"] != g8 {
		t.Errorf("fig1-left seed %v, Params %v: want the shaped run's seed 100, width 200, γ 1/√8", f.Seed, f.Params)
	}
	figs, _, metrics := items(t, v)
	if figs != "fig1-left" || !strings.Contains(metrics, "shaped Transformer: mean ρ₁₅₀ − ρ₀ | vanilla: 1 − mean ρ₅₀") {
		t.Errorf("figures %q, metrics %q", figs, metrics)
	}
	// Value ρ₁₅₀ − 0.2 = 0.01; SE of the final correlations {0.1, 0.32} alternating is 0.11/√4095.
	a := v.Agreements()[0]
	if math.Abs(a.Value-0.01) > 1e-12 || math.Abs(a.Tol-4.5*0.11*math.Sqrt(4096.0/4095)/math.Sqrt(4096)) > 1e-9 {
		t.Errorf("value %v, tol %v", a.Value, a.Tol)
	}
	if got := v.Agreements()[1].Value; math.Abs(got-(1-(0.2+0.8*50.0/150))) > 1e-12 {
		t.Errorf("vanilla 1 − ρ₅₀ = %v", got)
	}
	mustpanic.WithPrefix(t, "two runs", "shapednet:", func() { fig1LeftView(runs[:2]) })
	if f := v.Figures()[0]; len(f.Paper) == 0 {
		t.Error("fig1-left at the paper's settings claims nothing")
	}
	mustpanic.WithPrefix(t, "runs of 1000 and 4096 networks", "shapednet:", func() { fig1LeftView([]*shapednet.Run{run(1000, 150, 0, 0, 0), runs[1], runs[2]}) })
	if f := fig1LeftView([]*shapednet.Run{at(run(4096, 150, 0.2, 0.21, 0.1, 0.32), 100, g8), runs[1], runs[2]}).Figures()[0]; len(f.Paper) > 0 || f.Params["width"] != 100 {
		t.Errorf("fig1-left of a width-100 shaped run: claim %q, Params %v; want no claim and width 100", f.Paper, f.Params)
	}
	// The paper's sizes at another γ or τ₀ (the notebook's -p Gamma, Tau0):
	// no claim, the values run in the caption and Params, the claims not applicable.
	for _, tc := range []struct{ gamma, tau0 float64 }{{0.4, 1}, {g8, 2}} {
		r := at(run(4096, 150, 0.2, 0.21, 0.1, 0.32), 200, tc.gamma)
		r.Config.Tau0 = tc.tau0
		v := fig1LeftView([]*shapednet.Run{r, runs[1], runs[2]})
		f := v.Figures()[0]
		if len(f.Paper) > 0 || !strings.HasSuffix(f.Caption, show.YourSettings) || !strings.Contains(f.Caption, fmt.Sprintf("(γ = %s, τ₀ = %g)", shapednet.GammaText(tc.gamma), tc.tau0)) ||
			f.Params["gamma"] != tc.gamma || f.Params["tau0"] != tc.tau0 {
			t.Errorf("fig1-left at γ = %g, τ₀ = %g: claim %q, caption %q, Params %v", tc.gamma, tc.tau0, f.Paper, f.Caption, f.Params)
		}
		if n := len(v.Agreements()); n != 0 || !strings.Contains(strings.Join(v.Texts(), ""), "not applicable at your settings: shaped Transformer: mean ρ₁₅₀ − ρ₀") {
			t.Errorf("fig1-left at γ = %g, τ₀ = %g: %d checks apply, texts %q; want the paper's two claims not applicable", tc.gamma, tc.tau0, n, v.Texts())
		}
	}
}

func TestFig1PreLNAndFig4(t *testing.T) {
	ln, rms := run(8, 150, 0.2, 0.8, 0.7, 0.9), run(1024, 150, 0.2, 0.75, 0.75)
	figs, _, metrics := items(t, preLNView(ln, rms))
	if figs != "fig1-preln" || metrics != "Pre-LN: LayerNorm − RMS mean ρ₁₅₀" {
		t.Errorf("figures %q, metrics %q", figs, metrics)
	}
	if v := preLNView(ln, rms).Agreements()[0].Value; math.Abs(v-0.05) > 1e-12 {
		t.Errorf("LayerNorm − RMS = %v, want 0.05", v)
	}
	mustpanic.WithPrefix(t, "depths 100 and 150", "shapednet:", func() { preLNView(run(16, 100, 0, 0, 0), rms) })
	mustpanic.WithPrefix(t, "widths 100 and 200", "shapednet:", func() { preLNView(at(run(8, 150, 0.2, 0.8, 0.7), 100, 1), rms) })
	runs := []*shapednet.Run{at(run(8192, 150, 0.2, 0.2, 0.2), 300, 1/math.Sqrt2), at(run(8192, 150, 0.2, 1, 1), 300, 1/math.Sqrt2)}
	runs[0].Config.Attention, runs[1].Config.Attention, runs[0].Seed = block.Shaped, block.Softmax, 1000
	v := fig4View(runs)
	if figs, _, _ := items(t, v); figs != "fig4-left fig4-right" || v.Figures()[0].Series[0].Name != shapednet.PaperName(block.Shaped)+" (0 stopped)" ||
		v.Figures()[1].Series[1].Name != shapednet.PaperName(block.Softmax) || len(v.Figures()[0].Paper) == 0 || *v.Figures()[1].Seed != 1000 {
		t.Errorf("Fig4: figures %q, series %q, %q, claim %q, seed %v", figs, v.Figures()[0].Series[0].Name, v.Figures()[1].Series[1].Name, v.Figures()[0].Paper, *v.Figures()[1].Seed)
	}
	mustpanic.WithPrefix(t, "runs of γ 1/√2 and 1/√8", "shapednet:", func() { fig4View([]*shapednet.Run{runs[0], run(8192, 150, 0.2, 1, 1)}) })
	for i := range runs {
		runs[i].Config.Tau0 = 2
	}
	if f := fig4View(runs).Figures()[0]; len(f.Paper) > 0 || !strings.Contains(f.Caption, "γ = 1/√2, τ₀ = 2") || f.Params["tau0"] != 2 {
		t.Errorf("fig4 at τ₀ = 2: claim %q, caption %q, Params %v; want no claim and τ₀ = 2 stated", f.Paper, f.Caption, f.Params)
	}
}

// TestFig4Claims: the shaped run is stable (its covariance moves by less
// than shapednet.Fig4Degenerate decades, its |ρ| stays at most 0.9: the central
// claim), the ablations degenerate (no identity: decays by at least that
// many decades; no centering: grows by at least that many); a shaped run
// whose covariance grows by 10⁷ or whose |ρ| reaches 0.95, and an
// ablation that decays by 10⁵ only, fail; the vanilla run claims nothing.
func TestFig4Claims(t *testing.T) {
	mk := func(a block.Attention, rhoL, covL float64) *shapednet.Run {
		r := at(run(8192, 150, 0.2, 0.2, 0.2), 300, 1/math.Sqrt2)
		r.Config.Attention = a
		r.MeanAbsCorr[150], r.MeanAbsCov[0], r.MeanAbsCov[150] = rhoL, 0.2, covL
		return r
	}
	outcomes := func(runs ...*shapednet.Run) (out []bundle.Outcome) {
		for _, a := range fig4View(runs).Agreements() {
			m, err := a.Metric()
			if err != nil || m.Paper != papers.Noci2023Fig4Ablation.Text {
				t.Fatalf("%s: %v, paper %q", a.Name, err, m.Paper)
			}
			out = append(out, m.Outcome())
		}
		return out
	}
	good := outcomes(mk(block.Shaped, 0.46, 0.5), mk(block.ShapedNoIdentity, 0.2, 1e-40), mk(block.ShapedNoCenter, 1, 1e12), mk(block.Softmax, 1, 0.6))
	if !slices.Equal(good, []bundle.Outcome{bundle.Passed, bundle.Passed, bundle.Passed, bundle.Passed}) {
		t.Errorf("stable shaped, degenerate ablations: %q", good)
	}
	if a := fig4View([]*shapednet.Run{mk(block.Shaped, 0.46, 0.5)}).Agreements(); a[0].Central || !a[1].Central { // the collapse check follows fig4-left, the central one fig4-right
		t.Errorf("central: %v %v, want the shaped covariance check only", a[0].Central, a[1].Central)
	}
	bad := outcomes(mk(block.Shaped, 0.95, 2e6), mk(block.ShapedNoIdentity, 0.2, 2e-6), mk(block.ShapedNoCenter, 1, 2e4))
	if !slices.Equal(bad, []bundle.Outcome{bundle.Failed, bundle.Failed, bundle.Failed, bundle.Failed}) {
		t.Errorf("shaped exploding and collapsing, ablations within 10⁵: %q", bad)
	}
	if n := len(fig4View([]*shapednet.Run{at(mk(block.Shaped, 0.46, 0.5), 100, 1/math.Sqrt2)}).Agreements()); n != 0 {
		t.Errorf("width 100: %d checks, want the claims not applicable", n)
	}
}

func TestOneStep(t *testing.T) {
	o := shapednet.OneStepCov{Width: 1024, Nets: 50000, Config: shapednet.Config{Width: 1024, Depth: 1, Gamma: 1, Tau0: 0.5}, Pairs: sde.TriPairs(3), Entries: []string{"V11", "V12", "V13", "V22", "V23", "V33"},
		NVar: []float64{1, 2, 3, 4, 5, 6}, Sigma: []float64{1, 2, 3, 4, 5, 6}, NoA: []float64{0.5, 1, 1.5, 2, 2.5, 3},
		Ratio: []float64{1, 1.01, 0.99, 1, 1, 1.02}, RatioNoA: []float64{2, 2, 2, 2, 2, 1.5}, RatioSE: 0.01}
	v := oneStepView(o)
	_, tabs, metrics := items(t, v)
	if tabs != "one-step-cov" || len(v.Tables()[0].Rows) != 6 || v.Tables()[0].Rows[1][0] != "V12" {
		t.Errorf("tables %q, rows %v", tabs, v.Tables()[0].Rows)
	}
	a := v.Agreements()
	if math.Abs(a[0].Value-2) > 1e-12 || math.Abs(a[1].Value-0.5) > 1e-12 || !strings.Contains(metrics, "without 𝒜") {
		t.Errorf("max |z| %v (want 2), min ratio without 𝒜 − 1 %v (want 0.5)", a[0].Value, a[1].Value)
	}
	o.Nets = 100 // fewer networks: the z test applies, the notes' (lib/sources/noci2023.md) claim does not
	v = oneStepView(o)
	if _, _, metrics := items(t, v); metrics != "n·Var(V₁)/Σ against 1 (with 𝒜)" || !strings.Contains(strings.Join(v.Texts(), ""), "not applicable at your settings: without 𝒜") {
		t.Errorf("100 networks: metrics %q, lines %q", metrics, v.Texts())
	}
}

func TestFig1RightAndTransformerT(t *testing.T) {
	nn, r := run(4096, 150, 0.2, 0.2, 0.1, 0.3), result(4096, 0.75, 0.01, 0.1, 0.3)
	figs, _, metrics := items(t, fig1RightView(nn, r))
	if figs != "fig1-right-m2 fig7" || strings.Count(metrics, "KS") != 3 {
		t.Errorf("m = 2: figures %q, metrics %q", figs, metrics)
	}
	// the same two values in the same proportions: KS distance 0
	if v := fig1RightView(nn, r).Agreements()[0].Value; v != 0 {
		t.Errorf("KS of equal samples = %v", v)
	}
	if f := fig1RightView(nn, result(4096, 0.75, 0.005, 0.2)).Figures()[0]; len(f.Paper) > 0 || !strings.Contains(f.Caption, "SDE (h = 0.005)") {
		t.Errorf("SDE step 0.005: claim %q, caption %q; want no claim and the step run", f.Paper, f.Caption)
	}
	mustpanic.WithPrefix(t, "m = 2 against m = 3", "shapednet:", func() { r3 := result(10, 0.75, 0.01, 0.2); r3.M = 3; fig1RightView(nn, r3) })
	tr := at(run(2048, 50, 0.2, 0.2, 0.2, 0.4), 100, 0.35)
	for _, tc := range []struct{ gamma, tau0 float64 }{{0.4, 1}, {g8, 2}} { // Fig. 1 right and Fig. 7 at the paper's sizes, another γ or τ₀
		nn := at(run(4096, 150, 0.2, 0.2, 0.1, 0.3), 200, tc.gamma)
		nn.Config.Tau0 = tc.tau0
		for _, f := range fig1RightView(nn, r).Figures() {
			if len(f.Paper) > 0 || !strings.Contains(f.Caption, fmt.Sprintf("γ = %s, τ₀ = %g", shapednet.GammaText(tc.gamma), tc.tau0)) || f.Params["gamma"] != tc.gamma {
				t.Errorf("%s at γ = %g, τ₀ = %g: claim %q, caption %q, Params %v", f.ID, tc.gamma, tc.tau0, f.Paper, f.Caption, f.Params)
			}
		}
	}
	tr.Seed = 500
	v := transformerTView([]*shapednet.Run{tr}, []*sde.Result{result(8192, 0.5, 0.005, 0.2, 0.4)})
	figs, _, metrics = items(t, v)
	if figs != "transformer-T" || !strings.Contains(v.Agreements()[0].Note, "n = 100, d = 50") || !strings.Contains(metrics, "T = 0.5") || *v.Figures()[0].Seed != 500 {
		t.Errorf("figures %q, metrics %q, note %q, seed %v", figs, metrics, v.Agreements()[0].Note, *v.Figures()[0].Seed)
	}
	mustpanic.WithPrefix(t, "runs of width 100 and 200", "shapednet:", func() {
		transformerTView([]*shapednet.Run{tr, run(2048, 150, 0.2, 0.2, 0.2)}, []*sde.Result{result(10, 0.5, 0.005, 0.2), result(10, 1.5, 0.005, 0.2)})
	})
}

func TestKSByWidthAndFig3(t *testing.T) {
	r := result(20000, 0.75, 0.0025, 0.1, 0.5)
	r.Seed = 700
	settings := shapednet.KSSettings{Config: shapednet.Config{Gamma: 1 / math.Sqrt2}, T: 0.75, Widths: []int{4, 256}, Nets: 4000}
	v := ksByWidthView(shapednet.KSWidths{Settings: settings, SDE: r, Ref: r.FiniteCorr(0, 1), KS: []float64{0.3, 0.01}, Last: []float64{0.1, 0.5}})
	figs, _, _ := items(t, v)
	if f := v.Figures()[0]; figs != "ks-vs-width" || !slices.Equal(f.Series[0].Y, []float64{0.3, 0.01}) || !slices.Equal(f.Series[0].X, []float64{4, 256}) || *f.Seed != 700 || f.Params["networks"] != 4000 {
		t.Errorf("figures %q, series %v, seed %v, Params %v", figs, f.Series[0], *f.Seed, f.Params)
	}
	mustpanic.WithPrefix(t, "one distance for two widths", "shapednet:", func() {
		ksByWidthView(shapednet.KSWidths{Settings: settings, SDE: result(10, 1, 0.01, 0), KS: []float64{0.3}})
	})
	l := shapednet.CorrLaws{Config: shapednet.Config{Width: 300, Depth: 100, CMinus: -1}, Rho0: 0.2, Step: 0.001, Nets: 8192, Paths: 20000, Gamma: []float64{0.5, 1}, Net: [][]float64{make([]float64, 8192), make([]float64, 8192)}, SDE: [][]float64{make([]float64, 20000), make([]float64, 20000)}}
	for k := range l.Gamma {
		for i := range l.Net[k] {
			l.Net[k][i] = float64(i%100)/100 - 0.5
		}
		for i := range l.SDE[k] {
			l.SDE[k][i] = float64(i%100)/100 - 0.5
		}
	}
	l.NetSeed = 800
	v = fig3View(l)
	figs, _, metrics := items(t, v)
	if f := v.Figures()[0]; *f.Seed != 800 || f.Params["width"] != 300 || f.Params["depth"] != 100 || len(f.Paper) == 0 {
		t.Errorf("fig3-left: seed %v, Params %v, claim %q; want the laws' seed 800, width 300, depth 100 and the paper's claim", *f.Seed, f.Params, f.Paper)
	}
	if figs != "fig3-left fig3-right" || strings.Count(metrics, "KS") != 2 || !(v.Agreements()[2].Value < 1) {
		t.Errorf("figures %q, metrics %q, q₉₅ max |z| %v (the same pattern of values: below 1)", figs, metrics, v.Agreements()[2].Value)
	}
}

func TestStopViews(t *testing.T) {
	_, tabs, _ := items(t, explosionView([]shapednet.Explosion{{Gamma: 0.5, SDEStopped: 3, SDEProjected: 1, SDEStoppedFine: 2, NetStopped: 0}}, 2048))
	if tabs != "explosion" {
		t.Errorf("tables %q", tabs)
	}
	if row := explosionView([]shapednet.Explosion{{Gamma: 0.5, SDEStopped: 3, SDEProjected: 1, SDEStoppedFine: 2}}, 2048).Tables()[0].Rows[0]; !slices.Equal(row, []string{"0.500", "3 / 2048", "1", "2 / 2048", "0 / 2048"}) {
		t.Errorf("row %q", row)
	}
	b := shapednet.StopByGamma{Gamma: []float64{0.05, 0.1, 0.2, 0.3, 0.5}, Median: []float64{1, 0.9, 0.8, 0.6, 0.4}, MedianSE: []float64{0.03, 0.03, 0.03, 0.03, 0.04},
		P10: []float64{0.9, 0.8, 0.6, 0.4, 0.2}, Trace: [][]float64{{100, 200}, {100, 300}, {100, 400}, {100, 500}, {100, 1e4}},
		Config: shapednet.Config{Width: 200, Depth: 200, Tau0: 1}, Study: shapednet.StopStudy{M: 2, TokenSD: 10, Lo: 1e-4, Hi: 1e4, Nets: 100}, Seed: 1300}
	v := fig5View(b)
	if s := v.Figures()[1].Seed; s == nil || *s != 1300 {
		t.Errorf("fig5-right seed %v, want b's 1300", s)
	}
	if figs, _, _ := items(t, v); figs != "fig5-left fig5-right" || math.Abs(v.Agreements()[0].Value-(-12)) > 1e-12 {
		t.Errorf("figures %q, value %v (want −0.6/0.05 = −12)", figs, v.Agreements()[0].Value)
	}
	g := shapednet.StopGrid{Gammas: []float64{0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1}, Tau0s: []float64{0.25, 0.5, 1, 2, 4}, Z: make([]float64, 40), SE: make([]float64, 40),
		Config: b.Config, Study: b.Study, Seed: 1400}
	for k := range g.Z {
		g.Z[k], g.SE[k] = 1-float64(k%8)/10+float64(k/8)/20, 0.01
	}
	v = fig8View(g)
	if s := v.Figures()[0].Seed; s == nil || *s != 1400 {
		t.Errorf("fig8 seed %v, want g's 1400", s)
	}
	if figs, _, metrics := items(t, v); figs != "fig8" || strings.Count(metrics, "Fig. 8") != 3 {
		t.Errorf("figures %q, metrics %q", figs, metrics)
	}
	// This grid falls monotonically in γ: the declared disagreement beyond
	// γ = 0.5 is not seen, so its check of the paper's claim passes; a grid
	// whose median rises there is the known disagreement.
	beyond, err := v.Agreements()[2].Metric()
	if err != nil || beyond.Disagreement == nil || beyond.Disagreement.Paper != shapednet.Fig8Beyond.Paper || !slices.Equal(beyond.Disagreement.Declared.DataSeeds, []uint64{1400 + 37, 1400 + 39}) || beyond.Outcome() != bundle.Passed {
		t.Errorf("γ = 0.5 → 1 on a falling grid: %+v, %v", beyond, err)
	}
	g.Z[4*8+7] = 1.2 // t*(γ index 7, τ₀ index 4) above t*(γ index 5)
	if m, _ := fig8View(g).Agreements()[2].Metric(); m.Outcome() != bundle.Known {
		t.Errorf("γ = 0.5 → 1 rising: outcome %q, want known disagreement", m.Outcome())
	}
	small := shapednet.StopGrid{Gammas: []float64{0.1, 0.5}, Tau0s: []float64{1}, Z: []float64{0.9, 0.5}, SE: []float64{0.1, 0.1}, Config: b.Config, Study: b.Study}
	if v := fig8View(small); len(v.Agreements()) != 0 || len(v.Figures()[0].Paper) > 0 {
		t.Errorf("a 2×1 grid: %d checks, claim %q; want the claims not applicable and no claim", len(v.Agreements()), v.Figures()[0].Paper)
	}
}
