package tokengeom

// Portrait is the phase portrait of the block map F in the coordinates
// (x, y) = (q/d, p/q), the first column of Fig. 2 of Cowsik et al. 2024.
type Portrait struct {
	Field        []Arrow   // VectorField on the grid
	TrajX, TrajY []float64 // the trajectory from (q0, p0), TrajectoryXY
	// FixedX, FixedY are the fixed points: first the collapsed point
	// (q*/d, 1), stable iff LambdaA <= 0; then, when it is unstable, the
	// stable non-collapsed point with p < q (NonCollapsedFixedPoint).
	FixedX, FixedY []float64
	LambdaA        float64 // LambdaA(m): the ordered phase is λ_a <= 0
}

// PhasePortrait returns the portrait of F on the grid xs × ys with the
// steps-block trajectory from (q0, p0). It panics as VectorField and
// Trajectory do on points outside the domain, and returns their errors and
// those of QStar and NonCollapsedFixedPoint.
func PhasePortrait(m Model, xs, ys []float64, q0, p0 float64, steps int) (Portrait, error) {
	pt := Portrait{Field: VectorField(m, xs, ys), LambdaA: LambdaA(m)}
	tr, err := Trajectory(m, q0, p0, steps)
	if err != nil {
		return Portrait{}, err
	}
	pt.TrajX, pt.TrajY = TrajectoryXY(m, tr)
	qs, err := QStar(m)
	if err != nil {
		return Portrait{}, err
	}
	fps := []QP{{Q: qs, P: qs}}
	if pt.LambdaA > 0 {
		fp, err := NonCollapsedFixedPoint(m, FixedPointSettings{})
		if err != nil {
			return Portrait{}, err
		}
		fps = append(fps, fp)
	}
	pt.FixedX, pt.FixedY = TrajectoryXY(m, fps)
	return pt, nil
}
