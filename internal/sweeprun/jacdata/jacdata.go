package jacdata

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/randmlp"
	"github.com/sigprop/sigprop/lib/sweep"
)

// Width is P18's width for Figs. 2 and 4.
const Width = 1000

// Sigma02 is σ₀² of P18 Fig. 4.
const Sigma02 = 0.25

// Specs lists the configurations: P18 Fig. 4 (hard tanh, shifted ReLU,
// erf, SiLU; orthogonal; q*(L) from σ₀² = 1/4; L ∈ {2, 3, 4, 8, 32, 128})
// and P18 Fig. 2 (linear–Gaussian, ReLU, hard tanh and erf orthogonal;
// L ∈ {2, 8, 32, 128}; q* = 1 for linear and ReLU, whose spectra do not
// depend on it, 0.25 for hard tanh and erf since P18 does not state its
// σ_w²). Two independent networks per configuration below L = 128 (their
// difference measures the sampling spread), one at L = 128.
func Specs() ([]randmlp.SpectrumSpec, error) {
	var out []randmlp.SpectrumSpec
	draws := func(L int) int {
		if L >= 128 {
			return 1
		}
		return 2
	}
	for k, name := range []string{"hardtanh", "shifted_relu", "erf", "smoothed_relu"} {
		act, err := activation.ByName(name)
		if err != nil {
			return nil, err
		}
		for _, L := range []int{2, 3, 4, 8, 32, 128} {
			q, err := jacspectrum.QStarForSigma0(act, L, Sigma02)
			if err != nil {
				return nil, err
			}
			out = append(out, randmlp.SpectrumSpec{Figure: "fig4-" + act.String(), Phi: name, Weights: "orthogonal",
				Depth: L, QStar: q, Width: Width, Draws: draws(L), Seed: uint64(4000 + 1000*k + L)})
		}
	}
	for k, p := range []struct {
		name, weights string
		q             float64
	}{{"linear", "gaussian", 1}, {"relu", "orthogonal", 1}, {"hardtanh", "orthogonal", 0.25}, {"erf", "orthogonal", 0.25}} {
		act, err := activation.ByName(p.name)
		if err != nil {
			return nil, err
		}
		for _, L := range []int{2, 8, 32, 128} {
			out = append(out, randmlp.SpectrumSpec{Figure: fmt.Sprintf("fig2-%s-%s", act, p.weights), Phi: p.name,
				Weights: p.weights, Depth: L, QStar: p.q, Width: Width, Draws: draws(L), Seed: uint64(20000 + 1000*k + L)})
		}
	}
	return out, nil
}

// Settings are the settings of Specs, recorded in provenance.json.
type Settings struct {
	Width   int     `json:"width"`
	Sigma02 float64 `json:"sigma0_2"`
}

// Len is the number of entries of Specs, the generator's plan.
func Len() (int, error) {
	specs, err := Specs()
	return len(specs), err
}

// Compute computes Specs (or, when only is not empty, the entries of
// Specs at those indices, in that order) on workers goroutines; `sigprop
// sweep generate jacobian-spectra` writes them as spectra.json beside
// provenance.json.
func Compute(only []int, workers int) ([]randmlp.SpectrumSample, Settings, error) {
	set := Settings{Width: Width, Sigma02: Sigma02}
	specs, err := Specs()
	if err != nil {
		return nil, set, err
	}
	if specs, err = sweep.Select(specs, only); err != nil {
		return nil, set, fmt.Errorf("jacdata: %w", err)
	}
	samples, err := randmlp.SampleSpectra(specs, workers)
	return samples, set, err
}
