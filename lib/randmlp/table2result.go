package randmlp

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// Table2 tolerances, each with the basis its check states.
const (
	// Table2OrthTol bounds |sampled − closed| for orthogonal weights:
	// σ_w·Haar gives WᵀW = σ_w²I to round-off, and SNumeric bisects to
	// 1e-15.
	Table2OrthTol = 1e-10
	// Table2ZTol bounds the |z| of the Gaussian ensemble's sampled S(z)
	// and s₁ against the closed form (t with Draws − 1 dof: P(|t| > 5) ≈
	// 0.0016 per point at 8 draws; each check states it at the draws run).
	Table2ZTol = 5
	// Table2BiasPerSpread bounds the O(1/N) bias of one Gaussian matrix's
	// sampled S(z) on z ∈ [−0.6, −0.05], in units of that matrix's spread
	// (SD over matrices): 0.45, measured with numpy at N = 200 and 400
	// (200 matrices each). Bias and spread are both O(1/N), so the bound
	// holds across widths, and in SEs of a mean over D matrices it is
	// Table2BiasSE(D) = 0.45·√D.
	Table2BiasPerSpread = 0.45
)

// Table2BiasSE is the bound on the bias of the Gaussian row's sampled S(z)
// in standard errors of its mean over draws matrices:
// Table2BiasPerSpread·√draws (1.3 at the default 8).
func Table2BiasSE(draws int) float64 { return Table2BiasPerSpread * math.Sqrt(float64(draws)) }

// Table2Table is P18 Table 2 from rows (Table2Settings.Run: one row per
// ensemble of Table2Ensembles): for each ensemble, S_{WᵀW}(z) in closed
// form and sampled (mean ± SE over draws) at every z, then s₁ closed, at
// width N (−1 − 1/N for Gaussian weights) and sampled. Its checks, of
// papers.TannerTable2STransforms: the orthogonal row's largest |sampled −
// closed| over S(z) and s₁ (Table2OrthTol); the Gaussian row's max |z| of
// the sampled S(z) against σ_w⁻²/(1+z) (Table2ZTol, the central check);
// and the |z| of its sampled s₁ against −1 − 1/N. P18's table is closed
// form (symbolic in σ_w), so the table claims it at any sampling sizes.
// It panics unless rows hold one orthogonal and one Gaussian row.
func Table2Table(rows []Table2Row) result.Table {
	var o, g *Table2Row
	for i := range rows {
		switch rows[i].Weights {
		case jacspectrum.Orthogonal:
			o = &rows[i]
		case jacspectrum.Gaussian:
			g = &rows[i]
		}
	}
	if o == nil || g == nil {
		panic(fmt.Sprintf("randmlp: Table2Table needs an orthogonal and a Gaussian row, got %d rows", len(rows)))
	}
	t := result.Table{Caption: fmt.Sprintf("P18 Table 2: S_{WᵀW} in closed form and sampled from %d matrices of width %d per ensemble (σ_w² = %g).", g.Settings.Draws, g.Settings.Width, g.Settings.SigmaW2),
		Header: []string{"weights", "quantity", "closed form", "sampled (mean ± SE)"}, Record: result.Record{AtPaper: true}}
	for _, r := range rows {
		name := fmt.Sprintf("%v, σ_w² = %g", r.Weights, r.Settings.SigmaW2)
		for i, z := range r.Settings.Z {
			t.Rows = append(t.Rows, []string{name, fmt.Sprintf("S(%.3g)", z), fmt.Sprintf("%.5f", r.S[i]),
				fmt.Sprintf("%.5f ± %.5f", r.SNum[i], r.SNumSE[i])})
		}
		t.Rows = append(t.Rows, []string{name, "s₁ = 1 − m₂/m₁²", fmt.Sprintf("%g (width %d: %.5f)", r.S1, r.Settings.Width, r.S1Width),
			fmt.Sprintf("%.5f ± %.5f", r.S1Num, r.S1NumSE)})
	}
	st := papers.TannerTable2STransforms
	t.Checks = []result.Check{
		{Name: "Table 2, orthogonal: max |sampled − closed| over S(z) and s₁", Kind: result.TheoryVsSimulation, Value: math.Max(empirical.MaxAbsDiff(o.SNum, o.S), math.Abs(o.S1Num-o.S1)),
			Tol: Table2OrthTol, Statement: st, Basis: fmt.Sprintf("σ_w·Haar gives WᵀW = σ_w²I to round-off (singular values within ~1e-14 of σ_w at N = %d); SNumeric bisects to 1e-15", o.Settings.Width)},
		{Name: "Table 2, Gaussian: max |z| of the sampled S(z) against σ_w⁻²/(1+z)", Kind: result.TheoryVsSimulation, Test: result.MaxZ, Points: &result.Points{Y: g.SNum, SE: g.SNumSE, Theory: g.S},
			Tol: Table2ZTol, Statement: st, Central: true,
			Basis: fmt.Sprintf("SE from %d matrices of width %d (t with %d dof: P(|t| > %g) ≈ %.2g per point); the O(1/N) bias is ≤ %.2g SE (%g of one matrix's spread)",
				g.Settings.Draws, g.Settings.Width, g.Settings.Draws-1, float64(Table2ZTol), empirical.TTail2(Table2ZTol, g.Settings.Draws-1), Table2BiasSE(g.Settings.Draws), Table2BiasPerSpread)},
		{Name: "Table 2, Gaussian: |z| of the sampled s₁ against −1 − 1/N", Kind: result.TheoryVsSimulation, Value: empirical.Z(g.S1Num, g.S1NumSE, g.S1Width), Tol: Table2ZTol, Statement: st,
			Basis: fmt.Sprintf("SE from %d matrices (t with %d dof: P(|t| > %g) ≈ %.2g); E m₂ = σ_w⁴(2 + 1/N) for real Gaussian W, so s₁ = −1 − 1/N + O(N⁻²)",
				g.Settings.Draws, g.Settings.Draws-1, float64(Table2ZTol), empirical.TTail2(Table2ZTol, g.Settings.Draws-1))},
	}
	return t
}
