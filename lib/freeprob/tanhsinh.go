package freeprob

import (
	"fmt"
	"math"
)

// TanhSinh returns the nodes and weights of the tanh–sinh (double
// exponential) rule on (lo, hi) with step h and |t| ≤ tmax (Takahashi &
// Mori 1974):
//
//	x(t) = c + d tanh((π/2) sinh t),   w(t) = h d (π/2) cosh t / cosh²((π/2) sinh t),
//
// with c, d the centre and half-width of (lo, hi). It integrates analytic
// integrands with algebraic end-point singularities — the square-root and
// inverse-square-root edges of spectral densities — to near machine
// precision. Nodes are measured from the nearer end point
// (1 ∓ tanh u = 2/(1+e^{±2u})), which keeps x − lo (or hi − x) accurate near
// a singular edge; nodes that round onto an end point are dropped, so an
// inverse-square-root edge loses the ~√ulp of mass next to it (≈ 1e-8
// relative, TestTanhSinh).
// It panics unless lo < hi are finite and h, tmax > 0.
func TanhSinh(lo, hi, h, tmax float64) (x, w []float64) {
	if !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || !(h > 0) || !(tmax > 0) || math.IsInf(tmax, 0) {
		panic(fmt.Sprintf("freeprob: TanhSinh needs finite lo < hi and h, tmax > 0; got (%v, %v), h=%v, tmax=%v", lo, hi, h, tmax))
	}
	d := (hi - lo) / 2
	n := int(tmax / h)
	for k := -n; k <= n; k++ {
		t := float64(k) * h
		u := math.Pi / 2 * math.Sinh(t)
		var xi float64
		if u < 0 {
			xi = lo + d*2/(1+math.Exp(-2*u))
		} else {
			xi = hi - d*2/(1+math.Exp(2*u))
		}
		if xi <= lo || xi >= hi {
			continue
		}
		ch := math.Cosh(u)
		x = append(x, xi)
		w = append(w, d*h*math.Pi/2*math.Cosh(t)/(ch*ch))
	}
	return x, w
}

// measureStep and measureTMax are Measure's tanh–sinh rule: h = 1/64,
// |t| ≤ 4.5 (577 nodes).
const (
	measureStep = 1.0 / 64
	measureTMax = 4.5
)
