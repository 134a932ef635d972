package jacspectrum

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The notes' printed σ²_{JJᵀ}/L of erf with orthogonal weights and the q*
// it is at (lib/sources/tanner2024.md#check-12), 7 decimals.
const (
	Table1PrintedQStar  = 0.25
	Table1PrintedErfVar = 0.1135283
)

// Table1QuadTol bounds max |closed form − quadrature| of μ₁..μ₃:
// Gauss–Legendre split at the kinks of φ′ (package gauss) is accurate to
// ≲ 1e-12.
const Table1QuadTol = 1e-10

// Table1PrintedTol is the rounding of the notes' 7 printed decimals.
const Table1PrintedTol = 5e-8

// Table1Result is P18 Table 1 at q* for the activations acts, one row each
// (Table1 with orthogonal weights, and σ²/L with Gaussian weights), all to
// 7 decimals, with its checks: the largest |closed form − quadrature| over
// μ₁..μ₃ of every row (Table1QuadTol, papers.TannerTable1ClosedForms) and
// erf's σ²/L against the notes' printed Table1PrintedErfVar, not
// applicable unless q* = Table1PrintedQStar. P18's table is symbolic in
// q*, so the table claims it at any q*. Errors: q* not positive and
// finite (ErrParam, the notebook's Table1QStar); an activation without
// closed-form μ_k panics (a caller bug).
func Table1Result(acts []activation.Func, qstar float64) (result.Table, error) {
	if !(qstar > 0) || math.IsInf(qstar, 0) {
		return result.Table{}, fmt.Errorf("%w: Table 1 q* = %v, want a finite q* > 0", ErrParam, qstar)
	}
	t := result.Table{Caption: fmt.Sprintf("P18 Table 1 at q* = %g: closed form vs quadrature.", qstar),
		Header: []string{"φ", "μ₁", "μ₂", "μ₁ (quad)", "μ₂ (quad)", "σ_w²", "σ²/L orth", "σ²/L gauss"},
		Record: result.Record{AtPaper: true}}
	worst := 0.0
	for _, a := range acts {
		o := Table1(a, qstar, Orthogonal)
		g := Table1(a, qstar, Gaussian)
		t.Rows = append(t.Rows, []string{a.String(), fmt.Sprintf("%.7f", o.Mu[0]), fmt.Sprintf("%.7f", o.Mu[1]),
			fmt.Sprintf("%.7f", o.MuQuad[0]), fmt.Sprintf("%.7f", o.MuQuad[1]), fmt.Sprintf("%.7f", o.SigmaW2),
			fmt.Sprintf("%.7f", o.VarPerL), fmt.Sprintf("%.7f", g.VarPerL)})
		worst = math.Max(worst, o.MaxQuadErr())
	}
	printed := result.Check{Name: fmt.Sprintf("erf σ²/L at q*=%g vs spec %g", Table1PrintedQStar, Table1PrintedErfVar), Kind: result.TheoryVsPrinted,
		Value: Table1(activation.Erf(), qstar, Orthogonal).VarPerL - Table1PrintedErfVar, Tol: Table1PrintedTol,
		Basis: "lib/sources/tanner2024.md#check-12 prints 7 decimals: rounding ≤ 5e-8"}
	if qstar != Table1PrintedQStar {
		printed.NotApplicable = fmt.Sprintf("the notes print σ²/L at q* = %g; here q* = %g", Table1PrintedQStar, qstar)
	}
	t.Checks = []result.Check{{Name: "Table 1: max |closed − quadrature| over μ₁..μ₃", Kind: result.TheoryVsClosedForm, Value: worst, Tol: Table1QuadTol,
		Statement: papers.TannerTable1ClosedForms, Central: true, Basis: "Gauss–Legendre split at the kinks of φ′ (package gauss): quadrature error ≲ 1e-12"}, printed}
	return t, nil
}
