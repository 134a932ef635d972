package spectrumshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
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
