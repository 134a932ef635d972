package tokengeom

import "math"

// Arrow is one grid point of the (q/d, p/q) plane of Fig. 2 and the
// direction F moves it in: (X, Y) = (q/d, p/q) and (DX, DY) the image
// F(q, p) in the same coordinates minus (X, Y).
type Arrow struct{ X, Y, DX, DY float64 }

// VectorField evaluates the block map on the grid xs × ys of the
// coordinates (x, y) = (q/d, p/q), the first column of Fig. 2 of Cowsik
// et al. 2024:
//
//	(x, y) ↦ (q′/d − x, p′/q′ − y),   (q′, p′) = F(x d, y x d).
//
// xs must be > 0 and ys in [−1/(n−1), 1] (the Gram-matrix domain); F
// panics otherwise. The arrows are returned with y varying fastest.
func VectorField(m Model, xs, ys []float64) []Arrow {
	out := make([]Arrow, 0, len(xs)*len(ys))
	for _, x := range xs {
		for _, y := range ys {
			q, p := F(m, x*m.D, y*x*m.D)
			out = append(out, Arrow{X: x, Y: y, DX: q/m.D - x, DY: p/q - y})
		}
	}
	return out
}

// TrajectoryXY returns the trajectory's points in the (q/d, p/q)
// coordinates of Fig. 2.
func TrajectoryXY(m Model, tr []QP) (x, y []float64) {
	x, y = make([]float64, len(tr)), make([]float64, len(tr))
	for i, p := range tr {
		x[i], y[i] = p.Q/m.D, p.P/p.Q
	}
	return x, y
}

// Edge evaluates root at each x and returns the points (x, root(x)) where
// it succeeds: a zero contour y(x) of a phase diagram drawn from one of
// EdgeOfChaosSigmaW, GradientEdgeSigmaW, EdgeOfChaosAlphaM or
// GradientEdgeAlphaM, skipping the x where the bracket holds no root.
func Edge(xs []float64, root func(x float64) (float64, error)) (ex, ey []float64) {
	for _, x := range xs {
		if y, err := root(x); err == nil && !math.IsNaN(y) {
			ex, ey = append(ex, x), append(ey, y)
		}
	}
	return ex, ey
}
