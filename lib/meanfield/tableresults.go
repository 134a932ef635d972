package meanfield

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The tolerances of the tables against the notes' printed numbers: ξ is
// printed to 4 decimals (relative rounding up to 4.8e-5 at ξ_q = 1.0415),
// μ₁ to 4 decimals (absolute rounding up to 5e-5).
const (
	PrintedRelTol = 5e-5
	PrintedAbsTol = 5e-5
)

// versus is the rows of a table of got beside ref, one per label:
// the label, then fmt.Sprintf(format, got[i][j], ref[i][j]) per column,
// and the largest absolute and relative deviation |got − ref| and
// |got − ref|/|ref|. It panics unless got and ref have one row of equal
// length per label (a caller bug).
func versus(labels []string, got, ref [][]float64, format string) (rows [][]string, maxAbs, maxRel float64) {
	if len(got) != len(labels) || len(ref) != len(labels) {
		panic(fmt.Sprintf("meanfield: %d labels, %d rows and %d reference rows", len(labels), len(got), len(ref)))
	}
	for i, l := range labels {
		if len(got[i]) != len(ref[i]) {
			panic(fmt.Sprintf("meanfield: row %d has %d values and %d references", i, len(got[i]), len(ref[i])))
		}
		row := []string{l}
		for j, g := range got[i] {
			r := ref[i][j]
			row = append(row, fmt.Sprintf(format, g, r))
			maxAbs, maxRel = math.Max(maxAbs, math.Abs(g-r)), math.Max(maxRel, math.Abs(g-r)/math.Abs(r))
		}
		rows = append(rows, row)
	}
	return rows, maxAbs, maxRel
}

// VersusTable is table tanh-table: q*, χ₁, c*, ξ_c and ξ_q of sc, one row
// per σ_w², with the reference rows ref (the notes' printed values,
// lib/sources/tanner2024.md#check-9) in brackets, and the check of the
// largest relative deviation against the notes' rounding (PrintedRelTol).
// The caption states the activation and σ_b² sc ran at. It panics unless
// ref has one row of 5 values per σ_w² (a caller bug).
func (sc Scan) VersusTable(ref [][]float64) result.Table {
	labels := make([]string, len(sc.SigmaW2))
	for i, w := range sc.SigmaW2 {
		labels[i] = fmt.Sprint(w)
	}
	rows, _, worst := versus(labels, sc.Rows(), ref, "%.7g (%g)")
	return result.Table{Caption: fmt.Sprintf("%s, σ_b² = %g: library (reference in brackets)", sc.Phi, sc.SigmaB2), Header: []string{"σ_w²", "q*", "χ₁", "c*", "ξ_c", "ξ_q"}, Rows: rows,
		Checks: []result.Check{{Name: "tanh mean-field table vs spec: max relative deviation", Kind: result.TheoryVsPrinted, Value: worst, Tol: PrintedRelTol,
			Basis: "the notes (lib/sources/tanner2024.md) print ξ to 4 decimals: relative rounding up to 4.8e-5 (ξ_q = 1.0415)"}},
		Record: result.Record{NoPaperFigure: true}}
}

