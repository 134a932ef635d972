package spectrumshow

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
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

// Panels.Fig2: the figure of randmlp.Fig2Curves first, then each
// sample's checks in order, quoting papers.P18Fig2Overlay; a figure with
// no stored spectra is an error.
func TestPanelsFig2(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"f": ss}, Theory: mc, Check: mc}
	got, err := p.Fig2(show.Figure{ID: "f", Paper: papers.Claim(papers.P18Fig2), LogY: true}, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	c, os, _ := randmlp.Fig2Curves("f", ss, 2.5, mc, mc)
	f := got.Figures()[0]
	if f.ID != "f" || !slices.Equal(f.Paper, papers.Claim(papers.P18Fig2)) || !f.LogY || f.Params["N"] != 100 || *f.Seed != 1 || f.Caption != c.Caption || len(f.Series) != len(c.Lines) {
		t.Errorf("figure %+v", f)
	}
	if _, first := got[0].Figure(); !first || len(got) != 1+len(os[0].Checks)+len(os[1].Checks) {
		t.Fatalf("%d items: want the figure, then %d + %d checks", len(got), len(os[0].Checks), len(os[1].Checks))
	}
	if a, _ := got[1].Agreement(); a.Name != randmlp.SpectrumKSName("f", ss[0]) || a.Paper != papers.P18Fig2Overlay.Text || a.Figure != "f" {
		t.Errorf("first check %+v", a)
	}
	if _, err := p.Fig2(show.Figure{ID: "g"}, 1); err == nil || !strings.Contains(err.Error(), `"g"`) {
		t.Errorf("missing figure: %v", err)
	}
}

// A declared deviation: the KS check of its sample is a known disagreement
// when it fails (the sample scaled by 1.5), quoting no paper of its own,
// with the draws' seeds as DataSeeds, followed by the width check; the
// caller's declaration is not written into. A sample whose theory fails
// is the line saying so, in its place.
func TestPanelsDeviation(t *testing.T) {
	ss := samples(t)
	wrong := []randmlp.SpectrumSample{scaled(ss[0], 1.5), ss[1]}
	dev := Deviation{Depth: ss[0].Depth, Disagreement: show.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0", Seen: "s"}}}
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"f": wrong}, Theory: mc, Check: mc, Deviations: map[string][]Deviation{"f": {dev}}}
	v, err := p.Fig2(show.Figure{ID: "f"}, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	a := v.Agreements()
	m, err := a[0].Metric()
	if err != nil || m.Outcome() != bundle.Known || m.Disagreement.Why != "w" || m.Paper != "" || !reflect.DeepEqual(m.Disagreement.Declared.DataSeeds, []uint64{1, 2}) ||
		!strings.HasSuffix(a[3].Name, ": the deviation shrinks with width") || len(a) != 4+3 {
		t.Errorf("declared deviation: %+v, outcome %q (%v), %d checks", m, m.Outcome(), err, len(a))
	}
	if dev.Declared.DataSeeds != nil {
		t.Error("Fig2 wrote into the caller's declaration")
	}
	bad := ss[0]
	bad.Phi = "nope"
	p = Panels{Stored: map[string][]randmlp.SpectrumSample{"f": {bad, ss[1]}}, Theory: mc, Check: mc}
	p.Stored["f"] = []randmlp.SpectrumSample{ss[1], bad}
	v, err = p.Fig4(show.Figure{ID: "f"}, activation.HardTanh(), jacspectrum.BernoulliLimit{Sigma02: randmlp.Fig4Sigma02}, []int{2, 8}, 1)
	if p.Fig4Points == 0 && err == nil {
		t.Error("Fig4 with zero Fig4Points: no error")
	}
	p.Fig4Points, p.Fig4RatePoints, p.Fig4MaxDepth = 20, 10, 64
	v, err = p.Fig4(show.Figure{ID: "f"}, activation.HardTanh(), jacspectrum.BernoulliLimit{Sigma02: randmlp.Fig4Sigma02}, []int{2, 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	txt, ok := v[len(v)-1].Text()
	if !ok || !strings.HasPrefix(txt, "f L=2: not compared, the theory solver failed: ") {
		t.Errorf("last item %+v, want the not-compared line of the failing sample", v[len(v)-1])
	}
}

// Panels.Fig4: the figure, the convergence check, then the samples'
// checks; below the deepest stored sample the panel claims nothing.
func TestPanelsFig4(t *testing.T) {
	ss := samples(t)
	p := Panels{Stored: map[string][]randmlp.SpectrumSample{"fig4-hardtanh": ss}, Theory: mc, Check: mc, Fig4Points: 40, Fig4RatePoints: 10, Fig4MaxDepth: 1 << 20}
	limit := jacspectrum.BernoulliLimit{Sigma02: randmlp.Fig4Sigma02}
	f := show.Figure{ID: "fig4-hardtanh", Paper: papers.Claim(papers.TannerFig4)}
	got, err := p.Fig4(f, activation.HardTanh(), limit, []int{2, 8}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := got[1].Agreement()
	if fig, _ := got[0].Figure(); !slices.Equal(fig.Paper, papers.Claim(papers.TannerFig4)) || c.Paper != papers.P18Fig4Rate.Text || !c.Central || len(got) != 2+6 {
		t.Errorf("figure claims %v, convergence check %+v, %d items", fig.Paper, c, len(got))
	}
	p.Fig4MaxDepth = ss[0].Depth
	got, err = p.Fig4(f, activation.HardTanh(), limit, []int{2, 8}, 1)
	if fig, _ := got[0].Figure(); err != nil || len(fig.Paper) > 0 || !strings.HasSuffix(fig.Caption, show.YourSettings) || len(got) != 2+3 {
		t.Errorf("at Fig4MaxDepth = %d: %v, claims %v, caption %q, %d items", ss[0].Depth, err, fig.Paper, fig.Caption, len(got))
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
