package spectrumshow

import (
	"fmt"
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// Table1 fills tab (named and captioned by the notebook) with P18 Table 1
// at q* (jacspectrum.Table1) for the activations acts, one row each: μ₁
// and μ₂ in closed form and by quadrature, the critical σ_w², and
// σ²_{JJᵀ}/L for orthogonal and Gaussian weights, all to 7 decimals.
func Table1(tab bundle.Table, acts []activation.Func, qstar float64) bundle.Table {
	tab.Header, tab.Rows = []string{"φ", "μ₁", "μ₂", "μ₁ (quad)", "μ₂ (quad)", "σ_w²", "σ²/L orth", "σ²/L gauss"}, nil
	for _, a := range acts {
		o := jacspectrum.Table1(a, qstar, jacspectrum.Orthogonal)
		g := jacspectrum.Table1(a, qstar, jacspectrum.Gaussian)
		tab.Rows = append(tab.Rows, []string{a.String(), fmt.Sprintf("%.7f", o.Mu[0]), fmt.Sprintf("%.7f", o.Mu[1]),
			fmt.Sprintf("%.7f", o.MuQuad[0]), fmt.Sprintf("%.7f", o.MuQuad[1]), fmt.Sprintf("%.7f", o.SigmaW2),
			fmt.Sprintf("%.7f", o.VarPerL), fmt.Sprintf("%.7f", g.VarPerL)})
	}
	return tab
}

// MurrayTable fills tab (named and captioned by the notebook) with the
// jacspectrum.MurrayRows as the notes' (lib/sources/tanner2024.md) Shtanh table prints them (§7 check
// 24), with σ²_{JJᵀ} at the depth L the rows were computed at. It panics
// unless there is a row and all share one L.
func MurrayTable(tab bundle.Table, rows []jacspectrum.MurrayRow) bundle.Table {
	if len(rows) == 0 || slices.ContainsFunc(rows, func(r jacspectrum.MurrayRow) bool { return r.L != rows[0].L }) {
		panic(fmt.Sprintf("spectrumshow: MurrayTable needs rows at one depth L, got %d rows", len(rows)))
	}
	tab.Header = []string{"y", "q*/a²", "σ_w²", "p", "μ₂/μ₁²−1", "R(0)=max|R−ρ|", fmt.Sprintf("σ²_JJᵀ (L=%d, orth)", rows[0].L)}
	tab.Rows = nil
	for _, r := range rows {
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(r.Y), fmt.Sprintf("%.5f", r.QStar), fmt.Sprintf("%.6f", r.SigmaW2), fmt.Sprintf("%.6f", r.P),
			fmt.Sprintf("%.4g", r.Dev), fmt.Sprintf("%.5f", r.R0), fmt.Sprintf("%.4g", r.Var)})
	}
	return tab
}

// MurraySeries are the two deviations of Murray's theorem against y, both
// lines with points: μ₂/μ₁² − 1 and max|R(ρ) − ρ| = R(0).
func MurraySeries(rows []jacspectrum.MurrayRow) []show.Series {
	ys, dev, r0 := make([]float64, len(rows)), make([]float64, len(rows)), make([]float64, len(rows))
	for i, r := range rows {
		ys[i], dev[i], r0[i] = r.Y, r.Dev, r.R0
	}
	return []show.Series{{Name: "μ₂/μ₁² − 1", X: ys, Y: dev, Style: show.LinePoints}, {Name: "max|R(ρ) − ρ| = R(0)", X: ys, Y: r0, Style: show.LinePoints}}
}

// Table2 fills tab (named and captioned by the notebook) with P18 Table 2
// from randmlp.Table2 rows: for each weight ensemble, S_{WᵀW}(z) in closed
// form and sampled (mean ± SE over draws) at every z, then s₁ closed,
// at width N (−1 − 1/N for Gaussian weights) and sampled.
func Table2(tab bundle.Table, rows []randmlp.Table2Row) bundle.Table {
	tab.Header, tab.Rows = []string{"weights", "quantity", "closed form", "sampled (mean ± SE)"}, nil
	for _, r := range rows {
		name := fmt.Sprintf("%v, σ_w² = %g", r.Weights, r.Settings.SigmaW2)
		for i, z := range r.Settings.Z {
			tab.Rows = append(tab.Rows, []string{name, fmt.Sprintf("S(%.3g)", z), fmt.Sprintf("%.5f", r.S[i]),
				fmt.Sprintf("%.5f ± %.5f", r.SNum[i], r.SNumSE[i])})
		}
		tab.Rows = append(tab.Rows, []string{name, "s₁ = 1 − m₂/m₁²", fmt.Sprintf("%g (width %d: %.5f)", r.S1, r.Settings.Width, r.S1Width),
			fmt.Sprintf("%.5f ± %.5f", r.S1Num, r.S1NumSE)})
	}
	return tab
}
