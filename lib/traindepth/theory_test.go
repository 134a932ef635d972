package traindepth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// TestXiC against the notes' tanh table at σ_b² = 0.05
// (lib/sources/tanner2024.md#check-9, printed to 4 decimals: ξ_c = 25.2134
// at σ_w² = 2, rounding 5e-5) and against meanfield.Net.DepthScales point by point
// (ScanSigmaW2 runs the same steps: equal to rounding); ξ_c diverges at the
// edge of chaos, so XiCLine over [1, 3] rises and falls.
func TestXiC(t *testing.T) {
	ws := []float64{1, 2, 2.5}
	xi, err := XiC(ws, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(xi[1]-25.2134) > 5e-5 {
		t.Errorf("ξ_c at σ_w² = 2: %.6f, the notes print 25.2134", xi[1])
	}
	for i, w := range ws {
		s, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: w, SigmaB2: 0.05}.DepthScales()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(xi[i]-s.XiC) > 1e-12*s.XiC {
			t.Errorf("σ_w² = %g: XiC %.15g, DepthScales %.15g", w, xi[i], s.XiC)
		}
	}
	w, line, err := XiCLine(1, 3, 41, 0.05)
	if err != nil || len(w) != 41 || w[0] != 1 || w[40] != 3 {
		t.Fatalf("XiCLine: %d points from %v to %v, %v", len(w), w[0], w[len(w)-1], err)
	}
	top := 0
	for i := range line {
		if line[i] > line[top] {
			top = i
		}
	}
	if top == 0 || top == 40 || line[top] < 10*line[0] {
		t.Errorf("ξ_c over σ_w² ∈ [1, 3] peaks at index %d (%.3g against %.3g at σ_w² = 1): want the edge of chaos inside", top, line[top], line[0])
	}
}

// TestMeasureRuns: runs whose accuracy is 0.8 up to depth 8 and chance
// beyond give L_train = 8, L_next = 16 at each σ_w², and MeasureRuns
// divides L_mid = √128 by the ξ_c of meanfield.Net.DepthScales; ByBudgetRuns
// of the budget grid carries the same ξ_c at every recorded step.
func TestMeasureRuns(t *testing.T) {
	s := Paper()
	s.SigmaW2, s.Depths, s.Seeds = []float64{1, 2}, []int{4, 8, 16}, []uint64{1}
	var runs []Run
	for _, c := range Plan(s) {
		a := Chance
		if c.Depth <= 8 {
			a = 0.8
		}
		runs = append(runs, Run{Cell: c, TestAcc: []float64{Chance, a}})
	}
	_, r, err := MeasureRuns(runs, s)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range s.SigmaW2 {
		st, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: w, SigmaB2: s.SigmaB2}.DepthScales()
		if err != nil {
			t.Fatal(err)
		}
		d := r.Depths[i]
		if d.Train != 8 || d.Next != 16 || math.Abs(d.Ratio-math.Sqrt(128)/st.XiC) > 1e-12*d.Ratio {
			t.Errorf("σ_w² = %g: L_train %d, next %d, ratio %v; want 8, 16, √128/%v", w, d.Train, d.Next, d.Ratio, st.XiC)
		}
	}
	b := Budget()
	at, xi, err := ByBudgetRuns(budgetRuns(b, func(i, t int) float64 { return 16 }), b)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range b.SigmaW2 {
		st, err := meanfield.Net{Phi: activation.Tanh(), SigmaW2: w, SigmaB2: b.SigmaB2}.DepthScales()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(xi[i]-st.XiC) > 1e-12*st.XiC || at[len(at)-1].Result.Depths[i].XiC != xi[i] {
			t.Errorf("budget σ_w² = %g: ξ_c %v, at the last step %v, DepthScales %v", w, xi[i], at[len(at)-1].Result.Depths[i].XiC, st.XiC)
		}
	}
}
