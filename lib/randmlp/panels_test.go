package randmlp

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

var panelMC = freeprob.Continuation{Eps: 1e-8, Steps: 50}

// panelSamples are two small hard-tanh configurations of one figure.
func panelSamples(t *testing.T) []SpectrumSample {
	t.Helper()
	ss, err := SampleSpectra([]SpectrumSpec{
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 2, QStar: 0.25, Width: 100, Draws: 2, Seed: 1},
		{Figure: "f", Phi: "hardtanh", Weights: "orthogonal", Depth: 4, QStar: 0.25, Width: 100, Draws: 2, Seed: 2},
	}, 2)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

func lineNames(ls []result.Line) []string {
	var n []string
	for _, l := range ls {
		n = append(n, l.Name)
	}
	return n
}

// TestFig2CurvesOf: one theory line per sample (the singular-value density
// of its network), then one histogram per sample (the pooled singular
// values in 40 bins); the caption and Params are the first sample's; no
// sample is an error.
func TestFig2CurvesOf(t *testing.T) {
	ss := panelSamples(t)
	c, err := fig2Curves("f", ss, 2, Fig2Points, panelMC, panelMC)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(lineNames(c.Lines), []string{"theory L=2", "theory L=4", "N=100 L=2", "N=100 L=4"}) || len(c.Samples) != 2 || c.Samples[0].Checks[0].Statement != papers.P18Fig2Overlay || c.Record.Params["qstar"] != 0.25 || c.Record.Seed != 1 ||
		c.Caption != "Singular values of J at criticality: hardtanh, orthogonal weights, q* = 0.25; width-100 simulations." {
		t.Fatalf("lines %v, %d samples, record %+v", lineNames(c.Lines), len(c.Samples), c.Record)
	}
	n, _ := ss[1].Network()
	xs := empirical.Linspace(2.0/Fig2Points, 2, Fig2Points)
	p, _ := jacspectrum.SingularValueDensity(n, xs, panelMC)
	if !reflect.DeepEqual(c.Lines[1].Y, p) || c.Lines[1].Role != result.Theory {
		t.Error("theory L=4 is not the singular-value density of its network")
	}
	hc, hd := SingularValueHistogram(ss[0].Pooled(), empirical.Linspace(0, 2, 41))
	if !reflect.DeepEqual(c.Lines[2].X, hc) || !reflect.DeepEqual(c.Lines[2].Y, hd) || c.Lines[2].Role != result.Simulated || len(hc) != 40 {
		t.Error("N=100 L=2 is not the histogram of its pooled singular values")
	}
	if err := c.Wellformed(); err != nil {
		t.Error(err)
	}
	if _, err := fig2Curves("g", nil, 1, Fig2Points, panelMC, panelMC); err == nil || !strings.Contains(err.Error(), `"g"`) {
		t.Errorf("no samples: %v", err)
	}
}

