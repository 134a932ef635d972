package jacspectrum

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/result"
)

// ArcsineRelTol bounds the largest relative error of the master equation
// by continuation against the arcsine closed form: at ε = 1e-10 they
// agree to 5e-7 relative on (0.01, 3.9) (lib/sources/tanner2024.md#check-15;
// the Cauchy smoothing near the 1/√λ edges).
const ArcsineRelTol = 1e-6

// ArcsineM3Tol bounds |m₃ − 10| of the critical ReLU network at L = 2:
// F21 is algebraic in μ_k = ½, so rounding only.
const ArcsineM3Tol = 1e-9

// ArcsineCurves is the spectral density of JJᵀ of the critical ReLU
// network with orthogonal weights at depth 2 and q* = 1 (Critical), by
// P18's Algorithm 1 with continuation c at lams, against its closed form
// ArcsineDensity (plus an atom ½ at 0: D² is Bernoulli(½), so the
// S-transform is that of a free product of two projections). Checks: the
// largest relative error (ArcsineRelTol) and |m₃ − 10| (ArcsineM3Tol);
// its remark lists the atoms. A closed-form check, not a paper figure
// (Record.NoPaperFigure). Errors: Network.Density's.
func ArcsineCurves(lams []float64, c freeprob.Continuation) (result.Curves, error) {
	const L = 2 // the closed form is the depth-2 one
	n := Critical(activation.ReLU(), Orthogonal, L, 1)
	rho, err := n.Density(lams, c)
	if err != nil {
		return result.Curves{}, err
	}
	closed := make([]float64, len(lams))
	for i, l := range lams {
		closed[i] = ArcsineDensity(l)
	}
	return result.Curves{
		Caption: fmt.Sprintf("ReLU–orthogonal, L = %d: master equation by continuation vs the arcsine closed form (plus an atom ½ at 0).", L),
		X:       result.Axis{Label: "λ"}, Y: result.Axis{Label: "ρ(λ)"},
		Lines: []result.Line{{Name: "closed form", Role: result.Theory, X: lams, Y: closed}, {Name: "Algorithm 1", Role: result.TheoryPoints, X: lams, Y: rho}},
		Checks: []result.Check{
			{Name: fmt.Sprintf("ReLU-orth L=%d: max relative error", L), Kind: result.TheoryVsClosedForm, Value: empirical.MaxRelDiff(rho, closed), Tol: ArcsineRelTol,
				Basis: fmt.Sprintf("lib/sources/tanner2024.md#check-15: continuation at ε = %g matches the closed form to 5e-7 relative on (0.01, 3.9) (Cauchy smoothing near the 1/√λ edges)", c.Eps)},
			{Name: fmt.Sprintf("ReLU-orth L=%d: |m₃ − 10|", L), Kind: result.TheoryVsClosedForm, Value: n.Moments().M3 - 10, Tol: ArcsineM3Tol,
				Basis: "F21 is algebraic in μ_k = ½: rounding only"},
		},
		Remarks: []string{fmt.Sprintln("atoms:", n.Atoms())},
		Record:  result.Record{NoPaperFigure: true},
	}, nil
}
