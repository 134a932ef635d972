package tokennet

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// The histograms are those of the layers' own tokens: replaying the same
// draws (one network: weights, then tokens, from the same PCG), the mean of
// each layer's histogram equals the mean of TokenSqNorms (PairCosines) of
// that layer up to the binning error, half a bin width; every norm lies in
// range, so its density integrates to 1.
func TestSimulateLayerHistograms(t *testing.T) {
	cfg := PaperTransformer(1/math.Sqrt(8), 1)
	cfg.N, cfg.D, cfg.Layers = 32, 16, 3
	const bins = 60
	r := HistogramRanges{NormLo: 0, NormHi: 3, CosLo: -1, CosHi: 1, Bins: bins}
	norms, cos, err := SimulateLayerHistograms(cfg, 16, 4, 1, r, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if len(norms.Density) != cfg.Layers+1 || len(cos.Centres) != bins {
		t.Fatalf("got %d layers, %d bins", len(norms.Density), len(cos.Centres))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	net := NewTransformer(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.D, nil)
	SymmetricTokens(x, 16, 4, rng)
	if _, err := net.Forward(x); err != nil {
		t.Fatal(err)
	}
	mean := func(v []float64) float64 {
		s := 0.0
		for _, a := range v {
			s += a
		}
		return s / float64(len(v))
	}
	histMean := func(h LayerHistogram, l int, w float64) (m, mass float64) {
		for b, c := range h.Centres {
			m += c * h.Density[l][b] * w
			mass += h.Density[l][b] * w
		}
		return m, mass
	}
	wn, wc := 3.0/bins, 2.0/bins
	for l := 0; l <= cfg.Layers; l++ {
		hn, mass := histMean(norms, l, wn)
		if math.Abs(mass-1) > 1e-12 {
			t.Errorf("layer %d: norm density integrates to %v, want 1", l, mass)
		}
		if want := mean(TokenSqNorms(nil, net.Layer(l))); math.Abs(hn-want) > wn/2 {
			t.Errorf("layer %d: histogram mean of |X|²/d = %v, tokens' mean %v (bin %v)", l, hn, want, wn)
		}
		hc, _ := histMean(cos, l, wc)
		if want := mean(PairCosines(net.Layer(l))); math.Abs(hc-want) > wc/2 {
			t.Errorf("layer %d: histogram mean cosine = %v, pairs' mean %v (bin %v)", l, hc, want, wc)
		}
	}
	px, py, z := norms.Plane()
	if len(px) != cfg.Layers+1 || len(py) != bins || len(z) != (cfg.Layers+1)*bins || z[5*(cfg.Layers+1)+2] != norms.Density[2][5] {
		t.Errorf("Plane: got %d×%d (%d values), want layer along x, bins along y, row-major", len(px), len(py), len(z))
	}
}