// TestFig4Curves: the limit law, its atom (mass 1 − σ₀² = 3/4 at s =
// e^{σ₀²/2}, F26), the theory at each depth (AtSigma0), then the
// simulations; the convergence check is ApproachLimit's exponent against
// 80% of the rate; below the deepest stored sample fewer samples are
// drawn and the panel claims nothing; out-of-range sizes are ErrParam.
func TestFig4Curves(t *testing.T) {
	ss := panelSamples(t)
	limit := jacspectrum.BernoulliLimit{Sigma02: Fig4Sigma02}
	p := Fig4Panel{Phi: activation.HardTanh(), Limit: limit, Depths: []int{2, 8}, Rate: 1, Points: 20, RatePoints: 10, MaxDepth: 64}
	c, err := p.Curves("fig4-hardtanh", ss, panelMC, panelMC)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"limit law", "limit atom, mass 0.75", "theory L=2", "theory L=8", "N=100 L=2", "N=100 L=4"}
	// Every stored sample drawn, but theory at depths 2 and 8, not P18's
	// 2, 8, 32, 128: the panel claims no paper figure.
	if !reflect.DeepEqual(lineNames(c.Lines), want) || len(c.Samples) != 2 || c.Samples[1].Checks[0].Statement != papers.P18Fig4Spectra || c.Record.AtPaper || c.Wellformed() != nil {
		t.Fatalf("lines %v, want %v", lineNames(c.Lines), want)
	}
	if a := c.Lines[1]; math.Abs(a.X[0]-math.Exp(0.125)) > 1e-12 || math.Abs(a.Y[0]-0.75) > 1e-12 {
		t.Errorf("atom at (%v, %v), want (e^{1/8}, 3/4)", a.X[0], a.Y[0])
	}
	n, _ := jacspectrum.AtSigma0(activation.HardTanh(), 8, 0.25)
	d, _ := jacspectrum.SingularValueDensity(n, empirical.Linspace(0.005, 2, 20), panelMC)
	if !reflect.DeepEqual(c.Lines[3].Y, d) {
		t.Error("theory L=8 is not AtSigma0's density")
	}
	a, _ := jacspectrum.ApproachLimit(activation.HardTanh(), limit, 8, Fig4Sigma02, empirical.Linspace(0.05, 3, 10), panelMC)
	if k := c.Checks[0]; k.Value != a.Exponent || k.Tol != 0.8 || k.Rule != result.AtLeast || k.Name != "hardtanh: convergence exponent of KS(theory L, limit law), L=2→8" || k.Statement != papers.P18Fig4Rate || !k.Central {
		t.Errorf("convergence check %+v (exponent %v)", k, a.Exponent)
	}
	// At P18's depths (a coarse curve: the claim does not depend on the
	// points drawn) with every stored sample, it claims the figure.
	paper := p
	paper.Depths, paper.Points, paper.RatePoints = Fig4Depths, 2, 2
	if c, err := paper.Curves("fig4-hardtanh", ss, panelMC, panelMC); err != nil || !c.Record.AtPaper {
		t.Errorf("at P18's depths %v: %v, at paper %v", Fig4Depths, err, c.Record.AtPaper)
	}
	p.MaxDepth = 2
	if c, err := p.Curves("fig4-hardtanh", ss, panelMC, panelMC); err != nil || c.Record.AtPaper || len(c.Samples) != 1 || len(c.Lines) != 5 {
		t.Errorf("MaxDepth 2: %v, at paper %v, %d samples, %d lines", err, c.Record.AtPaper, len(c.Samples), len(c.Lines))
	}
	p.MaxDepth = 1
	if _, err := p.Curves("fig4-hardtanh", ss, panelMC, panelMC); err == nil {
		t.Error("no stored sample up to MaxDepth: no error")
	}
	p.MaxDepth, p.Points = 64, 0
	if _, err := p.Curves("fig4-hardtanh", ss, panelMC, panelMC); !errors.Is(err, ErrParam) {
		t.Errorf("Points = 0: %v, want ErrParam", err)
	}
}

// scaledSample is s with every eigenvalue multiplied by f (a sample that
// its theory no longer describes).
func scaledSample(s SpectrumSample, f float64) SpectrumSample {
	out := s
	out.Eigs = make([][]float64, len(s.Eigs))
	for i, e := range s.Eigs {
		for _, v := range e {
			out.Eigs[i] = append(out.Eigs[i], f*v)
		}
	}
	return out
}

