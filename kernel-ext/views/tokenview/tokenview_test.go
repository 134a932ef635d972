package tokenview

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/showtest"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// a8 is the paper's α = α_A = α_M = 8^{-1/2} (Figs. 2–5: tokencheck.Fig2's).
var a8 = tokencheck.Fig2(1).Model.AlphaA

// valid renders every figure and validates every agreement of p, as
// Show would in a notebook, and returns the metrics.
func valid(t *testing.T, p show.View) []show.Metric {
	t.Helper()
	for _, f := range p.Figures() {
		if _, _, err := picture.RenderFigure(f); err != nil {
			t.Errorf("figure %s: %v", f.ID, err)
		}
	}
	var ms []show.Metric
	for _, a := range p.Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Errorf("agreement %q: %v", a.Name, err)
		}
		ms = append(ms, m)
	}
	return ms
}

// stats is a LayerStats of L+1 layers with the given q/d and cosine
// curves and SEs.
func stats(q, qse, cos, cse []float64, samples int) tokennet.LayerStats {
	return tokennet.LayerStats{QOverD: q, QOverDSE: qse, Cos: cos, CosSE: cse, Samples: samples}
}

func fill(n int, v float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = v
	}
	return x
}

func TestOneBlock(t *testing.T) {
	c := tokencheck.Curves{Model: tokengeom.NewModel(a8, a8, 1), Start: tokengeom.QP{Q: 64, P: 0},
		Sim: stats([]float64{1, 0.80}, []float64{0, 0.002}, []float64{0, 0.01}, []float64{0, 0.004}, 64),
		Q:   []float64{1, 0.79}, Cos: []float64{0, 0.02}, AttBias: 0.002}
	ms := valid(t, oneBlockView(2, c))
	if len(ms) != 2 {
		t.Fatalf("%d metrics, want 2", len(ms))
	}
	// q: |0.80 − 0.79| = 0.01 > 4·0.002 + 0.002 fails; cos: |0.01 − 0.02| = 0.01 <= 4·0.004 passes.
	if math.Abs(float64(ms[0].Value)-0.01) > 1e-15 || math.Abs(float64(ms[0].Tolerance)-0.01) > 1e-15 || ms[1].Pass != true {
		t.Errorf("metrics %+v", ms)
	}
	if ms[0].Name != "one block q'/d, sim − F (case 2)" || !strings.Contains(ms[0].Note, "α=0.354 σ_w=1 from (q,p)=(64,0)") ||
		!strings.Contains(ms[0].Basis, "from 64 networks, n = 256, d = 64") {
		t.Errorf("text: %q, %q, %q", ms[0].Name, ms[0].Note, ms[0].Basis)
	}
}

func TestLayerFigure(t *testing.T) {
	L := 16
	q, cos := fill(L+1, 0.5), fill(L+1, 0.2)
	sq, sc := fill(L+1, 0.5), fill(L+1, 0.2)
	sq[3], sc[5] = 0.53, 0.17 // z = 3 in q at layer 3, −3 in cos at layer 5 (SE 0.01)
	sq[12] = 2                // beyond layer 8: not checked
	c := tokencheck.Curves{Model: tokengeom.NewModel(a8, a8, 5), Sim: stats(sq, fill(L+1, 0.01), sc, fill(L+1, 0.01), 8), Q: q, Cos: cos, Seeds: tokencheck.Seeds{Seed: 201}}
	p := layerView(c, true)
	if s := p.Figures()[0].Seed; s == nil || *s != 201 {
		t.Errorf("LayerFigure seed %v, want the run's 201", s)
	}
	ms := valid(t, p)
	if len(p.Figures()) != 1 || p.Figures()[0].ID != "fig2-layers-sw5" || *p.Figures()[0].Seed != 201 || p.Figures()[0].Params["networks"] != 8 || len(ms) != 2 {
		t.Fatalf("panel %+v", p)
	}
	if math.Abs(float64(ms[0].Value)-3) > 1e-9 || math.Abs(float64(ms[1].Value)-3) > 1e-9 || !ms[0].Pass {
		t.Errorf("max |z| %v, %v, want 3, 3", ms[0].Value, ms[1].Value)
	}
	if p := layerView(c, false); len(p.Agreements()) != 1 || !strings.Contains(p.Agreements()[0].Name, "p/q") {
		t.Errorf("without the norm check: %+v", p.Agreements())
	}
	// 4 layers, σ_w = 2: a legitimate setting; layers 1–4 are checked and
	// the figure claims nothing.
	c.Model.SigmaW = 2
	c.Q, c.Cos, c.Sim = c.Q[:5], c.Cos[:5], stats(sq[:5], fill(5, 0.01), sc[:5], fill(5, 0.01), 8)
	p = layerView(c, true)
	if ms := valid(t, p); len(ms) != 2 || ms[0].Name != "Fig. 2 σ_w=2: max |z| of q/d, layers 1–4" || math.Abs(float64(ms[0].Value)-3) > 1e-9 ||
		len(p.Figures()[0].Paper) > 0 || !strings.HasSuffix(p.Figures()[0].Caption, show.YourSettings) {
		t.Errorf("4 layers: checks %v, claim %q, caption %q", ms, p.Figures()[0].Paper, p.Figures()[0].Caption)
	}
}

