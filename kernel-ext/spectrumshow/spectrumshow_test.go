package spectrumshow

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

var mc = freeprob.Continuation{Eps: 1e-8, Steps: 50}

// samples are two small hard-tanh configurations of one figure.
func samples(t *testing.T) []randmlp.SpectrumSample {
	t.Helper()
	specs := []randmlp.SpectrumSpec{
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 2, QStar: 0.25, Width: 100, Draws: 2, Seed: 1},
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 4, QStar: 0.25, Width: 100, Draws: 2, Seed: 2},
	}
	ss, err := randmlp.SampleSpectra(specs, 2)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// SimSeries and Fig2Series: one histogram per sample (the pooled
// singular values in 40 bins), after one theory curve per sample.
func TestFig2Series(t *testing.T) {
	ss := samples(t)
	xs := empirical.Linspace(0.05, 2, 20)
	series, err := Fig2Series(ss, xs, 2, mc)
	if err != nil {
		t.Fatal(err)
	}
	if len(series) != 4 || series[0].Name != "theory L=2" || series[1].Name != "theory L=4" || series[3].Name != "N=100 L=4" {
		t.Fatalf("series %v", names(series))
	}
	n, _ := ss[1].Network()
	p, _ := jacspectrum.SingularValueDensity(n, xs, mc)
	if !reflect.DeepEqual(series[1].Y, p) || series[1].Style != show.Line {
		t.Error("theory L=4 is not the singular-value density of its network")
	}
	c, d := randmlp.SingularValueHistogram(ss[0].Pooled(), empirical.Linspace(0, 2, 41))
	if !reflect.DeepEqual(series[2].X, c) || !reflect.DeepEqual(series[2].Y, d) || series[2].Style != show.Points || len(c) != 40 {
		t.Error("N=100 L=2 is not the histogram of its pooled singular values")
	}
}

// Fig4Series: the limit law, its atom (mass 1 − σ₀² = 3/4 at s = e^{σ₀²/2},
// F26), the theory at each depth (AtSigma0), then the simulations.
func TestFig4Series(t *testing.T) {
	ss := samples(t)
	xs := empirical.Linspace(0.05, 2, 20)
	series, err := Fig4Series(activation.HardTanh(), jacspectrum.BernoulliLimit{Sigma02: 0.25}, []int{2, 8}, 0.25, ss, xs, 2, mc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"limit law", "limit atom, mass 0.75", "theory L=2", "theory L=8", "N=100 L=2", "N=100 L=4"}
	if !reflect.DeepEqual(names(series), want) {
		t.Fatalf("series %v, want %v", names(series), want)
	}
	if a := series[1]; math.Abs(a.X[0]-math.Exp(0.125)) > 1e-12 || math.Abs(a.Y[0]-0.75) > 1e-12 {
		t.Errorf("atom at (%v, %v), want (e^{1/8}, 3/4)", a.X[0], a.Y[0])
	}
	n, _ := jacspectrum.AtSigma0(activation.HardTanh(), 8, 0.25)
	p, _ := jacspectrum.SingularValueDensity(n, xs, mc)
	if !reflect.DeepEqual(series[3].Y, p) {
		t.Error("theory L=8 is not AtSigma0's density")
	}
}

// scaled is s with every eigenvalue multiplied by f (a sample that its
// theory no longer describes).
func scaled(s randmlp.SpectrumSample, f float64) randmlp.SpectrumSample {
	out := s
	out.Eigs = make([][]float64, len(s.Eigs))
	for i, e := range s.Eigs {
		for _, v := range e {
			out.Eigs[i] = append(out.Eigs[i], f*v)
		}
	}
	return out
}

