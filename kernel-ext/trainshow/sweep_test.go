package trainshow

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/lib/trainability"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
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

// BothNeeded shares the rule of trainability.Fits.ClaimsTable: beat the
// better single fit (λ_g alone here) by 2 SE of the paired difference; a
// max-fit better by less than the noise is the declared known
// disagreement (the old rule, Δ ≤ 0 with no allowance, passed it).
func TestBothNeeded(t *testing.T) {
	set := testSet()
	f := trainability.Fits{Clipped: ts.LossFit{R2: 0.6, LOORMSE: 0.1, N: 5}, Max: looFit(0.2, 0.01), A: looFit(0.3, 0.01), G: looFit(0.25, 0.01), SD: 0.2}
	a, err := BothNeeded(set, f)
	if m, _ := a.Metric(); err != nil || !m.Pass || m.Disagreement == nil || m.Disagreement.Paper != BothNeededDisagreement.Paper || !slices.Equal(m.Disagreement.Declared.DataSeeds, []uint64{0, 2}) {
		t.Errorf("both needed, clearly better: %+v, %v", m, err)
	}
	if c, _ := f.ClaimsTable(); c.Rows[1][3] != "supported" {
		t.Errorf("claims table verdict %q", c.Rows[1][3])
	}
	f.Max = looFit(0.24, 0.25) // LOO RMSE 0.2474 against 0.2500, ± 0.021
	a, _ = BothNeeded(set, f)
	if m, _ := a.Metric(); a.Value >= 0 || a.Value < -2 || m.Outcome() != bundle.Known {
		t.Errorf("within noise: %+v, outcome %q", a, m.Outcome())
	}
	if c, _ := f.ClaimsTable(); c.Rows[1][3] != "not supported at this scale and budget" {
		t.Errorf("max-fit within noise of λ_g alone: verdict %q", c.Rows[1][3])
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
