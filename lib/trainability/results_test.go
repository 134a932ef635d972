package trainability

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainsweep"
)

// resultsSet is a 2×3 grid (α outer, σ_w inner) from two seeds (0 and
// 2); seed 2 diverged at the last point.
func resultsSet() Set {
	st := trainsweep.Settings{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1, 2, 3}, D: 16, Layers: 4, Patch: 7, Steps: 100, Batch: 10, LR: 1e-3, Val: 5, Test: 20}
	var runs [][]trainsweep.Result
	for k := range 2 {
		var run []trainsweep.Result
		for i, a := range st.Alphas {
			for j, s := range st.SigmaWs {
				r := trainsweep.Result{Alpha: a, SigmaW: s, LambdaA: a - 0.3, LambdaG: s - 2, N: 17, Layers: 4, TrainSize: 500, TestSize: 20,
					TestLoss: 0.5 + 0.1*float64(3*i+j) + 0.05*float64(k), TestAccuracy: 0.8, Seconds: float64(10 + k)}
				if k == 1 && i == 1 && j == 2 {
					r.Diverged, r.TestLoss = true, math.Log(10)
				}
				run = append(run, r)
			}
		}
		runs = append(runs, run)
	}
	st2 := st
	st2.Seed = 2
	mean, sd, err := trainsweep.SeedMean(runs, trainsweep.FitSettings{})
	if err != nil {
		panic(err)
	}
	inv := sweep.Invocation{Command: []string{"sigprop", "sweep", "run"}, Revision: "abc", Modified: "false", Started: time.Date(2026, 11, 22, 12, 50, 0, 0, time.UTC), GoVersion: "go1.26", Workers: 2}
	return Set{Names: []string{"s1", "s2"}, Settings: []trainsweep.Settings{st, st2}, Invocations: [][]sweep.Invocation{{inv}, {inv, inv}},
		Runs: runs, Mean: mean, SD: sd}
}

// The tables carry the set's numbers in their stated formats (4
// significant digits as the report prints metrics), one row per point or
// invocation; the last point's mean and SD over the seeds 1.0 and ln 10
// (diverged) by hand.
func TestSweepTables(t *testing.T) {
	set := resultsSet()
	prov := set.ProvenanceTables()
	if len(prov) != 2 || len(prov[0].Rows) != 7 || len(prov[1].Rows) != 8 || prov[1].Caption != "Provenance of the committed sweep s2" {
		t.Fatalf("provenance tables %+v", prov)
	}
	for _, want := range []string{"α ∈ {0.1, 0.5} × σ_w ∈ {1, 2, 3} (6 points)", "100 steps = 2.00 epochs of 500 training images", "mean 10 s, min 10 s, max 10 s; 0.02 core-hours"} {
		if !strings.Contains(strings.Join(prov[0].Rows[0], " ")+strings.Join(prov[0].Rows[2], " ")+strings.Join(prov[0].Rows[5], " "), want) {
			t.Errorf("provenance of seed 0 lacks %q: %v", want, prov[0].Rows)
		}
	}
	if got := prov[0].Rows[6][1]; got != "sigprop sweep run — commit abc (modified: false), 2026-11-22 12:50 UTC, go1.26, 2 workers" {
		t.Errorf("invocation row %q", got)
	}
	res := set.ResultsTable()
	if err := res.Wellformed(); err != nil || len(res.Header) != 9 || res.Header[4] != "test loss, seed 0" || len(res.Rows) != 6 {
		t.Fatalf("results table header %v, %d rows (%v)", res.Header, len(res.Rows), err)
	}
	last := res.Rows[5]
	m := (1 + math.Log(10)) / 2
	if last[0] != "0.50" || last[1] != "3.00" || last[5] != "2.303 (diverged)" || last[6] != g4(m) || last[7] != g4((math.Log(10)-1)/math.Sqrt2) || g4(m) != "1.651" {
		t.Errorf("last row %v, want mean %v", last, m)
	}
	for _, tb := range append(prov, res) {
		if !tb.Record.NoPaperFigure {
			t.Errorf("table %q claims a paper figure", tb.Caption)
		}
	}
}