// Agreements: per sample, a TheoryVsSimulation metric of CheckFigure's KS
// of the continuous part and its DKW tolerance, then one per counted
// region (the floor region; the atom at σ_w^{2L} of these orthogonal
// hard-tanh networks), each quoting the claim passed; a sample scaled by
// 1.5 fails its KS check, which never turns into another check at run
// time; a deviation declared up front keeps the KS check, with its
// disagreement (a known disagreement when it fails) and the draws' seeds
// as its DataSeeds, and adds the width check, KS over KSAtWidth at 2/5
// of the width; a sample whose theory fails is reported, not compared.
func TestAgreements(t *testing.T) {
	ss := samples(t)
	checks := randmlp.CheckFigure(ss, mc)
	out, err := Agreements("f", "claim", ss, mc)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 6 {
		t.Fatalf("%d outcomes, want 3 per sample (KS, floor region, top atom)", len(out))
	}
	for i, ch := range checks {
		a, floor, top := out[3*i].Agreement, out[3*i+1].Agreement, out[3*i+2].Agreement
		if out[3*i].Err != nil || a.Kind != show.TheoryVsSimulation || a.Value != ch.KS || a.Tol != ch.Tol || a.Figure != "f" || a.Paper != "claim" ||
			a.Name != fmt.Sprintf("f L=%d: KS(N=100 simulation, theory), continuous part", ss[i].Depth) || !strings.HasPrefix(a.Basis, fmt.Sprintf("DKW bound at α = 0.001 for n = %d eigenvalues", ch.N)) {
			t.Errorf("sample %d: %+v (check %+v)", i, a, ch)
		}
		if floor.Value != ch.Atoms[0].Dev() || floor.Tol != ch.Atoms[0].Tol || floor.Rule != show.AtMost || floor.Paper != "claim" || !strings.Contains(floor.Name, "mass at λ ≤ 10⁻⁶·max") ||
			top.Value != ch.Atoms[1].Dev() || top.Tol != ch.Atoms[1].Tol || !strings.Contains(top.Name, "atom at λ = σ_w^{2L}") {
			t.Errorf("sample %d: atom checks %+v, %+v (checks %+v)", i, floor, top, ch.Atoms)
		}
		for _, o := range out[3*i : 3*i+3] {
			if m, _ := o.Agreement.Metric(); m.Outcome() != bundle.Passed {
				t.Errorf("sample %d: %q %q", i, m.Name, m.Outcome())
			}
		}
	}
	wrong := []randmlp.SpectrumSample{scaled(ss[0], 1.5)}
	out, err = Agreements("f", "claim", wrong, mc)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := out[0].Agreement.Metric(); len(out) != 3 || out[0].Kind != show.TheoryVsSimulation || m.Outcome() != bundle.Failed {
		t.Errorf("forced deviation, undeclared: %+v, outcome %q; want the failing KS check and the two counts", out, m.Outcome())
	}
	dev := Deviation{Depth: ss[0].Depth, Disagreement: show.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0"}}}
	out, err = Agreements("f", "claim", wrong, mc, dev)
	if err != nil {
		t.Fatal(err)
	}
	ks, _ := wrong[0].KSAtWidth(40, mc)
	m, err := out[0].Agreement.Metric()
	if err != nil || len(out) != 4 || m.Outcome() != bundle.Known || m.Disagreement.Why != "w" || m.Paper != "" || !reflect.DeepEqual(m.Disagreement.Declared.DataSeeds, []uint64{1, 2}) {
		t.Errorf("declared deviation: %+v, outcome %q (%v)", out, m.Outcome(), err)
	}
	if dev.Declared.DataSeeds != nil {
		t.Error("Agreements wrote into the caller's declaration")
	}
	if a := out[3].Agreement; a.Kind != show.SimulationVsSimulation || a.Value != out[0].Value/ks || a.Tol != 1 || a.Rule != show.AtMost ||
		!strings.HasSuffix(a.Name, ": the deviation shrinks with width") || !strings.Contains(a.Basis, "N = 100 over KS at N = 40") {
		t.Errorf("width check: %+v", a)
	}
	// Declared, the checks are made whatever the KS: the same on the true sample.
	if out, _ := Agreements("f", "claim", ss[:1], mc, dev); len(out) != 4 {
		t.Errorf("declared deviation within tolerance: %d outcomes, want 4", len(out))
	}
	mustpanic.WithPrefix(t, "undrawn depth", "spectrumshow: a deviation is declared at L=99", func() {
		Agreements("f", "claim", ss[:1], mc, Deviation{Depth: 99, Disagreement: dev.Disagreement})
	})
	bad := ss[0]
	bad.Phi = "nope"
	out, err = Agreements("f", "claim", []randmlp.SpectrumSample{bad}, mc)
	if err != nil || out[0].Err == nil || !strings.HasPrefix(out[0].Err.Error(), "f L=2: not compared, the theory solver failed: ") {
		t.Errorf("unknown activation: %v, %+v", err, out)
	}
}

// Panels.Fig2: the figure of Fig2Series with the caption and parameters of
// its first sample, then the Agreements of its samples; a figure with no
// stored spectra is an error.
func TestPanelsFig2(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"f": ss}, Theory: mc, Check: mc}
	got, err := p.Fig2(show.Figure{ID: "f", Paper: papers.Claim(papers.P18Fig2), LogY: true}, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	series, _ := Fig2Series(ss, empirical.Linspace(2.5/150, 2.5, 150), 2.5, mc)
	want, _ := Agreements("f", papers.P18Fig2Overlay.Text, ss, mc)
	f := got.Figures()[0]
	if f.ID != "f" || !slices.Equal(f.Paper, papers.Claim(papers.P18Fig2)) || !f.LogY || f.Params["N"] != 100 || f.Params["qstar"] != 0.25 || *f.Seed != 1 ||
		f.Caption != "Singular values of J at criticality: hardtanh, orthogonal weights, q* = 0.25; width-100 simulations." {
		t.Errorf("figure %+v", f)
	}
	if _, first := got[0].Figure(); !first || !reflect.DeepEqual(f.Series, series) || !reflect.DeepEqual(got[1:], View(want)) {
		t.Error("series or metrics differ from Fig2Series and Agreements")
	}
	if _, err := p.Fig2(show.Figure{ID: "g"}, 1); err == nil || !strings.Contains(err.Error(), `"g"`) {
		t.Errorf("missing figure: %v", err)
	}
}

