package render

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// curves is a depth curve whose simulated points sit ±0.5 SE from the
// theory 1/(1+ℓ) (SE 0.01), so max |z| = 0.5; wrong scales the theory
// line by it (1 for the true theory).
func curves(wrong float64, atPaper bool) result.Curves {
	var x, th, sim, se []float64
	for l := 0; l <= 12; l++ {
		y := 1 / (1 + float64(l))
		x, th, se = append(x, float64(l)), append(th, wrong*y), append(se, 0.01)
		sim = append(sim, y+0.005*float64(1-2*(l%2)))
	}
	return result.Curves{Caption: "ρ against layer", X: result.Axis{Label: "layer ℓ"}, Y: result.Axis{Label: "ρ", Log: true},
		Lines: []result.Line{{Name: "theory", Role: result.Theory, X: x, Y: th}, {Name: "simulated", Role: result.Simulated, X: x, Y: sim, SE: se}},
		Checks: []result.Check{{Name: "z", Kind: result.Claim, Test: result.MaxZ, Sim: "simulated", Theory: "theory", Tol: 4,
			Basis: "SE from 100 draws", Statement: papers.Noci2022Lemmas, Central: true},
			{Name: "at the paper's depth", Kind: result.Claim, Value: 1, Tol: 2, Rule: result.AtMost, Basis: "read at L = 12", PaperOnly: true, Statement: papers.Noci2022Stabilised}},
		Record: result.Record{Params: map[string]float64{"L": 12}, Seed: 7, HasSeed: true, AtPaper: atPaper, NotPaper: "L differs"}}
}

