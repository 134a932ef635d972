package compose

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// GramCovers returns nil if GramMap describes b: its attention is
// uniform or softmax, with or without a causal mask, or b has no
// attention. Uniform attention (Uniform, or Softmax at σ_A² = 0: zero
// logits, the masked softmax is the uniform average over the visible
// tokens j <= i) is exact at d → ∞; Softmax at σ_A² > 0 is under the mean
// map's approximation (softmaxGram). Shaped attention is not derived on
// the full Gram matrix: an error wrapping ErrNoTheory (or ErrParam for an
// invalid block).
func (b Block) GramCovers() error {
	if err := b.Validate(); err != nil {
		return err
	}
	if b.NoAttention || b.Attn.Kind == Uniform || b.Attn.Kind == Softmax {
		return nil
	}
	return fmt.Errorf("%w: the full Gram map covers uniform and softmax attention, causal or not; %v attention is not derived for a position-dependent Gram matrix",
		ErrNoTheory, b.Attn.Kind)
}

// attnMatrix returns the attention matrix GramMap uses: 𝟏𝟏ᵀ/n, or under
// a causal mask A_ij = 1/(i+1) for j <= i and 0 otherwise.
func (b Block) attnMatrix() *mat.Dense {
	n := b.N
	a := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		k := n
		if b.Attn.Causal {
			k = i + 1
		}
		for j := 0; j < k; j++ {
			a.Set(i, j, 1/float64(k))
		}
	}
	return a
}

// GramMap is one block on the full token Gram matrix K_ij = x_i·x_j (n × n),
// the parts composed as Map composes them, each on K
// (lib/sources/compose.md#causal-gram):
//
//	norm          K_ij ↦ d K_ij/√(K_ii K_jj)                       (RMS; LN as RMS)
//	attention     K ↦ σ_V² A K Aᵀ,  A = 𝟏𝟏ᵀ/n or causal A_ij = [j <= i]/(i+1)   (exact in E over W^V)
//	              softmax at σ_A² > 0: softmaxGram (the mean map's approximation, #causal-softmax)
//	feed-forward  per pair the kernel recursion at variances K_ii/d, K_jj/d and covariance K_ij/d
//	residual      s² K + b² K_f
//
// With a causal mask token i averages over the i+1 tokens before it, so
// K is no longer of the permutation-symmetric form (q, p) and the
// correlation depends on the positions. Without a mask, on K = (q−p)I +
// p𝟏𝟏ᵀ it is Map (TestGramMapIsMap). It panics unless GramCovers(b) is nil
// or if K is not n × n.
func (b Block) GramMap(K mat.Symmetric) *mat.SymDense {
	if err := b.GramCovers(); err != nil {
		panic(err.Error())
	}
	if K.SymmetricDim() != b.N {
		panic(fmt.Sprintf("compose: GramMap of a %d × %d matrix for n = %d", K.SymmetricDim(), K.SymmetricDim(), b.N))
	}
	k := mat.NewSymDense(b.N, nil)
	k.CopySym(K)
	var a *mat.Dense
	if !b.NoAttention {
		a = b.attnMatrix()
		k = b.gramSub(b.ResA, k, func(u *mat.SymDense) *mat.SymDense {
			if b.Attn.Kind == Softmax && b.Attn.SigmaA2 > 0 {
				return b.softmaxGram(u)
			}
			var t, out mat.Dense
			t.Mul(a, u)
			out.Mul(&t, a.T())
			f := mat.NewSymDense(b.N, nil)
			for i := 0; i < b.N; i++ {
				for j := i; j < b.N; j++ {
					f.SetSym(i, j, b.Attn.SigmaV2*(out.At(i, j)+out.At(j, i))/2)
				}
			}
			return f
		})
	}
	if !b.NoMLP {
		k = b.gramSub(b.ResM, k, b.ffGram)
	}
	return k
}

// gramSub is one residual sub-block on K: the norm where b places it,
// the branch, the sum.
func (b Block) gramSub(r Residual, k *mat.SymDense, branch func(*mat.SymDense) *mat.SymDense) *mat.SymDense {
	u := k
	if b.Norm == Pre {
		u = gramNorm(float64(b.D), k)
	}
	f := branch(u)
	s, w := r.weights(b.Depth)
	out := mat.NewSymDense(b.N, nil)
	for i := 0; i < b.N; i++ {
		for j := i; j < b.N; j++ {
			out.SetSym(i, j, s*s*k.At(i, j)+w*w*f.At(i, j))
		}
	}
	if b.Norm == Post {
		out = gramNorm(float64(b.D), out)
	}
	return out
}

// gramNorm is the token norm on K: every token to squared norm d.
func gramNorm(d float64, k *mat.SymDense) *mat.SymDense {
	n := k.SymmetricDim()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, d*k.At(i, j)/(math.Sqrt(k.At(i, i))*math.Sqrt(k.At(j, j)))) // √·√: no underflow of K_ii K_jj at tiny norms
		}
	}
	return out
}

