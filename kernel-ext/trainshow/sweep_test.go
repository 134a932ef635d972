package trainshow

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainability"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
	"github.com/sigprop/sigprop/lib/vit"
)

// testSet is a 2×3 grid (α outer, σ_w inner) from two seeds; seed 2
// diverged at the last point.
func testSet() trainability.Set {
	st := ts.Settings{Alphas: []float64{0.1, 0.5}, SigmaWs: []float64{1, 2, 3}, D: 16, Layers: 4, Patch: 7, Steps: 100, Batch: 10, LR: 1e-3, Val: 5, Test: 20}
	var runs [][]ts.Result
	for k := range 2 {
		var run []ts.Result
		for i, a := range st.Alphas {
			for j, s := range st.SigmaWs {
				r := ts.Result{Alpha: a, SigmaW: s, LambdaA: a - 0.3, LambdaG: s - 2, N: 17, Layers: 4, TrainSize: 500, TestSize: 20,
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
	mean, sd, err := ts.SeedMean(runs, ts.FitSettings{})
	if err != nil {
		panic(err)
	}
	inv := sweep.Invocation{Command: []string{"sigprop", "sweep", "run"}, Revision: "abc", Modified: "false", Started: time.Date(2026, 11, 22, 12, 50, 0, 0, time.UTC), GoVersion: "go1.26", Workers: 2}
	return trainability.Set{Names: []string{"s1", "s2"}, Settings: []ts.Settings{st, st2}, Invocations: [][]sweep.Invocation{{inv}, {inv, inv}},
		Runs: runs, Mean: mean, SD: sd}
}

// The tables carry the set's numbers in their stated formats, one row per
// point or invocation, and render.
func TestSweepTables(t *testing.T) {
	set := testSet()
	prov := Provenance(set).Tables()
	if len(prov) != 2 || prov[1].ID != "sweep-provenance-s2" || len(prov[0].Rows) != 7 || len(prov[1].Rows) != 8 {
		t.Fatalf("provenance tables %+v", prov)
	}
	for _, want := range []string{"α ∈ {0.1, 0.5} × σ_w ∈ {1, 2, 3} (6 points)", "100 steps = 2.00 epochs of 500 training images", "mean 10 s, min 10 s, max 10 s; 0.02 core-hours"} {
		if !strings.Contains(strings.Join(prov[0].Rows[0], " ")+strings.Join(prov[0].Rows[2], " ")+strings.Join(prov[0].Rows[5], " "), want) {
			t.Errorf("provenance of seed 1 lacks %q: %v", want, prov[0].Rows)
		}
	}
	if got := prov[0].Rows[6][1]; got != "sigprop sweep run — commit abc (modified: false), 2026-11-22 12:50 UTC, go1.26, 2 workers" {
		t.Errorf("invocation row %q", got)
	}
	res := Results(set)
	if len(res.Header) != 9 || res.Header[4] != "test loss, seed 0" || len(res.Rows) != 6 {
		t.Fatalf("results table header %v, %d rows", res.Header, len(res.Rows))
	}
	// Last point: seeds 1.0 and ln 10 (diverged); mean and SD by hand.
	last := res.Rows[5]
	m := (1 + math.Log(10)) / 2
	if last[0] != "0.50" || last[1] != "3.00" || last[5] != "2.303 (diverged)" || last[6] != show.FormatFloat(m) || last[7] != show.FormatFloat((math.Log(10)-1)/math.Sqrt2) {
		t.Errorf("last row %v, want mean %v", last, m)
	}
	if rows := PointRows(set.Mean[:1], "%.1f"); rows[0][0] != "0.1" || rows[0][1] != "1.0" || rows[0][5] != "0.800" {
		t.Errorf("PointRows = %v", rows)
	}
	for _, tab := range append(prov, res) {
		if _, _, err := show.RenderTable(tab); err != nil {
			t.Error(err)
		}
	}
}

// LossVs groups points by α with the seed SD as error bars and spans the
// ceiling line over the x range; FitSeries adds the diagonal over both
// ranges; LossHeat transposes grid order into the Heat's Z[j·nx + i].
func TestSweepSeries(t *testing.T) {
	set := testSet()
	s := LossVs(set, func(r ts.Result) float64 { return r.LambdaG })
	if len(s) != 3 || s[0].Name != "α = 0.10" || len(s[1].X) != 3 || s[1].YErr[2] != set.SD[5] || s[1].Y[0] != set.Mean[3].TestLoss {
		t.Fatalf("series %+v", s)
	}
	if h := s[2]; h.X[0] != -1 || h.X[1] != 1 || h.Y[0] != math.Log(10) {
		t.Errorf("ceiling line %+v, want from λ_g = −1 to 1 at ln 10", h)
	}
	one := set
	one.Runs = set.Runs[:1]
	if s := LossVs(one, func(r ts.Result) float64 { return r.LambdaA }); s[0].YErr != nil {
		t.Errorf("one seed: error bars %v", s[0].YErr)
	}
	fc := ts.LossFit{WA: 1, WG: 0.5, B: 0.25}
	fs := FitSeries(set, fc)
	diag := fs[len(fs)-1]
	if len(fs) != 3 || fs[0].X[1] != fc.Predict(set.Mean[1].LambdaA, set.Mean[1].LambdaG) || diag.X[0] != diag.Y[0] || diag.X[1] < set.Mean[5].TestLoss {
		t.Errorf("fit series %+v", fs)
	}
	h := LossHeat(set)
	for i := range 2 {
		for j := range 3 {
			if h.Z[j*2+i] != set.Mean[i*3+j].TestLoss {
				t.Errorf("Z at (α %d, σ_w %d) = %v, want %v", i, j, h.Z[j*2+i], set.Mean[i*3+j].TestLoss)
			}
		}
	}
	f := show.Figure{ID: "heat", Heat: h, Series: EdgeSeries(trainability.Edges{AlphaA: []float64{0.1, 0.3}, SigmaA: []float64{1.5, 1.6}, AlphaG: []float64{0.2}, SigmaG: []float64{2}}, set.Mean[0])}
	if _, _, err := show.RenderFigure(f); err != nil {
		t.Error(err)
	}
}

// The fit and claim tables: rows per fit, per seed and the noise floor;
// the better single fit and the verdicts follow the stated rules.
func TestFitTables(t *testing.T) {
	set := testSet()
	f := trainability.Fits{Clipped: ts.LossFit{R2: 0.6, LOORMSE: 0.1, N: 5}, Max: looFit(0.2, 0.01), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01), SD: 0.2}
	sf := trainability.SeedFits{PerSeed: []ts.LossFit{{N: 6}, {N: 6}}, NoiseFloor: 0.05, NoiseN: 5}
	tab := FitTable(set, f, sf)
	if len(tab.Rows) != 7 || tab.Rows[4][0] != "clipped fit to seed 0 alone" || tab.Rows[6][4] != "5" || tab.Rows[6][6] != "0.05" {
		t.Errorf("fit table rows %v", tab.Rows)
	}
	one := set
	one.Runs = set.Runs[:1]
	if tab := FitTable(one, f, trainability.SeedFits{}); len(tab.Rows) != 4 {
		t.Errorf("one seed: %d rows, want the 4 fits", len(tab.Rows))
	}
	if s, name := BetterSingle(f); math.Abs(s.LOORMSE-0.25) > 1e-4 || name != "λ_g alone" {
		t.Errorf("BetterSingle = %v, %q", s, name)
	}
	c := FitClaims(f)
	if c.Rows[0][3] != "supported" || c.Rows[1][3] != "supported" || c.Rows[0][2] != "R² = 0.600, LOO RMSE / SD = 0.500" {
		t.Errorf("claims %v", c.Rows)
	}
	// The claim's metric and the table share the rule: beat λ_g alone by 2 SE.
	a, err := BothNeeded(set, f)
	if m, _ := a.Metric(); err != nil || !m.Pass || m.Disagreement == nil || m.Disagreement.Paper != BothNeededDisagreement.Paper || !slices.Equal(m.Disagreement.Declared.DataSeeds, SweepSeeds(set)) {
		t.Errorf("both needed, clearly better: %+v, %v", m, err)
	}
	// A max-fit better by less than the noise is the declared known
	// disagreement (the old rule, Δ ≤ 0 with no allowance, passed it).
	f.Max = looFit(0.24, 0.25) // LOO RMSE 0.2474 against 0.2500, ± 0.021
	if c := FitClaims(f); c.Rows[1][3] != "not supported at this scale and budget" {
		t.Errorf("max-fit within noise of λ_g alone: verdict %q", c.Rows[1][3])
	}
	a, _ = BothNeeded(set, f)
	if m, _ := a.Metric(); a.Value >= 0 || a.Value < -2 || m.Outcome() != bundle.Known {
		t.Errorf("within noise: %+v, outcome %q", a, m.Outcome())
	}
	n := NearEdges(trainability.NearEdges{Lowest: ts.Result{Alpha: 0.23, SigmaW: 1.72}, EdgeA: 1.6, EdgeG: 2.1, Dist: 0.38, Step: 0.76})
	if n.Rows[0][3] != "supported" || !strings.Contains(n.Rows[0][2], "edges there at σ_w = 1.600 (λ_a) and 2.100 (λ_g)") {
		t.Errorf("near-edges table %v", n.Rows)
	}
	e := trainability.Edges{AlphaA: []float64{0.02}, SigmaA: []float64{1.6631}, AlphaG: []float64{0.03}, SigmaG: []float64{1.7}}
	if b := Best(set.Mean[0], e); b.Rows[1][2] != "1.663" || b.Rows[2][1] != "0.03" || b.Rows[0][1] != "0.10" {
		t.Errorf("best table %v", b.Rows)
	}
	vs := VShape(trainability.Correlations{N: 7, LambdaA: 0.1, AbsLambdaA: 0.9, LambdaG: -0.2, AbsLambdaG: 0.8})
	if vs.Caption != "Pearson correlation of the test loss with each exponent, 7 non-saturated points" || vs.Rows[0][2] != "0.9" || vs.Rows[0][3] != "-0.2" {
		t.Errorf("V-shape table %+v", vs)
	}
}

// looFit is a fit of 8 points whose leave-one-out residuals alternate
// rmse·(1 ± spread), with LOORMSE their root mean square.
func looFit(rmse, spread float64) ts.LossFit {
	var f ts.LossFit
	var ss float64
	for i := range 8 {
		r := rmse * (1 + spread*float64(1-2*(i%2)))
		f.LOOResiduals = append(f.LOOResiduals, r)
		ss += r * r
	}
	f.LOORMSE = math.Sqrt(ss / 8)
	return f
}

// LiveSweep states the sweep's model, training and data, and checks that
// the two schedules agree bit for bit.
func TestLiveSweep(t *testing.T) {
	s := ts.Spec{Model: vit.Config{Rows: 28, Cols: 28, Patch: 7, D: 16, Layers: 4}, Train: vit.Examples{Labels: make([]int, 4000)}, Steps: 150, Batch: 32, LR: 1e-3, Seed: 7}
	res := []ts.Result{{Alpha: 0.2, SigmaW: 0.5, TestLoss: 1.5}, {Alpha: 0.9, SigmaW: 1.6, TestLoss: 1.2}}
	v := LiveSweep(s, res, res)
	tab := v.Tables()[0]
	if tab.Caption != "Miniature sweep (d = 16, L = 4, n = 17, 150 Adam steps, lr 1e-3, batch 32, 4000 training images of the committed Fashion-MNIST subset, seed 7)" ||
		tab.Header[3] != "λ_g^(4)" || len(tab.Rows) != 2 || v.Agreements()[0].Value != 0 {
		t.Errorf("LiveSweep: caption %q, header %q, %d rows, checks %+v", tab.Caption, tab.Header, len(tab.Rows), v.Agreements())
	}
	again := []ts.Result{res[0], {Alpha: 0.9, SigmaW: 1.6, TestLoss: 1.25}}
	if a := LiveSweep(s, res, again).Agreements()[0]; math.Abs(a.Value-0.05) > 1e-12 {
		t.Errorf("a changed point: difference %v, want 0.05", a.Value)
	}
	if got := sci(3e-4); got != "3e-4" {
		t.Errorf("sci(3e-4) = %q", got)
	}
}
