package traindepth

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"

	"github.com/sigprop/sigprop/lib/fctrain"
)

// Chance is the accuracy of guessing among the classes, 0.1.
const Chance = 1.0 / fctrain.Classes

// Grid is the final test accuracy over (σ_w², L), mean over seeds:
// Acc[i][j] at SigmaW2[i], Depths[j].
type Grid struct {
	SigmaW2 []float64
	Depths  []int
	Acc     [][]float64
	Seeds   int
}

// GridOf averages the final test accuracy (Run.Final) of the runs of s
// over the seeds. It returns an error unless runs are Plan(s) in order.
func GridOf(runs []Run, s Settings) (Grid, error) {
	plan := Plan(s)
	if len(runs) != len(plan) {
		return Grid{}, fmt.Errorf("traindepth: %d runs for a plan of %d", len(runs), len(plan))
	}
	g := Grid{SigmaW2: s.SigmaW2, Depths: s.Depths, Seeds: len(s.Seeds)}
	k := 0
	for range s.SigmaW2 {
		row := make([]float64, len(s.Depths))
		for j := range s.Depths {
			for range s.Seeds {
				if runs[k].Cell != plan[k] {
					return Grid{}, fmt.Errorf("traindepth: run %d is %+v, the plan says %+v", k, runs[k].Cell, plan[k])
				}
				row[j] += runs[k].Final()
				k++
			}
			row[j] /= float64(len(s.Seeds))
		}
		g.Acc = append(g.Acc, row)
	}
	return g, nil
}

// Depth is the trainable depth at one σ_w².
type Depth struct {
	SigmaW2, XiC float64
	// Train is the largest depth of the grid whose accuracy exceeds the
	// threshold, Next the following depth of the grid (the boundary lies in
	// [Train, Next)), Mid = √(Train·Next) their geometric midpoint.
	Train, Next int
	Mid         float64
	// Below: no depth of the grid is trainable (L_train < Depths[0]);
	// Above: the deepest is (L_train ≥ Depths[last]). Either is censored
	// and left out of the ratios.
	Below, Above bool
	Ratio        float64 // Mid/ξ_c; NaN when censored
}

// Result is the comparison of the trainable depth with ξ_c.
type Result struct {
	Shallow   float64 // mean accuracy over σ_w² at the smallest depth
	Threshold float64 // (Chance + Shallow)/2
	Depths    []Depth
	// Spread is max/min of Ratio over the uncensored σ_w²: 1 when the
	// trainable depth is exactly ∝ ξ_c. SpreadTol = r², r the largest ratio
	// of consecutive depths of the grid (see Measure).
	Spread, SpreadTol float64
	// MeanRatio is the geometric mean of Ratio (Schoenholz et al.: ≈ 6);
	// MeanOff = max(MeanRatio/6, 6/MeanRatio), within MeanTol = 2.
	MeanRatio, MeanOff, MeanTol float64
	// Corr is the Pearson correlation of log Mid with log ξ_c over the
	// uncensored σ_w².
	Corr       float64
	Uncensored int
}

// PaperRatio is Schoenholz et al.'s trainable depth in units of ξ_c: the
// boundary L ≈ 6ξ_c of their Figs. 5–6 (recalled).
const PaperRatio = 6

// MeanTol is the factor within which the measured constant must meet
// PaperRatio: "about 6" read as within a factor 2 (sigprop's choice, set
// before the grid was trained; the grid's own resolution moves a geometric
// mean by at most √r ≈ 1.22).
const MeanTol = 2

// ErrFewUncensored is returned when fewer than 2 σ_w² have a trainable
// depth inside the grid: no ratio can be compared.
var ErrFewUncensored = errors.New("traindepth: fewer than 2 σ_w² with a trainable depth inside the grid")

