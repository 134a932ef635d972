package figure

import (
	"errors"
	"fmt"
	"math"
)

// ErrExtent is returned (wrapped, naming the figure and the axis) for a
// figure whose data span more than a float64 can measure: its axis range
// hi − lo overflows to +Inf (y = [1e308, −1e308], or an error bar
// y ± e past ±MaxFloat64). gonum/plot would look for ticks on such a range
// forever.
var ErrExtent = errors.New("figure: figure data extent is not finite")

// Check reports whether f can be drawn: every error picture.Draw returns
// for f, without drawing and without gonum/plot, so that a notebook cell
// rejects a bad figure itself while the drawing is left to the process
// that shows it. It is Validate, then ErrNoData when no point or heat cell
// is drawable, then ErrExtent when an axis range cannot be drawn (see
// FitExtent). The ranges are the ones gonum/plot computes from the
// drawing's plotters (dataRange); TestCheckAgreesWithDraw in package
// picture compares the two.
func (f Figure) Check() error {
	if err := f.Validate(); err != nil {
		return err
	}
	x, y, drawn := f.dataRange()
	if drawn == 0 {
		return fmt.Errorf("%w (figure %q)", ErrNoData, f.ID)
	}
	if _, _, err := FitExtent(f.ID, "x", x[0], x[1]); err != nil {
		return err
	}
	_, _, err := FitExtent(f.ID, "y", y[0], y[1])
	return err
}

// dataRange returns the x and y ranges [lo, hi] that gonum/plot's
// plot.Add finds for f's drawing, the union of its plotters' DataRange:
// every drawable point (each is on a line or a scatter), the ends
// y − lo, y + hi of every drawn error bar (lo cut to 0 below zero on a
// log y axis) and the outer cell edges of Heat; and how many points and
// finite heat cells are drawn. With nothing drawn the ranges are
// [+Inf, −Inf], as gonum's.
func (f Figure) dataRange() (x, y [2]float64, drawn int) {
	x = [2]float64{math.Inf(1), math.Inf(-1)}
	y = x
	add := func(r *[2]float64, v float64) {
		r[0], r[1] = math.Min(r[0], v), math.Max(r[1], v)
	}
	if f.Heat != nil {
		xe, ye := CellEdges(f.Heat.X), CellEdges(f.Heat.Y)
		add(&x, xe[0])
		add(&x, xe[len(xe)-1])
		add(&y, ye[0])
		add(&y, ye[len(ye)-1])
		drawn += f.Heat.Finite()
	}
	for _, s := range f.Series {
		for j := range s.X {
			if !f.Drawable(s.X[j], s.Y[j]) {
				continue
			}
			drawn++
			add(&x, s.X[j])
			add(&y, s.Y[j])
			if s.YErr == nil || math.IsNaN(s.YErr[j]) {
				continue
			}
			lo, hi := f.ErrorBar(s.Y[j], s.YErr[j])
			add(&y, s.Y[j]-lo)
			add(&y, s.Y[j]+hi)
		}
	}
	return x, y, drawn
}

// ErrorBar returns how far the error bar of half-width e at a drawable y
// reaches below and above y: e both ways, except that a bar reaching zero
// or below on a log y axis stops at y (it cannot be drawn there).
func (f Figure) ErrorBar(y, e float64) (lo, hi float64) {
	lo, hi = e, e
	if f.LogY && y-e <= 0 {
		lo = 0
	}
	return lo, hi
}

// FitExtent checks the data range [lo, hi] of axis name ("x" or "y") of
// figure id and returns the range to draw: [lo, hi] itself, or, for a
// range of at most minSpanULPs units in the last place around its middle
// v, v ± half v's magnitude (±0.5 around 0 … ±|v|/2): gonum's own widening
// of a single value by ±1 does nothing past 2^53 (y = [1e308, 1e308] then
// panicked "illegal range"), and its tick search on a range one ulp wide
// never ends (y = [1, 1 + 2⁻⁵²]; measured: 4.5 ulps draws). A range that
// is NaN, whose span overflows, or that cannot be widened is ErrExtent.
func FitExtent(id, name string, lo, hi float64) (float64, float64, error) {
	if math.IsNaN(lo) || math.IsNaN(hi) || math.IsInf(hi-lo, 0) || math.IsNaN(hi-lo) {
		return lo, hi, fmt.Errorf("%w: figure %q %s axis spans [%g, %g]", ErrExtent, id, name, lo, hi)
	}
	top := math.Max(math.Abs(lo), math.Abs(hi))
	if hi-lo > minSpanULPs*(math.Nextafter(top, math.Inf(1))-top) {
		return lo, hi, nil
	}
	v := lo + (hi-lo)/2
	half := math.Max(math.Abs(v), 1) / 2
	if math.IsInf(v+half, 0) || math.IsInf(v-half, 0) {
		return lo, hi, fmt.Errorf("%w: figure %q %s axis at the single value %g cannot be widened", ErrExtent, id, name, v)
	}
	return v - half, v + half, nil
}

// minSpanULPs is the narrowest axis range, in units in the last place of
// its largest end, that is drawn as it is (see FitExtent).
const minSpanULPs = 16
