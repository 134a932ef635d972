package shapednet

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The pcgSource is NetRand's generator draw for draw, and its normal is
// NormFloat64 on that stream: 2²⁰ normals cover the ziggurat's rare
// branches (the wedge test about 1% of draws, the base strip's tail, |x| >
// 3.44, about 0.06%; the tail is counted so the test fails if it went
// unexercised).
func TestPCGNormalStream(t *testing.T) {
	for _, seed := range []uint64{0, 800, 1<<63 + 5} {
		for _, i := range []int{0, 1, 4095} {
			ref, src := NetRand(seed, i), netSource(seed, i)
			for k := range 1 << 12 {
				if a, b := ref.Uint64(), src.Uint64(); a != b {
					t.Fatalf("seed %d net %d draw %d: Uint64 %x, want %x", seed, i, k, b, a)
				}
			}
			tail := 0
			for k := range 1 << 20 {
				a, b := ref.NormFloat64(), src.normal()
				if math.Float64bits(a) != math.Float64bits(b) {
					t.Fatalf("seed %d net %d normal %d: %v, want %v", seed, i, k, b, a)
				}
				if math.Abs(a) > 3.442619855899 {
					tail++
				}
			}
			// The two streams stay level after mixed calls through rand.Rand.
			r2 := rand.New(src)
			if a, b := ref.Float64(), r2.Float64(); a != b {
				t.Fatalf("seed %d net %d: streams apart after the normals: %v, %v", seed, i, b, a)
			}
			if tail == 0 {
				t.Errorf("seed %d net %d: no draw beyond the base strip's edge in 2^20: the tail branch went untested", seed, i)
			}
		}
	}
}

// shMLPKernel2 gives shMLPKernel's bits at m = 2: lower-triangular and
// full factors (the eigen route), both slope signs, exact zeros and
// negative zeros among the normals.
func TestMLPKernel2Bits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		lb := []float64{rng.NormFloat64(), 0, rng.NormFloat64(), rng.NormFloat64()}
		if trial%2 == 1 {
			lb[1] = rng.NormFloat64()
		}
		g := make([]float64, 2*(1+rng.IntN(300)))
		for i := range g {
			switch rng.IntN(20) {
			case 0:
				g[i] = 0
			case 1:
				g[i] = math.Copysign(0, -1)
			default:
				g[i] = rng.NormFloat64()
			}
		}
		sp, sm := 1+0.1*rng.NormFloat64(), []float64{0, -1, 0.3}[trial%3]
		n := float64(len(g) / 2)
		want, got := make([]float64, 4), make([]float64, 4)
		shMLPKernel(want, make([]float64, 2), lb, g, 2, sp, sm, n)
		shMLPKernel2(got, lb, g, sp, sm, n)
		for i := range want {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("trial %d: K[%d] = %v, want %v (general m loop)", trial, i, got[i], want[i])
			}
		}
	}
}
