package rankblock

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestJTimesBits: rbJTimes gives the bits of the plain loop it replaced
// (each row of J V accumulated in memory over q, then scaled by a_p), at
// widths with and without a remainder past blocks of four, on random
// softmax rows and on a V of identical rows (exactly zero, Thm 3.2).
func TestJTimesBits(t *testing.T) {
	plain := func(dst *mat.Dense, a []float64, v *mat.Dense) {
		n, d := v.Dims()
		for p := 0; p < n; p++ {
			out := dst.RawRowView(p)
			vp := v.RawRowView(p)
			for j := range out {
				out[j] = 0
			}
			for q := 0; q < n; q++ {
				vq := v.RawRowView(q)
				for j := 0; j < d; j++ {
					out[j] += a[q] * (vp[j] - vq[j])
				}
			}
			for j := range out {
				out[j] *= a[p]
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 5, 13, 40} {
		for _, d := range []int{1, 3, 4, 7, 8, 64} {
			for _, same := range []bool{false, true} {
				a := make([]float64, n)
				var s float64
				for q := range a {
					a[q] = math.Exp(rng.NormFloat64())
					s += a[q]
				}
				for q := range a {
					a[q] /= s
				}
				v := mat.NewDense(n, d, nil)
				for p := 0; p < n; p++ {
					for j := 0; j < d; j++ {
						if same && p > 0 {
							v.Set(p, j, v.At(0, j))
						} else {
							v.Set(p, j, 3*rng.NormFloat64())
						}
					}
				}
				got, want := mat.NewDense(n, d, nil), mat.NewDense(n, d, nil)
				rbJTimes(got, a, v)
				plain(want, a, v)
				for p := 0; p < n; p++ {
					for j := 0; j < d; j++ {
						g, w := got.At(p, j), want.At(p, j)
						if math.Float64bits(g) != math.Float64bits(w) || (same && g != 0) {
							t.Fatalf("n = %d, d = %d, identical rows %v: (J V)[%d][%d] = %v, plain loop %v", n, d, same, p, j, g, w)
						}
					}
				}
			}
		}
	}
}
