package block

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/dense"
)

// Parts says which of the identity, the centring −𝟏𝟏ᵀ/m and the shaped
// temperature τ = τ₀√(n n_k) the attention kind a adds to the softmax, and
// whether a is built from a softmax at all (false for Uniform and for the
// random-matrix kinds of attnspec: Centered, Projected, Differential).
func (a Attention) Parts() (identity, center, shapedTemp, softmax bool) {
	switch a {
	case Softmax:
		return false, false, false, true
	case Shaped:
		return true, true, true, true
	case ShapedNoIdentity:
		return false, true, true, true
	case ShapedNoCenter:
		return true, false, true, true
	case IdentityOnly:
		return true, false, false, true
	case NoTemperature:
		return true, true, false, true
	case OnlyTemperature:
		return false, false, true, true
	}
	return false, false, false, false
}

// AttentionRows writes the attention matrix of kind a for the n×n logits y
// (row-major, row stride n) into dst, the one implementation the
// simulators (tokennet, rankblock, shapednet) share:
//
//	softmax kinds  A_i = softmax(scale·y_i) (+ e_i if identity) (− 𝟏/m if center)
//	Uniform        A_ij = 1/n (the logits are not read)
//
// With causal, row i sees tokens j <= i only: the softmax runs over them,
// m = i+1, and A_ij = 0 for j > i (the centring and identity of the shaped
// kinds are not defined with a mask: it panics). dst may be y itself. The
// softmax is lib/dense's (max subtracted first). It panics on a kind that
// is not softmax-based or Uniform, or on lengths that are not n×n.
func AttentionRows(dst, y []float64, n int, a Attention, scale float64, causal bool) {
	if len(dst) != n*n || len(y) != n*n {
		panic(fmt.Sprintf("block: AttentionRows needs %d×%d values, got %d and %d", n, n, len(dst), len(y)))
	}
	if a == Uniform {
		if causal {
			panic("block: AttentionRows: uniform attention has no causal form here")
		}
		inv := 1 / float64(n)
		for i := range dst {
			dst[i] = inv
		}
		return
	}
	id, center, _, ok := a.Parts()
	switch {
	case !ok:
		panic(fmt.Sprintf("block: AttentionRows: %v is not a softmax-based attention", a))
	case causal && (id || center):
		panic(fmt.Sprintf("block: AttentionRows: %v has no causal form", a))
	}
	inv := 1 / float64(n)
	for i := 0; i < n; i++ {
		out := dst[i*n : (i+1)*n]
		m := n
		if causal {
			m = i + 1
		}
		if scale != 1 || &dst[0] != &y[0] { // v·1 = v: in place there is nothing to do
			for j, v := range y[i*n : i*n+m] {
				out[j] = v * scale
			}
		}
		dense.SoftmaxRow(out[:m])
		for j := m; j < n; j++ {
			out[j] = 0
		}
		if center {
			for j := range out {
				out[j] -= inv
			}
		}
		if id {
			out[i]++
		}
	}
}