// Measure finds the trainable depth of each σ_w² of g and compares it with
// ξ_c (xiC[i] at g.SigmaW2[i], meanfield.Net.DepthScales), all rules fixed
// before the stored grid was trained:
//
//	threshold θ = (0.1 + A_shallow)/2,  A_shallow = mean over σ_w² of the accuracy at the smallest depth,
//	L_train(σ_w²) = the largest depth whose accuracy exceeds θ,  L_mid = √(L_train·L_next),
//	ratio = L_mid/ξ_c,   Spread = max ratio / min ratio ≤ r²,   MeanRatio = geometric mean of the ratios.
//
// The tolerance of Spread: each L_mid is within a factor √r of the crossing
// of the threshold (r the depth step), so two points exactly ∝ ξ_c differ
// by at most r from the grid alone; a second factor r allows the crossing
// of a single seed to move by one depth step (an allowance: one seed does
// not measure its spread). A trainable depth that did not depend on σ_w²
// would give a Spread of max ξ_c/min ξ_c over the uncensored points.
//
// It returns an error wrapping ErrFewUncensored when fewer than 2 σ_w²
// are uncensored, and panics if the sizes of g and xiC disagree.
func Measure(g Grid, xiC []float64) (Result, error) {
	if len(xiC) != len(g.SigmaW2) || len(g.Acc) != len(g.SigmaW2) || len(g.Depths) < 2 {
		panic(fmt.Sprintf("traindepth: Measure needs one ξ_c and one accuracy row per σ_w² and ≥ 2 depths, got %d, %d, %d rows and %d depths", len(xiC), len(g.SigmaW2), len(g.Acc), len(g.Depths)))
	}
	var r Result
	r.SpreadTol, r.MeanTol = 1, MeanTol
	for j := 1; j < len(g.Depths); j++ {
		step := float64(g.Depths[j]) / float64(g.Depths[j-1])
		r.SpreadTol = math.Max(r.SpreadTol, step*step)
	}
	for i := range g.SigmaW2 {
		if len(g.Acc[i]) != len(g.Depths) {
			panic(fmt.Sprintf("traindepth: accuracy row %d has %d entries for %d depths", i, len(g.Acc[i]), len(g.Depths)))
		}
		r.Shallow += g.Acc[i][0]
	}
	r.Shallow /= float64(len(g.SigmaW2))
	r.Threshold = (Chance + r.Shallow) / 2
	var logMid, logXi, logRatio []float64
	last := len(g.Depths) - 1
	for i, w := range g.SigmaW2 {
		d := Depth{SigmaW2: w, XiC: xiC[i], Ratio: math.NaN(), Mid: math.NaN()}
		jt := -1
		for j, a := range g.Acc[i] {
			if a > r.Threshold {
				jt = j
			}
		}
		switch {
		case jt < 0:
			d.Below, d.Next = true, g.Depths[0]
		case jt == last:
			d.Above, d.Train = true, g.Depths[last]
		default:
			d.Train, d.Next = g.Depths[jt], g.Depths[jt+1]
			d.Mid = math.Sqrt(float64(d.Train) * float64(d.Next))
			if xiC[i] > 0 && !math.IsInf(xiC[i], 1) {
				d.Ratio = d.Mid / xiC[i]
				logMid, logXi, logRatio = append(logMid, math.Log(d.Mid)), append(logXi, math.Log(xiC[i])), append(logRatio, math.Log(d.Ratio))
			}
		}
		r.Depths = append(r.Depths, d)
	}
	r.Uncensored = len(logRatio)
	if r.Uncensored < 2 {
		return r, fmt.Errorf("%w: %d of %d (threshold %.3f)", ErrFewUncensored, r.Uncensored, len(g.SigmaW2), r.Threshold)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range logRatio {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	r.Spread = math.Exp(hi - lo)
	r.MeanRatio = math.Exp(stat.Mean(logRatio, nil))
	r.MeanOff = math.Max(r.MeanRatio/PaperRatio, PaperRatio/r.MeanRatio)
	r.Corr = stat.Correlation(logMid, logXi, nil)
	return r, nil
}
