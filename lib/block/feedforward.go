package block

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"

	"github.com/sigprop/sigprop/lib/activation"
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
	// Activation is any φ of lib/activation, FFParams.Act: φ from Act.Phi
	// in the forward pass, φ′(H) from Act.DPhi at the kept pre-activation
	// in the reverse pass, one call per entry. It reads nothing but those
	// two functions (no capability, no name), so a user's Func (FromDual,
	// New) runs as the shipped ones do. For φ = tanh it agrees with the
	// Tanh kind up to the rounding of lib/dense's tanh against math.Tanh
	// (TestActivationKindIsTanh); the Tanh kind stays the fast route.
	Activation
)

// FFParams parameterise FeedForward.
type FFParams struct {
	Kind  MLP
	Trans bool    // the weights act as u Wᵀ (tokennet) rather than u W
	Scale float64 // multiplies every hidden product u op(W^k), k < ℓ
	// SPlus, SMinus are the slopes of ShapedReLU.
	SPlus, SMinus float64
	// Act is φ of the Activation kind (Phi and DPhi must be set); the
	// other kinds ignore it.
	Act activation.Func
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
// Separate the output product Y. The Activation kind's reverse pass reads
// φ′ at H[k], so there G[k] must not be H[k] (FeedForwardBack panics).
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
	case Activation:
		phi := p.Act.Phi
		if phi == nil {
			panic("block: FeedForward: the Activation kind needs FFParams.Act with Phi set")
		}
		for i, v := range h {
			g[i] = phi(v)
		}
	default:
		panic("block: FeedForward: unknown MLP kind")
	}
}

// FeedForwardBack writes into gu the gradient with respect to the branch
// input u of FeedForward's branch Branch·φ(⋯) op(W^ℓ), given g, the
// gradient with respect to out, and the buffers b of the forward pass
// (with the same p: with Separate, Branch multiplies the product after it,
// as in the forward sum). d[k] (shaped as b.H[k]) is scratch for the
// gradient at H[k]. If gw is not nil it receives the weight gradients
// ∂/∂W^k. The skip path Skip·g is the caller's.
func FeedForwardBack(gu, g blas64.General, b FFBuffers, u blas64.General, w []blas64.General, p FFParams, d, gw []blas64.General) {
	back := blas.Trans // the product h op(W) pulls back to δ op(W)ᵀ
	if p.Trans {
		back = blas.NoTrans
	}
	last := len(w) - 1
	in := func(k int) blas64.General { // the input of product k
		if k == 0 {
			return u
		}
		return b.G[k-1]
	}
	out := func(k int) blas64.General { // the gradient at the input of product k
		if k == 0 {
			return gu
		}
		return d[k-1]
	}
	if p.Separate {
		if gw != nil {
			weightGrad(gw[last], g, in(last), 1, p.Trans)
			scaleRows(gw[last], p.Branch)
		}
		dense.Gemm(blas.NoTrans, back, 1, g, w[last], 0, out(last))
		scaleRows(out(last), p.Branch)
	} else {
		if gw != nil {
			weightGrad(gw[last], g, in(last), p.Branch, p.Trans)
		}
		dense.Gemm(blas.NoTrans, back, p.Branch, g, w[last], 0, out(last))
	}
	if p.Kind == Activation {
		for k := 0; k < last; k++ {
			if h, g := b.H[k].Data, b.G[k].Data; len(h) > 0 && len(g) > 0 && &h[0] == &g[0] {
				panic(fmt.Sprintf("block: FeedForwardBack: the Activation kind reads φ′ at H[%d], which G[%d] overwrote (give G its own buffers)", k, k))
			}
		}
	}
	for k := last - 1; k >= 0; k-- {
		derivative(d[k].Data[:len(b.H[k].Data)], b.H[k].Data, b.G[k].Data, p)
		if gw != nil {
			weightGrad(gw[k], d[k], in(k), p.Scale, p.Trans)
		}
		dense.Gemm(blas.NoTrans, back, p.Scale, d[k], w[k], 0, out(k))
	}
}

// weightGrad writes ∂/∂W = s·xᵀδ of a product x W (or s·δᵀx of x Wᵀ).
func weightGrad(dst, delta, x blas64.General, s float64, trans bool) {
	if trans {
		dense.Gemm(blas.Trans, blas.NoTrans, s, delta, x, 0, dst)
		return
	}
	dense.Gemm(blas.Trans, blas.NoTrans, s, x, delta, 0, dst)
}

// derivative multiplies δ by φ′ at the pre-activation h (g = φ(h)).
func derivative(delta, h, g []float64, p FFParams) {
	switch p.Kind {
	case Tanh:
		dense.MulTanhPrime(delta[:len(g)], g)
	case ReLU:
		for i, v := range h {
			if v <= 0 {
				delta[i] = 0
			}
		}
	case Linear:
	case ShapedReLU:
		for i, v := range h {
			if v >= 0 {
				delta[i] *= p.SPlus
			} else {
				delta[i] *= p.SMinus
			}
		}
	case Activation:
		dphi := p.Act.DPhi
		if dphi == nil {
			panic("block: FeedForwardBack: the Activation kind needs FFParams.Act with DPhi set")
		}
		for i, v := range h {
			delta[i] *= dphi(v)
		}
	default:
		panic("block: FeedForwardBack: unknown MLP kind")
	}
}

// scaleRows multiplies g by s in place.
func scaleRows(g blas64.General, s float64) {
	for i := 0; i < g.Rows; i++ {
		r := row(g, i)
		for j, v := range r {
			r[j] = s * v
		}
	}
}
