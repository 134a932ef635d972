package freeprob

import (
	"math"
	"testing"
)

// TestFussCatalanMoments checks the parametrised density against the
// Fuss–Catalan numbers m_k = C((L+1)k, k)/(Lk+1), k = 0..3, to 1e-10
// relative (the quadrature's accuracy), F(edge⁻) = 1, and the L = 1 CDF
// against Marchenko–Pastur: F(x) = (√(x(4−x))/2 + 2 arcsin(√x/2))/π to
// 1e-12, and its series (2/π)√x(1 − x/24 + O(x²)) at x down to 1e-300
// to 1e-12 relative (the CDF's small-x end: d ~ x^{1/(L+1)}), and the
// L = 1 density against √((4−x)/x)/(2π).
func TestFussCatalanMoments(t *testing.T) {
	binom := func(n, k int) float64 {
		r := 1.0
		for i := 1; i <= k; i++ {
			r = r * float64(n-k+i) / float64(i)
		}
		return r
	}
	for _, L := range []int{1, 2, 3, 8, 16, 32} {
		f := FussCatalan{L}
		for k := 0; k <= 3; k++ {
			want := binom((L+1)*k, k) / float64(L*k+1)
			if got := f.Moment(k); math.Abs(got-want) > 1e-10*want {
				t.Errorf("L=%d: m_%d = %.12g, want %.12g", L, k, got, want)
			}
		}
		if F := f.CDF(f.Edge() * (1 - 1e-12)); math.Abs(F-1) > 1e-9 {
			t.Errorf("L=%d: F(edge⁻) = %.12f, want 1", L, F)
		}
	}
	f := FussCatalan{1}
	for _, x := range []float64{1e-300, 1e-100, 1e-14, 1e-6} {
		want := 2 / math.Pi * math.Sqrt(x) * (1 - x/24)
		if got := f.CDF(x); math.Abs(got-want) > 1e-12*want {
			t.Errorf("MP F(%g) = %.15g, series %.15g", x, got, want)
		}
	}
	for _, x := range []float64{0.5, 1, 2, 3.9} {
		want := (math.Sqrt(x*(4-x))/2 + 2*math.Asin(math.Sqrt(x)/2)) / math.Pi
		if got := f.CDF(x); math.Abs(got-want) > 1e-12 {
			t.Errorf("MP F(%g) = %.15g, closed %.15g", x, got, want)
		}
	}
	for _, x := range []float64{1e-200, 1e-12, 0.5, 2, 3.9} {
		want := math.Sqrt((4-x)/x) / (2 * math.Pi)
		if got := f.Density(x); math.Abs(got-want) > 1e-12*want {
			t.Errorf("MP ρ(%g) = %.15g, closed %.15g", x, got, want)
		}
	}
}
