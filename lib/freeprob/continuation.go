package freeprob

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
)

// ErrLostBranch is returned when the continuation cannot follow the
// physical root of a master equation down to Im z = ε (Newton fails or the
// root leaves the lower half-plane even with the smallest allowed step).
var ErrLostBranch = errors.New("freeprob: continuation lost the physical branch")

// Equation is an implicit equation h(z, m) = 0 whose physical solution is
// m = M(z), the moment generating function at z; it returns h and ∂h/∂m.
type Equation func(z, m complex128) (h, dh complex128)

// Continuation solves an Equation for the physical root by following it
// from large Im z, where M(z) ≈ m₁/z, down to Im z = ε along Re z = λ
// (P18 §3.3, Algorithm 1; F19 of lib/sources/tanner2024.md#formulas and lib/sources/tanner2024.md#density-numerics). Steps are geometric in Im z;
// each step starts Newton from a secant predictor (linear in Im z through
// the last two accepted roots; extrapolating in log Im z or quadratically
// needed more Newton iterations) and is accepted only if
// Newton converges, the root moved by less than a quarter of (1+|m|), and
// (unless AnySign) Im m ≤ 0 — the sign of M for a measure on [0, ∞) with
// Im z > 0. A rejected step is halved, down to 2^−40 of the nominal step.
// The root is therefore always the one continuously connected to the
// G ~ 1/z branch at infinity; the sign test is a guard, never the selector.
//
// The zero value uses ε = 1e-10, Im z from 50·Scale, 80 steps, Newton
// tolerance 1e-13 relative and at most 60 iterations per step. The guards
// do not detect every branch switch when the steps are coarse: for hard
// tanh at L = 128 (σ₀² = 1/4), 30 steps down to ε = 1e-12 ended on a
// real root (density ∝ ε) while 50 and 80 steps agree to 1e-9; keep
// Steps ≥ 50 per 12 decades of Im z (the notes (lib/sources/tanner2024.md) asks 60–100).
type Continuation struct {
	Eps     float64 // final Im z; default 1e-10
	Scale   float64 // spectrum scale; the start is Im z = 50·Scale; default 1
	Steps   int     // nominal number of geometric steps; default 80
	Tol     float64 // Newton tolerance on |Δm|/(1+|m|); default 1e-13
	MaxIter int     // Newton iterations per step; default 60
	AnySign bool    // measure not on [0,∞): skip the Im m ≤ 0 guard
	Workers int     // goroutines for Density over a grid; default 1
}

func (c Continuation) defaults() Continuation {
	c.Eps = cmp.Or(c.Eps, 1e-10)
	c.Scale = cmp.Or(c.Scale, 1)
	c.Steps = cmp.Or(c.Steps, 80)
	c.Tol = cmp.Or(c.Tol, 1e-13)
	c.MaxIter = cmp.Or(c.MaxIter, 60)
	c.Workers = cmp.Or(c.Workers, 1)
	if !(c.Eps > 0) || !(c.Scale > 0) || c.Steps < 1 || !(c.Tol > 0) || c.MaxIter < 1 || c.Workers < 1 {
		panic(fmt.Sprintf("freeprob: invalid Continuation settings %+v", c))
	}
	if 50*c.Scale <= c.Eps {
		panic("freeprob: Continuation needs Eps < 50·Scale")
	}
	return c
}

// SolveM returns the physical root m = M(λ+iε) of eq. mInf gives the
// large-|z| asymptotics used to start (e.g. z ↦ m₁/z). Returns
// ErrLostBranch (wrapped with λ) if the path cannot be followed.
func (c Continuation) SolveM(eq Equation, lambda float64, mInf func(z complex128) complex128) (complex128, error) {
	return newSolver(c, lambda, mInf).run(eq)
}

// Density returns ρ(λ) ≈ −Im G(λ+iε)/π with G = (1+m)/z, for each λ in
// lambdas, each found by SolveM. Known atoms are subtracted from G before
// the inversion, ρ_ac = −Im[G − Σ_a w_a/(z−λ_a)]/π (lib/sources/tanner2024.md#density-numerics), so that
// they do not leak into the density. Because G is recovered from m, its
// absolute precision is about 1e-16/|λ+iε|: keep λ ≫ 1e-16/tolerance.
func (c Continuation) Density(eq Equation, lambdas []float64, mInf func(z complex128) complex128, atoms ...Atom) ([]float64, error) {
	return c.DensityNew(func() Equation { return eq }, lambdas, mInf, atoms...)
}

// DensityNew is Density for an equation that keeps per-call state (and so
// is not safe for concurrent use): each worker gets its own from newEq.
func (c Continuation) DensityNew(newEq func() Equation, lambdas []float64, mInf func(z complex128) complex128, atoms ...Atom) ([]float64, error) {
	c = c.defaults()
	out := make([]float64, len(lambdas))
	errs := make([]error, len(lambdas))
	empirical.Pool(len(lambdas), c.Workers, newEq, func(eq Equation, i int) {
		m, err := c.SolveM(eq, lambdas[i], mInf)
		if err != nil {
			errs[i] = err
			return
		}
		out[i] = densityOf(c, lambdas[i], m, atoms)
	})
	for _, e := range errs {
		if e != nil {
			return out, e
		}
	}
	return out, nil
}
