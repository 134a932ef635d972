package block

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/dense"
)

// AttnBuffers are the activations of one attention sub-block of n tokens
// of width d and key width d_k, which the simulators keep for their
// reverse passes: Q = u op(W^Q) and K = u op(W^K) (n×d_k), the attention
// matrix A (n×n, row stride n), and S, the attended values (n×d): S = A u
// (then multiplied by op(W^V)), or with ValueFirst V = u op(W^V) (n×d) and
// S = A V.
type AttnBuffers struct {
	Q, K, A, V, S blas64.General
	// HeadA holds the n×n attention matrix of each head when Heads > 1
	// (A then receives a copy of head 0's).
	HeadA []blas64.General
}

// AttnParams parameterise Attend. The three scales sit where each
// simulator has always put them, so that every simulator keeps its
// arithmetic bit for bit.
type AttnParams struct {
	Kind   Attention // softmax-based kinds or Uniform (AttentionRows)
	Causal bool
	// Trans: the weights act as u Wᵀ (tokennet: Y Qᵀ) rather than u W.
	Trans bool
	// QKScale multiplies the products u op(W^Q), u op(W^K); LogitScale
	// multiplies Q Kᵀ in its product; RowScale multiplies the logits in
	// AttentionRows (the temperature).
	QKScale, LogitScale, RowScale float64
	// Skip and Branch are the residual weights: out = Skip·x + Branch·S op(W^V)
	// (Branch·S with ValueFirst).
	Skip, Branch float64
	// ValueFirst computes V = u op(W^V) and S = A V (rankblock) instead of
	// S = A u followed by S op(W^V).
	ValueFirst bool
	// Heads > 1 splits the attention into heads over the column blocks of
	// Q, K and V (ValueFirst only): S_{:,h} = A_h V_{:,h}, A_h =
	// f(RowScale·LogitScale Q_{:,h} K_{:,h}ᵀ). Its per-head products run on
	// gonum's dgemm, whose rounding rankblock's multi-head figures were made
	// with (lib/dense's fused multiply-adds would move them in the last bits).
	Heads int
	// The reverse pass (AttendBack): Centred takes the softmax Jacobian in
	// its centred form (rankblock); UniformGrad pulls Uniform attention
	// back through the softmax Jacobian at A = 𝟏𝟏ᵀ/n (Noci et al. 2022
	// eq. 24, the gradient under their Assumption 3.1) instead of giving
	// Q and K no gradient; SumBack forms the pullbacks to u through W^Q
	// and W^K apart and adds them (rankblock) instead of accumulating them
	// in the products (tokennet): the two round differently.
	Centred, UniformGrad, SumBack bool
}

// Attend runs one attention sub-block on lib/dense, with u the branch
// input (x itself, or its normalisation: the caller places the norm) and
// tokens as rows:
//
//	Q = s_qk u op(W^Q),  K = s_qk u op(W^K),  A = f(s_row · s_logit Q Kᵀ)
//	out = Skip·x + Branch·(A u) op(W^V)        or, ValueFirst,
//	out = Skip·x + Branch·A (u op(W^V))
//
// with f the kind's attention (AttentionRows; Uniform ignores the logits
// but Q and K are still formed, for the reverse passes). out may be x
// itself, and u may be x too: u is read only before out is written. out
// must not overlap the weights or the buffers.
func Attend(b AttnBuffers, out, x, u, wq, wk, wv blas64.General, p AttnParams) {
	op := blas.NoTrans
	if p.Trans {
		op = blas.Trans
	}
	n := u.Rows
	dense.Gemm(blas.NoTrans, op, p.QKScale, u, wq, 0, b.Q)
	dense.Gemm(blas.NoTrans, op, p.QKScale, u, wk, 0, b.K)
	if p.Kind != Uniform && p.Heads <= 1 {
		dense.Gemm(blas.NoTrans, blas.Trans, p.LogitScale, b.Q, b.K, 0, b.A)
	}
	if p.Heads > 1 {
		if !p.ValueFirst || p.Causal {
			panic("block: Attend: several heads need ValueFirst and no causal mask")
		}
		dense.Gemm(blas.NoTrans, op, 1, u, wv, 0, b.V)
		attendHeads(b, p)
	} else {
		AttentionRows(b.A.Data[:n*n], b.A.Data[:n*n], n, p.Kind, p.RowScale, p.Causal)
		if p.ValueFirst {
			dense.Gemm(blas.NoTrans, op, 1, u, wv, 0, b.V)
			dense.Gemm(blas.NoTrans, blas.NoTrans, 1, b.A, b.V, 0, b.S)
		}
	}
	if p.ValueFirst {
		for i := 0; i < out.Rows; i++ {
			o, xs, s := row(out, i), row(x, i), row(b.S, i)
			for j := range o {
				o[j] = p.Branch*s[j] + p.Skip*xs[j]
			}
		}
		return
	}
	dense.Gemm(blas.NoTrans, blas.NoTrans, 1, b.A, u, 0, b.S)
	for i := 0; i < out.Rows; i++ {
		o := row(out, i)
		for j, v := range row(x, i) {
			o[j] = p.Skip * v
		}
	}
	dense.Gemm(blas.NoTrans, op, p.Branch, b.S, wv, 1, out)
}

// cols returns the column block [c0, c1) of g as a view.
func cols(g blas64.General, c0, c1 int) blas64.General {
	return blas64.General{Rows: g.Rows, Cols: c1 - c0, Stride: g.Stride, Data: g.Data[c0:]}
}

// attendHeads forms every A_h and S_{:,h} = A_h V_{:,h} from b.Q, b.K, b.V.
func attendHeads(b AttnBuffers, p AttnParams) {
	H, n := p.Heads, b.Q.Rows
	wk, wv := b.Q.Cols/H, b.V.Cols/H
	for h, a := range b.HeadA {
		if p.Kind != Uniform {
			blas64.Gemm(blas.NoTrans, blas.Trans, p.LogitScale, cols(b.Q, h*wk, (h+1)*wk), cols(b.K, h*wk, (h+1)*wk), 0, a)
		}
		AttentionRows(a.Data[:n*n], a.Data[:n*n], n, p.Kind, p.RowScale, false)
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, cols(b.V, h*wv, (h+1)*wv), 0, cols(b.S, h*wv, (h+1)*wv))
	}
	copyRows(b.A, b.HeadA[0])
}
