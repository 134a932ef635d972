package block

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/dense"
)

// AttnGrads receive AttendBack's gradients and hold its scratch. U (n×d)
// is overwritten with ∂/∂u; WQ, WK, WV (shaped as the weights) receive
// ∂/∂W when their Data is not nil. The scratch: S and V (n×d; V with
// ValueFirst), Q and K (n×d_k), A (n×n), T (n×d, with SumBack) and Row (2n).
type AttnGrads struct {
	U, WQ, WK, WV    blas64.General
	S, V, Q, K, A, T blas64.General
	Row              []float64
}

// AttendBack is the adjoint of Attend with the same p and the buffers b of
// its forward pass: given g = ∂/∂out it writes ∂/∂u and ∂/∂W^{Q,K,V} of the
// branch Branch·A u op(W^V) (ValueFirst: Branch·A V) into gr; the skip
// path Skip·g is the caller's. Each product mirrors the forward one:
// value-last dS = Branch·g op(W^V)ᵀ in the product, value-first
// dS = Branch·g first; with Heads > 1 the per-head products and ∂/∂W^Q,
// ∂/∂W^K run on gonum's dgemm, the rest on lib/dense. The softmax
// pullback to the logits, with c = RowScale·LogitScale and p_i the
// softmax row (A_i without the kind's identity and centring), is
//
//	dM_ij = (c p_ij)(dA_ij − p_i·dA_i)           or, Centred,
//	dM_ij = c (p_ij Σ_k p_ik (dA_ij − dA_ik))    (exact zero for equal dA_ij, O(n³))
//
// Uniform attention does not depend on Q and K: their gradients are zero,
// unless UniformGrad. u, g and the weights are read only.
func AttendBack(gr AttnGrads, g blas64.General, b AttnBuffers, u, wq, wk, wv blas64.General, p AttnParams) {
	top := blas.Trans // op(W)ᵀ as a transpose of W
	if p.Trans {
		top = blas.NoTrans
	}
	gemm := dense.Gemm
	if p.Heads > 1 {
		if !p.ValueFirst || p.Causal {
			panic("block: AttendBack: several heads need ValueFirst and no causal mask")
		}
		gemm = blas64.Gemm
	}
	// wgrad sets dW = s·op⁻¹(uᵀ d): uᵀ d, or dᵀ u with Trans.
	wgrad := func(f func(blas.Transpose, blas.Transpose, float64, blas64.General, blas64.General, float64, blas64.General), s float64, d, dw blas64.General) {
		if dw.Data == nil {
			return
		}
		if p.Trans {
			f(blas.Trans, blas.NoTrans, s, d, u, 0, dw)
		} else {
			f(blas.Trans, blas.NoTrans, s, u, d, 0, dw)
		}
	}
	// Value part: dS, the value gradient, ∂/∂u through the values, and dA.
	if p.ValueFirst {
		for i := 0; i < g.Rows; i++ {
			s := row(gr.S, i)
			for j, v := range row(g, i) {
				s[j] = p.Branch * v
			}
		}
		if p.Heads > 1 {
			H := p.Heads
			w := gr.S.Cols / H
			for h, a := range b.HeadA {
				blas64.Gemm(blas.Trans, blas.NoTrans, 1, a, cols(gr.S, h*w, (h+1)*w), 0, cols(gr.V, h*w, (h+1)*w))
			}
		} else {
			dense.Gemm(blas.Trans, blas.NoTrans, 1, b.A, gr.S, 0, gr.V)
		}
		wgrad(dense.Gemm, 1, gr.V, gr.WV)
		dense.Gemm(blas.NoTrans, top, 1, gr.V, wv, 0, gr.U)
	} else {
		dense.Gemm(blas.NoTrans, top, p.Branch, g, wv, 0, gr.S)
		if gr.WV.Data != nil {
			if p.Trans {
				dense.Gemm(blas.Trans, blas.NoTrans, p.Branch, g, b.S, 0, gr.WV)
			} else {
				dense.Gemm(blas.Trans, blas.NoTrans, p.Branch, b.S, g, 0, gr.WV)
			}
		}
		dense.Gemm(blas.Trans, blas.NoTrans, 1, b.A, gr.S, 0, gr.U)
	}
	qk := p.Kind != Uniform || p.UniformGrad
	if qk {
		// Logit part: dA, its pullback dM, dQ = dM K, dK = dMᵀ Q (QKScale
		// enters with the weights).
		c := p.RowScale * p.LogitScale
		if p.Heads > 1 {
			H, n := p.Heads, b.Q.Rows
			wk, wv := b.Q.Cols/H, b.V.Cols/H
			da := blas64.General{Rows: n, Cols: n, Stride: n, Data: gr.A.Data[:n*n]}
			for h, a := range b.HeadA {
				blas64.Gemm(blas.NoTrans, blas.Trans, 1, cols(gr.S, h*wv, (h+1)*wv), cols(b.V, h*wv, (h+1)*wv), 0, da)
				pullback(da, a, c, p, gr.Row)
				blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, da, cols(b.K, h*wk, (h+1)*wk), 0, cols(gr.Q, h*wk, (h+1)*wk))
				blas64.Gemm(blas.Trans, blas.NoTrans, 1, da, cols(b.Q, h*wk, (h+1)*wk), 0, cols(gr.K, h*wk, (h+1)*wk))
			}
		} else {
			if p.ValueFirst {
				dense.Gemm(blas.NoTrans, blas.Trans, 1, gr.S, b.V, 0, gr.A)
			} else {
				dense.Gemm(blas.NoTrans, blas.Trans, 1, gr.S, u, 0, gr.A)
			}
			pullback(gr.A, b.A, c, p, gr.Row)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, gr.A, b.K, 0, gr.Q)
			dense.Gemm(blas.Trans, blas.NoTrans, 1, gr.A, b.Q, 0, gr.K)
		}
		wgrad(gemm, p.QKScale, gr.Q, gr.WQ)
		wgrad(gemm, p.QKScale, gr.K, gr.WK)
	} else {
		zero(gr.WQ)
		zero(gr.WK)
	}
	if !qk {
		return
	}
	if !p.SumBack {
		dense.Gemm(blas.NoTrans, top, p.QKScale, gr.Q, wq, 1, gr.U)
		dense.Gemm(blas.NoTrans, top, p.QKScale, gr.K, wk, 1, gr.U)
		return
	}
	for _, m := range []struct{ d, w blas64.General }{{gr.Q, wq}, {gr.K, wk}} {
		dense.Gemm(blas.NoTrans, top, p.QKScale, m.d, m.w, 0, gr.T)
		for i := 0; i < gr.U.Rows; i++ {
			o := row(gr.U, i)
			for j, v := range row(gr.T, i) {
				o[j] += v
			}
		}
	}
}

