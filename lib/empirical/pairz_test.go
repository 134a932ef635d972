package empirical

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestECDFPairZIID: for i.i.d. normal samples (200 pairs of 500, one point
// t = 0.3 each) the RMS z is 1 within 4 SE (SE of an RMS of 200 standard
// normals ≈ 1/√400 = 0.05); identical samples give 0; a shifted sample
// gives |z| ≫ 1.
func TestECDFPairZIID(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(n int, shift float64) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.NormFloat64() + shift
		}
		return x
	}
	var z []float64
	for range 200 {
		z = append(z, ECDFPairZ(draw(500, 0), draw(500, 0), []float64{0.3})...)
	}
	if r := RMS(z); math.Abs(r-1) > 4*0.05 {
		t.Errorf("RMS z of i.i.d. pairs = %v, want 1 ± 0.2", r)
	}
	a := draw(500, 0)
	if z := ECDFPairZ(a, a, []float64{-1, 0, 1}); RMS(z) != 0 {
		t.Errorf("identical samples: z = %v", z)
	}
	if z := ECDFPairZ(draw(500, 0), draw(500, 1), []float64{0.5}); z[0] < 8 {
		t.Errorf("shifted by 1 SD: z = %v, want > 8", z[0])
	}
	if z := ECDFPairZ([]float64{1, 2}, []float64{1, 2}, []float64{0, 5}); len(z) != 0 {
		t.Errorf("points outside both samples must be skipped, got %v", z)
	}
}
