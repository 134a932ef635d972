package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/mat"
)

// attnCase is one Attend evaluation with its inputs, for AttendBack's tests.
type attnCase struct {
	n, d, dk            int
	x, u, wq, wk, wv, r blas64.General
	p                   AttnParams
}

func newAttnCase(rng *rand.Rand, n, d, dk int, p AttnParams) *attnCase {
	c := &attnCase{n: n, d: d, dk: dk, p: p, x: fillRand(rng, n, d), u: fillRand(rng, n, d),
		wv: fillRand(rng, d, d), r: fillRand(rng, n, d)}
	if p.Trans {
		c.wq, c.wk = fillRand(rng, dk, d), fillRand(rng, dk, d)
	} else {
		c.wq, c.wk = fillRand(rng, d, dk), fillRand(rng, d, dk)
	}
	for _, w := range []blas64.General{c.wq, c.wk, c.wv} {
		for i := range w.Data {
			w.Data[i] *= 0.6
		}
	}
	return c
}

func (c *attnCase) buffers() AttnBuffers {
	n := c.n
	b := AttnBuffers{Q: General(n, c.dk), K: General(n, c.dk), A: General(n, n), V: General(n, c.d), S: General(n, c.d)}
	for h := 0; h < c.p.Heads; h++ {
		b.HeadA = append(b.HeadA, General(n, n))
	}
	return b
}

// loss returns ⟨R, Attend(x, u)⟩.
func (c *attnCase) loss() float64 {
	out := General(c.n, c.d)
	Attend(c.buffers(), out, c.x, c.u, c.wq, c.wk, c.wv, c.p)
	var s float64
	for i, v := range out.Data {
		s += v * c.r.Data[i]
	}
	return s
}

// back runs Attend and AttendBack with seed R and returns ∂/∂u, ∂/∂W^{Q,K,V}.
func (c *attnCase) back() []blas64.General {
	n, d, dk := c.n, c.d, c.dk
	b := c.buffers()
	Attend(b, General(n, d), c.x, c.u, c.wq, c.wk, c.wv, c.p)
	gr := AttnGrads{U: General(n, d), WQ: General(c.wq.Rows, c.wq.Cols), WK: General(c.wk.Rows, c.wk.Cols),
		WV: General(d, d), S: General(n, d), V: General(n, d), Q: General(n, dk), K: General(n, dk),
		A: General(n, n), T: General(n, d), Row: make([]float64, 2*n)}
	for i := range gr.WQ.Data { // stale values must be overwritten
		gr.WQ.Data[i], gr.WK.Data[i] = 7, 7
	}
	AttendBack(gr, c.r, b, c.u, c.wq, c.wk, c.wv, c.p)
	return []blas64.General{gr.U, gr.WQ, gr.WK, gr.WV}
}

// fd returns the central differences of loss in every entry of u and the
// weights (step h), in back's order.
func (c *attnCase) fd(h float64) []*mat.Dense {
	var out []*mat.Dense
	for _, m := range []blas64.General{c.u, c.wq, c.wk, c.wv} {
		g := mat.NewDense(m.Rows, m.Cols, nil)
		for i := range m.Data {
			v := m.Data[i]
			m.Data[i] = v + h
			lp := c.loss()
			m.Data[i] = v - h
			lm := c.loss()
			m.Data[i] = v
			g.Set(i/m.Cols, i%m.Cols, (lp-lm)/(2*h))
		}
		out = append(out, g)
	}
	return out
}

// AttendBack against central differences (h = 1e-5) of ⟨R, Attend⟩ in u,
// W^Q, W^K and W^V for every attention kind (causal where the kind has a
// causal form), transposed weights, both value orders, two heads, both
// Jacobian forms, both sums and scales away from 1, on n = 6 tokens,
// d = 4, d_k = 4 (2 with one head and value-last). The differences'
// truncation error is O(h²) ~ 1e-10 and their rounding ~1e-11/h ~ 1e-6 of
// the loss's scale at most: 1e-6 relative to the largest entry. Uniform
// attention gives Q and K an exactly zero gradient (checked against the
// differences too).
func TestAttendBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	kinds := []Attention{Softmax, Shaped, ShapedNoIdentity, ShapedNoCenter, IdentityOnly, NoTemperature, OnlyTemperature, Uniform}
	names := []string{"∂u", "∂W^Q", "∂W^K", "∂W^V"}
	for _, kind := range kinds {
		id, center, _, _ := kind.Parts()
		for _, causal := range []bool{false, true} {
			if causal && (id || center || kind == Uniform) {
				continue
			}
			for _, trans := range []bool{false, true} {
				for _, vf := range []bool{false, true} {
					for _, heads := range []int{1, 2} {
						if heads > 1 && (!vf || causal) {
							continue
						}
						for _, opt := range []int{0, 1, 2} {
							p := AttnParams{Kind: kind, Causal: causal, Trans: trans, ValueFirst: vf, Heads: heads,
								QKScale: 0.9, LogitScale: 0.7, RowScale: 1.3, Skip: 0.5, Branch: 0.8,
								Centred: opt == 1, SumBack: opt == 2}
							dk := 4
							if heads == 1 && !vf {
								dk = 2
							}
							c := newAttnCase(rng, 6, 4, dk, p)
							got, want := c.back(), c.fd(1e-5)
							for i := range got {
								e := maxRelDiff(got[i], want[i])
								if kind == Uniform && (i == 1 || i == 2) {
									e = mat.Norm(want[i], math.Inf(1)) + mat.Norm(mat.NewDense(got[i].Rows, got[i].Cols, got[i].Data), math.Inf(1))
								}
								if !(e < 1e-6) {
									t.Errorf("%v causal=%v trans=%v valueFirst=%v heads=%d opt=%d: %s rel. error %.3g", kind, causal, trans, vf, heads, opt, names[i], e)
								}
							}
						}
					}
				}
			}
		}
	}
}

