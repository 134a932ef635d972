package shapednet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/randmat"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Input returns X₀ = √n L₀ U (m×n) with L₀ L₀ᵀ = V0 and U a random
// m×n matrix with orthonormal rows, so that X₀X₀ᵀ/n = V0 exactly and the
// tokens point in generic directions (which LayerNorm needs). It panics on
// an invalid V0 or n < m.
func Input(V0 mat.Matrix, width int, rng *rand.Rand) *mat.Dense {
	v, m, err := shCheckV0(V0)
	if err != nil {
		panic(err.Error())
	}
	if width < m {
		panic(fmt.Sprintf("shapednet: Input width = %d, must be >= m = %d", width, m))
	}
	u := randmat.Frame(width, m, rng).T() // m×n, orthonormal rows
	l := make([]float64, m*m)
	shFactor(l, v, m)
	x := mat.NewDense(m, width, nil)
	x.Mul(mat.NewDense(m, m, l), u)
	x.Scale(math.Sqrt(float64(width)), x)
	return x
}

func shFill(g blas64.General, rng *rand.Rand) { randmat.Normal(g.Data, 1, rng) }

// Forward propagates X0 (m×n tokens, n = c.Width) through the full
// network of configuration c with freshly drawn weights (the naive forward
// pass of the notes (lib/sources/noci2023.md), lib/sources/noci2023.md#forward-pass, with every weight matrix materialised) and returns
// V_ℓ = X_ℓ X_ℓᵀ/n for ℓ = 0..Depth:
//
//	attention: Y = X̃(W^Q/√n)(W^K/√n)ᵀX̃ᵀ, A = f(Y), X ← λX + γ A X̃ W^V/√n,
//	randmlp.MLP:       X ← λX + γ σ_s(X̃ W^pre/√n) √(c/n) W^post,
//
// with X̃ = X, or the normalised X under Pre-LN. It costs O(Depth·n²(n+n_k))
// and is the reference that Simulate's reduced chain is tested against.
// It returns an error on invalid input or if the activations become
// non-finite (the layers computed so far are returned).
func Forward(c Config, X0 mat.Matrix, rng *rand.Rand) ([]*mat.SymDense, error) {
	c = c.withDefaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	m, n := X0.Dims()
	if n != c.Width || m < 2 {
		return nil, fmt.Errorf("shapednet: Forward X0 is %d×%d, want m×Width with m >= 2, Width = %d", m, n, c.Width)
	}
	nk := c.KeyDim
	x, xb, tmp := block.General(m, n), block.General(m, n), block.General(m, n)
	qm, km := block.General(m, nk), block.General(m, nk)
	wq, wk, wv := block.General(n, nk), block.General(n, nk), block.General(n, n)
	wpre, wpost := block.General(n, n), block.General(n, n)
	a := block.General(m, m)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			x.Data[i*n+j] = X0.At(i, j)
		}
	}
	sn := 1 / math.Sqrt(float64(n))
	sp, sm, he := c.shActivation()
	record := func() (*mat.SymDense, error) {
		v := mat.NewSymDense(m, nil)
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				s := 0.0
				for k := 0; k < n; k++ {
					s += x.Data[i*n+k] * x.Data[j*n+k]
				}
				s /= float64(n)
				if math.IsNaN(s) || math.IsInf(s, 0) {
					return nil, fmt.Errorf("shapednet: Forward activations became non-finite")
				}
				v.SetSym(i, j, s)
			}
		}
		return v, nil
	}
	// attention: x ← λx + γ (A X̃) W^V/√n, A = f(X̃(W^Q/√n)(W^K/√n)ᵀX̃ᵀ);
	// MLP: x ← λx + γ√c σ_s(X̃ W^pre/√n) W^post/√n; in place.
	spec := block.Spec{Norm: c.Norm, NoAttention: !c.hasAttn(), NoMLP: !c.hasMLP(),
		Attn: block.AttnParams{Kind: c.Attention, QKScale: sn, LogitScale: 1, RowScale: c.shInvTau(),
			Skip: c.Lambda, Branch: c.Gamma * sn},
		FF: block.FFParams{Kind: block.ShapedReLU, SPlus: sp, SMinus: sm, Scale: sn,
			Skip: c.Lambda, Branch: c.Gamma * math.Sqrt(he) * sn}}
	bc := block.Cache{X: x, Z: x, N1: xb, N2: xb, Attn: block.AttnBuffers{Q: qm, K: km, A: a, S: tmp},
		FF: block.FFBuffers{H: []blas64.General{tmp}, G: []blas64.General{tmp}}}
	w := block.Weights{Q: wq, K: wk, V: wv, F: []blas64.General{wpre, wpost}}
	v, err := record()
	if err != nil {
		return nil, err
	}
	out := []*mat.SymDense{v}
	for l := 0; l < c.Depth; l++ {
		// Draw order: W^Q, W^K, W^V, then W^pre, W^post.
		if c.hasAttn() {
			shFill(wq, rng)
			shFill(wk, rng)
			shFill(wv, rng)
		}
		if c.hasMLP() {
			shFill(wpre, rng)
			shFill(wpost, rng)
		}
		_ = block.Forward(&bc, x, w, spec) // no SqrtD: no error
		v, err := record()
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, nil
}
