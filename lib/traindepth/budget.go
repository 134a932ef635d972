package traindepth

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// RecordedSteps are the steps at which Fit records a run of s after step 0:
// every EvalEvery steps and after the last.
func RecordedSteps(s Settings) []int {
	var steps []int
	for t := s.EvalEvery; t < s.Steps; t += s.EvalEvery {
		steps = append(steps, t)
	}
	return append(steps, s.Steps)
}

// GridAt is GridOf at the record of step (one of RecordedSteps(s)): the
// test accuracy at that step, mean over seeds; a run that diverged before
// it counts as chance (Run.Final). It returns an error unless runs are
// Plan(s) in order and every undiverged run recorded step.
func GridAt(runs []Run, s Settings, step int) (Grid, error) {
	cut := make([]Run, len(runs))
	for k, r := range runs {
		i := -1
		for j, t := range r.Step {
			if t == step {
				i = j
			}
		}
		switch {
		case i >= 0:
			cut[k] = prefixRun(r, i+1)
			cut[k].Diverged = false
		case r.Diverged:
			cut[k] = r
		default:
			return Grid{}, fmt.Errorf("traindepth: run %d (%+v) has no record at step %d (records %v)", k, r.Cell, step, r.Step)
		}
	}
	return GridOf(cut, s)
}

func prefixRun(r Run, k int) Run {
	r.Step, r.Loss, r.TestAcc, r.TestLoss = r.Step[:k], r.Loss[:k], r.TestAcc[:k], r.TestLoss[:k]
	return r
}

// AtStep is Measure on the accuracy grid of one recorded step.
type AtStep struct {
	Step   int
	Depths []int // the grid's depths
	Result Result
}

// ByBudget applies Measure, unchanged, to the accuracy grid at each step of
// RecordedSteps(s) (step 0, untrained, is left out): at each step the
// threshold is halfway between chance and that step's mean accuracy at the
// smallest depth of the grid, and L_train(σ_w², step) is the largest depth
// whose accuracy at that step exceeds it. Fewer than 2 uncensored σ_w² at a
// step is not an error here (no ratio across σ_w² is compared): the
// per-σ_w² depths are kept.
func ByBudget(runs []Run, s Settings, xiC []float64) ([]AtStep, error) {
	var out []AtStep
	for _, t := range RecordedSteps(s) {
		g, err := GridAt(runs, s, t)
		if err != nil {
			return nil, err
		}
		r, err := Measure(g, xiC)
		if err != nil && !errors.Is(err, ErrFewUncensored) {
			return nil, err
		}
		out = append(out, AtStep{Step: t, Depths: g.Depths, Result: r})
	}
	return out, nil
}

// Growth is how far the trainable depth of one σ_w² moved between the
// first recorded step after 0 and the last.
type Growth struct {
	SigmaW2, XiC    float64
	FirstStep, Last int
	AtFirst, AtLast Depth
	// Factor is L_train(last step)/L_train(first step), a product of
	// consecutive depth ratios of the grid (0 when nothing is trainable at
	// the last step); NaN when it cannot be measured: no depth of
	// the grid trainable at the first step, or the deepest already trainable
	// there.
	Factor float64
	// Moved is the same movement counted in depth steps of the grid
	// (index of L_train at the last step − at the first; NaN with Factor,
	// and −1 − index at the first step when nothing is trainable at the last).
	Moved float64
	// AtLeast: the deepest depth of the grid is trainable at the last step,
	// so Factor and Moved are lower bounds.
	AtLeast bool
}

// GrowthOf is the Growth of row i (the i-th σ_w²) of b (ByBudget).
// It panics unless b has a step and row i exists.
func GrowthOf(b []AtStep, i int) Growth {
	if len(b) == 0 || i < 0 || i >= len(b[0].Result.Depths) {
		panic(fmt.Sprintf("traindepth: GrowthOf needs a step and row %d of its depths", i))
	}
	f, l := b[0].Result.Depths[i], b[len(b)-1].Result.Depths[i]
	g := Growth{SigmaW2: f.SigmaW2, XiC: f.XiC, FirstStep: b[0].Step, Last: b[len(b)-1].Step, AtFirst: f, AtLast: l, Factor: math.NaN(), Moved: math.NaN(), AtLeast: l.Above}
	if f.Below || f.Above {
		return g
	}
	depths := b[0].Depths
	jf := slices.Index(depths, f.Train)
	if l.Below {
		g.Factor, g.Moved = 0, float64(-1-jf)
		return g
	}
	g.Factor, g.Moved = float64(l.Train)/float64(f.Train), float64(slices.Index(depths, l.Train)-jf)
	return g
}

// StepTol is the largest ratio r of consecutive depths of depths: one step
// of the depth grid, the movement a trainable depth measured on one seed may
// show with nothing else changing (the allowance Measure gives a single
// seed's crossing). Growth by more than r is a movement; by at most r,
// none. On a grid where any two consecutive steps together exceed r (the
// √2 grids of Paper and Budget: two steps are ≥ 45/23 ≈ 1.96 > r = 23/16),
// this is Growth.Moved ≥ 2 against ≤ 1, the form the notebook's checks use.
func StepTol(depths []int) float64 {
	r := 1.0
	for j := 1; j < len(depths); j++ {
		r = math.Max(r, float64(depths[j])/float64(depths[j-1]))
	}
	return r
}

// Grew reports whether the trainable depth grew by more than r (a lower
// bound above r counts); false when Factor cannot be measured.
func (g Growth) Grew(r float64) bool { return g.Factor > r }

// Stayed reports whether the trainable depth grew by at most r, measured:
// false when Factor is NaN or a lower bound (the deepest depth trainable at
// the last step: it may have grown further than the grid shows).
func (g Growth) Stayed(r float64) bool { return !g.AtLeast && g.Factor <= r }