// UniformGrad: Uniform attention pulled back through the softmax Jacobian
// at A = 𝟏𝟏ᵀ/n is the derivative of Softmax attention at a point where
// every logit is 0 (W^K = 0, so A = 𝟏𝟏ᵀ/n there too): its gradients equal
// the central differences of the softmax Attend at that point, 1e-6
// relative (∂W^Q vanishes there: checked to 1e-6 of ∂u's scale), with one head and two, both Jacobian forms and transposed
// weights.
func TestAttendBackUniformGrad(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	for _, heads := range []int{1, 2} {
		for _, centred := range []bool{false, true} {
			for _, trans := range []bool{false, true} {
				name := fmt.Sprintf("heads=%d centred=%v trans=%v", heads, centred, trans)
				p := AttnParams{Kind: Softmax, Trans: trans, ValueFirst: true, Heads: heads, Centred: centred,
					QKScale: 1.1, LogitScale: 0.9, RowScale: 1.2, Skip: 1, Branch: 0.7}
				c := newAttnCase(rng, 5, 4, 4, p)
				clear(c.wk.Data)
				want := c.fd(1e-5)
				c.p.Kind, c.p.UniformGrad = Uniform, true
				got := c.back()
				for i := range got {
					e := maxRelDiff(got[i], want[i])
					if i == 1 { // ∂W^Q = uᵀ dM K = 0 at K = 0: absolute, on ∂u's scale
						e = maxAbs(got[i]) / mat.Norm(want[0], math.Inf(1))
					}
					if !(e < 1e-6) {
						t.Errorf("%s: gradient %d rel. error %.3g", name, i, e)
					}
				}
				if mat.Norm(want[2], math.Inf(1)) < 1e-3 {
					t.Errorf("%s: ∂W^K is zero: the test checks nothing of the Jacobian", name)
				}
			}
		}
	}
}

func maxAbs(g blas64.General) float64 {
	var m float64
	for _, v := range g.Data {
		m = math.Max(m, math.Abs(v))
	}
	return m
}

// NormBack against central differences (h = 1e-6) of ⟨R, Norm(x)⟩ as
// Forward computes it (Spec.branch), for LN, RMS and √d x/|x| (SqrtD),
// with ε = 0 and 0.3, on 5 tokens of width 6: 1e-7 relative to the
// largest entry. With add it must add exactly that to dst (1e-15).
func TestNormBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 4))
	n, d := 5, 6
	for _, s := range []Spec{{Norm: PreLN}, {Norm: PostLN, Eps: 0.3}, {Norm: PreLN, Eps: 0.3}, {Norm: PreRMS},
		{Norm: PreRMS, Eps: 0.3}, {Norm: PreRMS, SqrtD: true}} {
		x, r := fillRand(rng, n, d), fillRand(rng, n, d)
		y, inv := General(n, d), make([]float64, n)
		loss := func() float64 {
			u, err := s.branch(y, x, inv)
			if err != nil {
				t.Fatal(err)
			}
			if s.Norm == PostLN {
				dense.NormalizeRows(y, x, inv, true, s.Eps)
				u = y
			}
			var l float64
			for i, v := range u.Data {
				l += v * r.Data[i]
			}
			return l
		}
		want := mat.NewDense(n, d, nil)
		const h = 1e-6
		for i := range x.Data {
			v := x.Data[i]
			x.Data[i] = v + h
			lp := loss()
			x.Data[i] = v - h
			lm := loss()
			x.Data[i] = v
			want.Set(i/d, i%d, (lp-lm)/(2*h))
		}
		loss() // y, inv at x
		got := General(n, d)
		NormBack(got, r, y, inv, s, false)
		if e := maxRelDiff(got, want); !(e < 1e-7) {
			t.Errorf("%+v: rel. error %.3g", s, e)
		}
		acc := fillRand(rng, n, d)
		base := mat.DenseCopyOf(mat.NewDense(n, d, append([]float64(nil), acc.Data...)))
		NormBack(acc, r, y, inv, s, true)
		base.Add(base, mat.NewDense(n, d, got.Data))
		if e := maxRelDiff(acc, base); !(e < 1e-15) {
			t.Errorf("%+v, add: rel. error %.3g", s, e)
		}
	}
}
