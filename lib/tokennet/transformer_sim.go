package tokennet

import (
	"fmt"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"

	"gonum.org/v1/gonum/mat"
)

// LayerStats holds per-layer Monte Carlo means and standard errors over
// independent networks, for layers t = 0..L.
type LayerStats struct {
	QOverD, QOverDSE []float64 // q_t/d, eq. (22)
	Cos, CosSE       []float64 // p_t/q_t, eqs. (22)–(23)
	Samples          int
}

// SimulateLayerGeometry draws samples independent transformers (fresh
// weights and fresh permutation-symmetric tokens with target (q0, p0) each
// time) and returns the per-layer mean and SE of q/d and p/q, the
// simulated curves of Fig. 2 of Cowsik et al. 2024.
func SimulateLayerGeometry(cfg TransformerConfig, q0, p0 float64, samples int, rng *rand.Rand) (LayerStats, error) {
	return tfSimulate(cfg, samples, rng, func(x *mat.Dense) { SymmetricTokens(x, q0, p0, rng) },
		func(x mat.Matrix) (float64, float64) {
			q, p := TokenGeometry(x)
			return q / float64(cfg.D), p / q
		})
}

// SimulateSymmetryRestoration starts from the two-group tokens of eq. (12)
// (C_ii = q, p1 within halves, p2 across) and returns per layer the mean
// and SE of the ratio p1/p2 (in QOverD) and of p/q (in Cos): Fig. 3 of
// Cowsik et al. 2024, where p1/p2 decays towards 1.
func SimulateSymmetryRestoration(cfg TransformerConfig, q, p1, p2 float64, samples int, rng *rand.Rand) (LayerStats, error) {
	if !(p2 > 0) {
		panic("tokennet: SimulateSymmetryRestoration needs p2 > 0")
	}
	return tfSimulate(cfg, samples, rng, func(x *mat.Dense) { TwoGroupTokens(x, q, p1, p2, rng) },
		func(x mat.Matrix) (float64, float64) {
			a, b := GroupDots(x)
			qq, pp := TokenGeometry(x)
			return a / b, pp / qq
		})
}

// tfSimulate draws the networks and their inputs from rng in sample order
// (weights, then tokens, as one serial loop would) and runs them on
// cfg.Workers goroutines (empirical.DrawRun), so the statistics do not
// depend on the worker count. On an error it returns the one of the
// lowest sample.
func tfSimulate(cfg TransformerConfig, samples int, rng *rand.Rand, init func(*mat.Dense),
	measure func(mat.Matrix) (float64, float64)) (LayerStats, error) {
	if samples < 2 {
		panic(fmt.Sprintf("tokennet: need at least 2 samples for a standard error, got %d", samples))
	}
	cfg.validate()
	if rng == nil {
		panic("tokennet: Simulate needs a non-nil *rand.Rand")
	}
	L := cfg.Layers
	a := make([][]float64, L+1)
	b := make([][]float64, L+1)
	for l := range a {
		a[l], b[l] = make([]float64, samples), make([]float64, samples)
	}
	err := tfDrawRun(cfg, samples, rng, func(s tfSlot) { init(s.x) }, func(s tfSlot, i int) error {
		if _, err := s.t.Forward(s.x); err != nil {
			return err
		}
		for l := 0; l <= L; l++ {
			a[l][i], b[l][i] = measure(s.t.Layer(l))
		}
		return nil
	})
	if err != nil {
		return LayerStats{}, err
	}
	st := LayerStats{Samples: samples}
	for l := 0; l <= L; l++ {
		ea, eb := tfEstimate(a[l]), tfEstimate(b[l])
		st.QOverD = append(st.QOverD, ea.Mean)
		st.QOverDSE = append(st.QOverDSE, ea.SE)
		st.Cos = append(st.Cos, eb.Mean)
		st.CosSE = append(st.CosSE, eb.SE)
	}
	return st, nil
}

// tfSlot is one network with its input and backward-seed buffers.
type tfSlot struct {
	t    *Transformer
	x, r *mat.Dense
}

// tfDrawRun runs samples networks of a valid cfg on cfg.Workers goroutines
// (empirical.DrawRun): for each in order it redraws the weights from rng
// and calls draw for the rest of the sample's randomness, then run computes
// on the slot. It returns the error of the lowest sample that failed.
func tfDrawRun(cfg TransformerConfig, samples int, rng *rand.Rand, draw func(s tfSlot), run func(s tfSlot, i int) error) error {
	errs := make([]error, samples)
	empirical.DrawRun(samples, cfg.Workers,
		func() tfSlot {
			return tfSlot{newTransformer(cfg), mat.NewDense(cfg.N, cfg.D, nil), mat.NewDense(cfg.N, cfg.D, nil)}
		},
		func(s tfSlot, i int) {
			s.t.Resample(rng)
			draw(s)
		},
		func(s tfSlot, i int) { errs[i] = run(s, i) })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
