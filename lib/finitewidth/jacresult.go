package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
)

// RejectVarTol is the |z| a plausible error (V dropped from the variance,
// the Jacobian recursion without the kernel's fluctuation) must reach
// somewhere in the family for the check to tell it from the theory: a
// check that cannot fail is a defect.
const RejectVarTol = 6

// SkewTol bounds |skewness|/SE of log ‖J u‖² (near Gaussian), and
// SkewNormTol is the skewness/SE the norm itself must reach (not
// Gaussian): the pair is the log-normality check.
const (
	SkewTol     = 4
	SkewNormTol = 10
)

// JacobianCurves is Var log ‖J^ℓ u‖² against ℓ/n for each run of rs (one
// colour per run): the simulation as points ± SE, the leading-order
// recursion as a line, ReLU's exact law dashed where there is one, else
// the recursion without the kernel's fluctuation dashed where it differs.
// Checks per run, named name + ": " + the case + ": …": the max |z| over
// the layers of the exact law where there is one, else of the leading
// order (≤ MaxZTol); the uncoupled recursion rejected (max |z| ≥
// RejectVarTol) where it differs; and for runs with an exact law (ReLU)
// the log-normality pair: |skewness of log ‖J u‖²| ≤ SkewTol SE while the
// norm's skewness is ≥ SkewNormTol SE, at the last layer. No run (a caller
// bug) panics.
func JacobianCurves(name string, rs ...JacobianResult) result.Curves {
	if len(rs) == 0 {
		panic("finitewidth: JacobianCurves: no run")
	}
	out := result.Curves{X: result.Axis{Label: "depth-to-width ratio ℓ/n"}, Y: result.Axis{Label: "Var log ‖J^ℓ u‖²"},
		Record: result.Record{Params: map[string]float64{}, Seed: rs[0].Check.Seed, HasSeed: true, NoPaperFigure: true}}
	var what string
	for i, r := range rs {
		c := r.Check
		n := float64(c.Width)
		x := make([]float64, c.Depth)
		for l := range x {
			x[l] = float64(l+1) / n
		}
		cn := c.Case.Name
		sim, lead := cn+", simulation", cn+", leading order"
		out.Lines = append(out.Lines, result.Line{Name: sim, Role: result.Simulated, X: x, Y: r.Var, SE: r.VarSE, Pair: 1 + i},
			result.Line{Name: lead, Role: result.Theory, X: x, Y: r.Theory, Pair: 1 + i})
		exact := !math.IsNaN(r.Exact[0])
		uncoupled := empirical.MaxRelDiff(r.Theory, r.Uncoupled) > 1e-6
		if exact {
			out.Lines = append(out.Lines, result.Line{Name: cn + ", exact", Role: result.Reference, X: x, Y: r.Exact, Pair: 1 + i})
		} else if uncoupled {
			out.Lines = append(out.Lines, result.Line{Name: cn + ", without the kernel's fluctuation", Role: result.Reference, X: x, Y: r.Uncoupled, Pair: 1 + i})
		}
		out.Record.Params[cn+" width"], out.Record.Params[cn+" networks"] = n, float64(c.Networks)
		what += fmt.Sprintf("%s (σ_w² = %.4g, σ_b² = %.4g) at n = %d, %d matrix networks, seed %d; ", cn, c.Case.Settings.SigmaW2, c.Case.Settings.SigmaB2, c.Width, c.Networks, c.Seed)
		basis := Bonferroni(c.Depth) + fmt.Sprintf("; %d matrix networks of width %d", c.Networks, c.Width)
		if exact {
			out.Checks = append(out.Checks, result.Check{Name: name + ": " + cn + ": exact law, max |z| over depth", Kind: result.TheoryVsSimulation,
				Test: result.MaxZ, Sim: sim, Theory: cn + ", exact", Tol: MaxZTol, Basis: basis},
				result.Check{Name: name + ": " + cn + ": skewness of log ‖Ju‖² at ℓ/n = " + fmt.Sprintf("%.3g", x[c.Depth-1]), Kind: result.TheoryVsSimulation,
					Value: math.Abs(r.SkewLog) / r.SkewSE, Tol: SkewTol, Rule: result.AtMost,
					Basis: fmt.Sprintf("|skewness|/SE, SE = √(6/N) = %.3f; the log-normal limit of Hanin & Nica 2019 has skewness 0 (measured %.3f)", r.SkewSE, r.SkewLog)},
				result.Check{Name: name + ": " + cn + ": skewness of ‖Ju‖² itself", Kind: result.TheoryVsSimulation,
					Value: r.SkewNorm / r.SkewSE, Tol: SkewNormTol, Rule: result.AtLeast,
					Basis: fmt.Sprintf("skewness/SE must reach %g: the norm is far from Gaussian where its log is not (measured %.3f)", float64(SkewNormTol), r.SkewNorm)})
			continue
		}
		out.Checks = append(out.Checks, result.Check{Name: name + ": " + cn + ": leading order, max |z| over depth", Kind: result.TheoryVsSimulation,
			Test: result.MaxZ, Sim: sim, Theory: lead, Tol: MaxZTol,
			Basis: basis + "; the O(1/n²) excess (≈ 6% at n = 32, ℓ = n: TestJacobianAgainstMatrices) is inside"})
		if uncoupled {
			zu := 0.0
			for l := range r.Var {
				zu = math.Max(zu, math.Abs(r.Var[l]-r.Uncoupled[l])/r.VarSE[l])
			}
			out.Checks = append(out.Checks, result.Check{Name: name + ": " + cn + ": the recursion without the kernel's fluctuation is rejected", Kind: result.TheoryVsSimulation,
				Value: zu, Tol: RejectVarTol, Rule: result.AtLeast,
				Basis: fmt.Sprintf("max |z| of the uncoupled recursion (a = 0) against the same %d points must reach %g", c.Depth, float64(RejectVarTol))})
		}
	}
	out.Caption = "Across-network variance of log ‖J^ℓ u‖² (J^ℓ = ∂h^ℓ/∂x, u a unit vector ⊥ x) against ℓ/n: " + what +
		"lines: the leading-order recursion of lib/sources/finitewidth.md#jacobian (ReLU: (5(ℓ−1) + 2)/n); dashed: ReLU's exact law, or the recursion without the kernel's fluctuation."
	return out
}
