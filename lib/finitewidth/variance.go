package finitewidth

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the variance of one network's kernel, q̂^ℓ, against ℓ/n
// as result.Curves (drawn by kernel-ext/render): the O(1/n) theory, the
// exact law (S) where it applies, and the log scale where q̂ is
// log-normal. Every z counts the network as the sample unit.

// ResolvedVarZ is the VarSim/VarSE a row of a law without a known log
// variance needs to enter the checks beyond the perturbative regime and
// of the exact law (with one, Measurable decides): below it the sample
// of q̂ is so heavy-tailed (log-normal, ReLU deep) that its fourth-moment
// SE, and so its z, is itself unreliable; those rows are checked on the
// log scale instead (Var log q̂, exact for ReLU).
const ResolvedVarZ = 4

// MaxVarRelSE is the relative SE of a sample variance, √((κ − 1)/N) for
// a law of kurtosis κ, up to which a row of a law with a known log
// variance is checked on the linear scale (see Measurable).
const MaxVarRelSE = 0.25

// Measurable reports whether the sample variance of nets draws of a
// log-normal law with log-variance s2 is a measurement: its relative SE
// (LogNormalVarRelSE) is at most MaxVarRelSE. The rule reads the law
// (ReLU's exact Var log q̂), not the sample: a heavy-tailed sample also
// understates its own fourth-moment SE (at n = 256, ℓ/n = 15/16 a run
// gave 8.45 ± 2.3 against the exact 102). At 2000 networks it admits
// s² ≲ 1.1.
func Measurable(s2 float64, nets int) bool {
	return LogNormalVarRelSE(s2, nets) <= MaxVarRelSE
}

// Resolved reports whether row's variance is measured well enough, at
// nets networks, to enter the checks beyond the perturbative regime and
// of the exact law: by Measurable where the law's log variance is known,
// else VarSim ≥ ResolvedVarZ·VarSE.
func (r CheckRow) Resolved(nets int) bool {
	if !math.IsNaN(r.LogVarExact) {
		return Measurable(r.LogVarExact, nets)
	}
	return r.VarSim >= ResolvedVarZ*r.VarSE
}

// LogVarLeading is the leading term of Var log q̂^ℓ, (V/K² + 2)/n, from
// the row's ε = V/(nK²): (5(ℓ − 1) + 2)/n for ReLU.
func (r CheckRow) LogVarLeading() float64 {
	n := float64(r.Width)
	return (r.Epsilon*n + 2) / n
}

// Variance is Var q̂^ℓ/(K^ℓ)² against ℓ/n (log scale) at each width of a
// one-case r: the O(1/n) theory (2K² + V)/(nK²) as lines, the simulation
// as points ± SE and, where it applies (degree-1 φ, σ_b = 0), the exact
// law (S) dashed, one colour per width. Its checks, named name + ": …":
// the max |z| of the variance over the rows in the perturbative regime
// (Epsilon ≤ EpsilonHolds) ≤ MaxZTol; V dropped rejected there (max |z| ≥
// RejectVarTol); the max |z| over the resolved rows beyond the regime ≤
// MaxZTol, which the expansion is not expected to meet: beyond, when not
// nil, is its declared disagreement, given the run's seed as its data's;
// and, with the exact law, its max |z| against the simulation over the
// resolved rows (CheckRow.Resolved). A check with no row is left out.
func (r CheckResult) Variance(name string, beyond *result.Disagreement) result.Curves {
	c, byW := r.Single()
	nets := r.Settings.Networks
	out := result.Curves{X: result.Axis{Label: "depth-to-width ratio ℓ/n"}, Y: result.Axis{Label: "Var q̂^ℓ / (K^ℓ)²", Log: true},
		Record: result.Record{Params: r.Params(), Seed: r.Settings.Seed, HasSeed: true, NoPaperFigure: true}}
	var holdZ, noVZ, beyondZ, exactZ float64
	var nHold, nBeyond, nExact int
	var worstRatio float64
	for wi, rows := range byW {
		n := strconv.Itoa(r.Settings.Widths[wi])
		var x, th, sim, se, ex []float64
		for _, row := range rows {
			k2 := row.K * row.K
			x, th, sim, se = append(x, row.Frac), append(th, row.VarTheory/k2), append(sim, row.VarSim/k2), append(se, row.VarSE/k2)
			ex = append(ex, row.Exact/k2)
			resolved := row.Resolved(nets)
			if row.Holds() {
				holdZ, noVZ, nHold = math.Max(holdZ, math.Abs(row.ZVar)), math.Max(noVZ, math.Abs(row.ZVarNoV)), nHold+1
			} else if resolved {
				beyondZ, nBeyond = math.Max(beyondZ, math.Abs(row.ZVar)), nBeyond+1
				worstRatio = math.Max(worstRatio, math.Max(row.VarSim/row.VarTheory, row.VarTheory/row.VarSim))
			}
			if !math.IsNaN(row.Exact) && resolved {
				exactZ, nExact = math.Max(exactZ, math.Abs(row.VarSim-row.Exact)/row.VarSE), nExact+1
			}
		}
		out.Lines = append(out.Lines, result.Line{Name: "O(1/n) theory, n = " + n, Role: result.Theory, X: x, Y: th, Pair: 1 + wi},
			result.Line{Name: "simulation, n = " + n, Role: result.Simulated, X: x, Y: sim, SE: se, Pair: 1 + wi})
		if !math.IsNaN(rows[0].Exact) {
			out.Lines = append(out.Lines, result.Line{Name: "exact (S), n = " + n, Role: result.Reference, X: x, Y: ex, Pair: 1 + wi})
		}
	}
	out.Caption = fmt.Sprintf("Across-network variance of one network's kernel q̂^ℓ = (1/n)Σ(h_i^ℓ)², relative to (K^ℓ)², against ℓ/n: %s. Lines: the O(1/n) theory (2K² + V)/n; points: simulation ± SE. %d points are in the perturbative regime ε = V/(nK²) ≤ %g, %d beyond it.",
		c.Describe(nets), nHold, EpsilonHolds, nBeyond)
	if nHold > 0 {
		out.Checks = append(out.Checks, result.Check{Name: name + ": max |z| of the variance in the perturbative regime", Kind: result.TheoryVsSimulation,
			Value: holdZ, Tol: MaxZTol, Rule: result.AtMost, Basis: Bonferroni(nHold) + fmt.Sprintf("; regime ε ≤ %g", EpsilonHolds)},
			result.Check{Name: name + ": the variance without V (2K²/n alone) is rejected", Kind: result.TheoryVsSimulation,
				Value: noVZ, Tol: RejectVarTol, Rule: result.AtLeast,
				Basis: fmt.Sprintf("max |z| of 2K²/n against the same %d points must reach %g: the check can fail", nHold, float64(RejectVarTol))})
	}
	if nBeyond > 0 {
		out.Checks = append(out.Checks, result.Check{Name: name + ": max |z| of the variance beyond the perturbative regime", Kind: result.TheoryVsSimulation,
			Value: beyondZ, Tol: MaxZTol, Rule: result.AtMost, Disagreement: beyond.WithDataSeeds(r.Settings.Seed),
			Basis: Bonferroni(nBeyond) + fmt.Sprintf("; ε > %g, rows where the variance is measurable (Var ≥ %g SE, or by the exact law's kurtosis, see measurable); simulation and theory differ by a factor up to %.3g", EpsilonHolds, float64(ResolvedVarZ), worstRatio)})
	}
	if nExact > 0 {
		out.Checks = append(out.Checks, result.Check{Name: name + ": max |z| of the exact law (S)", Kind: result.TheoryVsSimulation,
			Value: exactZ, Tol: MaxZTol, Rule: result.AtMost,
			Basis: Bonferroni(nExact) + fmt.Sprintf("; rows where the exact law's log-normal kurtosis leaves the sample variance a relative SE ≤ %g at %d networks (deeper, see the log scale)", MaxVarRelSE, nets)})
	}
	return out
}

