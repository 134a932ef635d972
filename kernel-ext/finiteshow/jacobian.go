package finiteshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/finitewidth"
)

// SkewTol bounds |skewness|/SE of log ‖J u‖² (near Gaussian), and
// SkewNormTol is the skewness/SE the norm itself must reach (not
// Gaussian): the pair is the log-normality check.
const (
	SkewTol     = 4
	SkewNormTol = 10
)

// Jacobian shows figure id: Var log ‖J^ℓ u‖² against ℓ/n for each run,
// the simulation as points ± SE, the leading-order recursion as a line,
// the recursion without the kernel's fluctuation dashed where it differs
// and ReLU's exact law dashed. Checks per run: the max |z| over the
// layers of the exact law where there is one, else of the leading order
// (≤ finitewidth.MaxZTol); the uncoupled recursion rejected (max |z| ≥ RejectVarTol)
// where it differs; and for runs with an exact law (ReLU) the
// log-normality pair: |skewness of log ‖J u‖²| ≤ SkewTol SE while the
// norm's skewness is ≥ SkewNormTol SE, at the last layer.
func Jacobian(id string, rs ...finitewidth.JacobianResult) show.View {
	want(len(rs) > 0, "Jacobian: no run")
	fig := show.Figure{ID: id, XLabel: "depth-to-width ratio ℓ/n", YLabel: "Var log ‖J^ℓ u‖²", Wide: true, Params: map[string]float64{}}
	var checks show.View
	var what string
	for i, r := range rs {
		c := r.Check
		n := float64(c.Width)
		x := make([]float64, c.Depth)
		for l := range x {
			x[l] = float64(l+1) / n
		}
		name := c.Case.Name
		col := 1 + i
		fig.Series = append(fig.Series, show.Series{Name: name + ", simulation", X: x, Y: r.Var, YErr: r.VarSE, Style: show.Points, Colour: col},
			show.Series{Name: name + ", leading order", X: x, Y: r.Theory, Colour: col})
		exact := !math.IsNaN(r.Exact[0])
		if exact {
			fig.Series = append(fig.Series, show.Series{Name: name + ", exact", X: x, Y: r.Exact, Style: show.Dashed, Colour: col})
		} else if empirical.MaxRelDiff(r.Theory, r.Uncoupled) > 1e-6 {
			fig.Series = append(fig.Series, show.Series{Name: name + ", without the kernel's fluctuation", X: x, Y: r.Uncoupled, Style: show.Dashed, Colour: col})
		}
		fig.Params[name+" width"], fig.Params[name+" networks"] = n, float64(c.Networks)
		what += fmt.Sprintf("%s (σ_w² = %.4g, σ_b² = %.4g) at n = %d, %d matrix networks, seed %d; ", name, c.Case.Settings.SigmaW2, c.Case.Settings.SigmaB2, c.Width, c.Networks, c.Seed)
		basis := finitewidth.Bonferroni(c.Depth) + fmt.Sprintf("; %d matrix networks of width %d", c.Networks, c.Width)
		if exact {
			checks = append(checks, show.Agree(show.MaxZ(show.Agreement{Name: id + ": " + name + ": exact law, max |z| over depth", Tol: finitewidth.MaxZTol, Figure: id,
				Basis: basis}, r.Var, r.VarSE, r.Exact)),
				show.Agree(show.Agreement{Name: id + ": " + name + ": skewness of log ‖Ju‖² at ℓ/n = " + fmt.Sprintf("%.3g", x[c.Depth-1]), Kind: show.TheoryVsSimulation,
					Value: math.Abs(r.SkewLog) / r.SkewSE, Tol: SkewTol, Rule: show.AtMost, Figure: id,
					Basis: fmt.Sprintf("|skewness|/SE, SE = √(6/N) = %.3f; the log-normal limit of Hanin & Nica 2019 has skewness 0 (measured %.3f)", r.SkewSE, r.SkewLog)}),
				show.Agree(show.Agreement{Name: id + ": " + name + ": skewness of ‖Ju‖² itself", Kind: show.TheoryVsSimulation,
					Value: r.SkewNorm / r.SkewSE, Tol: SkewNormTol, Rule: show.AtLeast, Figure: id,
					Basis: fmt.Sprintf("skewness/SE must reach %g: the norm is far from Gaussian where its log is not (measured %.3f)", float64(SkewNormTol), r.SkewNorm)}))
			continue
		}
		a := show.MaxZ(show.Agreement{Name: id + ": " + name + ": leading order, max |z| over depth", Tol: finitewidth.MaxZTol, Figure: id,
			Basis: basis + "; the O(1/n²) excess (≈ 6% at n = 32, ℓ = n: TestJacobianAgainstMatrices) is inside"}, r.Var, r.VarSE, r.Theory)
		checks = append(checks, show.Agree(a))
		if empirical.MaxRelDiff(r.Theory, r.Uncoupled) > 1e-6 {
			zu := 0.0
			for l := range r.Var {
				zu = math.Max(zu, math.Abs(r.Var[l]-r.Uncoupled[l])/r.VarSE[l])
			}
			checks = append(checks, show.Agree(show.Agreement{Name: id + ": " + name + ": the recursion without the kernel's fluctuation is rejected", Kind: show.TheoryVsSimulation,
				Value: zu, Tol: RejectVarTol, Rule: show.AtLeast, Figure: id,
				Basis: fmt.Sprintf("max |z| of the uncoupled recursion (a = 0) against the same %d points must reach %g", c.Depth, float64(RejectVarTol))}))
		}
	}
	fig.Caption = "Across-network variance of log ‖J^ℓ u‖² (J^ℓ = ∂h^ℓ/∂x, u a unit vector ⊥ x) against ℓ/n: " + what +
		"lines: the leading-order recursion of lib/sources/finitewidth.md#jacobian (ReLU: (5(ℓ−1) + 2)/n); dashed: ReLU's exact law, or the recursion without the kernel's fluctuation."
	fig.Seed = show.Seed(rs[0].Check.Seed)
	return append(show.View{show.Fig(fig)}, checks...)
}