func TestHistogramFigures(t *testing.T) {
	hist := tokennet.LayerHistogram{Centres: []float64{0.25, 0.75}, Density: [][]float64{{1, 1}, {2, 0}, {0, 2}}}
	for _, c := range []struct {
		sw  float64
		row string
	}{{1, "top"}, {5, "bottom"}} {
		h := tokencheck.Histograms{Model: tokengeom.NewModel(a8, a8, c.sw), Norms: hist, Cosines: hist, Networks: 1, Q: []float64{1, 0.8, 0.6}, Cos: []float64{0, 0.1, 0.2}, Seeds: tokencheck.Seeds{Seed: 300}}
		p := histogramView(h)
		if s := p.Figures()[1].Seed; s == nil || *s != 300 {
			t.Errorf("HistogramFigures seed %v, want the run's 300", s)
		}
		valid(t, p)
		if len(p.Figures()) != 2 || p.Figures()[1].ID != "fig2-hist-cosines-sw"+map[float64]string{1: "1", 5: "5"}[c.sw] ||
			!slices.Equal(p.Figures()[0].Paper, papers.Claim(papers.Cowsik2024Fig2)) || !strings.Contains(p.Figures()[0].PaperNote, "second column, "+c.row+" row") || !strings.Contains(p.Figures()[0].Caption, "one network (n = 256, d = 64)") {
			t.Errorf("σ_w = %g: %+v", c.sw, p.Figures())
		}
		// The heat map is the histogram: layer t along x, bin along y.
		if z := p.Figures()[0].Heat.Z; len(z) != 6 || z[1] != 2 || z[5] != 2 || z[4] != 0 {
			t.Errorf("heat %v", z)
		}
		// Of two networks (the paper draws one), or at d = 16, they claim nothing.
		h.Networks = 2
		showtest.AtYourSettings(t, "HistogramFigures of 2 networks", histogramView(h), nil, nil, nil)
		h.Networks, h.Model.D = 1, 16
		showtest.AtYourSettings(t, "HistogramFigures at d = 16", histogramView(h), nil, nil, nil)
	}
}

func TestSymmetryFigure(t *testing.T) {
	L := 32
	r, cos := fill(L+1, 1.1), fill(L+1, 0.5)
	r[0], cos[L] = 1.5, 0.52
	s := tokencheck.Symmetry{Model: tokengeom.NewModel(a8, a8, 2), Q: 64, P1: 48, P2: 32,
		Sim: stats(r, fill(L+1, 0.01), cos, fill(L+1, 0.01), 4), FixedCos: 0.5, Seeds: tokencheck.Seeds{Seed: 400}}
	p := symmetryView(s)
	ms := valid(t, p)
	if sd := p.Figures()[0].Seed; sd == nil || *sd != 400 {
		t.Errorf("SymmetryFigure seed %v, want the run's 400", sd)
	}
	// (1.1 − 1)/(1.5 − 1) = 0.2 <= 0.25; 0.52 − 0.5 = 0.02 <= 4·0.01.
	if len(ms) != 2 || math.Abs(float64(ms[0].Value)-0.2) > 1e-12 || !ms[0].Pass || math.Abs(float64(ms[1].Value)-0.02) > 1e-12 || !ms[1].Pass {
		t.Errorf("metrics %+v", ms)
	}
	// The notebook's caption, formatted from s.
	const want = "Two-group initial condition (eq. 12), p1 = 1.5 p2 = 0.75d, q = d, σ_w = 2, α = 8^{-1/2}: the within/across dot-product ratio p1/p2 (mean ± SE of 4 networks) decays towards 1; p/q approaches the non-collapsed fixed point of F (dashed level)."
	if f := p.Figures()[0]; f.Params["p1"] != 48 || f.Params["q"] != 64 || f.Caption != want || len(f.Paper) == 0 || ms[0].Name != "Fig. 3: (p1/p2 − 1) at layer 32 relative to layer 0" {
		t.Errorf("figure %+v", f)
	}
	// At d = 16 (q = d, p1 = 0.75d, p2 = 0.5d still) the figure claims nothing.
	s.Model.D, s.Q, s.P1, s.P2 = 16, 16, 12, 8
	showtest.AtYourSettings(t, "SymmetryFigure", symmetryView(s), map[string]float64{"sigma_w": 2, "alpha": a8, "q": 16, "p1": 12, "p2": 8},
		[]string{"Fig. 3: p/q at layer 32 − fixed point of F"}, []string{"Fig. 3: (p1/p2 − 1) at layer 32 relative to layer 0"})
}

