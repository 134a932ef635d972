package compose

import (
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// Point is the permutation-symmetric token geometry: every token has
// squared norm Q = |x_i|² and every pair dot product P = x_i·x_j.
type Point struct{ Q, P float64 }

// Rho is the token correlation P/Q.
func (pt Point) Rho() float64 { return pt.P / pt.Q }

// NormQP is the token norm N(x) = √d x/|x| on (q, p): every token leaves
// with squared norm d and the correlation is kept,
//
//	(q, p) ↦ (d, d p/q).
//
// It is exact for RMS. LayerNorm also subtracts the feature mean of each
// token; for tokens whose features are centred sums of many weights (every
// branch output here) that mean is O(|x|/d) and LN agrees with RMS up to
// O(1/d): the map treats LN as RMS (an approximation that fails for inputs
// with a common feature offset, which LN removes and RMS keeps).
func NormQP(d, q, p float64) (qn, pn float64) { return d, d * (p / q) }

// AttnQP is the attention branch f_A(u) = A u W^V on the geometry (q, p)
// of its input u, before the residual, for n tokens of width d:
//
//	Softmax  (q′, p′) = σ_V² · AttQP(q, p, n, q, σ_A² (q/d)²)      (Cowsik et al. 2024 eq. 10)
//	Uniform  q′ = p′ = σ_V² (q + (n−1)p)/n                        (Noci et al. 2022 Lemma 3.2)
//	Shaped   (q′, p′) = σ_V² (q, p) [1 + (n−1)(q−p)²/(n² τ₀² d³)]   (first order in 1/d)
//
// Softmax: logits (uW^Q)·(uW^K)/√d_k with W^{Q,K} ~ N(0, σ_A/d) have
// variance σ_A²(q/d)², so an input of squared norm q acts as eq. (10) at
// that logit variance, rescaled from d to q; eq. (10) rests on Cowsik et
// al.'s Assumption 3.2 (logits of one query treated as independent of the
// values' geometry), unreliable for σ_A²(q/d)² ≳ 10. Shaped: the expansion
// of I + softmax(Y/τ) − 𝟏𝟏ᵀ/n to second order in the logits (ShapedAttnDrift)
// on an equicorrelated Gram matrix, where its centred-diagonal term
// vanishes; it drops O(d⁻²) terms. It panics outside CheckQP's domain.
//
//sigprop:eq noci2022 lemma3.2
func AttnQP(a Attention, n, d int, q, p float64) (qn, pn float64) {
	mustQP(q, p, n)
	return attnQP(a, n, d, q, p)
}

// inDomain reports whether q is finite and > 0, and returns p clamped
// into [−q/(n−1), q] (rounding of a valid geometry can leave it by an ulp).
func inDomain(q, p float64, n int) (float64, bool) {
	if !(q > 0) || math.IsInf(q, 0) || math.IsNaN(p) {
		return p, false
	}
	return math.Max(-q/float64(n-1), math.Min(q, p)), true
}

// attnQP is AttnQP without the panic: NaN outside the domain.
func attnQP(a Attention, n, d int, q, p float64) (qn, pn float64) {
	p, ok := inDomain(q, p, n)
	if !ok {
		return math.NaN(), math.NaN()
	}
	fn, fd := float64(n), float64(d)
	switch a.Kind {
	case Softmax:
		s := q / fd
		s2 := a.SigmaA2 * s * s
		if math.IsInf(s2, 0) {
			return math.NaN(), math.NaN()
		}
		qn, pn = tokengeom.AttQP(q, p, n, q, s2)
	case Uniform:
		m := (q + (fn-1)*p) / fn
		qn, pn = m, m
	case Shaped:
		dd := (q - p) / fd
		f := 1 + (fn-1)*dd*dd/(fn*fn*a.Tau0*a.Tau0*fd)
		qn, pn = q*f, p*f
	default:
		panic(fmt.Sprintf("compose: unknown attention kind %v", a.Kind))
	}
	return a.SigmaV2 * qn, a.SigmaV2 * pn
}

// FFQP is the feed-forward branch f_M(u) before the residual on the
// geometry (q, p) of u, by the mean-field recursion of Poole et al. 2016
// (Cowsik et al. 2024 eq. 25, lib/sources/cowsik2024.md#mlp-map) with
// per-unit variance v₀ = q/d and covariance c₀ = p/d:
//
//	v_k = E φ(h₁)²,  c_k = E φ(h₁)φ(h₂),  Var h = σ_w² v_{k−1},  Corr h = c_{k−1}/v_{k−1}
//	(q′, p′) = d σ_o² (v_ℓ, c_ℓ)
//
// exact at infinite width for any hidden width (fan-in scaled weights).
// The Gaussian expectations are φ's closed forms or quadrature
// (activation.Func.Kernel). It panics outside CheckQP's domain.
func FFQP(f FeedForward, n, d int, q, p float64) (qn, pn float64) {
	mustQP(q, p, n)
	return ffQP(f, n, d, q, p)
}

// MaxQuadratureVariance bounds the pre-activation variance σ_w² v at which
// the map evaluates a feed-forward layer whose φ has no closed-form
// kernel: gauss.Expect2's work grows as the variance (measured on a
// loaded 2-core machine: tanh 0.66 s at 1e3, 6.0 s at 1e4, 43 s at 1e5
// per kernel; a no-norm block started at q0 = 1e8 ran for hours). Beyond
// it the map is NaN, as for an overflow, and Trajectory says why.
const MaxQuadratureVariance = 1e4

// ffQP is FFQP without the panic: NaN outside the domain, when a
// variance overflows or passes MaxQuadratureVariance.
func ffQP(f FeedForward, n, d int, q, p float64) (qn, pn float64) {
	p, ok := inDomain(q, p, n)
	if !ok {
		return math.NaN(), math.NaN()
	}
	fd := float64(d)
	s2 := f.SigmaW * f.SigmaW
	v, c := q/fd, math.Min(q, p)/fd
	for k := 0; k < f.Layers; k++ {
		if v == 0 {
			return 0, 0 // the variance underflowed; |c| <= v
		}
		va := s2 * v
		if math.IsInf(va, 0) || va > MaxQuadratureVariance && f.Act.ClosedKernel == nil {
			return math.NaN(), math.NaN()
		}
		rho := math.Max(-1, math.Min(1, c/v))
		c = f.Act.Kernel(va, va, rho)
		v = f.Act.SecondMoment(va)
	}
	o2 := f.SigmaOut * f.SigmaOut
	return fd * o2 * v, fd * o2 * c
}

// ResidualQP is the residual sum s x + b f(x) on (q, p): the cross term
// vanishes because the last weight matrix of every branch has mean zero
// and is independent of x,
//
//	(q, p) ↦ s²(q, p) + b²(q_f, p_f).
func ResidualQP(s, b, q, p, qf, pf float64) (qn, pn float64) {
	s2, b2 := s*s, b*b
	return s2*q + b2*qf, s2*p + b2*pf
}

// CheckQP returns an error naming the parameter and its range unless
// (q, p) is the geometry of n tokens (tokengeom.CheckQP: q > 0 finite,
// −q/(n−1) <= p <= q).
func CheckQP(q, p float64, n int) error { return tokengeom.CheckQP(q, p, n) }

func mustQP(q, p float64, n int) {
	if err := CheckQP(q, p, n); err != nil {
		panic("compose: " + err.Error())
	}
}

// subBlock is one residual sub-block on (q, p): the norm where b places
// it, the branch map, the residual sum.
func (b Block) subBlock(r Residual, branch func(q, p float64) (float64, float64), q, p float64) (float64, float64) {
	uq, up := q, p
	if b.Norm == Pre {
		uq, up = NormQP(float64(b.D), q, p)
	}
	fq, fp := branch(uq, up)
	s, w := r.weights(b.Depth)
	q, p = ResidualQP(s, w, q, p, fq, fp)
	if b.Norm == Post {
		q, p = NormQP(float64(b.D), q, p)
	}
	return q, p
}

// Map is one block on the permutation-symmetric geometry, composed of the
// per-part maps (NormQP, AttnQP, FFQP, ResidualQP) in the order the block
// places them:
//
//	NoNorm  (q, p) ↦ R_M(R_A(q, p))
//	Pre     R(q, p) = s²(q, p) + b² f(NormQP(q, p))
//	Post    R(q, p) = NormQP(s²(q, p) + b² f(q, p))
//
// For Cowsik's block it is tokengeom.F (TestMapIsCowsik); for Noci et al.
// 2022's uniform-attention, linear-FF block the correlation it carries is
// rankcollapse.RhoDepth with and without post-LN (TestMapIsNoci2022). It
// panics on an invalid block or outside CheckQP's domain; a causal block
// panics (the ansatz assumes exchangeable tokens).
func (b Block) Map(q, p float64) (qn, pn float64) {
	b.mustTheory()
	mustQP(q, p, b.N)
	return b.mapQP(q, p)
}

func (b Block) mapQP(q, p float64) (float64, float64) {
	if !b.NoAttention {
		q, p = b.subBlock(b.ResA, func(q, p float64) (float64, float64) { return attnQP(b.Attn, b.N, b.D, q, p) }, q, p)
	}
	if !b.NoMLP {
		q, p = b.subBlock(b.ResM, func(q, p float64) (float64, float64) { return ffQP(b.FF, b.N, b.D, q, p) }, q, p)
	}
	return q, p
}

// ErrNoTheory is wrapped when a block is outside what the (q, p) theory
// covers (a causal mask).
var ErrNoTheory = errors.New("compose: no mean-field theory for this block")

// TheoryCovers returns nil if the (q, p) maps describe b, or an error
// wrapping ErrNoTheory (or ErrParam) saying why not.
func (b Block) TheoryCovers() error {
	if err := b.Validate(); err != nil {
		return err
	}
	if b.Attn.Causal && !b.NoAttention {
		return fmt.Errorf("%w: causal attention breaks the tokens' exchangeability that the (q, p) ansatz assumes", ErrNoTheory)
	}
	return nil
}

func (b Block) mustTheory() {
	if err := b.TheoryCovers(); err != nil {
		panic(err.Error())
	}
}

// Trajectory iterates Map Depth times from (q0, p0) and returns the
// Depth+1 points including the start. It returns an error for a block the
// theory does not cover, a start outside CheckQP's domain, or a point that
// is not finite (a no-norm block whose q overflows).
func (b Block) Trajectory(q0, p0 float64) ([]Point, error) {
	if err := b.TheoryCovers(); err != nil {
		return nil, err
	}
	if err := CheckQP(q0, p0, b.N); err != nil {
		return nil, fmt.Errorf("compose: start point: %w", err)
	}
	out := make([]Point, 0, b.Depth+1)
	out = append(out, Point{q0, p0})
	q, p := q0, p0
	for l := 1; l <= b.Depth; l++ {
		qIn := q
		q, p = b.mapQP(q, p)
		if !finite(q) || !finite(p) || !(q > 0) || p < -q/float64(b.N-1)*(1+1e-12) {
			if !b.NoMLP && b.FF.Act.ClosedKernel == nil && b.Norm == NoNorm && math.IsNaN(q) && finite(qIn) {
				return out, fmt.Errorf("compose: trajectory leaves what the map evaluates at block %d (q = %v entering it): a feed-forward pre-activation variance passes %g, beyond which φ = %s's Gaussian integrals take minutes (MaxQuadratureVariance); want a smaller q0 or a normalised block",
					l, qIn, MaxQuadratureVariance, b.FF.Act.Name)
			}
			return out, fmt.Errorf("compose: trajectory leaves the domain at block %d (q = %v, p = %v)", l, q, p)
		}
		if p > q {
			p = q // rounding on the invariant diagonal
		}
		out = append(out, Point{q, p})
	}
	return out, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