// Panels.Fig4: the convergence metric of jacspectrum.ApproachLimit first
// (AtLeast 80% of the rate), then the Agreements of the stored samples.
func TestPanelsFig4(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"fig4-hardtanh": ss}, Theory: mc, Check: mc, Fig4Points: 160, Fig4RatePoints: 40, Fig4MaxDepth: 1 << 20}
	limit := jacspectrum.BernoulliLimit{Sigma02: Fig4Sigma02}
	got, err := p.Fig4(show.Figure{ID: "fig4-hardtanh", Paper: papers.Claim(papers.TannerFig4)}, activation.HardTanh(), limit, []int{2, 8, 32}, 1)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := jacspectrum.ApproachLimit(activation.HardTanh(), limit, 32, Fig4Sigma02, empirical.Linspace(0.05, 3, 40), mc)
	want, _ := Agreements("fig4-hardtanh", papers.P18Fig4Spectra.Text, ss, mc)
	if len(got) != 2+len(want) || !reflect.DeepEqual(got[2:], View(want)) {
		t.Fatalf("%d items, want a figure, then 1 + %d metrics", len(got), len(want))
	}
	c, _ := got[1].Agreement()
	if c.Value != a.Exponent || c.Tol != 0.8 || c.Name != "hardtanh: convergence exponent of KS(theory L, limit law), L=8→32" || c.Figure != "fig4-hardtanh" || c.Paper != papers.P18Fig4Rate.Text || !c.Central {
		t.Errorf("convergence metric %+v (exponent %v)", c, a.Exponent)
	}
	if f, _ := got[0].Figure(); f.ID != "fig4-hardtanh" || !slices.Equal(f.Paper, papers.Claim(papers.TannerFig4)) || f.Params["sigma0_2"] != 0.25 || f.Params["N"] != 100 || len(f.Series) != 1+1+3+2 ||
		f.Caption != "hardtanh, orthogonal, σ²_JJᵀ = 1/4 at every depth: convergence to the universal law; width-100 simulations." {
		t.Errorf("figure %s with params %v and %d series", f.ID, f.Params, len(f.Series))
	}
	if _, err := p.Fig4(show.Figure{ID: "fig4-erf"}, activation.Erf(), limit, []int{2}, 1); err == nil {
		t.Error("no stored erf spectra: no error")
	}
	// Below the deepest stored sample: fewer samples drawn and checked, on
	// the grids asked for, and the panel claims nothing.
	p.Fig4Points, p.Fig4RatePoints, p.Fig4MaxDepth = 20, 10, ss[0].Depth
	got, err = p.Fig4(show.Figure{ID: "fig4-hardtanh", Paper: papers.Claim(papers.TannerFig4)}, activation.HardTanh(), limit, []int{2, 8, 32}, 1)
	if err != nil {
		t.Fatal(err)
	}
	want, _ = Agreements("fig4-hardtanh", papers.P18Fig4Spectra.Text, ss[:1], mc)
	if len(got) != 2+len(want) || !reflect.DeepEqual(got[2:], View(want)) {
		t.Errorf("at Fig4MaxDepth = %d: %d items, want a figure, then 1 + %d metrics", ss[0].Depth, len(got), len(want))
	}
	if f, _ := got[0].Figure(); len(f.Paper) > 0 || !strings.HasSuffix(f.Caption, show.YourSettings) || len(f.Series[0].X) != 20 || len(f.Series) != 1+1+3+1 {
		t.Errorf("at Fig4MaxDepth = %d: figure claims %v, caption %q, %d points, %d series", ss[0].Depth, f.Paper, f.Caption, len(f.Series[0].X), len(f.Series))
	}
	if a, _ := jacspectrum.ApproachLimit(activation.HardTanh(), limit, 32, Fig4Sigma02, empirical.Linspace(0.05, 3, 10), mc); func() bool { c, _ := got[1].Agreement(); return c.Value != a.Exponent }() {
		t.Error("the convergence check is not on Fig4RatePoints points")
	}
	p.Fig4MaxDepth = ss[0].Depth - 1
	if _, err := p.Fig4(show.Figure{ID: "fig4-hardtanh"}, activation.HardTanh(), limit, []int{2}, 1); err == nil {
		t.Error("no stored sample up to Fig4MaxDepth: no error")
	}
}

func names(ss []show.Series) []string {
	var n []string
	for _, s := range ss {
		n = append(n, s.Name)
	}
	return n
}

// View keeps the order of the outcomes: an agreement is an Agree item, a
// sample not compared is the line of its error.
func TestView(t *testing.T) {
	a := show.Agreement{Name: "f L=2: KS", Kind: show.TheoryVsSimulation, Value: 0.01, Tol: 0.02, Basis: "b"}
	v := View([]Outcome{{Agreement: a}, {Err: fmt.Errorf("f L=4: not compared")}})
	if got, ok := v[0].Agreement(); !ok || got != a {
		t.Errorf("item 0 %+v, want the agreement", v[0])
	}
	if s, ok := v[1].Text(); !ok || s != "f L=4: not compared\n" {
		t.Errorf("item 1 %q, want the error's line", s)
	}
	v.Show() // outside a notebook: validates, must not panic
}
