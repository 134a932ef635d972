package seqtf

import (
	"math"
	"reflect"
	"testing"
)

// synthRun builds a run whose log₁₀(effective LR of W^Q / of W^V) in block
// l at record t is gap(l, t) exactly (EffV = 1, EffQ = 10^gap).
func synthRun(seed uint64, T, L int, gap func(l, t int) float64) ReverseRun {
	r := ReverseRun{Seed: seed}
	for t := 0; t < T; t++ {
		r.Step = append(r.Step, 1+20*t)
		q, v := make([]float64, L), make([]float64, L)
		for l := range q {
			q[l], v[l] = math.Pow(10, gap(l, t)), 1
		}
		r.EffQ, r.EffV = append(r.EffQ, q), append(r.EffV, v)
	}
	return r
}

// TestFig6Stats: on runs whose gap is a + b·ℓ + c·seed + drift·t (ℓ = 1..L)
// the statistics are known in closed form: Slope = b for every seed (SE 0),
// Gap[ℓ] = a + bℓ + c·mean(seed) + drift·mean(t over records 1..T−1),
// Drift = drift·(mean of the late third − mean of the early third of t),
// DepthSpread = b(L − 1), and the record at step 1 is left out.
func TestFig6Stats(t *testing.T) {
	const T, L = 10, 5 // records 1..9 after the first: thirds of 3
	a, b, c, drift := 0.2, 0.15, 0.01, 0.003
	var runs []ReverseRun
	for s := uint64(1); s <= 3; s++ {
		runs = append(runs, synthRun(s, T, L, func(l, tt int) float64 {
			if tt == 0 {
				return 100 // step 1: must not enter any statistic
			}
			return a + b*float64(l+1) + c*float64(s) + drift*float64(tt)
		}))
	}
	f, err := Fig6Stats(runs)
	if err != nil {
		t.Fatal(err)
	}
	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %.15g, want %.15g", name, got, want)
		}
	}
	near("Slope", f.Slope.Mean, b)
	near("Slope SE", f.Slope.SE, 0)
	for l := 0; l < L; l++ {
		near("Gap", f.Gap[l].Mean, a+b*float64(l+1)+c*2+drift*5)
		// the seed term c·s, s = 1, 2, 3: SD c, SE c/√3
		near("Gap SE", f.Gap[l].SE, c/math.Sqrt(3))
	}
	near("Drift", f.Drift, drift*((7+8+9)/3.0-(1+2+3)/3.0))
	near("DepthSpread", f.DepthSpread, b*(L-1))
	if _, err := Fig6Stats(runs[:0]); err == nil {
		t.Error("no runs: want an error")
	}
	short := synthRun(9, 4, L, func(l, t int) float64 { return 0 })
	if _, err := Fig6Stats([]ReverseRun{short}); err == nil {
		t.Error("4 records: want an error")
	}
}

// TestFig15Stats: α moved by known amounts, cosines and norms set by hand.
func TestFig15Stats(t *testing.T) {
	const L = 4
	mk := func(seed uint64, da float64) ReverseRun {
		r := ReverseRun{Seed: seed, Step: []int{1, 20}}
		a1, a2, cos, nrm := make([]float64, L), make([]float64, L), make([]float64, L), make([]float64, L)
		r.Cosine0, r.Norm0 = make([]float64, L), make([]float64, L)
		for l := 0; l < L; l++ {
			a1[l], a2[l] = 0.5+da, 0.5+da
			r.Cosine0[l], cos[l] = 0.3, 0.1
			nrm[l] = 4 + 2*float64(l)
		}
		r.Alpha1, r.Alpha2 = [][]float64{{}, a1}, [][]float64{{}, a2}
		r.Cosine, r.Norm = [][]float64{{}, cos}, [][]float64{{}, nrm}
		return r
	}
	f, err := Fig15Stats([]ReverseRun{mk(1, 0.1), mk(2, 0.3)}, 0.5, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f.AlphaChange.Mean-0.2) > 1e-12 || math.Abs(f.AlphaChange.SE-0.1) > 1e-12 {
		t.Errorf("AlphaChange %+v, want 0.2 ± 0.1", f.AlphaChange)
	}
	if math.Abs(f.CosChange.Mean+0.2) > 1e-12 || math.Abs(f.NormSlope.Mean-2) > 1e-12 {
		t.Errorf("CosChange %+v (want −0.2), NormSlope %+v (want 2)", f.CosChange, f.NormSlope)
	}
}

// TestSolveStep: the first record at or above the threshold, −1 if none.
func TestSolveStep(t *testing.T) {
	r := ReverseRun{Step: []int{1, 20, 40}, Accuracy: []float64{0.1, 0.995, 0.98}}
	if s := SolveStep(r, 0.99); s != 20 {
		t.Errorf("SolveStep = %d, want 20", s)
	}
	if s := SolveStep(r, 0.999); s != -1 {
		t.Errorf("SolveStep = %d, want −1", s)
	}
}

// TestRunReverseDeterministic: same seed, same bits; another seed, another
// run; the records fall at step 1, every LogEvery steps and the last step.
func TestRunReverseDeterministic(t *testing.T) {
	c := Config{Vocab: 4, Len: 6, D: 4, FF: 8, Layers: 2, Norm: PostLN, Alpha1: 1, Alpha2: 1}
	s := ReverseSettings{Steps: 25, Batch: 8, LR: 0.01, LogEvery: 10, EvalSeqs: 16}
	a, err1 := RunReverse(c, s, 7)
	b, err2 := RunReverse(c, s, 7)
	o, err3 := RunReverse(c, s, 8)
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	a.Seconds, b.Seconds, o.Seconds = 0, 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Error("same seed, different runs")
	}
	if reflect.DeepEqual(a.TrainLoss, o.TrainLoss) {
		t.Error("seeds 7 and 8 gave the same losses")
	}
	if !reflect.DeepEqual(a.Step, []int{1, 10, 20, 25}) {
		t.Errorf("records at %v, want [1 10 20 25]", a.Step)
	}
}
