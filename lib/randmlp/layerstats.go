package randmlp

import (
	"fmt"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
)

// LayerStats is the Monte Carlo estimate of a per-layer statistic: it
// draws nets networks, in turn, each with its own input pair
// MLPInputPair(Width, r, c, rng), propagates the pair (Propagate), and
// returns for each layer l = 0..Depth−1 (the pre-activations h^{l+1}) the
// mean over the networks of the average of the values stat returns for
// that layer, and its standard error over the networks
// (empirical.ClusterMeanSE). For example
//
//	stat := func(t MLPTrace, l int) []float64 { return t.Q[l] }
//
// estimates q^ℓ from both inputs of each network, and t.Corr[l][0][1] the
// correlation of the pair. The network is the sample unit: the values of
// one network share its weights and biases (the two inputs' q^ℓ are
// correlated through them), so they are averaged within the network and
// the SE has nets − 1 degrees of freedom; pooling them as independent
// samples understated the SE by a factor 1.43 at layer 1 (GELU, σ_b² =
// 0.5, N = 500). The random stream is consumed exactly as by the loop it
// replaces, so the same rng gives the same numbers.
//
// It panics if nets < 1, stat returns no value for a layer, or a
// different number of values for one layer of two networks.
func (m MLP) LayerStats(nets int, r, c float64, stat func(t MLPTrace, l int) []float64, rng *rand.Rand) (mean, se []float64) {
	if nets < 1 {
		panic(fmt.Sprintf("randmlp: LayerStats nets must be >= 1, got %d", nets))
	}
	samples := make([][]float64, m.Depth)
	size := make([]int, m.Depth)
	for k := range nets {
		tr := m.Propagate(MLPInputPair(m.Width, r, c, rng), rng)
		for l := range samples {
			v := stat(tr, l)
			if len(v) == 0 {
				panic(fmt.Sprintf("randmlp: LayerStats stat returned no value for layer %d", l))
			}
			if k == 0 {
				size[l] = len(v)
			} else if len(v) != size[l] {
				panic(fmt.Sprintf("randmlp: LayerStats stat returned %d values for layer %d of network %d, %d for network 0", len(v), l, k, size[l]))
			}
			samples[l] = append(samples[l], v...)
		}
	}
	mean, se = make([]float64, m.Depth), make([]float64, m.Depth)
	for l, s := range samples {
		mean[l], se[l] = empirical.ClusterMeanSE(s, size[l])
	}
	return mean, se
}

// LastLayer draws nets networks as LayerStats does and returns f(h) for
// the last layer's pre-activations h of the first inputs inputs (1 or 2)
// of each pair: unit by unit, input by input within a unit, network after
// network. With f = φ′ it samples the slopes of the last layer.
//
// It panics if nets < 1 or inputs is not 1 or 2.
func (m MLP) LastLayer(nets int, r, c float64, inputs int, f func(h float64) float64, rng *rand.Rand) []float64 {
	if nets < 1 {
		panic(fmt.Sprintf("randmlp: LastLayer nets must be >= 1, got %d", nets))
	}
	if inputs != 1 && inputs != 2 {
		panic(fmt.Sprintf("randmlp: LastLayer inputs must be 1 or 2, got %d", inputs))
	}
	out := make([]float64, 0, nets*m.Width*inputs)
	for range nets {
		tr := m.Propagate(MLPInputPair(m.Width, r, c, rng), rng)
		for i := range m.Width {
			for a := range inputs {
				out = append(out, f(tr.Last.At(i, a)))
			}
		}
	}
	return out
}