// ffGram is the feed-forward branch on K, pair by pair (FFQP with unequal
// variances); pairs with the same inputs share one computation (pairMemo).
func (b Block) ffGram(u *mat.SymDense) *mat.SymDense {
	n, fd := b.N, float64(b.D)
	s2, o2 := b.FF.SigmaW*b.FF.SigmaW, b.FF.SigmaOut*b.FF.SigmaOut
	v := make([]float64, n)
	for i := range v {
		v[i] = u.At(i, i) / fd
	}
	vs := [][]float64{v} // per layer the per-token variances
	out := mat.NewSymDense(n, nil)
	for k := 0; k < b.FF.Layers; k++ {
		next := make([]float64, n)
		for i, x := range vs[k] {
			if va := s2 * x; !finite(va) || va > MaxQuadratureVariance && b.FF.Act.ClosedKernel == nil {
				return nanSym(n) // as ffQP: beyond it φ's integrals take minutes
			}
			next[i] = b.FF.Act.SecondMoment(s2 * x)
		}
		vs = append(vs, next)
	}
	memo := pairMemo{}
	for i := 0; i < n; i++ {
		out.SetSym(i, i, fd*o2*vs[b.FF.Layers][i])
		for j := i + 1; j < n; j++ {
			key := memo.key(u, i, j)
			if v, ok := memo[key]; ok {
				out.SetSym(i, j, v)
				continue
			}
			c := u.At(i, j) / fd
			for k := 0; k < b.FF.Layers; k++ {
				vi, vj := vs[k][i], vs[k][j]
				rho := 0.0
				if vi > 0 && vj > 0 {
					rho = math.Max(-1, math.Min(1, c/math.Sqrt(vi*vj)))
				}
				c = b.FF.Act.Kernel(s2*vi, s2*vj, rho)
			}
			memo[key] = fd * o2 * c
			out.SetSym(i, j, fd*o2*c)
		}
	}
	return out
}

// pairMemo holds a feed-forward pair map's value (ffGram, ffGradFactor)
// by the bits of its inputs K_ii, K_jj and K_ij: the value is a pure
// function of them, so a pair whose inputs repeat another's bit for bit
// takes the same value without its quadratures (on an equicorrelated
// K, as from EquicorrGram under uniform attention, most pairs do).
type pairMemo map[[3]uint64]float64

// key is the bits of u_ii, u_jj and u_ij.
func (pairMemo) key(u *mat.SymDense, i, j int) [3]uint64 {
	return [3]uint64{math.Float64bits(u.At(i, i)), math.Float64bits(u.At(j, j)), math.Float64bits(u.At(i, j))}
}

// nanSym is an n × n matrix of NaN.
func nanSym(n int) *mat.SymDense {
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, math.NaN())
		}
	}
	return out
}

// GramTrajectory iterates GramMap Depth times from K0 and returns the
// Depth+1 matrices including the start. Errors: GramCovers's, K0 not
// n × n or with a diagonal entry that is not finite and > 0, and a
// matrix that leaves the finite numbers.
func (b Block) GramTrajectory(K0 mat.Symmetric) ([]*mat.SymDense, error) {
	if err := b.GramCovers(); err != nil {
		return nil, err
	}
	if err := b.checkGramStart(K0); err != nil {
		return nil, err
	}
	k := mat.NewSymDense(b.N, nil)
	k.CopySym(K0)
	out := []*mat.SymDense{k}
	for l := 1; l <= b.Depth; l++ {
		k = b.GramMap(k)
		for i := 0; i < b.N; i++ {
			for j := i; j < b.N; j++ {
				if !finite(k.At(i, j)) {
					return out, fmt.Errorf("compose: Gram trajectory leaves the finite numbers at block %d (or a feed-forward pre-activation variance passes MaxQuadratureVariance = %g, beyond which φ = %s's Gaussian integrals take minutes)", l, MaxQuadratureVariance, b.FF.Act.Name)
				}
			}
		}
		out = append(out, k)
	}
	return out, nil
}

// checkGramStart returns an error wrapping ErrParam unless K0 is n × n
// with finite diagonal entries > 0.
func (b Block) checkGramStart(K0 mat.Symmetric) error {
	if K0.SymmetricDim() != b.N {
		return paramErr("K0", fmt.Sprintf("%d × %d", K0.SymmetricDim(), K0.SymmetricDim()), fmt.Sprintf("n × n = %d × %d", b.N, b.N))
	}
	for i := 0; i < b.N; i++ {
		if x := K0.At(i, i); !(x > 0) || !finite(x) {
			return paramErr(fmt.Sprintf("K0[%d][%d]", i, i), x, "a finite value > 0")
		}
	}
	return nil
}

// GramCorr returns the correlation matrix K_ij/√(K_ii K_jj) of K.
func GramCorr(k mat.Symmetric) *mat.SymDense {
	n := k.SymmetricDim()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, k.At(i, j)/(math.Sqrt(k.At(i, i))*math.Sqrt(k.At(j, j))))
		}
	}
	return out
}
