package trainsweep

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// Point is one grid point.
type Point struct {
	Index  int     // position in the grid, row-major over (Alphas, SigmaWs)
	Alpha  float64 // α = α_A = α_M
	SigmaW float64 // σ_w
}

// Key names the point's result (stable across runs of the same grid
// values), e.g. "a0.3000_s1.5000".
func (p Point) Key() string { return fmt.Sprintf("a%.4f_s%.4f", p.Alpha, p.SigmaW) }

// Grid is the product of α values and σ_w values.
type Grid struct {
	Alphas, SigmaWs []float64
}

// Points lists the grid row-major: α outer, σ_w inner. It panics if the
// grid is empty, a value is outside α ∈ [0, 1], σ_w > 0, or two points
// share a Key.
func (g Grid) Points() []Point {
	if len(g.Alphas) == 0 || len(g.SigmaWs) == 0 {
		panic("trainsweep: grid needs at least one α and one σ_w")
	}
	var ps []Point
	seen := map[string]bool{}
	for _, a := range g.Alphas {
		if !(a >= 0 && a <= 1) {
			panic(fmt.Sprintf("trainsweep: α must lie in [0, 1], got %v", a))
		}
		for _, s := range g.SigmaWs {
			if !(s > 0) || math.IsInf(s, 0) {
				panic(fmt.Sprintf("trainsweep: σ_w must be finite and > 0, got %v", s))
			}
			p := Point{Index: len(ps), Alpha: a, SigmaW: s}
			if seen[p.Key()] {
				panic(fmt.Sprintf("trainsweep: duplicate grid point %s", p.Key()))
			}
			seen[p.Key()] = true
			ps = append(ps, p)
		}
	}
	return ps
}

// Task computes one point's result.
type Task func(p Point) (Result, error)

// Run computes the results of pts in a plain parallel loop over workers
// goroutines (lib/empirical.Each); each point is seeded by its key alone,
// so the results do not depend on workers. It returns the error of the
// first point (in pts's order) that failed.
func (t Task) Run(pts []Point, workers int) ([]Result, error) {
	res, errs := make([]Result, len(pts)), make([]error, len(pts))
	empirical.Each(len(pts), workers, func(i int) { res[i], errs[i] = t(pts[i]) })
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return res, nil
}
