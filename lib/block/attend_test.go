package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Attend against a transcription with gonum's mat of its formula,
//
//	out = Skip·x + Branch·A u op(W^V),  A = f(RowScale·LogitScale·QKScale² u op(W^Q) op(W^K)ᵀ uᵀ),
//
// on odd shapes (n ∈ {1, 7, 65} tokens, d = 7, d_k = 5 or d for Trans), for
// both value orders, transposed weights, uniform and causal attention, and
// with out, x and u one buffer. 1e-12 relative to the largest entry: the
// two differ only in summation order and fused multiply-adds.
func TestAttend(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	fill := func(r, c int) blas64.General {
		g := General(r, c)
		for i := range g.Data {
			g.Data[i] = rng.NormFloat64()
		}
		return g
	}
	dense := func(g blas64.General) *mat.Dense { return mat.NewDense(g.Rows, g.Cols, g.Data) }
	for _, n := range []int{1, 7, 65} {
		for _, c := range []struct {
			name string
			p    AttnParams
			self bool // out = x = u
		}{
			{"value-last", AttnParams{Kind: Softmax, QKScale: 0.8, LogitScale: 0.5, RowScale: 1.3, Skip: 0.6, Branch: 0.9}, false},
			{"trans-causal", AttnParams{Kind: Softmax, Causal: true, Trans: true, QKScale: 1, LogitScale: 0.4, RowScale: 1, Skip: 0.8, Branch: 0.6}, false},
			{"shaped-self", AttnParams{Kind: Shaped, QKScale: 0.7, LogitScale: 1, RowScale: 0.3, Skip: 0.9, Branch: 0.4}, true},
			{"value-first", AttnParams{Kind: Softmax, QKScale: 1, LogitScale: 1, RowScale: 0.8, Skip: 1, Branch: 0.7, ValueFirst: true}, false},
			{"uniform", AttnParams{Kind: Uniform, QKScale: 1, LogitScale: 1, RowScale: 1, Skip: 1, Branch: 1.1, ValueFirst: true}, false},
		} {
			t.Run(fmt.Sprintf("n=%d/%s", n, c.name), func(t *testing.T) {
				const d = 7
				dk := 5
				if c.p.Trans {
					dk = d
				}
				x := fill(n, d)
				u := fill(n, d)
				if c.self {
					u = x
				}
				wq, wk, wv := fill(d, dk), fill(d, dk), fill(d, d)
				if c.p.Trans {
					wq, wk = fill(dk, d), fill(dk, d)
				}
				op := func(w blas64.General) mat.Matrix {
					if c.p.Trans {
						return dense(w).T()
					}
					return dense(w)
				}
				// reference
				var q, k, logits, a, s, want mat.Dense
				q.Mul(dense(u), op(wq))
				q.Scale(c.p.QKScale, &q)
				k.Mul(dense(u), op(wk))
				k.Scale(c.p.QKScale, &k)
				logits.Mul(&q, k.T())
				a.CloneFrom(&logits)
				AttentionRows(a.RawMatrix().Data, logits.RawMatrix().Data, n, c.p.Kind, c.p.RowScale*c.p.LogitScale, c.p.Causal)
				var au mat.Dense
				au.Mul(&a, dense(u))
				s.Mul(&au, op(wv))
				want.Scale(c.p.Branch, &s)
				var sx mat.Dense
				sx.Scale(c.p.Skip, dense(x))
				want.Add(&want, &sx)

				out := General(n, d)
				if c.self {
					out = x
				}
				b := AttnBuffers{Q: General(n, dk), K: General(n, dk), A: General(n, n), V: General(n, d), S: General(n, d)}
				Attend(b, out, x, u, wq, wk, wv, c.p)
				var diff, scale float64
				for i := 0; i < n; i++ {
					for j := 0; j < d; j++ {
						diff = math.Max(diff, math.Abs(out.Data[i*d+j]-want.At(i, j)))
						scale = math.Max(scale, math.Abs(want.At(i, j)))
					}
				}
				if diff > 1e-12*scale {
					t.Errorf("differs from the formula by %g (scale %g)", diff, scale)
				}
			})
		}
	}
}
