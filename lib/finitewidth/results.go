package finitewidth

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sigprop/sigprop/lib/result"
)

// This file gives the theory-vs-simulation checks of a CheckResult as the
// result kinds of lib/result, drawn by kernel-ext/render. Every z counts
// the network as the sample unit (the SEs of CheckRow).

// MaxZTol bounds the max |z| of a family of theory-vs-simulation points:
// with P(|z| > 4) ≈ 6.3e-5 per normal z, a family of k points exceeds it
// by sampling error alone with probability ≤ k·6.3e-5 (Bonferroni; the
// basis states it for the family's own count).
const MaxZTol = 4

// RejectShiftTol is the max |z| the mean without G1 (K alone) must reach
// over the points of the perturbative regime: a check that cannot fail
// is a defect.
const RejectShiftTol = 4

const pNormal4 = 6.3e-5 // P(|N(0,1)| > 4)

// Bonferroni is the basis of a max-|z| check over k points at MaxZTol.
func Bonferroni(k int) string {
	return fmt.Sprintf("z from the SE over the networks (the sample unit); max over %d points, P(max |z| > %g) ≤ %d·%.1e = %.2g by sampling error alone (Bonferroni)",
		k, float64(MaxZTol), k, pNormal4, math.Min(1, float64(k)*pNormal4))
}

// Describe is c in words for a caption, with its networks per width.
func (c Case) Describe(nets int) string {
	s := c.Settings
	return fmt.Sprintf("%s (%s, σ_w² = %.4g, σ_b² = %.4g, q⁰ = %.4g), %d exact-chain networks per width", c.Name, c.Point, s.SigmaW2, s.SigmaB2, s.Q0, nets)
}

// Params are the settings of a one-case r as a figure's named numbers.
func (r CheckResult) Params() map[string]float64 {
	s := r.Settings.Cases[0].Settings
	return map[string]float64{"sigma_w2": s.SigmaW2, "sigma_b2": s.SigmaB2, "q0": s.Q0, "networks": float64(r.Settings.Networks)}
}

// Single returns the one case of r and its rows by width, in width
// order. A result of several cases (a caller bug) panics.
func (r CheckResult) Single() (Case, [][]CheckRow) {
	if len(r.Settings.Cases) != 1 || len(r.Rows) == 0 {
		panic(fmt.Sprintf("finitewidth: a figure of one case needs a CheckResult of one case, got %d", len(r.Settings.Cases)))
	}
	byW := make([][]CheckRow, len(r.Settings.Widths))
	for _, row := range r.Rows {
		for wi, n := range r.Settings.Widths {
			if row.Width == n {
				byW[wi] = append(byW[wi], row)
			}
		}
	}
	return r.Settings.Cases[0], byW
}

// MeanShift is (E q̂^ℓ − K^ℓ)/K^ℓ against ℓ/n at each width of a one-case
// r: the theory G1/(nK) as lines, the simulation as points ± SE (one
// colour per width); checks the max |z| in the perturbative regime ≤
// MaxZTol and that G1 dropped (a shift of 0) is rejected (max |z| ≥
// RejectShiftTol), their names after name + ": ". A result with no row
// in the regime panics.
func (r CheckResult) MeanShift(name string) result.Curves {
	c, byW := r.Single()
	out := result.Curves{X: result.Axis{Label: "depth-to-width ratio ℓ/n"}, Y: result.Axis{Label: "(E q̂^ℓ − K^ℓ)/K^ℓ"},
		Record: result.Record{Params: r.Params(), Seed: r.Settings.Seed, HasSeed: true, NoPaperFigure: true}}
	var z, z0 float64
	var k int
	for wi, rows := range byW {
		n := r.Settings.Widths[wi]
		var x, th, sim, se []float64
		for _, row := range rows {
			x, th = append(x, row.Frac), append(th, row.ShiftTheory/row.K)
			sim, se = append(sim, row.ShiftSim/row.K), append(se, row.ShiftSE/row.K)
			if row.Holds() {
				z, z0, k = math.Max(z, math.Abs(row.ZShift)), math.Max(z0, math.Abs(row.ZShiftNoG1)), k+1
			}
		}
		out.Lines = append(out.Lines, result.Line{Name: "G1/(nK), n = " + strconv.Itoa(n), Role: result.Theory, X: x, Y: th, Pair: 1 + wi},
			result.Line{Name: "simulation, n = " + strconv.Itoa(n), Role: result.Simulated, X: x, Y: sim, SE: se, Pair: 1 + wi})
	}
	out.Caption = fmt.Sprintf("The 1/n shift of the mean of q̂^ℓ, relative to K^ℓ, against ℓ/n: %s. Lines: G1/(nK) from (R3); points: simulation ± SE.", c.Describe(r.Settings.Networks))
	if k == 0 {
		panic("finitewidth: MeanShift: no row in the perturbative regime")
	}
	out.Checks = []result.Check{
		{Name: name + ": max |z| of the mean shift in the perturbative regime", Kind: result.TheoryVsSimulation,
			Value: z, Tol: MaxZTol, Rule: result.AtMost, Basis: Bonferroni(k)},
		{Name: name + ": the mean without G1 (K alone) is rejected", Kind: result.TheoryVsSimulation,
			Value: z0, Tol: RejectShiftTol, Rule: result.AtLeast,
			Basis: fmt.Sprintf("max |z| of K alone against the same %d points must reach %g: the check can fail", k, float64(RejectShiftTol))}}
	return out
}

