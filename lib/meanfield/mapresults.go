package meanfield

import (
	"fmt"
	"math"
	"strings"

	"github.com/sigprop/sigprop/lib/result"
)

// The tolerances of the maps' own consistency checks: |V(q*) − q*| within
// QStarResidualTol scaled by the ulp of the largest q* (45 ulps in [1,
// 2)), and χ₁ against a one-sided difference of R at c = 1 with step
// Chi1Step within Chi1DiffTol.
const (
	QStarResidualTol = 1e-14
	Chi1Step         = 1e-6
	Chi1DiffTol      = 2e-6
)

// family describes the activation and σ_b² that nets share, as "tanh,
// σ_b² = 0.05", and reports whether they share them.
func family(nets []Net) (desc string, same bool) {
	phi, b2 := nets[0].Phi.Name, nets[0].SigmaB2
	for _, n := range nets {
		if n.Phi.Name != phi || n.SigmaB2 != b2 {
			return "the activations and σ_b² of the legend", false
		}
	}
	return fmt.Sprintf("%s, σ_b² = %g", phi, b2), true
}

// label names network n in a legend: "σ_w²=2", with its activation and
// σ_b² when the networks of the figure differ in them (same is false).
func label(n Net, same bool) string {
	if same {
		return fmt.Sprintf("σ_w²=%g", n.SigmaW2)
	}
	return fmt.Sprintf("%s, σ_w²=%g, σ_b²=%g", n.Phi.Name, n.SigmaW2, n.SigmaB2)
}

// b2Params is {"sigma_b2": σ_b²} of nets when they share it, else nil.
func b2Params(nets []Net, same bool) map[string]float64 {
	if !same {
		return nil
	}
	return map[string]float64{"sigma_b2": nets[0].SigmaB2}
}

// ulp is the spacing of the floats at x > 0.
func ulp(x float64) float64 { return math.Nextafter(x, math.Inf(1)) - x }

// along evaluates f at each x of xs.
func along(xs []float64, f func(float64) float64) []float64 {
	y := make([]float64, len(xs))
	for i, x := range xs {
		y[i] = f(x)
	}
	return y
}

// QMapCurves is figure qmap: the variance map V(q) of each network of
// nets at the abscissae qs with the diagonal and its fixed point q*
// (Net.QStar), and the check that each q* is a root of V to rounding,
// max |V(q*) − q*| within QStarResidualTol times the ulp of the largest
// q* in units of the ulp at 1. It claims the lecture's figure at its
// networks only (SameNets with LectureQMap). It panics on no networks
// (a caller bug). Errors: those of Net.QStar.
func QMapCurves(nets []Net, qs []float64) (result.Curves, error) {
	if len(nets) == 0 {
		panic("meanfield: QMapCurves: no networks")
	}
	fam, same := family(nets)
	paper := SameNets(nets, LectureQMap())
	c := result.Curves{Caption: fmt.Sprintf("The variance map V(q) for %s, and its fixed points.", fam), X: result.Axis{Label: "q"}, Y: result.Axis{Label: "V(q)"},
		Lines: []result.Line{{Name: "q' = q", Role: result.Theory, X: qs, Y: qs}}, Record: result.Record{Params: b2Params(nets, same), AtPaper: paper}}
	residual, qmax := 0.0, 0.0
	var w2 []string
	for _, n := range nets {
		qstar, err := n.QStar()
		if err != nil {
			return result.Curves{}, err
		}
		residual, qmax = math.Max(residual, math.Abs(n.QMap(qstar)-qstar)), math.Max(qmax, qstar)
		c.Lines = append(c.Lines, result.Line{Name: "V(q), " + label(n, same), Role: result.Theory, X: qs, Y: along(qs, n.QMap)},
			result.Line{Name: fmt.Sprintf("q* = %.4f", qstar), Role: result.TheoryPoints, X: []float64{qstar}, Y: []float64{qstar}})
		w2 = append(w2, fmt.Sprintf("%g", n.SigmaW2))
	}
	// 1e-14 is about 45 ulps of a q* in [1, 2); a larger q* scales it by its ulp.
	tol := QStarResidualTol * math.Max(1, ulp(qmax)/ulp(1))
	name := "networks of the legend: max |V(q*) − q*|"
	if same {
		name = fmt.Sprintf("%s, σ_w² = %s: max |V(q*) − q*|", nets[0].Phi.Name, strings.Join(w2, ", "))
	}
	basis := fmt.Sprintf("QStar refines the root to ~1e-15 relative, so the residual is a few ulps of q* ≤ %.4g (an ulp is %.2g there); %.3g allows about %.0f", qmax, ulp(qmax), tol, tol/ulp(qmax))
	if paper {
		basis = "QStar refines the root to ~1e-15 relative, so the residual is a few ulps of q* ≤ 1.5 (an ulp is 2.2e-16 there); 1e-14 allows about 45"
	}
	c.Checks = []result.Check{{Name: name, Kind: result.TheoryVsTheory, Value: residual, Tol: tol, Basis: basis}}
	return c, nil
}