// LossVs groups points by α with the seed SD as error bars and spans the
// ceiling line over the x range; FitCurves adds the diagonal over both
// ranges; LossPlane transposes grid order into Z[j·nx + i] on [0, ln 10].
func TestSweepCurves(t *testing.T) {
	set := resultsSet()
	c := set.LossVs(true)
	s := c.Lines
	if err := c.Wellformed(); err != nil || len(s) != 3 || s[0].Name != "α = 0.10" || len(s[1].X) != 3 || s[1].SE[2] != set.SD[5] || s[1].Y[0] != set.Mean[3].TestLoss || c.X.Label != "λ_g^(4)" {
		t.Fatalf("lines %+v (%v)", s, err)
	}
	if h := s[2]; h.X[0] != -1 || h.X[1] != 1 || h.Y[0] != math.Log(10) || h.Role != result.Theory {
		t.Errorf("ceiling line %+v, want from λ_g = −1 to 1 at ln 10", h)
	}
	if !strings.Contains(c.Caption, "mean over 2 seeds") || !c.Record.AtPaper {
		t.Errorf("caption %q, record %+v", c.Caption, c.Record)
	}
	one := set
	one.Runs = set.Runs[:1]
	if s := one.LossVs(false); s.Lines[0].SE != nil || s.X.Label != "λ_a" {
		t.Errorf("one seed: error bars %v", s.Lines[0].SE)
	}
	fc := trainsweep.LossFit{WA: 1, WG: 0.5, B: 0.25, R2: 0.75}
	fs := set.FitCurves(fc)
	diag := fs.Lines[len(fs.Lines)-1]
	if len(fs.Lines) != 3 || fs.Lines[0].X[1] != fc.Predict(set.Mean[1].LambdaA, set.Mean[1].LambdaG) || diag.X[0] != diag.Y[0] || diag.X[1] < set.Mean[5].TestLoss ||
		fs.Record.Params["w_g"] != 0.5 || fs.Record.Params["R2"] != 0.75 {
		t.Errorf("fit curves %+v", fs)
	}
	e := Edges{AlphaA: []float64{0.1, 0.3}, SigmaA: []float64{1.5, 1.6}, AlphaG: []float64{0.2}, SigmaG: []float64{2}}
	p := set.LossPlane(e, set.Mean[0])
	if err := p.Wellformed(); err != nil || p.ZMin != 0 || p.ZMax != math.Log(10) || len(p.Lines) != 3 || p.Lines[1].Name != "λ_g^(4) = 0" || !strings.Contains(p.Caption, "n = 17, d = 16") {
		t.Fatalf("plane %+v (%v)", p, err)
	}
	for i := range 2 {
		for j := range 3 {
			if p.Z[j*2+i] != set.Mean[i*3+j].TestLoss {
				t.Errorf("Z at (α %d, σ_w %d) = %v, want %v", i, j, p.Z[j*2+i], set.Mean[i*3+j].TestLoss)
			}
		}
	}
}

// looFit is a fit of 8 points whose leave-one-out residuals alternate
// rmse·(1 ± spread), with LOORMSE their root mean square.
func looFit(rmse, spread float64) trainsweep.LossFit {
	var f trainsweep.LossFit
	var ss float64
	for i := range 8 {
		r := rmse * (1 + spread*float64(1-2*(i%2)))
		f.LOOResiduals = append(f.LOOResiduals, r)
		ss += r * r
	}
	f.LOORMSE = math.Sqrt(ss / 8)
	return f
}

