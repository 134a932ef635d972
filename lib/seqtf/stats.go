package seqtf

import (
	"fmt"
	"math"
)

// MeanSE is a mean over seeds with its standard error SD/√N (N − 1 in the
// SD); SE is NaN for N < 2.
type MeanSE struct {
	Mean, SE float64
	N        int
}

// meanSE returns the mean and standard error of x.
func meanSE(x []float64) MeanSE {
	n := float64(len(x))
	m := 0.0
	for _, v := range x {
		m += v / n
	}
	if len(x) < 2 {
		return MeanSE{m, math.NaN(), len(x)}
	}
	ss := 0.0
	for _, v := range x {
		ss += (v - m) * (v - m)
	}
	return MeanSE{m, math.Sqrt(ss / (n - 1) / n), len(x)}
}

// Z is Mean/SE.
func (m MeanSE) Z() float64 { return m.Mean / m.SE }

// slope is the least-squares slope of y against x = 1, …, len(y).
func slope(y []float64) float64 {
	n := float64(len(y))
	xm := (n + 1) / 2
	ym, sxy, sxx := 0.0, 0.0, 0.0
	for _, v := range y {
		ym += v / n
	}
	for i, v := range y {
		x := float64(i+1) - xm
		sxy += x * (v - ym)
		sxx += x * x
	}
	return sxy / sxx
}

// Select returns the runs of variant, in stored order.
func Select(runs []ReverseRun, variant string) []ReverseRun {
	var out []ReverseRun
	for _, r := range runs {
		if r.Variant == variant {
			out = append(out, r)
		}
	}
	return out
}

// Fig6 are the seed statistics of Noci et al. 2022's Fig. 6 claims on the
// runs of one variant, with g_{s,ℓ}(t) = log₁₀(effective LR of W^Q / of
// W^V) in block ℓ of seed s at record t:
//
//	Gap[ℓ]      the mean of g over the records after the first step
//	            (the first Adam step's v̂ is one squared gradient), over seeds
//	Slope       the least-squares slope of that per-seed gap against ℓ = 1..L
//	            ("increasingly larger (with depth)")
//	Early, Late [ℓ] the gap over the first and the last third of those records
//	Drift       max over ℓ of |Late − Early| (seed mean): the change during
//	            training ("remarkably constant")
//	DepthSpread Late[L] − Late[1], the depth effect the drift is set against
//
// and Time, Q, V the seed-mean curves (step, log₁₀ effective LR) per block.
type Fig6 struct {
	Gap         []MeanSE
	Slope       MeanSE
	Early, Late []MeanSE
	Drift       float64
	DepthSpread float64
	Step        []int
	Q, V        [][]float64 // [layer][record], seed means of log₁₀ effective LR
	Seeds       int
	RunSeeds    []uint64 // the runs' seeds, in the order of the runs
}

// Fig6Stats computes Fig6 over runs (all of one variant, same records).
// It returns an error if runs is empty, the records differ, or fewer than
// 4 records follow the first step.
func Fig6Stats(runs []ReverseRun) (Fig6, error) {
	if len(runs) == 0 {
		return Fig6{}, fmt.Errorf("seqtf: Fig6Stats needs runs")
	}
	T, L := len(runs[0].Step), len(runs[0].EffQ[0])
	if T < 5 {
		return Fig6{}, fmt.Errorf("seqtf: Fig6Stats needs at least 5 records, got %d", T)
	}
	for _, r := range runs {
		if len(r.Step) != T || len(r.EffQ) != T || len(r.EffV) != T || r.Step[T-1] != runs[0].Step[T-1] {
			return Fig6{}, fmt.Errorf("seqtf: Fig6Stats: seed %d has other records than seed %d", r.Seed, runs[0].Seed)
		}
	}
	f := Fig6{Step: runs[0].Step, Seeds: len(runs), RunSeeds: runSeeds(runs), Q: make([][]float64, L), V: make([][]float64, L)}
	third := (T - 1) / 3
	gap := make([][]float64, L)
	early, late := make([][]float64, L), make([][]float64, L)
	var slopes []float64
	for _, r := range runs {
		gs := make([]float64, L)
		for l := 0; l < L; l++ {
			var sum, e, la float64
			for t := 1; t < T; t++ {
				g := math.Log10(r.EffQ[t][l] / r.EffV[t][l])
				sum += g
				if t <= third {
					e += g / float64(third)
				}
				if t > T-1-third {
					la += g / float64(third)
				}
			}
			gs[l] = sum / float64(T-1)
			gap[l] = append(gap[l], gs[l])
			early[l], late[l] = append(early[l], e), append(late[l], la)
		}
		slopes = append(slopes, slope(gs))
	}
	for l := 0; l < L; l++ {
		f.Gap = append(f.Gap, meanSE(gap[l]))
		f.Early, f.Late = append(f.Early, meanSE(early[l])), append(f.Late, meanSE(late[l]))
		f.Drift = math.Max(f.Drift, math.Abs(f.Late[l].Mean-f.Early[l].Mean))
		f.Q[l], f.V[l] = make([]float64, T), make([]float64, T)
		for t := 0; t < T; t++ {
			for _, r := range runs {
				f.Q[l][t] += math.Log10(r.EffQ[t][l]) / float64(len(runs))
				f.V[l][t] += math.Log10(r.EffV[t][l]) / float64(len(runs))
			}
		}
	}
	f.Slope = meanSE(slopes)
	f.DepthSpread = f.Late[L-1].Mean - f.Late[0].Mean
	return f, nil
}

