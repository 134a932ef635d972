package attnspec

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRandomTokens: the draw order (v first, then the rows) and the
// shared mean: with sharedMean the column means over T = 4000 tokens are
// v within 5 SE (SE = 1/√4000), without it within 5 SE of 0.
func TestRandomTokens(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	v0 := rng.NormFloat64()
	x := RandomTokens(4000, 3, true, rand.New(rand.NewPCG(1, 2)))
	y := RandomTokens(4000, 3, false, rand.New(rand.NewPCG(1, 2)))
	mean := func(c int, m interface{ At(int, int) float64 }) float64 {
		s := 0.0
		for i := 0; i < 4000; i++ {
			s += m.At(i, c)
		}
		return s / 4000
	}
	if d := math.Abs(mean(0, x) - v0); d > 5/math.Sqrt(4000) {
		t.Errorf("shared mean of column 0 = %v, want v₀ = %v", mean(0, x), v0)
	}
	if d := math.Abs(mean(0, y)); d > 5/math.Sqrt(4000) {
		t.Errorf("mean of column 0 without a shared mean = %v", mean(0, y))
	}
}

// TestRatioDeviation: a geometric sequence of ratio r has deviation 0
// (to rounding); one factor 1.5r gives 0.5.
func TestRatioDeviation(t *testing.T) {
	v := []float64{1, 0.1, 0.01, 0.001}
	if d := RatioDeviation(v, 0, 0.1); d > 1e-12 {
		t.Errorf("geometric: %v", d)
	}
	v[3] = 0.0015
	if d := RatioDeviation(v, 1, 0.1); math.Abs(d-0.5) > 1e-12 {
		t.Errorf("one factor 1.5r: %v, want 0.5", d)
	}
}
