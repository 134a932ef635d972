package traindepth

import (
	"math"
	"strings"
	"testing"
)

// budgetRuns are the runs of Budget() whose test accuracy at step t is 0.8
// up to the depth bound(i, t) of the i-th σ_w² and chance beyond (0.1 at
// step 0).
func budgetRuns(s Settings, bound func(i, t int) float64) []Run {
	var runs []Run
	for k, c := range Plan(s) {
		i := k / (len(s.Depths) * len(s.Seeds))
		r := Run{Cell: c, Step: []int{0}, Loss: []float64{2.3}, TestAcc: []float64{Chance}, TestLoss: []float64{2.3}}
		for _, t := range RecordedSteps(s) {
			a := Chance
			if float64(c.Depth) <= bound(i, t) {
				a = 0.8
			}
			r.Step, r.Loss, r.TestAcc, r.TestLoss = append(r.Step, t), append(r.Loss, 1), append(r.TestAcc, a), append(r.TestLoss, 1)
		}
		runs = append(runs, r)
	}
	return runs
}

// xiBudget are ξ_c for Budget()'s three σ_w² (the values only enter the ratios).
var xiBudget = []float64{3.6, 426, 7}

// TestRecordedSteps: Budget() records at 300, ..., 1500; a budget that is
// not a multiple of EvalEvery records after its last step too.
func TestRecordedSteps(t *testing.T) {
	if got := RecordedSteps(Budget()); len(got) != 5 || got[0] != 300 || got[4] != BudgetSteps {
		t.Errorf("Budget records at %v", got)
	}
	s := Budget()
	s.Steps = 700
	if got := RecordedSteps(s); len(got) != 3 || got[1] != 600 || got[2] != 700 {
		t.Errorf("700 steps every 300 record at %v", got)
	}
}

// TestGrowthRecalledReading: the recalled reading holds on a synthetic grid
// (σ_w² = 1 bounded at 32 at every step; σ_w² = 1.75 trainable to 23 at step
// 300 and one depth step deeper every 300 steps, to 91 at step 1500), so
// σ_w² = 1 stayed and σ_w² = 1.75 grew (91/23 ≈ 3.96 > r = 1.4375); the
// opposite grid (σ_w² = 1 growing by two steps, σ_w² = 1.75 fixed) must fail
// both.
func TestGrowthRecalledReading(t *testing.T) {
	s := Budget()
	r := StepTol(s.Depths)
	if r != 23.0/16 {
		t.Fatalf("StepTol %v, want 23/16", r)
	}
	steps := func(t int) int { return t/300 - 1 }
	holds := budgetRuns(s, func(i, t int) float64 {
		switch i {
		case 0:
			return 32
		case 1:
			return float64(s.Depths[1+steps(t)])
		}
		return 23
	})
	b, err := ByBudget(holds, s, xiBudget)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 5 || b[0].Step != 300 || b[4].Step != 1500 {
		t.Fatalf("steps %+v", b)
	}
	for k, at := range b {
		// θ = (0.1 + 0.8)/2 at every step; the deepest trained depth is L_train.
		if math.Abs(at.Result.Threshold-0.45) > 1e-12 || at.Result.Depths[0].Train != 32 || at.Result.Depths[1].Train != s.Depths[1+k] || at.Result.Depths[2].Train != 23 {
			t.Errorf("step %d: %+v", at.Step, at.Result)
		}
	}
	g1, g175 := GrowthOf(b, 0), GrowthOf(b, 1)
	if g1.Factor != 1 || g1.Moved != 0 || !g1.Stayed(r) || g1.Grew(r) {
		t.Errorf("σ_w² = 1 bounded: %+v", g1)
	}
	if g175.Factor != 91.0/23 || g175.Moved != 4 || !g175.Grew(r) || g175.Stayed(r) || g175.FirstStep != 300 || g175.Last != 1500 {
		t.Errorf("σ_w² = 1.75 growing: %+v", g175)
	}

	fails := budgetRuns(s, func(i, t int) float64 {
		switch {
		case i == 0 && t == 1500:
			return 64 // two depth steps above 32: 2 > r
		case i == 0:
			return 32
		}
		return 45
	})
	b, err = ByBudget(fails, s, xiBudget)
	if err != nil {
		t.Fatal(err)
	}
	g1, g175 = GrowthOf(b, 0), GrowthOf(b, 1)
	if g1.Factor != 2 || g1.Moved != 2 || g1.Stayed(r) || !g1.Grew(r) {
		t.Errorf("σ_w² = 1 grown two steps must fail Stayed: %+v", g1)
	}
	if g175.Factor != 1 || g175.Grew(r) {
		t.Errorf("σ_w² = 1.75 fixed must fail Grew: %+v", g175)
	}
	// one depth step (32 → 45) is within the allowance either way.
	one := budgetRuns(s, func(i, t int) float64 { return map[bool]float64{true: 45, false: 32}[t == 1500] })
	b, _ = ByBudget(one, s, xiBudget)
	if g := GrowthOf(b, 0); g.Factor != 45.0/32 || g.Moved != 1 || !g.Stayed(r) || g.Grew(r) {
		t.Errorf("one step: %+v", g)
	}
}

