package traindepth

import (
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// XiC returns the mean-field depth scale ξ_c = −1/log χ_{c*} (F9 of
// lib/sources/tanner2024.md#formulas; meanfield.ScanSigmaW2) of the
// experiment's networks, tanh at σ_b² = sigmaB2, at each σ_w² of sigmaW2:
// the scale Schoenholz et al. 2017 compare the trainable depth with.
// Errors are ScanSigmaW2's.
//
//sigprop:eq tanner2024 F9
func XiC(sigmaW2 []float64, sigmaB2 float64) ([]float64, error) {
	sc, err := meanfield.ScanSigmaW2(activation.Tanh(), sigmaW2, sigmaB2)
	return sc.XiC, err
}

// XiCLine returns ξ_c (XiC) at k σ_w² evenly spaced over [lo, hi]: the
// mean-field curve a figure draws over the trained grid.
func XiCLine(lo, hi float64, k int, sigmaB2 float64) (sigmaW2, xiC []float64, err error) {
	sigmaW2 = empirical.Linspace(lo, hi, k)
	xiC, err = XiC(sigmaW2, sigmaB2)
	return sigmaW2, xiC, err
}

// MeasureRuns is the experiment's analysis of the stored runs of s: the
// accuracy grid (GridOf), ξ_c at its σ_w² (XiC) and Measure of the two.
// Errors are those of the three.
func MeasureRuns(runs []Run, s Settings) (Grid, Result, error) {
	g, err := GridOf(runs, s)
	if err != nil {
		return g, Result{}, err
	}
	xi, err := XiC(s.SigmaW2, s.SigmaB2)
	if err != nil {
		return g, Result{}, err
	}
	r, err := Measure(g, xi)
	return g, r, err
}

// ByBudgetRuns is ByBudget of the stored runs of s with ξ_c at its σ_w²
// (XiC), and those ξ_c. Errors are XiC's and ByBudget's.
func ByBudgetRuns(runs []Run, s Settings) ([]AtStep, []float64, error) {
	xi, err := XiC(s.SigmaW2, s.SigmaB2)
	if err != nil {
		return nil, nil, err
	}
	b, err := ByBudget(runs, s, xi)
	return b, xi, err
}
