package rankblock

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Multi-head attention (Config.Heads = H > 1), the setting of the paper's
// experiments (Table 2: 4 heads of width 8 at d_v = 32), which its theory
// does not cover (spec §8.11). Head h owns the column block
// [h d_k/H, (h+1) d_k/H) of W^Q and W^K and the block [h d_v/H, (h+1) d_v/H)
// of W^V; its output fills the same column block of S:
//
//	S_{:,h} = A_h (U W^V)_{:,h},  A_h = softmax(τ (U W^Q)_{:,h} (U W^K)_{:,h}ᵀ/√(d_k/H))
//
// There is no output projection (as in eq. 1). The weights are drawn as for
// one head (W^Q, W^K ~ N(0, 1/d_k)), so a logit has the same variance
// ‖u_i‖²‖u_j‖²/d_k² as with one head of width d_k (Lemma A.7). With
// block.Uniform every A_h is 11ᵀ/n and the network equals the one-head one.
// Heads = 0 or 1 runs the one-head code unchanged.

// resolveHeads validates c.Heads against d_k and returns H >= 1.
func (c Config) resolveHeads(dk int) int {
	h := c.Heads
	switch {
	case h < 0:
		panic(fmt.Sprintf("rankblock: Config.Heads must be >= 0, got %d", h))
	case h == 0:
		return 1
	case dk%h != 0 || c.DV%h != 0:
		panic(fmt.Sprintf("rankblock: Config.Heads = %d must divide d_k = %d and d_v = %d", h, dk, c.DV))
	}
	return h
}

// multiHead holds one block's per-head attention matrices and column views.
type multiHead struct {
	a       []*mat.Dense // A_h, n×n
	q, k, v []*mat.Dense // column-block views of the block's Q, K, V
}

// headViews are the column-block views of the shared backward workspace.
type headViews struct {
	gs, gv, gq, gk []*mat.Dense
}

// allocHeads builds the per-head matrices and views when Heads > 1.
func (nt *Net) allocHeads() {
	H := nt.r.heads
	if H == 1 {
		return
	}
	n := nt.cfg.N
	views := func(m *mat.Dense) []*mat.Dense {
		_, cols := m.Dims()
		w := cols / H
		out := make([]*mat.Dense, H)
		for h := range out {
			out[h] = m.Slice(0, n, h*w, (h+1)*w).(*mat.Dense)
		}
		return out
	}
	nt.mh = make([]multiHead, len(nt.c))
	for l := range nt.mh {
		c := &nt.c[l]
		m := multiHead{a: make([]*mat.Dense, H), q: views(c.q), k: views(c.k), v: views(c.v)}
		for h := range m.a {
			m.a[h] = mat.NewDense(n, n, nil)
		}
		nt.mh[l] = m
	}
	nt.hv = headViews{gs: views(nt.gs), gv: views(nt.gv), gq: views(nt.gq), gk: views(nt.gk)}
}

// valueBackHeads writes gV = (A_hᵀ gS_{:,h})_h into gv given gS = nt.gs.
func (nt *Net) valueBackHeads(l int, gv *mat.Dense) {
	m := nt.mh[l]
	for h, a := range m.a {
		nt.hv.gv[h].Mul(a.T(), nt.hv.gs[h])
	}
}

// attnBackHeads writes gQ, gK, gW^Q, gW^K of the multi-head attention given
// gS = nt.gs: per head, gA_h = gS_{:,h} V_{:,h}ᵀ, the softmax pullback (23)
// in the centred form of the one-head code, gQ_{:,h} = gM_h K_{:,h} and
// gK_{:,h} = gM_hᵀ Q_{:,h}.
func (nt *Net) attnBackHeads(l int, c *rbCache) {
	m := nt.mh[l]
	cst := nt.cfg.Tau / math.Sqrt(float64(nt.r.dk/nt.r.heads))
	tmp := nt.rowTmp
	for h, a := range m.a {
		nt.ga.Mul(nt.hv.gs[h], m.v[h].T())
		softmaxPullback(a, nt.ga, tmp)
		nt.ga.Scale(cst, nt.ga)
		nt.hv.gq[h].Mul(nt.ga, m.k[h])
		nt.hv.gk[h].Mul(nt.ga.T(), m.q[h])
	}
	nt.gwq.Mul(c.u1.T(), nt.gq)
	nt.gwk.Mul(c.u1.T(), nt.gk)
}

// HeadAttention returns head h's attention matrix of block l after a
// Forward (aliased); with one head it is Attention(l).
func (nt *Net) HeadAttention(l, h int) *mat.Dense {
	if h < 0 || h >= nt.r.heads {
		panic(fmt.Sprintf("rankblock: head %d out of range [0, %d)", h, nt.r.heads))
	}
	if nt.r.heads == 1 {
		return nt.c[l].a
	}
	return nt.mh[l].a[h]
}
