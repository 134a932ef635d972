package show

import "math"

// Quiver draws a direction field as two series: segments of fixed drawn
// length from each point (x[i], y[i]) along (dx[i], dy[i]) (one Line series,
// the segments separated by NaN breaks), and their tips (a Points series,
// the arrow heads). lx and ly are the segment's extent along each axis in
// data units, so that arrows look equally long on axes of different scales:
// the tip is
//
//	(x + lx·u, y + ly·v),   (u, v) = (dx/lx, dy/ly)/|(dx/lx, dy/ly)|.
//
// Points with a zero or non-finite direction are skipped. Only directions
// are shown, not magnitudes. Quiver panics unless x, y, dx, dy have the
// same length and lx, ly > 0.
func Quiver(x, y, dx, dy []float64, lx, ly float64) (segments, heads Series) {
	if len(y) != len(x) || len(dx) != len(x) || len(dy) != len(x) {
		panic("show: Quiver needs x, y, dx, dy of the same length")
	}
	if !(lx > 0) || !(ly > 0) {
		panic("show: Quiver needs lx, ly > 0")
	}
	segments.Style, heads.Style = Line, Points
	for i := range x {
		u, v := dx[i]/lx, dy[i]/ly
		r := math.Hypot(u, v)
		if r == 0 || math.IsNaN(r) || math.IsInf(r, 0) {
			continue
		}
		tx, ty := x[i]+lx*u/r, y[i]+ly*v/r
		segments.X = append(segments.X, x[i], tx, math.NaN())
		segments.Y = append(segments.Y, y[i], ty, math.NaN())
		heads.X, heads.Y = append(heads.X, tx), append(heads.Y, ty)
	}
	return segments, heads
}
