package tokenshow

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// portraitSeries are the series of a phase portrait of F (Fig. 2, first
// column): the field as segments of drawn extent (lx, ly) in data units
// with their heads (show.Quiver: directions only), the trajectory as a
// line with points, and one point per fixed point, named by its stability
// ("stable FP" for a stable collapsed point; "unstable FP" and "stable FP,
// p < q" in the chaotic phase).
func portraitSeries(pt tokengeom.Portrait, lx, ly float64) []show.Series {
	var x, y, dx, dy []float64
	for _, a := range pt.Field {
		x, y, dx, dy = append(x, a.X), append(y, a.Y), append(dx, a.DX), append(dy, a.DY)
	}
	seg, heads := show.Quiver(x, y, dx, dy, lx, ly)
	series := []show.Series{seg, heads, {Name: "trajectory", X: pt.TrajX, Y: pt.TrajY, Style: show.LinePoints}}
	names := []string{"stable FP"}
	if pt.LambdaA > 0 {
		names = []string{"unstable FP", "stable FP, p < q"}
	}
	for k := range pt.FixedX {
		series = append(series, show.Scatter(names[k], []float64{pt.FixedX[k]}, []float64{pt.FixedY[k]}, nil))
	}
	return series
}
