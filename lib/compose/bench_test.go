package compose

import (
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

var benchSink float64

// BenchmarkCowsikMap: one block of Cowsik's (α_A = α_M = 0.5, σ_w = 2,
// ℓ = 2, tanh) on (q, p) through the composed parts against tokengeom.F
// (same work: eq. 10 once, two Gaussian kernels per MLP layer). Measured
// alternately, four pairs of 1 s runs on the shared, loaded 2-core
// machine: ratio composed/tokengeom 0.87, 1.01, 0.97, 0.99 (~0.75 ms each).
func BenchmarkCowsikMap(b *testing.B) {
	blk := Cowsik(256, 64, 16, 0.5, 0.5, 2, 1, 2, activation.Tanh())
	m := tokengeom.Model{AlphaA: 0.5, AlphaM: 0.5, SigmaW: 2, MLPLayers: 2, N: 256, D: 64, SigmaA2: 1}
	b.Run("composed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			q, p := blk.Map(64, 20+float64(i%7))
			benchSink += q + p
		}
	})
	b.Run("tokengeom", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			q, p := tokengeom.F(m, 64, 20+float64(i%7))
			benchSink += q + p
		}
	})
}

// BenchmarkPhase200: λ_a of Cowsik's block on a 200×200 grid of (α, σ_w) ∈
// [0.01, 0.95] × [0.2, 4], one goroutine: the composition's PhaseLambdaA
// against tokengeom.PhaseAlphaSigma (which computes λ_g^(16) as well, so
// it does more work). Measured alternately (three pairs of 3 runs):
// 24, 22, 22 ms against 9.0, 10.2, 8.9 ms, ratio ~2.4 (the composition
// finds q* and the transverse factors part by part at every point; the
// feed-forward's expectations are memoised per σ_w).
func BenchmarkPhase200(b *testing.B) {
	alphas, sigmas := make([]float64, 200), make([]float64, 200)
	for i := range alphas {
		alphas[i] = 0.01 + 0.94*float64(i)/199
		sigmas[i] = 0.2 + 3.8*float64(i)/199
	}
	base := Cowsik(256, 64, 16, 0.5, 0.5, 1, 1, 2, activation.Tanh())
	b.Run("composed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ph, err := PhaseLambdaA(base, "alpha", alphas, "sigma_ff", sigmas, 1)
			if err != nil {
				b.Fatal(err)
			}
			benchSink += ph.At(100, 100)
		}
	})
	b.Run("tokengeom", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			pd := tokengeom.PhaseAlphaSigma(alphas, sigmas, tokengeom.NewModel(0, 0, 1), 16, tokengeom.PhaseSettings{Workers: 1})
			benchSink += pd.LambdaA.At(100, 100)
		}
	})
}
