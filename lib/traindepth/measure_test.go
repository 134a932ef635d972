package traindepth

import (
	"errors"
	"math"
	"testing"
)

// synthetic is a grid whose accuracy is hi up to the depth bound(i) and
// chance beyond it.
func synthetic(sw2 []float64, depths []int, hi float64, bound func(i int) float64) Grid {
	g := Grid{SigmaW2: sw2, Depths: depths, Seeds: 1}
	for i := range sw2 {
		row := make([]float64, len(depths))
		for j, d := range depths {
			row[j] = Chance
			if float64(d) <= bound(i) {
				row[j] = hi
			}
		}
		g.Acc = append(g.Acc, row)
	}
	return g
}

var (
	sqrt2Depths = []int{4, 6, 8, 11, 16, 23, 32, 45, 64, 91, 128}
	xiOrdered   = []float64{2, 3.6, 6.8, 15.8, 9, 7}
)

// TestMeasureHand: a three-depth grid worked by hand.
func TestMeasureHand(t *testing.T) {
	g := Grid{SigmaW2: []float64{1, 2, 3}, Depths: []int{4, 8, 16}, Seeds: 1, Acc: [][]float64{
		{0.7, 0.5, 0.1}, // θ = (0.1 + 0.7)/2 = 0.4: L_train 8, next 16, mid √128
		{0.7, 0.3, 0.2}, // L_train 4, next 8, mid √32
		{0.7, 0.7, 0.7}, // every depth: censored above
	}}
	r, err := Measure(g, []float64{2, 1, 5})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Shallow-0.7) > 1e-15 || math.Abs(r.Threshold-0.4) > 1e-15 {
		t.Errorf("shallow %v threshold %v, want 0.7, 0.4", r.Shallow, r.Threshold)
	}
	d := r.Depths
	if d[0].Train != 8 || d[0].Next != 16 || d[1].Train != 4 || d[1].Next != 8 || !d[2].Above || d[2].Train != 16 || !math.IsNaN(d[2].Ratio) {
		t.Errorf("depths %+v", d)
	}
	// ratios √128/2 = 5.657 and √32/1 = 5.657: spread 1, mean 4√2.
	if math.Abs(r.Spread-1) > 1e-12 || math.Abs(r.MeanRatio-4*math.Sqrt2) > 1e-12 || r.Uncensored != 2 || math.Abs(r.SpreadTol-4) > 1e-15 {
		t.Errorf("spread %v (tol %v), mean %v over %d", r.Spread, r.SpreadTol, r.MeanRatio, r.Uncensored)
	}
	if want := 6 / (4 * math.Sqrt2); math.Abs(r.MeanOff-want) > 1e-12 || math.Abs(r.Corr-1) > 1e-12 {
		t.Errorf("mean off %v (want %v), corr %v (want 1)", r.MeanOff, want, r.Corr)
	}
}

// TestMeasureProportional: accuracy high exactly up to 6ξ_c on the √2 grid
// passes both checks (spread ≤ r², mean ratio within a factor 2 of 6) with
// a log-log correlation near 1.
func TestMeasureProportional(t *testing.T) {
	g := synthetic(make([]float64, len(xiOrdered)), sqrt2Depths, 0.8, func(i int) float64 { return 6 * xiOrdered[i] })
	r, err := Measure(g, xiOrdered)
	if err != nil {
		t.Fatal(err)
	}
	if r.Uncensored != len(xiOrdered) || !(r.Spread <= r.SpreadTol) || !(r.MeanOff <= r.MeanTol) || !(r.Corr > 0.98) {
		t.Errorf("∝ 6ξ_c: %d uncensored, spread %v (tol %v), mean ratio %v (off %v), corr %v", r.Uncensored, r.Spread, r.SpreadTol, r.MeanRatio, r.MeanOff, r.Corr)
	}
	// ∝ 2ξ_c instead: still proportional (spread passes), but the constant
	// is 3 times too small (the mean check fails).
	g = synthetic(make([]float64, len(xiOrdered)), sqrt2Depths, 0.8, func(i int) float64 { return 2 * xiOrdered[i] })
	if r, err = Measure(g, xiOrdered); err != nil || !(r.Spread <= r.SpreadTol) || r.MeanOff <= r.MeanTol {
		t.Errorf("∝ 2ξ_c: spread %v (tol %v), mean %v off %v (want > %v), err %v", r.Spread, r.SpreadTol, r.MeanRatio, r.MeanOff, r.MeanTol, err)
	}
}

// TestMeasureMustFail: a trainable depth of 30 at every σ_w² (not ∝ ξ_c)
// fails the spread check: ξ_c ranges over a factor 7.9, the tolerance is
// r² = 2.25.
func TestMeasureMustFail(t *testing.T) {
	g := synthetic(make([]float64, len(xiOrdered)), sqrt2Depths, 0.8, func(int) float64 { return 30 })
	r, err := Measure(g, xiOrdered)
	if err != nil {
		t.Fatal(err)
	}
	if !(r.Spread > r.SpreadTol) || math.Abs(r.Spread-15.8/2) > 1e-9 || math.Abs(r.SpreadTol-2.25) > 1e-15 {
		t.Errorf("constant depth: spread %v, want 7.9 > tol %v", r.Spread, r.SpreadTol)
	}
}

// TestMeasureCensored: every depth trainable or none: censored, and fewer
// than 2 uncensored is ErrFewUncensored; a diverged run counts as chance.
func TestMeasureCensored(t *testing.T) {
	g := synthetic([]float64{1, 2, 3}, sqrt2Depths, 0.8, func(i int) float64 { return []float64{1000, 2, 20}[i] })
	r, err := Measure(g, []float64{5, 5, 5})
	if !errors.Is(err, ErrFewUncensored) || !r.Depths[0].Above || !r.Depths[1].Below || r.Depths[2].Train != 16 || r.Uncensored != 1 {
		t.Errorf("censored: %+v, err %v", r.Depths, err)
	}
	if (Run{Diverged: true, TestAcc: []float64{0.9}}).Final() != Chance {
		t.Error("a diverged run counts as trained")
	}
}

// TestGridOf: the mean over seeds, in plan order; a run out of order is an error.
func TestGridOf(t *testing.T) {
	s := Paper()
	s.SigmaW2, s.Depths, s.Seeds = []float64{1, 2}, []int{3, 5}, []uint64{1, 2}
	var runs []Run
	for k, c := range Plan(s) {
		runs = append(runs, Run{Cell: c, TestAcc: []float64{0.1, float64(k) / 10}})
	}
	g, err := GridOf(runs, s)
	if err != nil {
		t.Fatal(err)
	}
	// plan: (1,3,1) (1,3,2) (1,5,1) (1,5,2) (2,3,1) ...: means 0.05, 0.25, 0.45, 0.65.
	want := [][]float64{{0.05, 0.25}, {0.45, 0.65}}
	for i := range want {
		for j := range want[i] {
			if math.Abs(g.Acc[i][j]-want[i][j]) > 1e-15 {
				t.Errorf("Acc[%d][%d] = %v, want %v", i, j, g.Acc[i][j], want[i][j])
			}
		}
	}
	runs[1], runs[2] = runs[2], runs[1]
	if _, err := GridOf(runs, s); err == nil {
		t.Error("runs out of plan order accepted")
	}
}
