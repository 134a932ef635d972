package meanfieldview

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// yours runs the package's own checks of v's items, then
// showtest.AtYourSettings.
func yours(t *testing.T, what string, v show.View, params map[string]float64, apply, notApplicable []string) {
	t.Helper()
	ids(t, v)
	showtest.AtYourSettings(t, what, v, params, apply, notApplicable)
}

// TestAtYourSettings runs every display function of the package that
// used to pin the lecture's settings on a cheap result at other settings
// (erf and ReLU, σ_b² = 0.1, width 20–30, a few networks and layers):
// none panics, the figures claim nothing and carry the settings run, the
// z and DKW checks apply and the checks bound to the lecture's settings
// are not applicable.
func TestAtYourSettings(t *testing.T) {
	erf, relu, tanh := act(t, "erf"), act(t, "relu"), act(t, "tanh")
	v, err := qMapView([]meanfield.Net{{Phi: erf, SigmaW2: 1.5, SigmaB2: 0.1}, {Phi: erf, SigmaW2: 2.5, SigmaB2: 0.1}}, empirical.Linspace(0, 2, 11))
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "QMap", v, map[string]float64{"sigma_b2": 0.1}, []string{"erf, σ_w² = 1.5, 2.5: max |V(q*) − q*|"}, nil)
	if c := v.Figures()[0].Caption; !strings.Contains(c, "for erf, σ_b² = 0.1,") {
		t.Errorf("QMap caption %q, want the activation and σ_b² run", c)
	}
	v, err = qMapView([]meanfield.Net{{Phi: erf, SigmaW2: 1.5, SigmaB2: 0.1}, {Phi: tanh, SigmaW2: 2, SigmaB2: 0.05}}, empirical.Linspace(0, 2, 11))
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "QMap, two activations", v, nil, []string{"networks of the legend: max |V(q*) − q*|"}, nil)

	v, err = cMapView([]meanfield.Net{{Phi: relu, SigmaW2: 1.5, SigmaB2: 0.1}, {Phi: relu, SigmaW2: 1.9, SigmaB2: 0.1}}, empirical.Linspace(0, 1, 11))
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "CMap", v, map[string]float64{"sigma_b2": 0.1}, nil, []string{"σ_w²=1.5: χ₁ − R′(1) (finite difference)", "σ_w²=1.9: χ₁ − R′(1) (finite difference)"})

	m := randmlp.MLP{Width: 30, Depth: 4, Phi: erf, SigmaW2: 1.5, SigmaB2: 0.1}
	qs, err := randmlp.QCheckSettings{MLP: m, Q1: []float64{0.2, 2}, Nets: 3, Seed: 10, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "QIteration", qIterationView(qs), map[string]float64{"sigma_w2": 1.5, "sigma_b2": 0.1, "width": 30},
		[]string{"q-map vs simulation from q¹=0.2: max |z|", "q-map vs simulation from q¹=2: max |z|"}, nil)

	c, err := randmlp.CCheckSettings{MLP: m, C1: []float64{0.4}, Nets: 3, Seed: 20, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "CIteration", cIterationView(c), map[string]float64{"sigma_b2": 0.1, "width": 30},
		[]string{"c-map vs simulation, σ_w²=1.5, c¹=0.4: max |z|"}, nil)

	g, err := randmlp.CCheckSettings{MLP: m, C1: []float64{0.5}, Gap: true, Nets: 3, Seed: 40, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	yours(t, "XiCDecay", xiCDecayView(g[0], 3), map[string]float64{"sigma_w2": 1.5, "sigma_b2": 0.1, "width": 30}, []string{"1 − c^ℓ vs simulation, σ_w²=1.5: max |z|"}, nil)

	p, err := randmlp.Chi1Settings{Phi: erf, SigmaB2: []float64{0.05, 0.1}, Offset: 0.2, Width: 30, Depth: 2, Nets: 2, Seed: 30, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v = chi1View(p)
	yours(t, "Chi1", v, map[string]float64{"width": 30, "depth": 2}, []string{"χ₁ on and beside the critical line vs simulation: max |z|"}, nil)
	if c := v.Figures()[0].Caption; !strings.Contains(c, "at 2 of erf's critical points") || !strings.Contains(c, "and 0.2 to either side") {
		t.Errorf("Chi1 caption %q, want the points and offset run", c)
	}

	laws, err := randmlp.SlopeLawSettings{Phi: relu, Q: []float64{1, 0.5}, T: empirical.Linspace(-0.15, 1.15, 27), Width: 20, Depth: 2, Nets: 2, Seed: 50, Stream: 1}.Run()
	if err != nil {
		t.Fatal(err)
	}
	v = slopeLawsView("relu", laws)
	yours(t, "SlopeLaws", v, map[string]float64{"width": 20}, []string{"relu: sup |CDF − empirical CDF| of φ′(h)"}, nil)
	if a := v.Agreements()[0]; a.Tol != empirical.DKW(40, 1e-3) || !strings.Contains(a.Basis, "40 samples (2 networks × N = 20 units of one input") {
		t.Errorf("SlopeLaws tolerance %v, basis %q; want the DKW bound for the 40 samples run", a.Tol, a.Basis)
	}

	v = atomsView([]activation.Func{relu}, []float64{1.5}, nil)
	yours(t, "Atoms", v, map[string]float64{}, nil, []string{"P(φ′=1) vs spec Fig. 3 values: max |Δ|"})
	if tb := v.Tables()[0]; tb.Header[1] != "q*=1.5" || tb.Rows[0][1] != "0.5000" {
		t.Errorf("Atoms table %v %v, want ReLU's ½ at q* = 1.5", tb.Header, tb.Rows)
	}
	yours(t, "Activations", activationsView([]activation.Func{relu}, []float64{1}, []float64{-1, 0, 1}), nil, nil, nil)
}

// At the lecture's settings the figures keep their claims and captions.
func TestAtPaperSettings(t *testing.T) {
	var laws []randmlp.SlopeLaw
	for _, q := range []float64{2, 1, 0.5, 0.2} {
		laws = append(laws, randmlp.SlopeLaw{T: []float64{0, 1}, CDF: []float64{0.5, 1}, ECDF: []float64{0.5, 1}, Samples: 2000, Q: q, Width: 1000, Depth: 3, Nets: 2, Seed: 50})
	}
	f := slopeLawsView("relu", laws).Figures()[0]
	if !slices.Equal(f.Paper, papers.Claim(papers.TannerFig3)) || f.PaperNote != "bottom row, as CDFs" || strings.HasSuffix(f.Caption, show.YourSettings) {
		t.Errorf("SlopeLaws at the lecture's settings: claim %q, caption %q", f.Paper, f.Caption)
	}
	v, err := cMapView(nets(t, 1.5, 2, 3), empirical.Linspace(0, 1, 11))
	if err != nil {
		t.Fatal(err)
	}
	want := "Correlation map R(c) of tanh at σ_b² = 0.05: ordered (σ_w² = 1.5, c* = 1) and chaotic (σ_w² = 2, 3; c* < 1)."
	if c := v.Figures()[0].Caption; c != want || len(v.Agreements()) != 3 {
		t.Errorf("CMap at the lecture's settings: caption %q, want %q; %d checks, want 3", c, want, len(v.Agreements()))
	}
}
