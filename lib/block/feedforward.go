package block

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/dense"
)

// MLP selects the activation φ of a feed-forward sub-block.
type MLP int

const (
	// Tanh is φ = tanh (Cowsik et al. 2024 eq. 2; lib/dense's tanh).
	Tanh MLP = iota
	// ReLU is φ(h) = max(h, 0), negative h set to +0 (Noci et al. 2022).
	ReLU
	// Linear is φ(h) = h (Noci et al. 2022's linear feed-forward).
	Linear
	// ShapedReLU is φ(h) = s₊h for h >= 0, s₋h otherwise (Noci et al. 2023
	// eq. 4; s₊ = 1, s₋ = 0 is the plain ReLU up to the sign of zero).
	ShapedReLU
)

// FFParams parameterise FeedForward.
type FFParams struct {
	Kind  MLP
	Trans bool    // the weights act as u Wᵀ (tokennet) rather than u W
	Scale float64 // multiplies every hidden product u op(W^k), k < ℓ
	// SPlus, SMinus are the slopes of ShapedReLU.
	SPlus, SMinus float64
	// Skip and Branch are the residual weights of out = Skip·x + Branch·h op(W^ℓ).
	Skip, Branch float64
	// Separate forms Y = h op(W^ℓ) first and then Branch·Y + Skip·x
	// (rankblock) instead of scaling out = Skip·x and adding Branch·h op(W^ℓ)
	// in the product (tokennet, shapednet): the two round differently.
	Separate bool
}

// FFBuffers are the activations of one feed-forward sub-block with ℓ
// hidden layers, kept for the reverse passes: H[k] = s h_k op(W^k) and
// G[k] = φ(H[k]) (G[k] may be H[k] itself: φ is applied in place), and with
// Separate the output product Y.
type FFBuffers struct {
	H, G []blas64.General
	Y    blas64.General
}

// FeedForward runs one feed-forward sub-block with weights w = W⁰..W^ℓ on
// lib/dense, with u the branch input (x or its normalisation):
//
//	h₀ = u,  h_{k+1} = φ(s h_k op(W^k))  (k < ℓ),
//	out = Skip·x + Branch·h_ℓ op(W^ℓ).
//
// out may be x itself, and u too when ℓ >= 1 (u is read only by the first
// product); it must not overlap the weights or the buffers.
func FeedForward(b FFBuffers, out, x, u blas64.General, w []blas64.General, p FFParams) {
	op := blas.NoTrans
	if p.Trans {
		op = blas.Trans
	}
	in := u
	last := len(w) - 1
	for k := 0; k < last; k++ {
		h, g := b.H[k], b.G[k]
		dense.Gemm(blas.NoTrans, op, p.Scale, in, w[k], 0, h)
		activate(g.Data[:len(h.Data)], h.Data, p)
		in = g
	}
	if p.Separate {
		dense.Gemm(blas.NoTrans, op, 1, in, w[last], 0, b.Y)
		for i := 0; i < out.Rows; i++ {
			o, xs, y := row(out, i), row(x, i), row(b.Y, i)
			for j := range o {
				o[j] = p.Branch*y[j] + p.Skip*xs[j]
			}
		}
		return
	}
	for i := 0; i < out.Rows; i++ {
		o := row(out, i)
		for j, v := range row(x, i) {
			o[j] = p.Skip * v
		}
	}
	dense.Gemm(blas.NoTrans, op, p.Branch, in, w[last], 1, out)
}

// activate writes φ(h) into g (g may be h).
func activate(g, h []float64, p FFParams) {
	switch p.Kind {
	case Tanh:
		dense.Tanh(g, h)
	case ReLU:
		for i, v := range h {
			if v < 0 {
				v = 0
			}
			g[i] = v
		}
	case Linear:
		copy(g, h)
	case ShapedReLU:
		for i, v := range h {
			if v >= 0 {
				g[i] = p.SPlus * v
			} else {
				g[i] = p.SMinus * v
			}
		}
	default:
		panic("block: FeedForward: unknown MLP kind")
	}
}
