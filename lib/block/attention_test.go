package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// AttentionRows against a direct transcription of each kind's formula with
// math.Exp (no max subtraction; logits are O(1) here), on n = 1, 7 and 65,
// causal and not: 1e-14 absolute (entries are at most 2, a few roundings).
// Rows of the softmax kinds sum to 1, of the centred kinds to 0 (+1 with
// the identity); masked entries are exactly 0.
func TestAttentionRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []Attention{Softmax, Shaped, Uniform, ShapedNoIdentity, ShapedNoCenter, IdentityOnly, NoTemperature, OnlyTemperature}
	for _, n := range []int{1, 7, 65} {
		y := make([]float64, n*n)
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		for _, a := range kinds {
			for _, causal := range []bool{false, true} {
				id, center, _, _ := a.Parts()
				if causal && (a == Uniform || id || center) {
					continue
				}
				t.Run(fmt.Sprintf("n=%d,%v,causal=%v", n, a, causal), func(t *testing.T) {
					const scale = 0.7
					got := make([]float64, n*n)
					AttentionRows(got, y, n, a, scale, causal)
					for i := 0; i < n; i++ {
						m := n
						if causal {
							m = i + 1
						}
						var z float64
						for j := 0; j < m; j++ {
							z += math.Exp(scale * y[i*n+j])
						}
						for j := 0; j < n; j++ {
							var want float64
							switch {
							case a == Uniform:
								want = 1 / float64(n)
							case j < m:
								want = math.Exp(scale*y[i*n+j]) / z
							}
							if center {
								want -= 1 / float64(n)
							}
							if id && i == j {
								want++
							}
							if math.Abs(got[i*n+j]-want) > 1e-14 || (j >= m && got[i*n+j] != 0 && !center) {
								t.Fatalf("A[%d,%d] = %.17g, want %.17g", i, j, got[i*n+j], want)
							}
						}
					}
				})
			}
		}
	}
}

// In place (dst = y) gives the same bits as a separate dst; bad input panics.
func TestAttentionRowsInPlaceAndPanics(t *testing.T) {
	y := []float64{0.1, 2, -1, 0.5}
	out := make([]float64, 4)
	AttentionRows(out, y, 2, Shaped, 1.3, false)
	AttentionRows(y, y, 2, Shaped, 1.3, false)
	for i := range y {
		if math.Float64bits(y[i]) != math.Float64bits(out[i]) {
			t.Errorf("in place differs at %d", i)
		}
	}
	for _, c := range []struct {
		a      Attention
		causal bool
		n      int
	}{{Centered, false, 2}, {Shaped, true, 2}, {Uniform, true, 2}, {Softmax, false, 3}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%v causal=%v n=%d: no panic", c.a, c.causal, c.n)
				}
			}()
			AttentionRows(out, y, c.n, c.a, 1, c.causal)
		}()
	}
}
