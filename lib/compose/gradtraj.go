package compose

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// GradTrajectoryCovers returns nil if GradTrajectory describes b: its
// attention matrix does not depend on its input (Uniform, or Softmax at
// σ_A² = 0: zero logits; causal or not) or b has no attention. Softmax at
// σ_A² > 0 and Shaped attention move with the tokens (dA u ≠ 0 off the
// collapsed point), a reverse pass sigprop has not derived: an error
// wrapping ErrNoGradientTheory (or ErrParam for an invalid block).
func (b Block) GradTrajectoryCovers() error {
	if err := b.Validate(); err != nil {
		return err
	}
	if b.NoAttention || b.Attn.Kind == Uniform || b.Attn.Kind == Softmax && b.Attn.SigmaA2 == 0 {
		return nil
	}
	return fmt.Errorf("%w: along the trajectory from a start the reverse pass is derived for input-independent attention (uniform, softmax at sigma_a2 = 0); %v attention with sigma_a2 = %v moves with the tokens (lib/sources/compose.md#grad-trajectory)",
		ErrNoGradientTheory, b.Attn.Kind, b.Attn.SigmaA2)
}

// subRec is one residual sub-block's forward Gram matrices: its input,
// the branch's input (after a pre-norm) and the residual sum (before a
// post-norm).
type subRec struct{ in, u, sum *mat.SymDense }

// GradTrajectory is the gradient norm E|∂(R·X^L)/∂X^ℓ|²_F/(nd), ℓ = 0..L,
// for R with iid N(0, 1) entries, along the forward Gram trajectory from
// K0 instead of at the collapsed point (lib/sources/compose.md#grad-trajectory,
// eqs. T1–T5): the gradient's token Gram matrix G (n × n, G^L = d I)
// runs back through each sub-block
//
//	post-norm   G ↦ d G_ij/√(K_ii K_jj) at the sum's K                      (T2)
//	attention   G ↦ σ_V² Aᵀ G A                                            (T3)
//	feed-fwd    G_ij ↦ χ_ij G_ij,  χ_ij = σ_o² Π_k σ_w² E φ′(h_k,i)φ′(h_k,j)  (T4)
//	pre-norm    the branch's G ↦ d G_ij/√(K_ii K_jj) at the input's K       (T2)
//	residual    s² G + b² (branch)                                          (T1)
//
// with the value of ℓ being tr G^ℓ/(nd) (T5). At the collapsed point it is
// GradModes.GradNorm (TestGradTrajectoryAtCollapse). Errors: those of
// GradTrajectoryCovers, a K0 that is not n × n with a positive finite
// diagonal (ErrParam), and a forward norm that leaves the positive finite
// numbers.
func (b Block) GradTrajectory(K0 mat.Symmetric) ([]float64, error) {
	if err := b.GradTrajectoryCovers(); err != nil {
		return nil, err
	}
	if err := b.checkGramStart(K0); err != nil {
		return nil, err
	}
	n, L := b.N, b.Depth
	recs := make([][2]subRec, L)
	k := mat.NewSymDense(n, nil)
	k.CopySym(K0)
	var a *mat.Dense
	if !b.NoAttention {
		a = b.attnMatrix()
	}
	for l := 0; l < L; l++ {
		if !b.NoAttention {
			recs[l][0], k = b.gramSubRec(b.ResA, k, func(u *mat.SymDense) *mat.SymDense { return b.uniformGram(a, u) })
		}
		if !b.NoMLP {
			recs[l][1], k = b.gramSubRec(b.ResM, k, b.ffGram)
		}
		for i := 0; i < n; i++ {
			if x := k.At(i, i); !(x > 0) || !finite(x) {
				return nil, fmt.Errorf("compose: the Gram trajectory leaves the positive finite norms at block %d (token %d: %v)", l+1, i, x)
			}
		}
	}
	g := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		g.SetSym(i, i, float64(b.D))
	}
	out := make([]float64, L+1)
	out[L] = 1
	for l := L - 1; l >= 0; l-- {
		if !b.NoMLP {
			g = b.gradSub(b.ResM, recs[l][1], g, func(r subRec, gs *mat.SymDense) *mat.SymDense {
				return hadamard(b.ffGradFactor(r.u), gs)
			})
		}
		if !b.NoAttention {
			g = b.gradSub(b.ResA, recs[l][0], g, func(_ subRec, gs *mat.SymDense) *mat.SymDense {
				return b.attnGradGram(a, gs)
			})
		}
		out[l] = mat.Trace(g) / float64(n*b.D)
	}
	return out, nil
}

// TrajectoryLambdaG is (1/L) ln GradTrajectory(K0)[0], the finite-depth
// gradient exponent from the start K0 (T5); LambdaG is its value at the
// collapsed point.
func (b Block) TrajectoryLambdaG(K0 mat.Symmetric) (float64, error) {
	g, err := b.GradTrajectory(K0)
	if err != nil {
		return 0, err
	}
	return math.Log(g[0]) / float64(b.Depth), nil
}

// uniformGram is the input-independent attention's branch σ_V² A K Aᵀ.
func (b Block) uniformGram(a *mat.Dense, u *mat.SymDense) *mat.SymDense {
	var t, o mat.Dense
	t.Mul(a, u)
	o.Mul(&t, a.T())
	return symScaled(b.Attn.SigmaV2, &o)
}

