package result

import (
	"fmt"
	"math"
)

// Field is a vector field on points of a plane (a phase portrait): at
// (Xs[i], Ys[i]) the step (DX[i], DY[i]) a map moves the point by, drawn
// as a segment of drawn extent (LX, LY) in data units along the step's
// direction with its head (directions only), with Lines over it (a
// trajectory, fixed points) and its checks.
type Field struct {
	Caption        string
	X, Y           Axis
	Xs, Ys, DX, DY []float64
	// LX and LY are the segments' extents along x and y in data units
	// (a segment of direction (u, v) scaled to unit length in units of
	// (LX, LY)).
	LX, LY float64
	Lines  []Line
	Checks []Check
	Record Record
}

// Wellformed reports a caller bug: Xs, Ys, DX and DY of different
// lengths, a point or step that is not finite, LX or LY not positive,
// or its Lines and checks as Curves.Wellformed reports them.
func (f Field) Wellformed() error {
	n := len(f.Xs)
	if len(f.Ys) != n || len(f.DX) != n || len(f.DY) != n {
		return fmt.Errorf("result: field has %d x, %d y, %d dx and %d dy", n, len(f.Ys), len(f.DX), len(f.DY))
	}
	for i := range n {
		for _, v := range []float64{f.Xs[i], f.Ys[i], f.DX[i], f.DY[i]} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("result: field point %d (%g, %g) step (%g, %g) not finite", i, f.Xs[i], f.Ys[i], f.DX[i], f.DY[i])
			}
		}
	}
	if !(f.LX > 0) || !(f.LY > 0) {
		return fmt.Errorf("result: field segment extents (%g, %g), want both > 0", f.LX, f.LY)
	}
	return Curves{Lines: f.Lines, Checks: f.Checks}.Wellformed()
}
