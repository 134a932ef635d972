package shapednet

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/mat"
)

// EquiCorr is the m×m covariance with unit diagonal and every
// off-diagonal entry ρ, the V₀ of Figs. 1, 3 and 4 (ρ = 0.2). It panics
// unless m ≥ 1 and −1/(m−1) ≤ ρ ≤ 1 (the range in which it is PSD).
func EquiCorr(m int, rho float64) *mat.SymDense {
	if m < 1 {
		panic(fmt.Sprintf("shapednet: EquiCorr needs m >= 1, got %d", m))
	}
	if m > 1 && !(rho >= -1/float64(m-1) && rho <= 1) {
		panic(fmt.Sprintf("shapednet: EquiCorr needs rho in [%v, 1] for m = %d, got %v", -1/float64(m-1), m, rho))
	}
	v := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			v.SetSym(i, j, rho)
		}
		v.SetSym(i, i, 1)
	}
	return v
}

// StopStudy is the finite-time stability experiment of Figs. 5 and 8 of
// Noci et al. 2023: networks started from an adversarially large input,
// X₀ with iid N(0, TokenSD²) entries (token norms ≈ TokenSD·√n, V₀ =
// X₀X₀ᵀ/n with eigenvalues ≈ TokenSD²), each run until an eigenvalue of
// V_ℓ leaves [Lo, Hi] (StoppingDepth), giving the stopping time
//
//	t* = min(1, max(d*, 0)/Width).
//
// Zero values: M 2, TokenSD 10, Lo 1e-4, Hi 1e4, Nets 100 (the paper's,
// with m unspecified there).
type StopStudy struct {
	M       int
	TokenSD float64
	Lo, Hi  float64
	Nets    int
}

// Validate returns ErrParam, once the zero values take their defaults,
// for M < 1, TokenSD not finite and > 0 or Nets < 1.
func (s StopStudy) Validate() error {
	s = s.withDefaults()
	if err := param.AtLeast(ErrParam, param.Min("StopStudy.M", s.M, 1), param.Min("StopStudy.Nets", s.Nets, 1)); err != nil {
		return err
	}
	if !(s.TokenSD > 0) || math.IsInf(s.TokenSD, 0) {
		return param.Err(ErrParam, "StopStudy.TokenSD", s.TokenSD, "finite and > 0 (0: 10)")
	}
	return nil
}

func (s StopStudy) withDefaults() StopStudy {
	if s.M == 0 {
		s.M = 2
	}
	if s.TokenSD == 0 {
		s.TokenSD = 10
	}
	if s.Lo == 0 && s.Hi == 0 {
		s.Lo, s.Hi = 1e-4, 1e4
	}
	if s.Nets == 0 {
		s.Nets = 100
	}
	return s
}

// Run returns t* of each of s.Nets networks of configuration c (network i
// draws its input and its weights from NetRand(seed, i), so the result
// does not depend on workers) and λ_max(V_ℓ) along network 0 up to its
// stop (the left panel of Fig. 5).
//
// Errors: those of Validate, workers < 1, Width < M, and those of
// StoppingDepth.
func (s StopStudy) Run(c Config, seed uint64, workers int) (tstar, trace []float64, err error) {
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	s = s.withDefaults()
	if workers < 1 {
		return nil, nil, param.Err(ErrParam, "workers", workers, "an integer >= 1")
	}
	if c.Width < s.M {
		return nil, nil, param.Err(ErrParam, "Config.Width", c.Width, fmt.Sprintf(">= StopStudy.M = %d", s.M))
	}
	tstar = make([]float64, s.Nets)
	errs := make([]error, s.Nets)
	empirical.Each(s.Nets, workers, func(i int) {
		rng := NetRand(seed, i)
		x := mat.NewDense(s.M, c.Width, nil)
		for a := 0; a < s.M; a++ {
			for j := 0; j < c.Width; j++ {
				x.Set(a, j, s.TokenSD*rng.NormFloat64())
			}
		}
		v0 := mat.NewSymDense(s.M, nil)
		v0.SymOuterK(1/float64(c.Width), x)
		d, ev, err := StoppingDepth(c, v0, s.Lo, s.Hi, rng)
		tstar[i], errs[i] = math.Min(1, math.Max(float64(d), 0)/float64(c.Width)), err
		if i == 0 {
			trace = ev
		}
	})
	for _, e := range errs {
		if e != nil {
			return nil, nil, e
		}
	}
	return tstar, trace, nil
}

// Grid is the q-quantile of t* (Run) over a grid of residual weights γ and
// temperatures τ₀ (Fig. 8 shows the median, q = 0.5), with the other
// parameters from c and λ = √(1−γ²) at every point: Z[j·len(gammas)+i] is at (gammas[i], tau0s[j]), the
// layout of show.Heat; se holds each quantile's standard error
// (empirical.QuantileSE). Grid point k = j·len(gammas)+i runs with seed
// seed+k.
func (s StopStudy) Grid(c Config, gammas, tau0s []float64, q float64, seed uint64, workers int) (z, se []float64, err error) {
	if len(gammas) == 0 || len(tau0s) == 0 || !(q >= 0 && q <= 1) {
		return nil, nil, fmt.Errorf("shapednet: StopStudy.Grid needs non-empty grids and q in [0, 1], got %d, %d, %v", len(gammas), len(tau0s), q)
	}
	z, se = make([]float64, len(gammas)*len(tau0s)), make([]float64, len(gammas)*len(tau0s))
	for j, tau := range tau0s {
		for i, g := range gammas {
			ci := c
			ci.Gamma, ci.Tau0, ci.Lambda = g, tau, 0
			k := j*len(gammas) + i
			t, _, err := s.Run(ci, seed+uint64(k), workers)
			if err != nil {
				return nil, nil, err
			}
			z[k], se[k] = empirical.Quantile(t, q), empirical.QuantileSE(t, q)
		}
	}
	return z, se, nil
}
