package tokennet

import (
	"fmt"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// LayerHistogram is a density at every layer on fixed bins: Density[t][b]
// is the density of the quantity at layer t (t = 0..L) in the bin centred
// at Centres[b] (empirical.Histogram: it integrates to the fraction of the
// values inside the range).
type LayerHistogram struct {
	Centres []float64
	Density [][]float64
}

// Plane returns h as a heat map with the layer t along x and the bin
// centre along y: z[b*(L+1)+t] = Density[t][b] (the row-major layout of
// show.Heat).
func (h LayerHistogram) Plane() (x, y, z []float64) {
	nl := len(h.Density)
	x = empirical.Linspace(0, float64(nl-1), nl)
	z = make([]float64, nl*len(h.Centres))
	for t, d := range h.Density {
		for b, v := range d {
			z[b*nl+t] = v
		}
	}
	return x, h.Centres, z
}

// HistogramRanges fixes the bins of SimulateLayerHistograms: Bins equal
// bins on [NormLo, NormHi] for |X_i|²/d and on [CosLo, CosHi] for the
// pairwise cosines.
type HistogramRanges struct {
	NormLo, NormHi float64
	CosLo, CosHi   float64
	Bins           int
}

// SimulateLayerHistograms draws samples independent transformers (fresh
// weights and permutation-symmetric tokens with target (q0, p0) each) and
// returns, at every layer t = 0..L, the histogram of the token norms
// |X_i|²/d (all n tokens of all networks) and of the pairwise cosines
// X_i·X_j/(|X_i||X_j|) (all n(n−1)/2 pairs of all networks): the second
// and third columns of Fig. 2 of Cowsik et al. 2024 at every layer.
func SimulateLayerHistograms(cfg TransformerConfig, q0, p0 float64, samples int, r HistogramRanges, rng *rand.Rand) (norms, cosines LayerHistogram, err error) {
	if samples < 1 {
		panic(fmt.Sprintf("tokennet: SimulateLayerHistograms samples must be >= 1, got %d", samples))
	}
	L := cfg.Layers
	nv := make([][]float64, L+1)
	cv := make([][]float64, L+1)
	t := NewTransformer(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.D, nil)
	for s := 0; s < samples; s++ {
		if s > 0 {
			t.Resample(rng)
		}
		SymmetricTokens(x, q0, p0, rng)
		if _, err := t.Forward(x); err != nil {
			return LayerHistogram{}, LayerHistogram{}, err
		}
		for l := 0; l <= L; l++ {
			nv[l] = append(nv[l], TokenSqNorms(nil, t.Layer(l))...)
			cv[l] = append(cv[l], PairCosines(t.Layer(l))...)
		}
	}
	norms.Density, cosines.Density = make([][]float64, L+1), make([][]float64, L+1)
	for l := 0; l <= L; l++ {
		norms.Centres, norms.Density[l] = empirical.Histogram(nv[l], r.NormLo, r.NormHi, r.Bins)
		cosines.Centres, cosines.Density[l] = empirical.Histogram(cv[l], r.CosLo, r.CosHi, r.Bins)
	}
	return norms, cosines, nil
}
