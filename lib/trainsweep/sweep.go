package trainsweep

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
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

// Validate returns ErrParam naming the first α outside [0, 1] or σ_w not
// finite and > 0 (the ranges Settings.Validate checks), an empty axis, or
// two values that give one point's Key.
func (g Grid) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(Grid.Alphas)", len(g.Alphas), 1), param.Min("len(Grid.SigmaWs)", len(g.SigmaWs), 1)); err != nil {
		return err
	}
	for i, a := range g.Alphas {
		if err := alphaRange.Check(ErrParam, fmt.Sprintf("Grid.Alphas[%d]", i), a); err != nil {
			return err
		}
	}
	for i, x := range g.SigmaWs {
		if err := sigmaWRange.Check(ErrParam, fmt.Sprintf("Grid.SigmaWs[%d]", i), x); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, a := range g.Alphas {
		for _, s := range g.SigmaWs {
			k := Point{Alpha: a, SigmaW: s}.Key()
			if seen[k] {
				return param.Err(ErrParam, "Grid", k, "distinct points (two values round to one key)")
			}
			seen[k] = true
		}
	}
	return nil
}

// Points lists the grid row-major: α outer, σ_w inner. It panics with
// Validate's error (a caller bug: a user's grid is validated first).
func (g Grid) Points() []Point {
	if err := g.Validate(); err != nil {
		panic(err.Error())
	}
	var ps []Point
	for _, a := range g.Alphas {
		for _, s := range g.SigmaWs {
			ps = append(ps, Point{Index: len(ps), Alpha: a, SigmaW: s})
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