// AtomsTable is table fig3-atoms: P(φ′ = 1) = μ₁ of each activation of
// phis at each q* of qs (activation.Func.Mu). At the lecture's q*
// (LectureQStars) it claims Fig. 3, shows the notes' values ref in
// brackets and checks the largest deviation against their rounding
// (PrintedAbsTol, papers.TannerAtoms); at other q* the notes print
// nothing to check against and the check is not applicable (ref is not
// read). It panics at the lecture's q* unless ref has one row per
// activation and one value per q* (a caller bug).
func AtomsTable(phis []activation.Func, qs []float64, ref [][]float64) result.Table {
	paper := slices.Equal(qs, LectureQStars())
	var names []string
	var p [][]float64
	for _, phi := range phis {
		mu := make([]float64, len(qs))
		for i, q := range qs {
			mu[i] = phi.Mu(q, 1)
		}
		names, p = append(names, phi.Name), append(p, mu)
	}
	header := []string{"φ"}
	for _, q := range qs {
		header = append(header, fmt.Sprintf("q*=%g", q))
	}
	const name = "P(φ′=1) vs spec Fig. 3 values: max |Δ|"
	t := result.Table{Caption: fmt.Sprintf("P(φ′ = 1) = μ₁ at q* = %s", joinG(qs)), Header: header, Record: result.Record{AtPaper: paper}}
	if !paper {
		for i, row := range p {
			cells := []string{names[i]}
			for _, x := range row {
				cells = append(cells, fmt.Sprintf("%.4f", x))
			}
			t.Rows = append(t.Rows, cells)
		}
		t.Checks = []result.Check{{Name: name, NotApplicable: "the notes (lib/sources/tanner2024.md) print μ₁ at q* = 2, 1, 0.5, 0.2 only"}}
		return t
	}
	rows, worst, _ := versus(names, p, ref, "%.4f (%g)")
	t.Caption += " (reference value in brackets)"
	t.Rows = rows
	t.Checks = []result.Check{{Name: name, Kind: result.TheoryVsPrinted, Value: worst, Tol: PrintedAbsTol, Central: true, Statement: papers.TannerAtoms,
		Basis: "the notes (lib/sources/tanner2024.md) print 4 decimals: rounding up to 5e-5"}}
	return t
}

// CriticalLineCurves are figures fig1-phase-diagram and fig1-qstar
// (Tanner's Fig. 1): the critical line χ₁ = 1 as σ_w² = w2 against σ_b²
// = b2 with the notes' printed reference points (refW at refB), and q* =
// qs along it; the first carries the check of the line computed at the
// reference σ_b² (atRef) against the printed σ_w², within the rounding
// of their 4 decimals (PrintedAbsTol). They claim Fig. 1 when the line
// spans the reference points' σ_b². It panics unless w2 and qs have one
// value per σ_b² and atRef, refW one per reference point (a caller bug).
func CriticalLineCurves(b2, w2, qs, refB, refW, atRef []float64) (line, qstar result.Curves) {
	n, k := len(b2), len(refB)
	if n < 2 || len(w2) != n || len(qs) != n || k < 1 || len(refW) != k || len(atRef) != k {
		panic(fmt.Sprintf("meanfield: CriticalLineCurves: %d σ_b², %d σ_w² and %d q*; %d reference points, %d printed and %d computed σ_w²", n, len(w2), len(qs), k, len(refW), len(atRef)))
	}
	worst := 0.0
	for i := range atRef {
		worst = math.Max(worst, math.Abs(atRef[i]-refW[i]))
	}
	rec := result.Record{AtPaper: b2[0] <= slices.Min(refB) && b2[n-1] >= slices.Max(refB)}
	line = result.Curves{Caption: "Order–chaos transition for tanh: the critical line χ₁ = 1. Ordered (vanishing gradients) above-left, chaotic (exploding gradients) below-right.",
		X: result.Axis{Label: "σ_w²"}, Y: result.Axis{Label: "σ_b²"},
		Lines: []result.Line{{Name: "χ₁ = 1", Role: result.Theory, X: w2, Y: b2}, {Name: "spec reference", Role: result.TheoryPoints, X: refW, Y: refB}},
		Checks: []result.Check{{Name: "EoC curve vs spec reference points: max |Δσ_w²|", Kind: result.TheoryVsPrinted, Value: worst, Tol: PrintedAbsTol,
			Basis: "the notes (lib/sources/tanner2024.md) print σ_w² to 4 decimals: rounding up to 5e-5 (lib/sources/tanner2024.md#figure-1, #check-8)"}},
		Record: rec}
	qstar = result.Curves{Caption: fmt.Sprintf("q* along the critical line: it grows from %.4g at (%.4g, %.4g) to %.4g at σ_b² = %g.", qs[0], w2[0], b2[0], qs[n-1], b2[n-1]),
		X: result.Axis{Label: "σ_w² on the critical line"}, Y: result.Axis{Label: "q*"},
		Lines: []result.Line{{Name: "q*", Role: result.Theory, X: w2, Y: qs}}, Record: rec}
	return line, qstar
}
