package vit

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTanhSliceMatchesMath compares tanhSlice (the AVX2 kernel where
// available) with math.Tanh on special values, both sides of the 0.625
// branch point and 10⁵ Gaussian samples of widths 0.1–30. Both evaluate
// the same formulas, differing only in e^y (degree-13 Taylor with FMA vs
// math.Exp), so they agree to a few ulp: tolerance 4 ε_mach relative
// (or 1e-300 absolute near 0).
func TestTanhSliceMatchesMath(t *testing.T) {
	x := []float64{0, math.Copysign(0, -1), 1e-300, -1e-20, 0.3, 0.625, math.Nextafter(0.625, 0), -0.625,
		1, -2, 5, 19, 21.9, 22, 23, -40, 1e300, math.Inf(1), math.Inf(-1), math.NaN(), 0.7, -0.1}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, w := range []float64{0.1, 1, 3, 30} {
		for range 25000 {
			x = append(x, w*rng.NormFloat64())
		}
	}
	got := append([]float64(nil), x...)
	tanhSlice(got)
	worst := 0.0
	for i, v := range x {
		want := math.Tanh(v)
		g := got[i]
		switch {
		case math.IsNaN(want):
			if !math.IsNaN(g) {
				t.Errorf("tanh(%v) = %v, want NaN", v, g)
			}
			continue
		case math.Signbit(g) != math.Signbit(want):
			t.Errorf("tanh(%v) = %v, sign differs from %v", v, g, want)
		}
		d := math.Abs(g - want)
		if d > 4*0x1p-52*math.Abs(want) && d > 1e-300 {
			t.Errorf("tanh(%v) = %.17g, math.Tanh %.17g", v, g, want)
		}
		if want != 0 {
			worst = math.Max(worst, d/math.Abs(want))
		}
	}
	t.Logf("kernel %v: worst relative difference %.2g (ε_mach = 2.2e-16)", useKernel, worst)
}

var sinkT []float64

func BenchmarkTanhSlice(b *testing.B) {
	x := make([]float64, 1<<16)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range x {
		x[i] = 1.5 * rng.NormFloat64()
	}
	y := make([]float64, len(x))
	for b.Loop() {
		copy(y, x)
		tanhSlice(y)
	}
	sinkT = y
}