// attnGradGram is the attention branch's reverse step σ_V² Aᵀ G A (T3).
func (b Block) attnGradGram(a *mat.Dense, g *mat.SymDense) *mat.SymDense {
	var t, o mat.Dense
	t.Mul(a.T(), g)
	o.Mul(&t, a)
	return symScaled(b.Attn.SigmaV2, &o)
}

// symScaled is c (M + Mᵀ)/2.
func symScaled(c float64, m *mat.Dense) *mat.SymDense {
	n, _ := m.Dims()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, c*(m.At(i, j)+m.At(j, i))/2)
		}
	}
	return out
}

// hadamard is the entrywise product of two symmetric matrices.
func hadamard(x, y *mat.SymDense) *mat.SymDense {
	n := x.SymmetricDim()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, x.At(i, j)*y.At(i, j))
		}
	}
	return out
}

// gramSubRec is gramSub recording the sub-block's forward matrices.
func (b Block) gramSubRec(r Residual, k *mat.SymDense, branch func(*mat.SymDense) *mat.SymDense) (subRec, *mat.SymDense) {
	rec := subRec{in: k, u: k}
	if b.Norm == Pre {
		rec.u = gramNorm(float64(b.D), k)
	}
	f := branch(rec.u)
	s, w := r.weights(b.Depth)
	sum := mat.NewSymDense(b.N, nil)
	for i := 0; i < b.N; i++ {
		for j := i; j < b.N; j++ {
			sum.SetSym(i, j, s*s*k.At(i, j)+w*w*f.At(i, j))
		}
	}
	rec.sum = sum
	if b.Norm == Post {
		return rec, gramNorm(float64(b.D), sum)
	}
	return rec, sum
}

// gradSub is one sub-block's reverse step on the gradient Gram matrix g
// arriving at its output (T1, T2).
func (b Block) gradSub(r Residual, rec subRec, g *mat.SymDense, branch func(subRec, *mat.SymDense) *mat.SymDense) *mat.SymDense {
	d := float64(b.D)
	if b.Norm == Post {
		g = gramNormBack(d, rec.sum, g)
	}
	f := branch(rec, g)
	if b.Norm == Pre {
		f = gramNormBack(d, rec.in, f)
	}
	s, w := r.weights(b.Depth)
	out := mat.NewSymDense(b.N, nil)
	for i := 0; i < b.N; i++ {
		for j := i; j < b.N; j++ {
			out.SetSym(i, j, s*s*g.At(i, j)+w*w*f.At(i, j))
		}
	}
	return out
}

// gramNormBack is the norm's reverse step at d → ∞: per token the factor
// √d/|u_i| of J_N = (√d/|u_i|)(I − ûûᵀ), the projection's O(1/d) loss
// dropped, G_ij ↦ d G_ij/(|u_i||u_j|) with |u_i|² = K_ii (T2).
func gramNormBack(d float64, k, g *mat.SymDense) *mat.SymDense {
	n := k.SymmetricDim()
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			out.SetSym(i, j, d*g.At(i, j)/(math.Sqrt(k.At(i, i))*math.Sqrt(k.At(j, j))))
		}
	}
	return out
}

// ffGradFactor is χ_ij = σ_o² Π_{k=1..ℓ} σ_w² E φ′(h_k,i)φ′(h_k,j) of the
// feed-forward at the branch input's Gram matrix u (T4): the
// pre-activations of tokens i, j at layer k have variances σ_w² v_{k−1}
// and covariance σ_w² c_{k−1} of ffGram's recursion. ℓ = 0 (linear
// branch u W⁰): σ_o². Pairs with the same inputs share one computation
// (pairMemo).
func (b Block) ffGradFactor(u *mat.SymDense) *mat.SymDense {
	n, fd := b.N, float64(b.D)
	s2, o2 := b.FF.SigmaW*b.FF.SigmaW, b.FF.SigmaOut*b.FF.SigmaOut
	out := mat.NewSymDense(n, nil)
	memo := pairMemo{} // off the diagonal only: a diagonal entry is Mu's, not DKernel's at ρ = 1
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			key := memo.key(u, i, j)
			if v, ok := memo[key]; ok && i != j {
				out.SetSym(i, j, v)
				continue
			}
			vi, vj, c := u.At(i, i)/fd, u.At(j, j)/fd, u.At(i, j)/fd
			chi := o2
			for k := 0; k < b.FF.Layers; k++ {
				// After the last layer the next variances and covariance are not needed.
				last := k == b.FF.Layers-1
				if i == j { // E φ′(h)², as ffDiag
					if last {
						chi *= s2 * b.FF.Act.Mu(s2*vi, 1)
					} else {
						mu, m2 := b.FF.Act.MuSecondMoment(s2 * vi) // Mu(·, 1) and SecondMoment on one quadrature rule
						chi *= s2 * mu
						vi = m2
					}
					continue
				}
				rho := math.Max(-1, math.Min(1, c/(math.Sqrt(vi)*math.Sqrt(vj))))
				chi *= s2 * b.FF.Act.DKernel(s2*vi, s2*vj, rho)
				if !last {
					c = b.FF.Act.Kernel(s2*vi, s2*vj, rho)
					vi, vj = b.FF.Act.SecondMoment(s2*vi), b.FF.Act.SecondMoment(s2*vj)
				}
			}
			if i != j {
				memo[key] = chi
			}
			out.SetSym(i, j, chi)
		}
	}
	return out
}
