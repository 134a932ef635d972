package dense

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestSumSqPaths: SumSq gives the portable path's bits on every path, at
// every length and alignment (special values included), and is within
// (n/4 + 3) ε Σ x_j² of the exact sum (math/big at 4096 bits, rounded
// once; the bound of a recursive sum of n/4 terms per lane).
func TestSumSqPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.NaN(), 1e300}
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 64, 65, 257} {
		for off := range 4 {
			for trial := range 3 {
				buf := make([]float64, n+off)
				for i := range buf {
					buf[i] = 0.5 + rng.NormFloat64()
				}
				x := buf[off:]
				if trial == 2 && n > 0 {
					x[rng.IntN(n)] = special[rng.IntN(len(special))]
				}
				var want float64
				onPath(Portable, func() { want = SumSq(x) })
				for _, p := range paths(t) {
					var got float64
					onPath(p, func() { got = SumSq(x) })
					if math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%s n=%d off=%d trial=%d: %v, portable %v", p, n, off, trial, got, want)
					}
				}
				if trial == 2 {
					continue
				}
				acc := new(big.Float).SetPrec(4096)
				var sq float64
				for _, v := range x {
					b := new(big.Float).SetPrec(4096).SetFloat64(v)
					acc.Add(acc, b.Mul(b, b))
					sq += v * v
				}
				exact, _ := acc.Float64()
				if bound := float64(n/4+3) * 0x1p-52 * sq; math.Abs(want-exact) > bound {
					t.Errorf("n=%d off=%d: %v, exact %v (bound %.3g)", n, off, want, exact, bound)
				}
			}
		}
	}
}