// Fig15 are the seed statistics of Noci et al. 2022's Fig. 15 claims on
// runs with trainable α (one variant): per block ℓ, the mean token cosine
// and root-mean-square token norm at initialisation and after the last
// step, α₁ and α₂ after the last step, and
//
//	AlphaChange  the change of α averaged over both α and all blocks, per seed
//	             ("these values increase during training")
//	CosChange    the change of the cosine averaged over blocks, per seed
//	             ("the correlation between the tokens does not significantly increase")
//	NormSlope    the least-squares slope of the final norm against ℓ, per seed
//	             ("the norm of the propagated forward signal tends to slightly increase with depth")
//	NormRise     the final norm after the last block over that after the first,
//	             per seed (how much it increases: "slightly")
type Fig15 struct {
	Cos0, Cos, Norm0, Norm, Alpha1, Alpha2      []MeanSE
	Alpha1Init, Alpha2Init                      float64
	AlphaChange, CosChange, NormSlope, NormRise MeanSE
	Seeds                                       int
	RunSeeds                                    []uint64 // the runs' seeds, in the order of the runs
}

// Fig15Stats computes Fig15 over runs (all of one variant, with trainable
// α starting at a1, a2 in every block). It returns an error if runs is
// empty.
func Fig15Stats(runs []ReverseRun, a1, a2 float64) (Fig15, error) {
	if len(runs) == 0 {
		return Fig15{}, fmt.Errorf("seqtf: Fig15Stats needs runs")
	}
	L := len(runs[0].Cosine0)
	f := Fig15{Seeds: len(runs), RunSeeds: runSeeds(runs), Alpha1Init: a1, Alpha2Init: a2}
	per := func(get func(r ReverseRun) []float64) []MeanSE {
		out := make([]MeanSE, L)
		for l := range out {
			var x []float64
			for _, r := range runs {
				x = append(x, get(r)[l])
			}
			out[l] = meanSE(x)
		}
		return out
	}
	last := func(x [][]float64) []float64 { return x[len(x)-1] }
	f.Cos0 = per(func(r ReverseRun) []float64 { return r.Cosine0 })
	f.Cos = per(func(r ReverseRun) []float64 { return last(r.Cosine) })
	f.Norm0 = per(func(r ReverseRun) []float64 { return r.Norm0 })
	f.Norm = per(func(r ReverseRun) []float64 { return last(r.Norm) })
	f.Alpha1 = per(func(r ReverseRun) []float64 { return last(r.Alpha1) })
	f.Alpha2 = per(func(r ReverseRun) []float64 { return last(r.Alpha2) })
	var da, dc, ns, nr []float64
	for _, r := range runs {
		n := last(r.Norm)
		nr = append(nr, n[L-1]/n[0])
		a, c := 0.0, 0.0
		for l := 0; l < L; l++ {
			a += (last(r.Alpha1)[l] - a1 + last(r.Alpha2)[l] - a2) / float64(2*L)
			c += (last(r.Cosine)[l] - r.Cosine0[l]) / float64(L)
		}
		da, dc, ns = append(da, a), append(dc, c), append(ns, slope(last(r.Norm)))
	}
	f.AlphaChange, f.CosChange, f.NormSlope, f.NormRise = meanSE(da), meanSE(dc), meanSE(ns), meanSE(nr)
	return f, nil
}

// runSeeds are the seeds of runs, in order.
func runSeeds(runs []ReverseRun) []uint64 {
	s := make([]uint64, len(runs))
	for i, r := range runs {
		s[i] = r.Seed
	}
	return s
}

// SolveStep is the first recorded step at which the held-out token
// accuracy reaches acc, or −1 if no record does.
func SolveStep(r ReverseRun, acc float64) int {
	for i, a := range r.Accuracy {
		if a >= acc {
			return r.Step[i]
		}
	}
	return -1
}