// zero sets g to zero when its Data is not nil.
func zero(g blas64.General) {
	for i := 0; g.Data != nil && i < g.Rows; i++ {
		clear(row(g, i))
	}
}

// pullback replaces dA by the gradient with respect to the logits Q Kᵀ
// (AttendBack's dM) given the attention matrix a, with row (2n) as scratch.
func pullback(da, a blas64.General, c float64, p AttnParams, tmp []float64) {
	n := a.Rows
	id, center, _, _ := p.Kind.Parts()
	inv := 1 / float64(n)
	i := 0
	if !id && !center && !p.Centred {
		// Four rows at a time: each row's dot product p_i·dA_i is still one
		// sum in order (the bits of the loop below), but the four chains of
		// additions overlap instead of waiting on each other.
		for ; i+4 <= n; i += 4 {
			a0, a1, a2, a3 := row(a, i), row(a, i+1), row(a, i+2), row(a, i+3)
			g0, g1, g2, g3 := row(da, i), row(da, i+1), row(da, i+2), row(da, i+3)
			s0, s1, s2, s3 := dot4(a0, a1, a2, a3, g0, g1, g2, g3)
			softmaxBack(g0, a0, c, s0)
			softmaxBack(g1, a1, c, s1)
			softmaxBack(g2, a2, c, s2)
			softmaxBack(g3, a3, c, s3)
		}
	}
	for ; i < n; i++ {
		ar, gr := row(a, i), row(da, i)
		if id || center {
			pr := tmp[n : 2*n]
			copy(pr, ar)
			if id {
				pr[i]--
			}
			if center {
				for j := range pr {
					pr[j] += inv
				}
			}
			ar = pr
		}
		if p.Centred {
			// Four j at a time: each s_j is still one sum over k in order
			// (the bits of the loop for the rest), but the four chains of
			// additions overlap instead of waiting on each other.
			gr = gr[:len(ar)]
			j := 0
			for ; j+4 <= len(gr); j += 4 {
				g0, g1, g2, g3 := gr[j], gr[j+1], gr[j+2], gr[j+3]
				var s0, s1, s2, s3 float64
				for k, v := range ar {
					gk := gr[k]
					s0 += v * (g0 - gk)
					s1 += v * (g1 - gk)
					s2 += v * (g2 - gk)
					s3 += v * (g3 - gk)
				}
				tmp[j], tmp[j+1], tmp[j+2], tmp[j+3] = ar[j]*s0, ar[j+1]*s1, ar[j+2]*s2, ar[j+3]*s3
			}
			for ; j < len(gr); j++ {
				var s float64
				for k, v := range ar {
					s += v * (gr[j] - gr[k])
				}
				tmp[j] = ar[j] * s
			}
			for j, v := range tmp[:n] {
				gr[j] = c * v
			}
			continue
		}
		var s float64
		for j, v := range ar {
			s += v * gr[j]
		}
		softmaxBack(gr, ar, c, s)
	}
}

// softmaxBack sets g_j = c a_j (g_j − s), s = a·g.
func softmaxBack(g, a []float64, c, s float64) {
	g = g[:len(a)]
	for j, v := range a {
		g[j] = c * v * (g[j] - s)
	}
}
