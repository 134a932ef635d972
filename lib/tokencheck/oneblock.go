package tokencheck

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// OneBlocks are the settings of the one-block checks of notebook 02
// (Curves.OneBlockChecks), from parallel lists, one case per index i: the
// block base at α_A = α_M = alphas[i] and σ_w = sigmaWs[i], one block
// from (q, p) = (q0s[i]·d, p0s[i]·d), networks networks drawing from the
// seed seeds.Seed + i. Errors: ErrParam naming the list when the lists
// are empty or differ in length, and the first case's Layers.Validate
// error (its α, σ_w out of tokengeom.Model's range, its (q, p) not the
// geometry of n tokens, tokengeom.CheckQP), before any case runs.
func OneBlocks(base tokengeom.Model, alphas, sigmaWs, q0s, p0s []float64, networks int, seeds Seeds) ([]Layers, error) {
	if len(alphas) == 0 {
		return nil, param.Err(ErrParam, "OneBlocks alphas", len(alphas), "at least one case")
	}
	for _, l := range []struct {
		name string
		n    int
	}{{"sigmaWs", len(sigmaWs)}, {"q0s", len(q0s)}, {"p0s", len(p0s)}} {
		if l.n != len(alphas) {
			return nil, param.Err(ErrParam, "OneBlocks "+l.name, fmt.Sprintf("%d values", l.n), fmt.Sprintf("one per α: %d", len(alphas)))
		}
	}
	out := make([]Layers, len(alphas))
	for i, a := range alphas {
		m := base
		m.AlphaA, m.AlphaM, m.SigmaW = a, a, sigmaWs[i]
		out[i] = Layers{Model: m, L: 1, Q0: q0s[i] * m.D, P0: p0s[i] * m.D, Networks: networks, Seeds: Seeds{Seed: seeds.Seed + uint64(i), Stream: seeds.Stream}}
		if err := out[i].Validate(); err != nil {
			return nil, fmt.Errorf("one-block case %d: %w", i+1, err)
		}
	}
	return out, nil
}

// EdgeGapAlphas is the α grid of the λ_a = 0 and λ_g^(L) = 0 contours
// (EdgeGapCurves): points values from lo to hi (empirical.Linspace).
// Errors: ErrParam unless 0 <= lo <= hi <= 1 (α_A = α_M = α, the range
// of tokengeom.Model) and points >= 1.
func EdgeGapAlphas(lo, hi float64, points int) ([]float64, error) {
	if !(lo >= 0 && lo <= 1) {
		return nil, param.Err(ErrParam, "EdgeGapAlphas lo", lo, "in [0, 1]")
	}
	if !(hi >= lo && hi <= 1) {
		return nil, param.Err(ErrParam, "EdgeGapAlphas hi", hi, fmt.Sprintf("in [lo, 1] = [%g, 1]", lo))
	}
	if err := param.AtLeast(ErrParam, param.Min("EdgeGapAlphas points", points, 1)); err != nil {
		return nil, err
	}
	return empirical.Linspace(lo, hi, points), nil
}
