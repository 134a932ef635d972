package dense

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpTailBits: expShiftSum's tail of 1 to 3 values (expTail) gives the
// bits of the kernel on a block padded with −∞, the way it was computed
// before expLane, for each value and for the lane sum: on inputs(), on
// normals of several scales, and at shifts that are finite, ±∞, NaN and
// minus the first value (a softmax row's).
func TestExpTailBits(t *testing.T) {
	if !Available(AVX2) {
		t.Skip("this CPU cannot run the avx2 path: the kernel is not checked")
	}
	padded := func(dst, x []float64, shift float64) float64 { // the tail before expLane
		buf := [4]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1), math.Inf(-1)}
		copy(buf[:], x)
		s := expBlocks(&buf[0], &buf[0], 4, shift)
		copy(dst, buf[:])
		return s
	}
	rng := rand.New(rand.NewPCG(5, 6))
	vals := inputs()
	for _, scale := range []float64{1e-3, 0.1, 1, 30, 300} {
		for range 2000 {
			vals = append(vals, scale*rng.NormFloat64())
		}
	}
	shifts := []float64{0, -0.25, 1.5, -700, 700, math.Inf(1), math.Inf(-1), math.NaN()}
	for i := 0; i+3 <= len(vals); i += 3 {
		for n := 1; n <= 3; n++ {
			x := vals[i : i+n]
			for _, sh := range append(shifts, -x[0]) {
				got, want := make([]float64, n), make([]float64, n)
				gs, ws := expTail(got, x, sh), padded(want, x, sh)
				if math.Float64bits(gs) != math.Float64bits(ws) {
					t.Fatalf("expTail(%v, shift %v): sum %v (%#x), padded kernel %v (%#x)", x, sh, gs, math.Float64bits(gs), ws, math.Float64bits(ws))
				}
				for j := range got {
					if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
						t.Fatalf("expTail(%v, shift %v)[%d] = %v (%#x), padded kernel %v (%#x)", x, sh, j, got[j], math.Float64bits(got[j]), want[j], math.Float64bits(want[j]))
					}
				}
			}
		}
	}
}
