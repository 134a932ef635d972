package jacspectrum

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// MurraySettings are the rows of the Shtanh table (Murray's theorem,
// lib/sources/tanner2024.md#murray, F29–F31): one MurrayRow per y =
// σ_b²/a² of Ys, at depth L.
type MurraySettings struct {
	// Ys are the values of y = σ_b²/a², each positive and finite, at
	// least 2 of them (the theorem's check compares the smallest with the
	// largest): the notes' table prints 1, 0.3, 0.1, 0.03, 0.01, 0.001.
	Ys []float64
	// L is the depth of the orthogonal network of the table's σ²_JJᵀ
	// column, at least 1. Not stated: the notes print no σ²_JJᵀ; 8 is
	// sigprop's choice.
	L int
}

// MurrayNotes returns the notes' y of the Shtanh table and sigprop's L = 8.
func MurrayNotes() MurraySettings {
	return MurraySettings{Ys: []float64{1, 0.3, 0.1, 0.03, 0.01, 0.001}, L: 8}
}

// At reports whether s has p's Ys (the depth L, sigprop's choice, aside):
// the table claims the notes' figure when s.At(MurrayNotes()).
func (s MurraySettings) At(p MurraySettings) bool { return slices.Equal(s.Ys, p.Ys) }

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil.
func (s MurraySettings) Validate() error {
	if len(s.Ys) < 2 {
		return fmt.Errorf("%w: MurraySettings.Ys has %d values, want >= 2", ErrParam, len(s.Ys))
	}
	for i, y := range s.Ys {
		if !(y > 0) || math.IsInf(y, 0) {
			return fmt.Errorf("%w: MurraySettings.Ys[%d] = %v, want a finite y > 0", ErrParam, i, y)
		}
	}
	if s.L < 1 {
		return fmt.Errorf("%w: MurraySettings.L = %d, want >= 1", ErrParam, s.L)
	}
	return nil
}

// MurrayResult is a MurraySettings run: Rows[i] is Murray(Ys[i], L).
type MurrayResult struct {
	Settings MurraySettings
	Rows     []MurrayRow
}

// Run returns Murray(y, s.L) for each y of s.Ys. Errors: a setting out of
// range (ErrParam), meanfield.EoCSigmaW2's.
func (s MurraySettings) Run() (MurrayResult, error) {
	if err := s.Validate(); err != nil {
		return MurrayResult{}, err
	}
	r := MurrayResult{Settings: s}
	for _, y := range s.Ys {
		row, err := Murray(y, s.L)
		if err != nil {
			return MurrayResult{}, err
		}
		r.Rows = append(r.Rows, row)
	}
	return r, nil
}

// murrayPrinted are the notes' printed q*/a² and μ₂/μ₁² − 1 of the
// Shtanh table by y (lib/sources/tanner2024.md#check-24), 4–6 significant
// digits.
var murrayPrinted = map[float64][2]float64{1: {2.38781, 1.073}, 0.3: {1.12312, 0.5276}, 0.1: {0.63216, 0.2634},
	0.03: {0.37824, 0.1160}, 0.01: {0.25915, 0.05206}, 0.001: {0.14397, 0.008472}}

// MurrayPrintedTol bounds the relative deviation of the table from the
// notes' printed values: the largest relative rounding of 4–6 printed
// digits is 4.7e-4 (1.073).
const MurrayPrintedTol = 5e-4

// MurrayVanishTol is the ratio of each deviation at the smallest y to its
// value at the largest that Murray's "→ 0" is read as (a fall by at least
// a factor 10 over the table's span; sigprop's reading: the lecture
// prints no rate).
const MurrayVanishTol = 0.1