// Table is per (case, width) of r the rows in the perturbative regime
// and their max |z| of the variance and of the mean shift, the rows
// beyond and theirs, and the simulated/theory variance at the deepest
// row (MaxZ.BeyondRatio); then one check, named name + ": …": the max |z|
// over every row in the regime ≤ MaxZTol (the family of all cases and
// widths, variance and mean shift).
func (r CheckResult) Table(name string) result.Table {
	t := result.Table{Header: []string{"case", "σ_w²", "σ_b²", "n", "rows ε ≤ " + strconv.FormatFloat(EpsilonHolds, 'g', -1, 64),
		"max |z| Var", "max |z| shift", "rows beyond", "max |z| Var", "max |z| shift", "Var sim/theory, deepest"},
		Record: result.Record{NoPaperFigure: true}}
	set := map[string]Settings{}
	for _, c := range r.Settings.Cases {
		set[c.Name] = c.Settings
	}
	worst, k := 0.0, 0
	f := func(x float64) string {
		if math.IsNaN(x) {
			return "—"
		}
		return fmt.Sprintf("%.2f", x)
	}
	for _, m := range r.Summary() {
		s := set[m.Case]
		t.Rows = append(t.Rows, []string{m.Case, fmt.Sprintf("%.4g", s.SigmaW2), fmt.Sprintf("%.4g", s.SigmaB2), strconv.Itoa(m.Width),
			strconv.Itoa(m.CountHold), f(m.HoldVar), f(m.HoldShift), strconv.Itoa(m.CountBeyond), f(m.BeyondVar), f(m.BeyondShift), f(m.BeyondRatio)})
		if m.CountHold > 0 {
			worst = math.Max(worst, math.Max(m.HoldVar, m.HoldShift))
			k += 2 * m.CountHold
		}
	}
	t.Caption = fmt.Sprintf("Theory (O(1/n)) against simulation for the variance and the mean shift of q̂^ℓ, %d exact-chain networks per (case, width), ℓ/n ∈ %v; max |z| over depth in the perturbative regime ε = V/(nK²) ≤ %g and beyond it.",
		r.Settings.Networks, r.Settings.Fracs, EpsilonHolds)
	t.Checks = []result.Check{{Name: name + ": max |z| over every case and width in the perturbative regime", Kind: result.TheoryVsSimulation,
		Value: worst, Tol: MaxZTol, Rule: result.AtMost, Basis: Bonferroni(k) + " (variance and mean shift)"}}
	return t
}

// SlopeTol bounds |slope − expected|/SE of the residual-against-width fit.
const SlopeTol = 4

// ResidualCurves is |Var_sim − Var_theory| against n (log-log) for each
// residual run of rs, its points ± SE and its fitted power law in one
// colour per run; checks per run, named name + ": " + the case + ": …",
// |slope + 2|/SE ≤ SlopeTol (the next order is 1/n²) and |slope + 1|/SE ≥
// SlopeTol (a wrong 1/n coefficient would leave a 1/n residual). No run
// (a caller bug) panics.
func ResidualCurves(name string, rs []Residual) result.Curves {
	if len(rs) == 0 {
		panic("finitewidth: ResidualCurves: no run")
	}
	out := result.Curves{X: result.Axis{Label: "width n", Log: true}, Y: result.Axis{Label: "|Var_sim − Var_O(1/n)|", Log: true},
		Record: result.Record{Params: map[string]float64{"layer": float64(rs[0].Settings.L), "networks": float64(rs[0].Settings.Networks)},
			Seed: rs[0].Settings.Seed, HasSeed: true, NoPaperFigure: true}}
	var text string
	for i, r := range rs {
		ns := make([]float64, len(r.Widths))
		abs := make([]float64, len(r.Widths))
		for j, n := range r.Widths {
			ns[j], abs[j] = float64(n), math.Abs(r.Resid[j])
		}
		c := r.Settings.Case.Name
		out.Lines = append(out.Lines, result.Line{Name: c + ", ℓ = " + strconv.Itoa(r.Settings.L), Role: result.Simulated, X: ns, Y: abs, SE: r.SE, Pair: 1 + i})
		if !math.IsNaN(r.Slope) {
			// The fit through the resolved points' weighted centre.
			out.Lines = append(out.Lines, result.Line{Name: fmt.Sprintf("fit, slope %.2f ± %.2f", r.Slope, r.SlopeSE), Role: result.Theory, X: ns, Y: r.FitLine(ns), Pair: 1 + i})
		}
		text += fmt.Sprintf("%s: slope %.3f ± %.3f; ", c, r.Slope, r.SlopeSE)
		resolved := 0
		for _, ok := range r.Resolved {
			if ok {
				resolved++
			}
		}
		basis := fmt.Sprintf("weighted log-log fit over the widths where |residual| > %g SE (%d of %d), %d networks per width", float64(ResolvedZ), resolved, len(r.Widths), r.Settings.Networks)
		out.Checks = append(out.Checks,
			result.Check{Name: name + ": " + c + ": residual slope against −2", Kind: result.TheoryVsSimulation,
				Value: math.Abs(r.Slope+2) / r.SlopeSE, Tol: SlopeTol, Rule: result.AtMost, Basis: "|slope + 2|/SE; " + basis},
			result.Check{Name: name + ": " + c + ": a 1/n residual is rejected", Kind: result.TheoryVsSimulation,
				Value: math.Abs(r.Slope+1) / r.SlopeSE, Tol: SlopeTol, Rule: result.AtLeast, Basis: "|slope + 1|/SE; " + basis})
	}
	out.Caption = fmt.Sprintf("The variance's residual beyond the O(1/n) theory against width at fixed depth (log-log): %sthe next order predicts slope −2.", text)
	return out
}