func TestErrataFigure(t *testing.T) {
	e := tokencheck.Exponents{Models: tokencheck.ErrataModels(), L: 16, Networks: 6,
		Mean:    []float64{-0.10, -0.05, -0.30, 0.03, 0.25},
		SE:      []float64{0.01, 0.01, 0.02, 0.02, 0.04},
		Theory:  []float64{-0.12, -0.05, -0.29, 0.03, 0.42},
		Printed: []float64{-0.33, -0.17, -0.16, -0.50, -1.24}, Seeds: tokencheck.Seeds{Seed: 900, Stream: 3}}
	p := errataView(e, tokencheck.ErrataAgree, "c")
	ms := valid(t, p)
	// Excess over points 1–4: max(0.02 − 0.04, 0 − 0.04, 0.01 − 0.08, 0 − 0.08) = −0.02.
	// Printed gap: min(0.23/0.07, 0.12/0.07, 0.14/0.11, 0.53/0.11) = 0.14/0.11.
	if math.Abs(float64(ms[0].Value)+0.02) > 1e-12 || math.Abs(float64(ms[1].Value)-0.14/0.11) > 1e-12 || !ms[0].Pass || !ms[1].Pass {
		t.Errorf("metrics %+v", ms)
	}
	if f := p.Figures()[0]; f.ID != "errata-lambda-g" || f.Seed == nil || *f.Seed != 900 || f.Params["networks"] != 6 || f.YLabel != "λ_g^(16)" || len(f.Series[0].X) != 5 {
		t.Errorf("figure %+v", f)
	}
	// At L = 4 the offset measured for λ_g^(16) does not apply: both checks are not applicable.
	e4 := e
	e4.L = 4
	if v := errataView(e4, 4, "c"); len(v.Agreements()) != 0 || len(v.Texts()) != 7 || !strings.Contains(v.Texts()[1], "not applicable at your settings: errata: smallest") {
		t.Errorf("errata at L = 4: checks %v, lines %q", v.Agreements(), v.Texts())
	}
	// After the checks, one line per point.
	lines := p.Texts()
	if len(lines) != 5 || lines[4] != "point 5 (α_A, α_M, σ_w) = (0.9, 0.9, 2): sim +0.2500 ± 0.0400   corrected +0.4200   printed -1.2400\n" {
		t.Errorf("lines %q", lines)
	}
	defer func() {
		if recover() == nil {
			t.Error("agree = 6 of 5 points did not panic")
		}
	}()
	errataView(e, 6, "c")
}

func TestGradientPlaneChecks(t *testing.T) {
	a := tokencheck.PlaneAgreement{Moderate: 40, Median: 0.02, Beyond: 2, Allowed: 7, PBeyond: 0.057, Worst: 5.9, Shift: -0.1, ShiftSE: 0.02, LargeSeeds: []uint64{5, 9}, Networks: 3}
	ms := valid(t, gradientChecksView("fig5-numeric-x", a))
	if d := ms[2].Disagreement; d == nil || d.Declared.Commit != "caa0d03" || !slices.Equal(d.Declared.DataSeeds, []uint64{5, 9}) || d.Declared.Timing() != bundle.AfterSeen || ms[0].Paper == "" || ms[1].Paper == "" {
		t.Errorf("declaration %+v, claims %q, %q", ms[2].Disagreement, ms[0].Paper, ms[1].Paper)
	}
	// median 0.02 <= 0.03; 2 beyond <= 7 allowed; the shift −5 SE fails "within 4" and is the declared known disagreement.
	if len(ms) != 3 || !ms[0].Pass || float64(ms[1].Value) != 2 || float64(ms[1].Tolerance) != 7 || !ms[1].Pass ||
		float64(ms[2].Value) != -5 || ms[2].Pass || ms[2].Outcome() != bundle.Known || ms[0].Disagreement != nil || ms[1].Disagreement != nil {
		t.Errorf("metrics %+v", ms)
	}
	if ms[1].Figure != "fig5-numeric-x" || ms[1].Note != "2 of 40 points; the largest |Δ|/SE 5.9" || !strings.Contains(ms[1].Basis, "P(|t_2| > 4) = 0.057") {
		t.Errorf("count metric %+v", ms[1])
	}
	// More points beyond than noise allows fail; a shift within 4 SE passes (the disagreement gone).
	a.Beyond, a.Shift = 8, -0.07
	ms = valid(t, gradientChecksView("fig5-numeric-x", a))
	if ms[1].Pass || ms[2].Outcome() != bundle.Passed {
		t.Errorf("8 beyond, shift −3.5 SE: %+v", ms)
	}
}
