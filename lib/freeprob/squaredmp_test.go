package freeprob

import (
	"math"
	"testing"
)

// TestSquaredMPS: the S-transform of W₂W₁'s Gram law from its moments,
// the Fuss–Catalan numbers m_k = C(3k, k)/(2k + 1) = 1, 3, 12, 55, …
// (exact integers; SFromMoments, a power-series reversion that shares no
// code with SquaredMPS), has the coefficients (−1)^j (j + 1) of
// 1/(1 + z)² to rounding (the reversion's sums of integers of up to ~1e5:
// 1e-12 relative); and on the real axis SquaredMPS is MarchenkoPastur.S squared
// (complex arithmetic: a few ulps).
func TestSquaredMPS(t *testing.T) {
	const K = 8
	m := make([]float64, K)
	for k := range m {
		n := k + 1
		c := 1.0 // C(3n, n) by the exact product, then /(2n + 1)
		for i := 1; i <= n; i++ {
			c = c * float64(2*n+i) / float64(i)
		}
		m[k] = math.Round(c) / float64(2*n+1)
	}
	for j, c := range SFromMoments(m) {
		if want := math.Pow(-1, float64(j)) * float64(j+1); math.Abs(c-want) > 1e-12*math.Abs(want) {
			t.Errorf("coefficient %d of S from the Fuss–Catalan moments: %v, want %v", j, c, want)
		}
	}
	mp := MarchenkoPastur{Variance: 1, Ratio: 1}
	for _, z := range []float64{-0.5, -0.1, 0, 0.3, 2} {
		s := mp.S(complex(z, 0))
		if got, want := SquaredMPS(z), real(s*s); math.Abs(got-want) > 1e-15*want {
			t.Errorf("z = %g: SquaredMPS %.17g, S_MP² %.17g", z, got, want)
		}
	}
}
