package show

import (
	"fmt"
)

// ByLayer returns a series with X = 0, 1, …, len(y)−1: a per-layer profile
// (index ℓ) as the depth figures draw it. yerr may be nil.
func ByLayer(name string, y, yerr []float64, style Style) Series {
	x := make([]float64, len(y))
	for i := range x {
		x[i] = float64(i)
	}
	return Series{Name: name, X: x, Y: y, YErr: yerr, Style: style}
}

// NestedHeat lays out a four-parameter field as one Heat the way a grid of
// sub-plots does (e.g. Noci et al. 2022, Figs. 13–14: outer x = ρ, outer
// y = σ_x, inner x = n, inner y = d). Cell (ox, ix) along X has index
// ox·nix + ix and (oy, iy) along Y has index oy·niy + iy; z(ox, oy, ix,
// iy) gives its value. X and Y are those integer indices, so the caption
// must name the parameter values. It panics on a non-positive size.
func NestedHeat(name, zlabel string, nox, noy, nix, niy int, z func(ox, oy, ix, iy int) float64) *Heat {
	if nox < 1 || noy < 1 || nix < 1 || niy < 1 {
		panic(fmt.Sprintf("show: NestedHeat sizes %d, %d, %d, %d, want all >= 1", nox, noy, nix, niy))
	}
	nx, ny := nox*nix, noy*niy
	h := &Heat{Name: name, ZLabel: zlabel, X: make([]float64, nx), Y: make([]float64, ny), Z: make([]float64, nx*ny)}
	for i := range h.X {
		h.X[i] = float64(i)
	}
	for j := range h.Y {
		h.Y[j] = float64(j)
	}
	for oy := 0; oy < noy; oy++ {
		for iy := 0; iy < niy; iy++ {
			for ox := 0; ox < nox; ox++ {
				for ix := 0; ix < nix; ix++ {
					h.Z[(oy*niy+iy)*nx+ox*nix+ix] = z(ox, oy, ix, iy)
				}
			}
		}
	}
	return h
}
