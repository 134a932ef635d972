package figure

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// Heat is a scalar field on a rectangular, possibly non-uniform grid, drawn
// as coloured cells under a Figure's series, e.g. the loss over (α, σ_w)
// with the λ_a = 0 and λ_g = 0 curves drawn on top as Line series.
//
// X (nx values) and Y (ny values) are the cell centres, finite and strictly
// increasing; they need not be evenly spaced. Cell i spans
//
//	[(X[i-1]+X[i])/2, (X[i]+X[i+1])/2]
//
// and the outer cells are extended by half of their neighbour spacing:
// the first cell starts at X[0] − (X[1]−X[0])/2 and the last ends at
// X[nx-1] + (X[nx-1]−X[nx-2])/2. A grid with a single column (or row) is
// one unit wide (high) around its centre. Likewise for Y.
//
// Z holds nx·ny values in row-major order: Z[j*nx+i] is the value at
// (X[i], Y[j]). Non-finite values (NaN, ±Inf) are drawn as blank, light
// grey cells and kept in the bundle, where they encode as null.
//
// Min and Max fix the colour range; both zero means the range of the finite
// Z values. Values outside a fixed range take the colour of the nearer end.
type Heat struct {
	Name     string // e.g. "final loss"; kept in the bundle
	X, Y     []float64
	Z        []float64
	ZLabel   string // label of the colour bar
	Min, Max float64
}

// validate checks h as part of figure id.
func (h *Heat) validate(id string) error {
	nx, ny := len(h.X), len(h.Y)
	if nx == 0 || ny == 0 {
		return fmt.Errorf("figure: figure %q Heat has len(X)=%d, len(Y)=%d, want both >= 1", id, nx, ny)
	}
	for _, ax := range []struct {
		name string
		v    []float64
	}{{"X", h.X}, {"Y", h.Y}} {
		for i, v := range ax.v {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("figure: figure %q Heat.%s[%d]=%v, want finite", id, ax.name, i, v)
			}
			if i > 0 && v <= ax.v[i-1] {
				return fmt.Errorf("figure: figure %q Heat.%s[%d]=%v <= Heat.%s[%d]=%v, want strictly increasing cell centres", id, ax.name, i, v, ax.name, i-1, ax.v[i-1])
			}
		}
	}
	if len(h.Z) != nx*ny {
		return fmt.Errorf("figure: figure %q Heat.Z has %d values, want len(X)·len(Y) = %d·%d = %d (row-major, Z[j*nx+i] at (X[i], Y[j]))", id, len(h.Z), nx, ny, nx*ny)
	}
	if h.Min != 0 || h.Max != 0 {
		if math.IsNaN(h.Min) || math.IsInf(h.Min, 0) || math.IsNaN(h.Max) || math.IsInf(h.Max, 0) || h.Min >= h.Max {
			return fmt.Errorf("figure: figure %q Heat.Min=%v, Heat.Max=%v, want finite Min < Max (both 0 for the data range)", id, h.Min, h.Max)
		}
	}
	return nil
}

// bundle returns the data of h; non-finite values encode as null.
func (h *Heat) bundle() *bundle.Heat {
	return &bundle.Heat{
		Name:   h.Name,
		X:      bundle.Floats(h.X),
		Y:      bundle.Floats(h.Y),
		Z:      bundle.Floats(h.Z),
		ZLabel: h.ZLabel,
	}
}

// Finite counts the finite values of Z.
func (h *Heat) Finite() int {
	n := 0
	for _, v := range h.Z {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			n++
		}
	}
	return n
}

// ColourRange returns the range mapped onto the colour map: [Min, Max] when
// set, else the range of the finite values, widened to ±max(|z|, 1)/2
// around a constant field. ok is false when there is no range: no Min/Max
// and no finite value.
func (h *Heat) ColourRange() (lo, hi float64, ok bool) {
	if h.Min != 0 || h.Max != 0 {
		return h.Min, h.Max, true
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range h.Z {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if lo > hi {
		return 0, 1, false
	}
	if lo == hi {
		d := math.Max(math.Abs(lo), 1) / 2
		lo, hi = lo-d, hi+d
	}
	return lo, hi, true
}

// CellEdges returns the n+1 edges of the cells centred at the n strictly
// increasing values c: midpoints inside, half a spacing beyond the outer
// centres, and c[0] ± 1/2 for a single cell.
func CellEdges(c []float64) []float64 {
	n := len(c)
	e := make([]float64, n+1)
	if n == 1 {
		e[0], e[1] = c[0]-0.5, c[0]+0.5
		return e
	}
	e[0] = c[0] - (c[1]-c[0])/2
	for i := 1; i < n; i++ {
		e[i] = (c[i-1] + c[i]) / 2
	}
	e[n] = c[n-1] + (c[n-1]-c[n-2])/2
	return e
}
