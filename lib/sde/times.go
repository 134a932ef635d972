package sde

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// gridTol is the tolerance, in steps, within which a time counts as a point
// k·h of the step grid: T/h − k ∈ [−gridTol, gridTol]. The step count of a
// run to T is ⌈T/h − gridTol⌉.
const gridTol = 1e-9

// validateTimes checks Settings.Times against T: finite, strictly
// increasing, within [0, T].
func validateTimes(times []float64, T float64) error {
	for i, t := range times {
		switch {
		case !(t >= 0 && t <= T):
			return fmt.Errorf("%w: Settings.Times[%d] = %v, must be in [0, T] = [0, %v]", ErrParam, i, t, T)
		case i > 0 && !(t > times[i-1]):
			return fmt.Errorf("%w: Settings.Times[%d] = %v after Settings.Times[%d] = %v, must be strictly increasing", ErrParam, i, t, i-1, times[i-1])
		}
	}
	return nil
}

// runSchedule is the step grid of a run: n steps, each of length Step
// except those listed in odd (in step order), and, for each recorded time,
// rec[i], the number of steps taken when it is reached. It is O(1 + number
// of times) in size whatever the number of steps.
type runSchedule struct {
	n   int
	odd []oddStep
	rec []int
}

// oddStep is a step k whose length h is not Step.
type oddStep struct {
	k int
	h float64
}

// stepper hands out the step lengths of a runSchedule in order.
type stepper struct {
	sc   *runSchedule
	step float64
	next int // index in sc.odd
}

// length returns step k's length; k must increase by one per call.
func (st *stepper) length(k int) float64 {
	if st.next < len(st.sc.odd) && st.sc.odd[st.next].k == k {
		st.next++
		return st.sc.odd[st.next-1].h
	}
	return st.step
}

// newRunSchedule returns the schedule of a run to T with step h that stops
// at each of times (strictly increasing, in [0, T]).
//
// A run with no times takes ⌈T/h − gridTol⌉ steps of h, the last one
// shortened to end at T (its length computed as T − (k−1)·h). A time on
// the grid (within gridTol steps of a point k·h, T aside) adds no step: the run
// takes exactly the steps, and draws exactly the noise, of a run without
// it, so its final state is the same bit for bit. The state recorded there
// equals the final state of a separate run to t = k·h up to the rounding
// of that run's last step, t − (k−1)·h against h. A time τ off the grid
// splits the step containing it into τ − (k−1)·h and k·h − τ: the state
// recorded at τ is bit for bit that of a run to τ when no earlier time is
// off the grid, and the rest of the path, which draws one more increment,
// is another sample of the same process.
func newRunSchedule(T, h float64, times []float64) runSchedule {
	// At most two odd steps per time and one at T; allocated once, so that
	// the allocations do not depend on the number of steps.
	sc := runSchedule{odd: make([]oddStep, 0, 2*len(times)+1)}
	if len(times) > 0 {
		sc.rec = make([]int, 0, len(times))
	}
	add := func(length float64) {
		if length != h {
			sc.odd = append(sc.odd, oddStep{sc.n, length})
		}
		sc.n++
	}
	kT := int(math.Ceil(T/h - gridTol)) // steps of a run to T
	j := 0                              // the position is the grid point j·h, or pos in ((j−1)·h, j·h) when off
	off, pos := false, 0.0              // off the grid, at time pos
	for i := 0; i <= len(times); i++ {
		e := T
		if i < len(times) {
			e = times[i]
		}
		k := int(math.Ceil(e/h - gridTol)) // steps of a run to e
		x := e / h
		onGrid := x >= float64(k)-gridTol && x <= float64(k)+gridTol
		if (off && e > pos) || (!off && k > j) {
			switch {
			case off && k <= j: // e in the same grid interval as pos
				add(e - pos)
			default:
				if off {
					add(float64(j)*h - pos)
				}
				if onGrid && k < kT { // a time before T's last step
					sc.n += k - j // full steps to k·h
				} else {
					sc.n += k - 1 - j // full steps to (k−1)·h, then one to e
					add(e - float64(k-1)*h)
				}
			}
			j, off, pos = k, !onGrid, e
		} // else e is the current position (to gridTol): no step
		if i < len(times) {
			sc.rec = append(sc.rec, sc.n)
		}
	}
	return sc
}

// RecordedAt returns path p's state at Times[i] as a symmetric matrix.
func (r *Result) RecordedAt(i, p int) *mat.SymDense {
	r.checkTime("RecordedAt", i)
	if p < 0 || p >= r.Paths {
		panic(fmt.Sprintf("sde: RecordedAt: path %d, the run has %d paths", p, r.Paths))
	}
	mm := r.M * r.M
	o := (i*r.Paths + p) * mm
	return symFromFlat(r.M, r.Recorded[o:o+mm])
}

// CorrAt returns ρ^{ab} at Times[i] over all paths, as Corr does at T
// (clipped to [−1, 1]; NaN where V^{aa}V^{bb} = 0).
func (r *Result) CorrAt(i, a, b int) []float64 {
	r.checkTime("CorrAt", i)
	mm := r.M * r.M
	return corrOf(r.Recorded[i*r.Paths*mm:(i+1)*r.Paths*mm], r.M, r.Paths, a, b)
}

// FiniteCorrAt is CorrAt without the undefined (NaN) correlations.
func (r *Result) FiniteCorrAt(i, a, b int) []float64 {
	y, _ := empirical.DropNaN(r.CorrAt(i, a, b))
	return y
}

// CorrPath returns the mean of ρ^{ab} over the paths at each of Times and
// its standard error (sample SD/√n over the paths whose correlation is
// defined; a path stopped before a time contributes its frozen value, as in
// Corr), the correlation path of one run.
func (r *Result) CorrPath(a, b int) (mean, se []float64) {
	mean, se = make([]float64, len(r.Times)), make([]float64, len(r.Times))
	for i := range r.Times {
		mean[i], se[i] = empirical.MeanSE(r.FiniteCorrAt(i, a, b))
	}
	return mean, se
}

// checkTime panics unless i indexes Times.
func (r *Result) checkTime(fn string, i int) {
	if i < 0 || i >= len(r.Times) {
		panic(fmt.Sprintf("sde: %s: time index %d, the run recorded %d times (Settings.Times)", fn, i, len(r.Times)))
	}
}

// corrOf returns ρ^{ab} of paths consecutive m×m states in v.
func corrOf(v []float64, m, paths, a, b int) []float64 {
	out := make([]float64, paths)
	mm := m * m
	for p := range out {
		s := v[p*mm : (p+1)*mm]
		if d := s[a*m+a] * s[b*m+b]; d > 0 {
			out[p] = clip1(s[a*m+b] / math.Sqrt(d))
		} else {
			out[p] = math.NaN()
		}
	}
	return out
}
