package tokengeom

import (
	"fmt"
	"testing"
)

var phaseSink float64

// BenchmarkPhaseDiagram100 is the benchmark (b): λ_a and λ_g^(16)
// (corrected, n = 256) on a 100×100 grid of (α, σ_w) ∈ [0.01, 0.95] ×
// [0.2, 4], with one and with two goroutines. The peer is testdata/bench_phase.py
// (numpy/scipy, same grid, same quadrature accuracy target).
func BenchmarkPhaseDiagram100(b *testing.B) {
	alphas, sigmas := make([]float64, 100), make([]float64, 100)
	for i := range alphas {
		alphas[i] = 0.01 + 0.94*float64(i)/99
		sigmas[i] = 0.2 + 3.8*float64(i)/99
	}
	base := NewModel(0, 0, 1)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				pd := PhaseAlphaSigma(alphas, sigmas, base, 16, PhaseSettings{Workers: workers})
				phaseSink += pd.LambdaA.Z[5050] + pd.LambdaG.Z[5050]
			}
		})
	}
}