// TestGrowthCensored: the deepest depth trainable at the last step makes
// Factor a lower bound (Grew, never Stayed); nothing trainable or
// everything trainable at the first step leaves it unmeasured (NaN: neither).
func TestGrowthCensored(t *testing.T) {
	s := Budget()
	r := StepTol(s.Depths)
	runs := budgetRuns(s, func(i, t int) float64 {
		switch i {
		case 0:
			return map[bool]float64{true: 200, false: 45}[t == 1500]
		case 1:
			return map[bool]float64{true: 10, false: 64}[t == 300]
		}
		return 200
	})
	b, err := ByBudget(runs, s, xiBudget)
	if err != nil {
		t.Fatal(err)
	}
	if g := GrowthOf(b, 0); !g.AtLeast || g.Factor != 128.0/45 || g.Moved != 3 || !g.Grew(r) || g.Stayed(r) {
		t.Errorf("censored above at the last step: %+v", g)
	}
	lost := budgetRuns(s, func(i, t int) float64 { return map[bool]float64{true: 10, false: 32}[t == 1500 && i == 0] })
	if b, err := ByBudget(lost, s, xiBudget); err != nil {
		t.Fatal(err)
	} else if g := GrowthOf(b, 0); g.Factor != 0 || g.Moved != -3 || !g.Stayed(r) || g.Grew(r) {
		t.Errorf("nothing trainable at the last step (32 at the first, index 2): %+v", g)
	}
	for i := 1; i < 3; i++ {
		if g := GrowthOf(b, i); !math.IsNaN(g.Factor) || !math.IsNaN(g.Moved) || g.Grew(r) || g.Stayed(r) {
			t.Errorf("row %d censored at the first step: %+v", i, g)
		}
	}
}

// TestGridAt: a run that diverged before a step counts as chance there; an
// undiverged run without the step's record is an error naming it.
func TestGridAt(t *testing.T) {
	s := Budget()
	runs := budgetRuns(s, func(i, t int) float64 { return 1000 })
	runs[0] = prefixRun(runs[0], 3) // records 0, 300, 600
	runs[0].Diverged = true
	g, err := GridAt(runs, s, 600)
	if err != nil || g.Acc[0][0] != 0.8 {
		t.Fatalf("diverged after 600, at 600: %v %v", g.Acc, err)
	}
	if g, err = GridAt(runs, s, 900); err != nil || g.Acc[0][0] != Chance || g.Acc[0][1] != 0.8 {
		t.Fatalf("diverged before 900, at 900: %v %v", g.Acc, err)
	}
	runs[0].Diverged = false
	if _, err := GridAt(runs, s, 900); err == nil || !strings.Contains(err.Error(), "step 900") {
		t.Errorf("missing record: %v", err)
	}
}

// TestStepTolAgreesWithMoved: on the depths of Paper() and Budget(), a
// movement from depth j to depth k of the grid exceeds r exactly when it
// spans at least two steps (Grew on Factor and the notebook's Moved ≥ 2
// agree; Stayed and Moved ≤ 1 likewise).
func TestStepTolAgreesWithMoved(t *testing.T) {
	for _, depths := range [][]int{Paper().Depths, Budget().Depths} {
		r := StepTol(depths)
		for j := range depths {
			for k := j; k < len(depths); k++ {
				if f := float64(depths[k]) / float64(depths[j]); (f > r) != (k-j >= 2) {
					t.Errorf("depths %v: %d → %d is a factor %.4g against r = %.4g over %d steps", depths, depths[j], depths[k], f, r, k-j)
				}
			}
		}
	}
}
