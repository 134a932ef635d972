package jacspectrum

import (
	"fmt"
	"math"
	"sort"

	"github.com/sigprop/sigprop/lib/freeprob"
)

// Spectrum is a limiting spectral law with an absolutely continuous part
// computed by continuation and a known list of atoms: Network,
// BernoulliLimit and SmoothLimit.
type Spectrum interface {
	Density(lambdas []float64, c freeprob.Continuation) ([]float64, error)
	Atoms() []freeprob.Atom
	Moments() Moments
}

// Atoms returns nil: the smooth limit has no atoms.
func (s SmoothLimit) Atoms() []freeprob.Atom { return nil }

// densityThreshold separates the support from the O(ε) Cauchy tail.
const densityThreshold = 1e-7

// UpperEdge returns the right edge of the continuous part: the last point
// of a geometric scan over [1e-4, 1e4]·max(1, m₂/m₁) (ratio 1.05) where
// ρ > 1e-7, refined by bisection. Returns an error if the density is still
// positive at the top of the scan.
func UpperEdge(s Spectrum, c freeprob.Continuation) (float64, error) {
	mo := s.Moments()
	sc := math.Max(1, mo.M2/mo.M1)
	var grid []float64
	for l := 1e-4 * sc; l <= 1e4*sc; l *= 1.05 {
		grid = append(grid, l)
	}
	rho, err := s.Density(grid, c)
	if err != nil {
		return 0, err
	}
	last := -1
	for i, r := range rho {
		if r > densityThreshold {
			last = i
		}
	}
	if last < 0 {
		return 0, fmt.Errorf("jacspectrum: no continuous part found")
	}
	if last == len(grid)-1 {
		return 0, fmt.Errorf("jacspectrum: density still positive at λ=%g", grid[last])
	}
	lo, hi := grid[last], grid[last+1]
	for i := 0; i < 60 && hi-lo > 1e-13*hi; i++ {
		mid := (lo + hi) / 2
		r, err := s.Density([]float64{mid}, c)
		if err != nil {
			return 0, err
		}
		if r[0] > densityThreshold {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi, nil
}

// tanhSinhNodes returns tanh–sinh nodes and weights on (lo, hi) at step
// h, measuring nodes from the nearer end point.
func tanhSinhNodes(lo, hi, h, tmax float64) (x, w []float64) {
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

// ContinuousMoments returns ∫ρ, ∫λρ, ∫λ²ρ over the continuous part on
// (0, edge), by tanh–sinh quadrature (step 1/32, |t| ≤ 4), which handles
// the integrable singularities at 0 (λ^{−L/(L+1)}, 1/√λ) and the
// square-root edge. Adding the atoms gives 1, m₁, m₂ (spec §4.3 "How to
// validate a density"). The 1/(λ log²λ) singularity of the Bernoulli limit
// converges too slowly for this rule; use CDF or moments there.
func ContinuousMoments(s Spectrum, edge float64, c freeprob.Continuation) (mass, m1, m2 float64, err error) {
	x, w := tanhSinhNodes(0, edge, 1.0/32, 4)
	rho, err := s.Density(x, c)
	if err != nil {
		return 0, 0, 0, err
	}
	for i := range x {
		mass += w[i] * rho[i]
		m1 += w[i] * rho[i] * x[i]
		m2 += w[i] * rho[i] * x[i] * x[i]
	}
	return mass, m1, m2, nil
}

// CDF returns F(x) = P(λ ≤ x) at each x ≥ 0, computed from the top:
//
//	F(x) = 1 − Σ_{λ_a > x} w_a − ∫_x^{edge} ρ,
//
// so the singular region near 0 is never integrated (spec §6: compare
// CDFs, which is robust to atoms).
func CDF(s Spectrum, xs []float64, edge float64, c freeprob.Continuation) ([]float64, error) {
	out := make([]float64, len(xs))
	atoms := s.Atoms()
	for i, x := range xs {
		if x < 0 || math.IsNaN(x) {
			panic(fmt.Sprintf("jacspectrum: CDF needs x >= 0 (got %g)", x))
		}
		f := 1.0
		for _, a := range atoms {
			if a.Loc > x {
				f -= a.Mass
			}
		}
		if x < edge {
			nx, nw := tanhSinhNodes(x, edge, 1.0/16, 3.5)
			rho, err := s.Density(nx, c)
			if err != nil {
				return nil, err
			}
			for j := range nx {
				f -= nw[j] * rho[j]
			}
		}
		out[i] = f
	}
	return out, nil
}

// KSDistance returns sup_x |F_emp(x) − F(x)| evaluated at the points xs
// (sorted internally), where F_emp is the empirical CDF of eigs. With
// xs a fine grid this approximates the Kolmogorov–Smirnov statistic.
func KSDistance(eigs, xs, cdf []float64) float64 {
	if len(xs) != len(cdf) {
		panic("jacspectrum: KSDistance needs len(xs) == len(cdf)")
	}
	e := append([]float64(nil), eigs...)
	sort.Float64s(e)
	d := 0.0
	for i, x := range xs {
		k := sort.SearchFloat64s(e, math.Nextafter(x, math.Inf(1)))
		d = math.Max(d, math.Abs(float64(k)/float64(len(e))-cdf[i]))
	}
	return d
}
