package activation

import "math"

// SlopeCDF returns P(φ′(u) ≤ t) for u ~ N(0, q): the law of the diagonal
// entries of D = diag φ′(h) plotted in P18 Fig. 3 (lib/sources/tanner2024.md#figures, "Distribution
// of φ′(h)"). Piecewise-constant φ′ (ReLU, hard tanh, shifted ReLU) give
// a step function (atoms); smooth φ′ a continuous law.
//
// Method: the set {u : φ′(u) ≤ t} is located on |u| ≤ 10√q by scanning a
// grid of 4000 cells and refining every change of the predicate by
// bisection to ~1e-15 relative; its Gaussian mass is then exact (erfc).
// Features of φ′ narrower than a grid cell (√q/200) are missed. q = 0
// gives the step at φ′(0). It panics for q < 0 or NaN t.
func (f Func) SlopeCDF(q, t float64) float64 {
	checkQ("q", q)
	if math.IsNaN(t) {
		panic("activation: SlopeCDF threshold t is NaN")
	}
	in := func(u float64) bool { return f.DPhi(u) <= t }
	if q == 0 {
		if in(0) {
			return 1
		}
		return 0
	}
	s := math.Sqrt(q)
	const cells = 4000
	lo, hi := -10*s, 10*s
	step := (hi - lo) / cells
	mass := func(a, b float64) float64 { // P(a < u < b)
		return 0.5 * (math.Erfc(a/(s*math.Sqrt2)) - math.Erfc(b/(s*math.Sqrt2)))
	}
	var total float64
	start := math.Inf(-1) // left end of the current "in" interval
	prevU, prevIn := lo, in(lo)
	if !prevIn {
		start = math.NaN()
	}
	for i := 1; i <= cells; i++ {
		u := lo + float64(i)*step
		cur := in(u)
		if cur != prevIn {
			a, b := prevU, u
			for k := 0; k < 200 && b-a > 1e-15*math.Max(1, math.Abs(a)); k++ {
				m := 0.5 * (a + b)
				if in(m) == prevIn {
					a = m
				} else {
					b = m
				}
			}
			edge := 0.5 * (a + b)
			if cur {
				start = edge
			} else {
				total += mass(start, edge)
				start = math.NaN()
			}
		}
		prevU, prevIn = u, cur
	}
	if prevIn {
		total += mass(start, math.Inf(1))
	}
	return math.Max(0, math.Min(1, total))
}
