package rankblock

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Multi-head attention (Config.Heads = H > 1), the setting of the paper's
// experiments (Table 2: 4 heads of width 8 at d_v = 32), which its theory
// does not cover (lib/sources/noci2022.md#erratum-11). Head h owns the column block
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

// multiHead holds one block's per-head attention matrices.
type multiHead struct {
	a []*mat.Dense // A_h, n×n
}

// allocHeads builds the per-head matrices when Heads > 1.
func (nt *Net) allocHeads() {
	H := nt.r.heads
	if H == 1 {
		return
	}
	n := nt.cfg.N
	nt.mh = make([]multiHead, len(nt.c))
	for l := range nt.mh {
		m := multiHead{a: make([]*mat.Dense, H)}
		for h := range m.a {
			m.a[h] = mat.NewDense(n, n, nil)
		}
		nt.mh[l] = m
	}
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
