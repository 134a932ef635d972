package rankblock

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// The per-block standard errors of the gradient norms estimate the spread
// of the mean itself: over K = 60 independent profiles of 20 draws each,
// the standard deviation of GradWQ[l] (and WK, WV) across profiles matches
// the root-mean-square of the reported GradWQSE[l]. The ratio's sampling
// error is about 1/√(2(K−1)) = 0.09 for near-Gaussian means; the tolerance
// 0.45 is five of those.
func TestGradientStandardErrors(t *testing.T) {
	const K, draws = 60, 20
	cfg := Config{N: 4, DV: 4, Layers: 2, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: block.Uniform}
	rng := rand.New(rand.NewPCG(21, 22))
	means := make([][]float64, 3*cfg.Layers) // per (matrix, block): the K profile means
	ms := make([]float64, 3*cfg.Layers)      // per (matrix, block): the mean squared SE
	for range K {
		p, err := Simulate(cfg, GaussianInput(1), ProfileSettings{Draws: draws, Gradients: true}, rng)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.GradWQSE) != cfg.Layers || len(p.GradWKSE) != cfg.Layers || len(p.GradWVSE) != cfg.Layers {
			t.Fatalf("%d, %d, %d standard errors for %d blocks", len(p.GradWQSE), len(p.GradWKSE), len(p.GradWVSE), cfg.Layers)
		}
		for l := range cfg.Layers {
			for k, g := range [][2][]float64{{p.GradWQ, p.GradWQSE}, {p.GradWK, p.GradWKSE}, {p.GradWV, p.GradWVSE}} {
				means[3*l+k] = append(means[3*l+k], g[0][l])
				ms[3*l+k] += g[1][l] * g[1][l] / K
			}
		}
	}
	for i, m := range means {
		_, sd := empirical.MeanSD(m)
		r := sd / math.Sqrt(ms[i])
		t.Logf("block %d, matrix %d: SD of means / RMS SE = %.3f", i/3, i%3, r)
		if !(math.Abs(r-1) <= 0.45) {
			t.Errorf("block %d, matrix %d: SD of the profile means / RMS of their SE = %.3f, want 1 ± 0.45", i/3, i%3, r)
		}
	}
	if p, _ := Simulate(cfg, GaussianInput(1), ProfileSettings{Draws: 3}, rng); p.GradWQSE != nil {
		t.Errorf("without gradients: GradWQSE = %v, want nil", p.GradWQSE)
	}
}