// Table is the Shtanh table as the notes print it (§7 check 24), with
// σ²_JJᵀ of the orthogonal network of depth L, and the check of q*/a²
// and μ₂/μ₁² − 1 against the notes' printed values over the rows whose y
// the notes print (not applicable when none is). It claims the notes'
// table at their Ys (MurraySettings.At).
func (m MurrayResult) Table() result.Table {
	t := result.Table{Caption: "Shtanh on the edge of chaos as the linear region widens (y = σ_b²/a²).",
		Header: []string{"y", "q*/a²", "σ_w²", "p", "μ₂/μ₁²−1", "R(0)=max|R−ρ|", fmt.Sprintf("σ²_JJᵀ (L=%d, orth)", m.Settings.L)},
		Record: result.Record{AtPaper: m.Settings.At(MurrayNotes())}}
	worst, k := 0.0, 0
	for _, r := range m.Rows {
		t.Rows = append(t.Rows, []string{fmt.Sprint(r.Y), fmt.Sprintf("%.5f", r.QStar), fmt.Sprintf("%.6f", r.SigmaW2), fmt.Sprintf("%.6f", r.P),
			fmt.Sprintf("%.4g", r.Dev), fmt.Sprintf("%.5f", r.R0), fmt.Sprintf("%.4g", r.Var)})
		if ref, ok := murrayPrinted[r.Y]; ok {
			worst, k = math.Max(worst, math.Max(math.Abs(r.QStar/ref[0]-1), math.Abs(r.Dev/ref[1]-1))), k+1
		}
	}
	c := result.Check{Name: "Shtanh table vs lib/sources/tanner2024.md#check-24: max relative deviation", Kind: result.TheoryVsPrinted, Value: worst, Tol: MurrayPrintedTol,
		Basis: "the notes (lib/sources/tanner2024.md) print 4–6 significant digits: the largest relative rounding is 4.7e-4 (1.073)"}
	if k == 0 {
		c.NotApplicable = "the notes print the table at y = 1, 0.3, 0.1, 0.03, 0.01, 0.001; none is among these y"
	}
	t.Checks = []result.Check{c}
	return t
}

// Curves is Murray's theorem for Shtanh: the two deviations μ₂/μ₁² − 1
// and max|R(ρ) − ρ| = R(0) against y, log-log, with the theorem's check
// (Vanish). It claims the notes' figure at their Ys.
func (m MurrayResult) Curves() result.Curves {
	rows := m.Rows
	ys, dev, r0 := make([]float64, len(rows)), make([]float64, len(rows)), make([]float64, len(rows))
	for i, r := range rows {
		ys[i], dev[i], r0[i] = r.Y, r.Dev, r.R0
	}
	return result.Curves{Caption: "Murray's theorem for Shtanh: both deviations from the identity vanish as y = σ_b²/a² → 0.",
		X: result.Axis{Label: "y = σ_b²/a²", Log: true}, Y: result.Axis{Label: "deviation", Log: true},
		Lines:  []result.Line{{Name: "μ₂/μ₁² − 1", Role: result.TheoryLinePoints, X: ys, Y: dev}, {Name: "max|R(ρ) − ρ| = R(0)", Role: result.TheoryLinePoints, X: ys, Y: r0}},
		Checks: []result.Check{m.Vanish()}, Record: result.Record{AtPaper: m.Settings.At(MurrayNotes())}}
}

// Vanish is Murray's theorem (papers.TannerMurrayTheorem) on the rows as
// a Claim: at the smallest y, each deviation (μ₂/μ₁² − 1 and R(0)) in
// units of its value at the largest y, the larger of the two, at most
// MurrayVanishTol. It panics on fewer than two rows (Validate refuses
// them).
func (m MurrayResult) Vanish() result.Check {
	rows := m.Rows
	if len(rows) < 2 {
		panic(fmt.Sprintf("jacspectrum: MurrayResult.Vanish needs two rows, got %d", len(rows)))
	}
	lo, hi := rows[0], rows[0]
	for _, r := range rows {
		if r.Y < lo.Y {
			lo = r
		}
		if r.Y > hi.Y {
			hi = r
		}
	}
	return result.Check{Name: fmt.Sprintf("Murray's theorem: deviations at y = %g over those at y = %g (the larger ratio)", lo.Y, hi.Y), Kind: result.Claim,
		Value: math.Max(lo.Dev/hi.Dev, lo.R0/hi.R0), Tol: MurrayVanishTol, Rule: result.AtMost, Statement: papers.TannerMurrayTheorem, Central: true,
		Basis: fmt.Sprintf("\"→ 0\" over a factor %g in y read as a fall by at least 10 (sigprop's reading: the lecture prints no rate)", hi.Y/lo.Y),
		Note:  fmt.Sprintf("μ₂/μ₁² − 1: %.4g → %.4g; R(0): %.4g → %.4g", hi.Dev, lo.Dev, hi.R0, lo.R0)}
}