// HasLogVariance reports whether a one-case r has an exact law of Var
// log q̂ (ReLU, σ_b = 0): whether LogVariance applies.
func (r CheckResult) HasLogVariance() bool {
	_, byW := r.Single()
	return !math.IsNaN(byW[0][0].LogVarExact)
}

// LogVariance is Var log q̂^ℓ against ℓ/n at each width of a one-case r
// with an exact law (HasLogVariance): the exact law as lines, the
// simulation as points ± SE, its leading term (V/K² + 2)/n dashed, one
// colour per width; its check, named name + ": …", the max |z| of the
// simulation against the exact law over every row ≤ MaxZTol. A case
// without the exact law (a caller bug) panics.
func (r CheckResult) LogVariance(name string) result.Curves {
	if !r.HasLogVariance() {
		panic("finitewidth: LogVariance: the case has no exact law of Var log q̂")
	}
	c, byW := r.Single()
	out := result.Curves{X: result.Axis{Label: "depth-to-width ratio ℓ/n"}, Y: result.Axis{Label: "Var log q̂^ℓ"},
		Record: result.Record{Params: r.Params(), Seed: r.Settings.Seed, HasSeed: true, NoPaperFigure: true}}
	var pts result.Points
	for wi, rows := range byW {
		n := strconv.Itoa(r.Settings.Widths[wi])
		var x, y, e, t, lead []float64
		for _, row := range rows {
			x, y, e, t = append(x, row.Frac), append(y, row.LogVarSim), append(e, row.LogVarSE), append(t, row.LogVarExact)
			lead = append(lead, row.LogVarLeading())
		}
		pts.Y, pts.SE, pts.Theory = append(pts.Y, y...), append(pts.SE, e...), append(pts.Theory, t...)
		out.Lines = append(out.Lines, result.Line{Name: "exact, n = " + n, Role: result.Theory, X: x, Y: t, Pair: 1 + wi},
			result.Line{Name: "simulation, n = " + n, Role: result.Simulated, X: x, Y: y, SE: e, Pair: 1 + wi},
			result.Line{Name: "leading (V/K² + 2)/n, n = " + n, Role: result.Reference, X: x, Y: lead, Pair: 1 + wi})
	}
	out.Caption = fmt.Sprintf("The log of one network's kernel: Var log q̂^ℓ against ℓ/n, %s. Lines: the exact law (q̂^ℓ/K¹ is a product of independent (2/n)χ²_M factors and χ²_n/n); dashed: its leading term (5(ℓ−1) + 2)/n; points: simulation ± SE. q̂ is log-normal at ℓ/n of order 1 (Hanin & Nica 2019).",
		c.Describe(r.Settings.Networks))
	out.Checks = []result.Check{{Name: name + ": max |z| of Var log q̂ against its exact law", Test: result.MaxZ, Tol: MaxZTol,
		Basis: Bonferroni(len(pts.Y)), Points: &pts}}
	return out
}