func metric(t *testing.T, a show.Agreement) show.Metric {
	t.Helper()
	m, err := a.Metric()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestCurvesChecks: the z check of the true theory passes with max |z| =
// 0.5 (the points were placed ±0.5 SE from it), and fails on a planted
// theory 20% too high (z ≥ 0.2·0.077/0.01 ≈ 1.5 at ℓ = 12 and ≈ 20 at
// ℓ = 0).
func TestCurvesChecks(t *testing.T) {
	for _, c := range []struct {
		wrong float64
		pass  bool
	}{{1, true}, {1.2, false}} {
		v := Curves(show.Figure{ID: "fig8-rho", Paper: papers.Claim(papers.Noci2022Fig8)}, curves(c.wrong, true))
		ag := v.Agreements()
		if len(ag) != 2 || len(v.Figures()) != 1 {
			t.Fatalf("wrong=%g: %d checks and %d figures, want 2 and 1", c.wrong, len(ag), len(v.Figures()))
		}
		m := metric(t, ag[0])
		if m.Pass != c.pass {
			t.Errorf("theory × %g: z check pass %v (value %v), want %v", c.wrong, m.Pass, m.Value, c.pass)
		}
		if c.pass && (float64(m.Value) < 0.5-1e-12 || float64(m.Value) > 0.5+1e-12) {
			t.Errorf("max |z| = %v, want 0.5 (points placed ±0.5 SE)", m.Value)
		}
		if m.Paper != papers.Noci2022Lemmas.Text || m.Figure != "fig8-rho" || m.Kind != show.Claim {
			t.Errorf("metric paper %q figure %q kind %q", m.Paper, m.Figure, m.Kind)
		}
		if !strings.HasPrefix(m.Basis, "max |z| over 13 points ≤ 4; SE from 100 draws") {
			t.Errorf("basis %q", m.Basis)
		}
	}
}

// TestCurvesClaimsOnlyAtPaper: at the paper's settings the figure claims
// its paper figure and the PaperOnly check is shown; elsewhere it claims
// nothing, its caption says so and the check is not applicable.
func TestCurvesClaimsOnlyAtPaper(t *testing.T) {
	f := show.Figure{ID: "fig8-rho", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right"}
	at := Curves(f, curves(1, true), Legend(show.TopLeft))
	fig := at.Figures()[0]
	if len(fig.Paper) != 1 || fig.Caption != "ρ against layer" || !fig.LogY || fig.Legend != show.TopLeft || *fig.Seed != 7 || fig.Params["L"] != 12 {
		t.Errorf("at the paper: %+v", fig)
	}
	if len(fig.Series) != 2 || fig.Series[0].Style != show.Line || fig.Series[1].Style != show.Points || fig.Series[1].YErr == nil {
		t.Errorf("series %+v", fig.Series)
	}
	if len(at.Agreements()) != 2 || len(at.Texts()) != 0 {
		t.Errorf("at the paper: %d checks, %d texts", len(at.Agreements()), len(at.Texts()))
	}
	away := Curves(f, curves(1, false), After())
	fig = away.Figures()[0]
	if fig.Paper != nil || fig.PaperNote != "" || !strings.HasSuffix(fig.Caption, show.YourSettings) {
		t.Errorf("away from the paper: paper %v caption %q", fig.Paper, fig.Caption)
	}
	if _, ok := away[0].Figure(); !ok {
		t.Error("After: the figure is not first")
	}
	if len(away.Agreements()) != 1 || len(away.Texts()) != 1 || !strings.Contains(away.Texts()[0], "L differs") {
		t.Errorf("away from the paper: checks %d, texts %q", len(away.Agreements()), away.Texts())
	}
}

// TestSpectrumKS: the KS check passes for two samples of one law (N(0,1),
// 2000 each: the distance exceeds the 1e-3 critical value with chance
// 1e-3) and fails when the theory's sample is planted shifted by 0.5
// (the distance is then ≈ 0.2, over 3 times the critical value ≈ 0.062).
func TestSpectrumKS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(shift float64) []float64 {
		x := make([]float64, 2000)
		for i := range x {
			x[i] = rng.NormFloat64() + shift
		}
		return x
	}
	for _, c := range []struct {
		shift float64
		pass  bool
	}{{0, true}, {0.5, false}} {
		r := result.Spectrum{Caption: "law", X: result.Axis{Label: "x"}, SampleName: "network", Sample: draw(0), TheoryName: "SDE", TheorySample: draw(c.shift),
			Lo: -4, Hi: 4, Bins: 40, Checks: []result.Check{{Name: "KS", Kind: result.SimulationVsSimulation, Test: result.KS, Alpha: 1e-3, Basis: "2000 networks"}},
			Record: result.Record{AtPaper: true}}
		v := Spectrum(show.Figure{ID: "law"}, r)
		m := metric(t, v.Agreements()[0])
		if m.Pass != c.pass {
			t.Errorf("shift %g: KS %v against %v, pass %v, want %v", c.shift, m.Value, m.Tolerance, m.Pass, c.pass)
		}
		if fs := v.Figures(); len(fs) != 1 || len(fs[0].Series) != 2 || fs[0].Series[1].Style != show.Dashed {
			t.Errorf("shift %g: figure %+v", c.shift, fs)
		}
	}
}

// TestTableAndChecks: a table drops its claim away from the paper's
// settings; Checks refuses a MaxZ check without its data.
func TestTableAndChecks(t *testing.T) {
	r := result.Table{Caption: "τ", Header: []string{"n", "τ"}, Rows: [][]string{{"10", "0.5"}},
		Checks: []result.Check{{Name: "given", Kind: result.TheoryVsTheory, Value: 1e-13, Tol: 1e-12, Basis: "quadrature 1e-12"}}}
	v := Table(bundle.Table{ID: "tau", Paper: papers.Claim(papers.Noci2022Table1)}, r)
	tab := v.Tables()[0]
	if tab.Paper != nil || !strings.HasSuffix(tab.Caption, show.YourSettings) || len(tab.Rows) != 1 {
		t.Errorf("table away from the paper: %+v", tab)
	}
	if m := metric(t, v.Agreements()[0]); !m.Pass || m.Figure != "tau" {
		t.Errorf("given check %+v", m)
	}
	r.Record.AtPaper = true
	if tab := Table(bundle.Table{ID: "tau", Paper: papers.Claim(papers.Noci2022Table1)}, r).Tables()[0]; len(tab.Paper) != 1 || tab.Caption != "τ" {
		t.Errorf("table at the paper: %+v", tab)
	}
	// Checking: the checks check another figure; the table keeps its id.
	cv := Table(bundle.Table{ID: "tau"}, r, Checking("fig-tau"))
	if m := metric(t, cv.Agreements()[0]); m.Figure != "fig-tau" || cv.Tables()[0].ID != "tau" {
		t.Errorf("Checking(\"fig-tau\"): check of %q, table %q", m.Figure, cv.Tables()[0].ID)
	}
	if m := metric(t, Curves(show.Figure{ID: "fig8-rho"}, curves(1, true), Checking("other")).Agreements()[0]); m.Figure != "other" {
		t.Errorf("Curves under Checking(\"other\"): check of %q", m.Figure)
	}
	defer func() {
		if recover() == nil {
			t.Error("Checks with a MaxZ check did not panic")
		}
	}()
	Checks("x", []result.Check{{Name: "z", Test: result.MaxZ}}, result.Record{})
}

// TestCurvesValidate: lines of unequal length are a caller bug.
func TestCurvesValidate(t *testing.T) {
	r := curves(1, true)
	r.Lines[1].SE = r.Lines[1].SE[1:]
	defer func() {
		if recover() == nil {
			t.Error("no panic on a line with fewer SE than points")
		}
	}()
	Curves(show.Figure{ID: "x"}, r)
}

// TestCurvesFromAndNotApplicable: a MaxZ check From i reads points i on
// only (a planted outlier before it does not count), a NotApplicable
// check shows its reason, Remarks come as text, and a result of no paper
// figure keeps its caption unmarked.
func TestCurvesFromAndNotApplicable(t *testing.T) {
	r := curves(1, false)
	r.Lines[1].Y[0] += 1 // 100 SE off at ℓ = 0
	r.Checks = []result.Check{{Name: "from 1", Test: result.MaxZ, Sim: "simulated", Theory: "theory", From: 1, Tol: 4, Basis: "SE"},
		{Name: "all", Test: result.MaxZ, Sim: "simulated", Theory: "theory", Tol: 4, Basis: "SE"},
		{Name: "n/a", Test: result.MaxZ, Sim: "nosuch", Theory: "theory", NotApplicable: "no point where it holds"}}
	r.Remarks = []string{"a remark\n"}
	r.Record.NoPaperFigure = true
	v := Curves(show.Figure{ID: "x"}, r)
	ag := v.Agreements()
	if len(ag) != 2 || !metric(t, ag[0]).Pass || metric(t, ag[1]).Pass {
		t.Fatalf("checks %+v: want From 1 to pass and all to fail on the outlier", ag)
	}
	if tx := v.Texts(); len(tx) != 2 || !strings.Contains(tx[0], "no point where it holds") || tx[1] != "a remark\n" {
		t.Errorf("texts %q", tx)
	}
	if c := v.Figures()[0].Caption; c != "ρ against layer" {
		t.Errorf("caption of a result of no paper figure %q, want it unmarked", c)
	}
}

// TestPlane: the heat map carries the grid and its contour as points; no
// lines, no series.
func TestPlane(t *testing.T) {
	p := result.Plane{Caption: "λ_a", X: result.Axis{Label: "a"}, Y: result.Axis{Label: "b"}, Xs: []float64{0, 1}, Ys: []float64{0, 1},
		Z: []float64{-1, 1, -1, 1}, ZName: "λ_a", ZLabel: "λ_a", Record: result.Record{NoPaperFigure: true}}
	f := Plane(show.Figure{ID: "p"}, p).Figures()[0]
	if f.Heat == nil || len(f.Heat.Z) != 4 || f.Series != nil {
		t.Errorf("plane without lines: %+v", f)
	}
	p.Lines = []result.Line{{Name: "λ_a = 0", Role: result.Contour, X: []float64{0.5, 0.5}, Y: []float64{0, 1}}}
	if f := Plane(show.Figure{ID: "p"}, p).Figures()[0]; len(f.Series) != 1 || f.Series[0].Style != show.Points {
		t.Errorf("contour series %+v", f.Series)
	}
}

// TestMaxZNets: over 3 networks a point 1 SE off is the normal equivalent
// of a t-score 1 with 2 degrees of freedom (empirical.NormalZ), two lines
// may share a legend entry when keyed apart, a point 10 SE off over 30
// networks (normal equivalent ≈ 7)
// fails, and 1 network gives NaN with its reason.
func TestMaxZNets(t *testing.T) {
	x := []float64{1, 2}
	c := result.Curves{Lines: []result.Line{{Name: "theory", X: x, Y: []float64{1, 1}},
		{Key: "a", Name: "N=10", Role: result.Simulated, X: x, Y: []float64{1.1, 1}, SE: []float64{0.1, 0.1}},
		{Key: "b", Name: "N=10", Role: result.Simulated, X: x, Y: []float64{2, 1}, SE: []float64{0.1, 0.1}}},
		Checks: []result.Check{{Name: "a", Test: result.MaxZNets, Sim: "a", Theory: "theory", Nets: 3, Unit: "u", Tol: 5, Basis: "b"},
			{Name: "b", Test: result.MaxZNets, Sim: "b", Theory: "theory", Nets: 30, Unit: "u", Tol: 5, Basis: "b"},
			{Name: "one", Test: result.MaxZNets, Sim: "a", Theory: "theory", Nets: 1, Unit: "u", Tol: 5, Basis: "b"}},
		Record: result.Record{NoPaperFigure: true}}
	ag := Curves(show.Figure{ID: "z"}, c).Agreements()
	if want := empirical.NormalZ(1, 2); math.Abs(ag[0].Value-want) > 1e-12 || !metric(t, ag[0]).Pass {
		t.Errorf("1 SE over 3 networks: %v, want %v", ag[0].Value, want)
	}
	if metric(t, ag[1]).Pass {
		t.Errorf("10 SE off passed: %v", ag[1].Value)
	}
	if !math.IsNaN(ag[2].Value) || !strings.Contains(ag[2].Note, "1 network") {
		t.Errorf("one network: %v, note %q", ag[2].Value, ag[2].Note)
	}
}

// TestCheckPoints: a z check may read its own points (the theory at the
// Monte Carlo points, not drawn), and fails when they are planted 10 SE
// off; Height and Width set the figure's size.
func TestCheckPoints(t *testing.T) {
	c := result.Curves{Lines: []result.Line{{Name: "theory", X: []float64{0, 1}, Y: []float64{0, 1}}},
		Checks: []result.Check{{Name: "own", Test: result.MaxZ, Points: &result.Points{Y: []float64{1, 2}, SE: []float64{1, 1}, Theory: []float64{1.5, 2}}, Tol: 1, Basis: "b"},
			{Name: "off", Test: result.MaxZ, Points: &result.Points{Y: []float64{1, 2}, SE: []float64{0.1, 0.1}, Theory: []float64{2, 2}}, Tol: 4, Basis: "b"}},
		Record: result.Record{NoPaperFigure: true}}
	v := Curves(show.Figure{ID: "p"}, c, Height(340), Width(520))
	ag := v.Agreements()
	if ag[0].Value != 0.5 || !metric(t, ag[0]).Pass || ag[1].Value != 10 || metric(t, ag[1]).Pass {
		t.Errorf("own points: %v and %v, want 0.5 (pass) and 10 (fail)", ag[0].Value, ag[1].Value)
	}
	if f := v.Figures()[0]; f.Height != 340 || f.Width != 520 {
		t.Errorf("size %v × %v, want 520 × 340", f.Width, f.Height)
	}
}

// TestLinePair: lines of one Pair share its colour; a line without one
// keeps the renderer's (0).
func TestLinePair(t *testing.T) {
	r := curves(1, false)
	r.Lines[0].Pair, r.Lines[1].Pair = 2, 2
	r.Lines = append(r.Lines, result.Line{Name: "other", X: r.Lines[0].X, Y: r.Lines[0].Y})
	got := Curves(show.Figure{ID: "f"}, r).Figures()[0].Series
	if got[0].Colour != 2 || got[1].Colour != 2 || got[2].Colour != 0 {
		t.Errorf("colours %d %d %d, want 2 2 0", got[0].Colour, got[1].Colour, got[2].Colour)
	}
}

// TestEveryRoleHasAStyle: a role added to lib/result without a style here
// would draw with the zero style; SimulatedTrace is a plain line, like
// Theory, but stays simulation in the data.
func TestEveryRoleHasAStyle(t *testing.T) {
	for r := result.Theory; r <= result.TheoryLinePoints; r++ {
		if _, ok := styles[r]; !ok {
			t.Errorf("role %d has no style", r)
		}
	}
	if styles[result.SimulatedTrace] != show.Line {
		t.Errorf("SimulatedTrace draws as %v, want a plain line", styles[result.SimulatedTrace])
	}
	if styles[result.TheoryLinePoints] != show.LinePoints {
		t.Errorf("TheoryLinePoints draws as %v, want points joined by a line", styles[result.TheoryLinePoints])
	}
}

// TestPlaneRange: a Plane's fixed colour range reaches the heat map, an
// unset one stays the values' range (both zero), and an empty one is a
// caller bug (a panic).
func TestPlaneRange(t *testing.T) {
	p := result.Plane{Xs: []float64{0, 1}, Ys: []float64{0}, Z: []float64{0.2, 0.4}, ZMin: 0, ZMax: 1, Record: result.Record{NoPaperFigure: true}}
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0 || h.Max != 1 {
		t.Errorf("range [%g, %g], want [0, 1]", h.Min, h.Max)
	}
	p.ZMax = 0
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0 || h.Max != 0 {
		t.Errorf("range [%g, %g], want unset", h.Min, h.Max)
	}
	p.ZMin, p.ZMax = 1, 1
	mustpanic.WithPrefix(t, "an empty range", "render:", func() { Plane(show.Figure{ID: "p"}, p) })
}