// TestSpectrumChecks: per sample, a KS check of CheckFigure's KS of the
// continuous part against its DKW tolerance, then one per counted region
// (the floor region; the atom at σ_w^{2L} of these orthogonal hard-tanh
// networks), each testing the statement passed, all within tolerance; a
// sample scaled by 1.5 fails its KS check; a declared deviating depth
// adds the width check (KS over KSAtWidth at 2/5 of the width) whatever
// the KS, and its KS check carries the declaration with the draws' seeds
// in place of the statement (the caller's declaration not written into);
// a depth not drawn panics; a sample whose theory fails is not compared,
// with its line, and a deviation declared on it is an error.
func TestSpectrumChecks(t *testing.T) {
	ss := panelSamples(t)
	checks := CheckFigure(ss, panelMC)
	st := papers.P18Fig2Overlay
	os, err := SpectrumChecks("f", st, ss, panelMC)
	if err != nil || len(os) != 2 {
		t.Fatalf("%d outcomes, %v", len(os), err)
	}
	for i, ch := range checks {
		o := os[i]
		if len(o.Checks) != 3 || o.NotCompared != "" {
			t.Fatalf("sample %d: %+v, want 3 checks (KS, floor region, top atom)", i, o)
		}
		a, floor, top := o.Checks[0], o.Checks[1], o.Checks[2]
		if a.Value != ch.KS || a.Tol != ch.Tol || a.Statement != st || a.Name != fmt.Sprintf("f L=%d: KS(N=100 simulation, theory), continuous part", ss[i].Depth) ||
			!strings.HasPrefix(a.Basis, fmt.Sprintf("DKW bound at α = 0.001 for n = %d eigenvalues", ch.N)) || a.Name != SpectrumKSName("f", ss[i]) {
			t.Errorf("sample %d: %+v (check %+v)", i, a, ch)
		}
		if floor.Value != ch.Atoms[0].Dev() || floor.Tol != ch.Atoms[0].Tol || floor.Rule != result.AtMost || !strings.Contains(floor.Name, "mass at λ ≤ 10⁻⁶·max") ||
			top.Value != ch.Atoms[1].Dev() || !strings.Contains(top.Name, "atom at λ = σ_w^{2L}") {
			t.Errorf("sample %d: atom checks %+v, %+v", i, floor, top)
		}
		if !(a.Value <= a.Tol) || !(floor.Value <= floor.Tol) || !(top.Value <= top.Tol) {
			t.Errorf("sample %d: a check of the true theory fails", i)
		}
	}
	wrong := []SpectrumSample{scaledSample(ss[0], 1.5)}
	os, _ = SpectrumChecks("f", st, wrong, panelMC)
	if k := os[0].Checks[0]; len(os[0].Checks) != 3 || k.Value <= k.Tol {
		t.Errorf("scaled by 1.5: %+v, want a failing KS check and the two counts", os[0].Checks)
	}
	dev := Deviation{Depth: ss[0].Depth, Disagreement: result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abcdef0", Seen: "s"}}}
	os, _ = SpectrumChecks("f", st, wrong, panelMC, dev)
	if k := os[0].Checks[0]; k.Statement != nil || k.Disagreement == nil || k.Disagreement.Why != "w" || !reflect.DeepEqual(k.Disagreement.Declared.DataSeeds, []uint64{1, 2}) ||
		os[0].Checks[1].Statement != st || dev.Disagreement.Declared.DataSeeds != nil {
		t.Errorf("declared deviation: KS check %+v (declaration %+v), atom check's statement %v, caller's seeds %v", k, k.Disagreement, os[0].Checks[1].Statement, dev.Disagreement.Declared.DataSeeds)
	}
	kw, _ := wrong[0].KSAtWidth(40, panelMC)
	if w := os[0].Checks[3]; len(os[0].Checks) != 4 || w.Kind != result.SimulationVsSimulation || w.Value != os[0].Checks[0].Value/kw || w.Tol != 1 || w.Rule != result.AtMost ||
		!strings.HasSuffix(w.Name, ": the deviation shrinks with width") || !strings.Contains(w.Basis, "N = 100 over KS at N = 40") {
		t.Errorf("width check: %+v", os[0].Checks)
	}
	if os, _ := SpectrumChecks("f", st, ss[:1], panelMC, dev); len(os[0].Checks) != 4 {
		t.Errorf("declared deviation within tolerance: %d checks, want 4", len(os[0].Checks))
	}
	mustpanic.WithPrefix(t, "undrawn depth", "randmlp: a deviation is declared at L=99", func() { SpectrumChecks("f", st, ss[:1], panelMC, Deviation{Depth: 99}) })
	bad := ss[0]
	bad.Phi = "nope"
	os, err = SpectrumChecks("f", st, []SpectrumSample{bad}, panelMC)
	if err != nil || len(os[0].Checks) != 0 || !strings.HasPrefix(os[0].NotCompared, "f L=2: not compared, the theory solver failed: ") {
		t.Errorf("unknown activation: %v, %+v", err, os)
	}
	if _, err := SpectrumChecks("f", st, []SpectrumSample{bad}, panelMC, dev); err == nil || !strings.Contains(err.Error(), "a deviation is declared at L=2 of figure f, whose theory solver failed") {
		t.Errorf("a deviation declared on a sample not compared: %v", err)
	}
	if got := (SpectrumSample{SpectrumSpec: SpectrumSpec{Seed: 5, Draws: 3}}).DrawSeeds(); !reflect.DeepEqual(got, []uint64{5, 6, 7}) {
		t.Errorf("draw seeds %v", got)
	}
}

// TestMPCurves: Algorithm 1 meets the Marchenko–Pastur closed form within
// MPAlgTol, the histogram is the pooled eigenvalues' on [0, 4], the
// sample's checks follow as its outcome, and the law claims no paper
// figure.
func TestMPCurves(t *testing.T) {
	ss, err := SampleSpectra([]SpectrumSpec{{Figure: "mp-density", Phi: "linear", Weights: "gaussian", Depth: 1, QStar: 1, Width: 40, Draws: 3, Seed: 1}}, 1)
	if err != nil {
		t.Fatal(err)
	}
	lams := empirical.Linspace(0.1, 3.9, 20)
	c, err := ss[0].MPCurves("mp-density", lams, freeprob.Continuation{Eps: 1e-10}, panelMC)
	if err != nil {
		t.Fatal(err)
	}
	hc, hd := empirical.Histogram(ss[0].Pooled(), 0, 4, 40)
	if k := c.Checks[0]; !(k.Value <= k.Tol) || !c.Record.NoPaperFigure || len(c.Samples) != 1 || len(c.Samples[0].Checks) == 0 || c.Samples[0].Checks[0].Statement != nil || !reflect.DeepEqual(c.Lines[2].X, hc) || !reflect.DeepEqual(c.Lines[2].Y, hd) ||
		c.Caption != "Marchenko–Pastur: closed form, P18 Algorithm 1 (ε = 1e-10), and three width-40 Gaussian layers." {
		t.Errorf("MP %+v, samples %d", c, len(c.Samples))
	}
}

// CheckFig4Depths: increasing depths from 1, the last a multiple of 4;
// Fig4Panel.Validate refuses any other; P18's depths for erf and for the
// others pass, and erf's are its own.
func TestCheckFig4Depths(t *testing.T) {
	for _, ok := range [][]int{{4}, {2, 8}, {1, 2, 3, 4}, Fig4Depths, Fig4ErfDepths} {
		if err := CheckFig4Depths(ok); err != nil {
			t.Errorf("%v: %v", ok, err)
		}
	}
	for _, bad := range [][]int{nil, {}, {2}, {0, 4}, {-4, 4}, {8, 8}, {8, 4}, {2, 6}} {
		err := CheckFig4Depths(bad)
		p := Fig4Panel{Depths: bad, Points: 2, RatePoints: 2, MaxDepth: 1}
		if !errors.Is(err, ErrParam) || !errors.Is(p.Validate(), ErrParam) {
			t.Errorf("%v: CheckFig4Depths %v, Validate %v; want ErrParam", bad, err, p.Validate())
		}
	}
	if !slices.Equal(Fig4PaperDepths(activation.Erf()), Fig4ErfDepths) || !slices.Equal(Fig4PaperDepths(activation.HardTanh()), Fig4Depths) ||
		!slices.Equal(Fig4PaperDepths(activation.SmoothedReLU()), Fig4Depths) {
		t.Error("Fig4PaperDepths: erf's are Fig4ErfDepths, the others' Fig4Depths")
	}
}