// CMapCurves is figure cmap: the correlation map R(c) of each network of
// nets at the abscissae cs (at its q*) with the diagonal, and for each
// network the check of χ₁ against a one-sided difference of R at c = 1
// (step Chi1Step, Net.Chi1Difference) within Chi1DiffTol, which bounds
// the truncation R″(1)·h/2 of tanh at σ_b² = 0.05, σ_w² ≤ 3 only (the
// lecture's family, LectureFamily): elsewhere, where R″(1) may be
// unbounded (ReLU-like φ), it is not applicable. It claims the lecture's
// figure at its networks only (SameNets with LectureCMap). It panics on
// no networks (a caller bug). Errors: those of Net.DepthScales.
func CMapCurves(nets []Net, cs []float64) (result.Curves, error) {
	if len(nets) == 0 {
		panic("meanfield: CMapCurves: no networks")
	}
	_, same := family(nets)
	c := result.Curves{X: result.Axis{Label: "c"}, Y: result.Axis{Label: "R(c)"}, Lines: []result.Line{{Name: "R(c) = c", Role: result.Theory, X: cs, Y: cs}},
		Record: result.Record{Params: b2Params(nets, same), AtPaper: SameNets(nets, LectureCMap())}}
	var ordered, chaotic []string
	for _, n := range nets {
		s, err := n.DepthScales()
		if err != nil {
			return result.Curves{}, err
		}
		if s.Chi1 < 1 {
			ordered = append(ordered, fmt.Sprintf("%g", n.SigmaW2))
		} else {
			chaotic = append(chaotic, fmt.Sprintf("%g", n.SigmaW2))
		}
		c.Lines = append(c.Lines, result.Line{Name: fmt.Sprintf("%s: χ₁=%.3f, c*=%.3f", label(n, same), s.Chi1, s.CStar), Role: result.Theory, X: cs, Y: along(cs, func(x float64) float64 { return n.CMap(s.QStar, x) })})
		k := result.Check{Name: fmt.Sprintf("%s: χ₁ − R′(1) (finite difference)", label(n, same)), Kind: result.TheoryVsTheory, Value: s.Chi1 - n.Chi1Difference(s.QStar, Chi1Step), Tol: Chi1DiffTol,
			Basis: "one-sided difference with step h = 1e-6: truncation R″(1)·h/2 ≲ 1e-6 plus the rounding of R over h ≲ 1e-6", Note: "χ₁ = σ_w² E φ′² against (R(1) − R(1−1e-6))/1e-6"}
		if !(LectureFamily(n) && n.SigmaW2 <= 3) {
			k.NotApplicable = "the 2e-6 tolerance bounds R″(1)·h/2 for tanh at σ_b² = 0.05, σ_w² ≤ 3 only"
		}
		c.Checks = append(c.Checks, k)
	}
	of := "the networks of the legend"
	if same {
		of = fmt.Sprintf("%s at σ_b² = %g", nets[0].Phi.Name, nets[0].SigmaB2)
	}
	var phases []string
	if len(ordered) > 0 {
		phases = append(phases, fmt.Sprintf("ordered (σ_w² = %s, c* = 1)", strings.Join(ordered, ", ")))
	}
	if len(chaotic) > 0 {
		phases = append(phases, fmt.Sprintf("chaotic (σ_w² = %s; c* < 1)", strings.Join(chaotic, ", ")))
	}
	c.Caption = fmt.Sprintf("Correlation map R(c) of %s: %s.", of, strings.Join(phases, " and "))
	return c, nil
}