// The fit and claim tables: rows per fit, per seed and the noise floor;
// the better single fit and the verdicts follow the stated rules; the
// fit checks are 1 − R² and LOO RMSE/SD against 0.5 and 1.
func TestFitTables(t *testing.T) {
	set := resultsSet()
	f := Fits{Clipped: trainsweep.LossFit{R2: 0.6, LOORMSE: 0.1, N: 5}, Max: looFit(0.2, 0.01), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01), SD: 0.2}
	sf := SeedFits{PerSeed: []trainsweep.LossFit{{N: 6}, {N: 6}}, NoiseFloor: 0.05, NoiseN: 5}
	tab := set.FitTable(f, sf)
	if tab.Wellformed() != nil || len(tab.Rows) != 7 || tab.Rows[4][0] != "clipped fit to seed 0 alone" || tab.Rows[6][4] != "5" || tab.Rows[6][6] != "0.05" {
		t.Errorf("fit table rows %v", tab.Rows)
	}
	one := set
	one.Runs = set.Runs[:1]
	if tab := one.FitTable(f, SeedFits{}); len(tab.Rows) != 4 {
		t.Errorf("one seed: %d rows, want the 4 fits", len(tab.Rows))
	}
	if s, name := f.BetterSingle(); math.Abs(s.LOORMSE-0.25) > 1e-4 || name != "λ_g alone" {
		t.Errorf("BetterSingle = %v, %q", s, name)
	}
	c, err := f.ClaimsTable()
	if err != nil || c.Rows[0][3] != "supported" || c.Rows[1][3] != "supported" || c.Rows[0][2] != "R² = 0.600, LOO RMSE / SD = 0.500" {
		t.Errorf("claims %v (%v)", c.Rows, err)
	}
	ch := f.FitChecks()
	if len(ch) != 2 || math.Abs(ch[0].Value-0.4) > 1e-12 || ch[0].Tol != 0.5 || !ch[0].Central || ch[1].Value != 0.5 || ch[1].Tol != 1 || ch[1].Statement != papers.Cowsik2024Fig7Fit {
		t.Errorf("fit checks %+v", ch)
	}
	n := NearEdges{Lowest: trainsweep.Result{Alpha: 0.23, SigmaW: 1.72}, EdgeA: 1.6, EdgeG: 2.1, Dist: 0.38, Step: 0.76}
	if nt := n.Table(); nt.Rows[0][3] != "supported" || !strings.Contains(nt.Rows[0][2], "edges there at σ_w = 1.600 (λ_a) and 2.100 (λ_g)") {
		t.Errorf("near-edges table %v", nt.Rows)
	}
	if k := n.Checks()[0]; k.Value != 0.38 || k.Tol != 0.76 || k.Rule != result.AtMost || k.Statement != papers.Cowsik2024Fig7Edges {
		t.Errorf("near-edges check %+v", k)
	}
	n.Dist = 0.8
	if nt := n.Table(); nt.Rows[0][3] != "not supported at this scale and budget" {
		t.Errorf("far from the edges: verdict %q", nt.Rows[0][3])
	}
	e := Edges{AlphaA: []float64{0.02}, SigmaA: []float64{1.6631}, AlphaG: []float64{0.03}, SigmaG: []float64{1.7}}
	if b := BestTable(set.Mean[0], e); b.Rows[1][2] != "1.663" || b.Rows[2][1] != "0.03" || b.Rows[0][1] != "0.10" {
		t.Errorf("best table %v", b.Rows)
	}
	vs := Correlations{N: 7, LambdaA: 0.1, AbsLambdaA: 0.9, LambdaG: -0.2, AbsLambdaG: 0.8}.Table()
	if vs.Caption != "Pearson correlation of the test loss with each exponent, 7 non-saturated points" || vs.Rows[0][2] != "0.9" || vs.Rows[0][3] != "-0.2" {
		t.Errorf("V-shape table %+v", vs)
	}
}

// TestSpan: the extremes over every slice, empty ones skipped, and
// (+Inf, −Inf) over none.
func TestSpan(t *testing.T) {
	if lo, hi := span([]float64{3, -1}, nil, []float64{7}); lo != -1 || hi != 7 {
		t.Errorf("span = %v, %v, want -1, 7", lo, hi)
	}
	if lo, hi := span(); !math.IsInf(lo, 1) || !math.IsInf(hi, -1) {
		t.Errorf("empty span = %v, %v", lo, hi)
	}
}
