package compose

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// ErrNoFixedPoint is wrapped when the collapsed fixed point does not exist
// or the iteration towards it does not converge.
var ErrNoFixedPoint = errors.New("compose: no fixed point")

// FixedSettings control the fixed-point iterations. Zero values mean
// MaxIter 10000 and Tol 1e-14 (relative change of q per step, and of
// p/q for FixedPoint).
type FixedSettings struct {
	MaxIter int
	Tol     float64
}

// Validate returns ErrParam for MaxIter < 0 or a Tol that is not finite
// and >= 0 (zero values take the defaults).
func (s FixedSettings) Validate() error {
	if s.MaxIter < 0 {
		return paramErr("FixedSettings.MaxIter", s.MaxIter, "an integer >= 0 (0: 10000)")
	}
	if !(s.Tol >= 0) || math.IsInf(s.Tol, 0) {
		return paramErr("FixedSettings.Tol", s.Tol, "finite and >= 0 (0: 1e-14)")
	}
	return nil
}

func (s FixedSettings) withDefaults() FixedSettings {
	s.MaxIter = cmp.Or(s.MaxIter, 10000)
	s.Tol = cmp.Or(s.Tol, 1e-14)
	return s
}

// CollapsedQ returns q* of the collapsed fixed point (q*, q*): the diagonal
// p = q is invariant under every part (NormQP, AttnQP, FFQP, ResidualQP),
// and on it Map reduces to q ↦ g(q). With a pre-norm every branch sees
// q = d, so g is affine, g(q) = A q + B, and q* = B/(1 − A) (for Cowsik's
// block tokengeom.QStar); with a post-norm q* = d; without a norm g is
// iterated from q = d to convergence (relative change Tol) inside
// [1e-12 d, 1e12 d]. It returns
// ErrNoFixedPoint when g has no attracting fixed point: A >= 1 (every
// point of the diagonal fixed or repelled), or a no-norm block whose q
// grows or decays geometrically, as Noci et al. 2022's does by
// (1+α₁²)(1+α₂²) per block.
func (b Block) CollapsedQ(s FixedSettings) (float64, error) {
	return b.collapsedQ(s, nil)
}

func (b Block) collapsedQ(s FixedSettings, c ffCache) (float64, error) {
	if err := b.TheoryCovers(); err != nil {
		return 0, err
	}
	if err := s.Validate(); err != nil {
		return 0, err
	}
	s = s.withDefaults()
	fd := float64(b.D)
	switch {
	case b.Norm == Post && !(b.NoAttention && b.NoMLP):
		return fd, nil
	case b.Norm == Pre:
		// Every branch sees q = d, so g(q) = A q + B with A the product of
		// the squared skip weights, exactly; B = g(0). (A slope measured
		// by differences of g rounds A = 1 to either side of 1.)
		A := 1.0
		if !b.NoAttention {
			sk, _ := b.ResA.weights(b.Depth)
			A *= sk * sk
		}
		if !b.NoMLP {
			sk, _ := b.ResM.weights(b.Depth)
			A *= sk * sk
		}
		B := b.diagQ(0, c)
		if !(A < 1) {
			return 0, fmt.Errorf("%w: the skip weights give q ↦ %v q + %v on the diagonal (A = Π skip² ≥ 1): the norm grows without bound, so there is no finite collapsed point (at A = 1 the angle map is marginal as q → ∞)", ErrNoFixedPoint, A, B)
		}
		q := B / (1 - A)
		if !finite(q) || !(q > 0) {
			return 0, fmt.Errorf("%w: the diagonal map q ↦ %v q + %v has no positive fixed point", ErrNoFixedPoint, A, B)
		}
		return q, nil
	}
	q := fd
	for i := 0; i < s.MaxIter; i++ {
		qn := b.diagQ(q, nil)
		if !finite(qn) || !(qn > 1e-12*fd) || qn > 1e12*fd {
			return 0, fmt.Errorf("%w: q leaves [1e-12 d, 1e12 d] on the diagonal at step %d (it grows or decays geometrically)", ErrNoFixedPoint, i+1)
		}
		if math.Abs(qn-q) <= s.Tol*q {
			return qn, nil
		}
		q = qn
	}
	return 0, fmt.Errorf("%w: the diagonal iteration did not converge in %d steps", ErrNoFixedPoint, s.MaxIter)
}

// diagQ is Map on the diagonal, q ↦ g(q) with p = q: attention gives
// σ_V² q there (every kind: the tokens are equal), the feed-forward
// d σ_o² v_ℓ by second moments alone (the kernel at ρ = 1), so it costs ℓ
// one-dimensional expectations. NaN when a variance overflows.
func (b Block) diagQ(q float64, c ffCache) float64 {
	fd := float64(b.D)
	sub := func(r Residual, branch func(uq float64) float64) {
		uq := q
		if b.Norm == Pre {
			uq = fd
		}
		sk, w := r.weights(b.Depth)
		q = sk*sk*q + w*w*branch(uq)
		if b.Norm == Post {
			q = fd
		}
	}
	if !b.NoAttention {
		sub(b.ResA, func(uq float64) float64 { return b.Attn.SigmaV2 * uq })
	}
	if !b.NoMLP {
		sub(b.ResM, func(uq float64) float64 {
			if c == nil {
				return b.ffQ(uq)
			}
			q, _ := b.ffDiag(uq, c)
			return q
		})
	}
	return q
}

// LambdaA returns the angle exponent of the composition, as Cowsik et al.
// 2024 Sec. 3.3 define it for their block (eq. 13): 1 + λ_a is the
// eigenvalue of the Jacobian of Map at (q*, q*) transverse to the
// invariant diagonal. In the coordinates (q, δ = q − p) every part maps
// δ = 0 to δ = 0, so its Jacobian on the diagonal is triangular and the
// block's transverse eigenvalue is the product of the parts' ∂δ′/∂δ, each
// at the point of the diagonal where the part acts:
//
//	NormQP      d/q
//	ResidualQP  s² + b² ∂δ_f/∂δ
//	AttnQP      0 (Softmax: q′ − p′ = O(δ³); Uniform: q′ = p′),  σ_V² (Shaped)
//	FFQP        σ_o² Π_{k=1..ℓ} σ_w² E φ′(h_k)²,  Var h_k = σ_w² v_{k−1}  (χ of Cowsik et al. Sec. 3.3)
//
// For Cowsik's block this is 1 + λ_a = α̃_A²(α̃_M² + α_M² χ d/q_A), their
// closed form (TestMapIsCowsik), and it agrees with a finite-difference
// Jacobian of Map for smooth φ (TestLambdaAFiniteDifference). λ_a > 0:
// nearby tokens separate (the collapsed point is unstable); λ_a < 0: rank
// collapse. Errors as CollapsedQ.
func (b Block) LambdaA(s FixedSettings) (float64, error) { return b.lambdaA(s, nil) }

func (b Block) lambdaA(s FixedSettings, c ffCache) (float64, error) {
	qs, err := b.collapsedQ(s, c)
	if err != nil {
		return 0, err
	}
	fd := float64(b.D)
	q, f := qs, 1.0
	sub := func(r Residual, branch func(uq float64) float64, branchQ func(uq float64) float64) {
		uq, df := q, 1.0
		if b.Norm == Pre {
			uq, df = fd, fd/q
		}
		sk, w := r.weights(b.Depth)
		f *= sk*sk + w*w*df*branch(uq)
		q = sk*sk*q + w*w*branchQ(uq)
		if b.Norm == Post {
			f *= fd / q
			q = fd
		}
	}
	if !b.NoAttention {
		sub(b.ResA, func(float64) float64 {
			if b.Attn.Kind == Shaped {
				return b.Attn.SigmaV2
			}
			return 0
		}, func(uq float64) float64 { qa, _ := attnQP(b.Attn, b.N, b.D, uq, uq); return qa })
	}
	if !b.NoMLP {
		sub(b.ResM, func(uq float64) float64 { _, chi := b.ffDiag(uq, c); return chi },
			func(uq float64) float64 { q, _ := b.ffDiag(uq, c); return q })
	}
	l := f - 1
	if !finite(l) {
		return 0, fmt.Errorf("compose: lambda_a is not finite (%v)", l)
	}
	return l, nil
}

// ffDiag returns FFQP's output q on the diagonal at input q = uq and its
// transverse factor χ = ∂δ′/∂δ = σ_o² Π σ_w² E φ′²: one-dimensional
// expectations only (the kernel at ρ = 1 is the second moment). NaN when
// a variance overflows. A non-nil cache memoises them by (σ_w, σ_o, ℓ, uq)
// for a fixed φ (PhaseLambdaA).
func (b Block) ffDiag(uq float64, c ffCache) (q, chi float64) {
	key := [4]float64{b.FF.SigmaW, b.FF.SigmaOut, float64(b.FF.Layers), uq}
	if r, ok := c[key]; ok {
		return r[0], r[1]
	}
	q, chi = b.ffDiagFor(uq, true)
	if c != nil {
		c[key] = [2]float64{q, chi}
	}
	return q, chi
}

// ffQ is ffDiag's q alone, the same bits and the same NaN cases: the
// last layer's factor of χ, which only χ needs, is not computed (χ is
// checked for finiteness before every layer after the first). The
// fixed-point iteration on the diagonal (collapsedQ) calls it.
func (b Block) ffQ(uq float64) float64 {
	q, _ := b.ffDiagFor(uq, false)
	return q
}

// ffDiagFor is ffDiag without the cache; without lastChi its χ lacks the
// last layer's factor.
func (b Block) ffDiagFor(uq float64, lastChi bool) (q, chi float64) {
	fd := float64(b.D)
	s2 := b.FF.SigmaW * b.FF.SigmaW
	o2 := b.FF.SigmaOut * b.FF.SigmaOut
	chi, v := o2, uq/fd
	for k := 0; k < b.FF.Layers; k++ {
		va := s2 * v
		if !finite(va) || !finite(chi) {
			return math.NaN(), math.NaN()
		}
		if lastChi || k+1 < b.FF.Layers {
			var mu float64
			mu, v = b.FF.Act.MuSecondMoment(va) // Mu(va, 1) and SecondMoment(va) on one quadrature rule
			chi *= s2 * mu
		} else {
			v = b.FF.Act.SecondMoment(va)
		}
	}
	return fd * o2 * v, chi
}

// ffCache memoises ffDiag within one phase diagram (one φ, one d).
type ffCache map[[4]float64][2]float64

// lambdaAFD is 1 + λ_a − 1 from a finite-difference Jacobian of Map at
// (q*, q*): tr dF − g′(q*), second-order one-sided differences inside
// p <= q (central on the diagonal), relative step 1e-5. An independent
// check of LambdaA for smooth φ (a kinked φ's kernel has a (1−ρ)^{3/2}
// term that the quotient resolves only like √h).
func (b Block) lambdaAFD(qs float64) float64 {
	h := 1e-5 * qs
	q0, p0 := b.mapQP(qs, qs)
	q1, _ := b.mapQP(qs+h, qs)
	q2, _ := b.mapQP(qs+2*h, qs)
	_, p1 := b.mapQP(qs, qs-h)
	_, p2 := b.mapQP(qs, qs-2*h)
	dq := (-3*q0 + 4*q1 - q2) / (2 * h)
	dp := (3*p0 - 4*p1 + p2) / (2 * h)
	gp, _ := b.mapQP(qs+h, qs+h)
	gm, _ := b.mapQP(qs-h, qs-h)
	return dq + dp - (gp-gm)/(2*h) - 1
}

// FixedPoint iterates Map from (q0, p0) until q and p/q change by less
// than Tol (relative) in one block and returns the point: the collapsed
// point when it attracts, else the non-collapsed fixed point of Cowsik et
// al. 2024 Fig. 2 (bottom row) or its analogue. It returns ErrNoFixedPoint
// if the iteration does not converge or leaves the domain.
func (b Block) FixedPoint(q0, p0 float64, s FixedSettings) (Point, error) {
	if err := b.TheoryCovers(); err != nil {
		return Point{}, err
	}
	if err := CheckQP(q0, p0, b.N); err != nil {
		return Point{}, fmt.Errorf("compose: start point: %w", err)
	}
	if err := s.Validate(); err != nil {
		return Point{}, err
	}
	s = s.withDefaults()
	q, p := q0, p0
	for i := 0; i < s.MaxIter; i++ {
		qn, pn := b.mapQP(q, p)
		if !finite(qn) || !finite(pn) || !(qn > 0) || qn > 1e300 {
			return Point{}, fmt.Errorf("%w: the iteration leaves the domain at step %d", ErrNoFixedPoint, i+1)
		}
		pn = math.Min(pn, qn)
		if math.Abs(qn-q) <= s.Tol*q && math.Abs(pn/qn-p/q) <= s.Tol {
			return Point{qn, pn}, nil
		}
		q, p = qn, pn
	}
	return Point{}, fmt.Errorf("%w: the iteration from (%v, %v) did not converge in %d steps", ErrNoFixedPoint, q0, p0, s.MaxIter)
}

// ErrNoGradientTheory is wrapped when the gradient theory at the
// collapsed point (GradModes) does not describe a block: it has no
// collapsed fixed point, or the theory does not cover it (ErrNoTheory).
var ErrNoGradientTheory = errors.New("compose: no gradient-exponent theory for this block")

// CowsikModel returns the tokengeom.Model of b when b is Cowsik et al.'s
// block up to its parameters: pre-norm (RMS; LN taken as RMS), softmax
// attention without mask, s² + b² = 1 on both sub-blocks with constant
// scaling, σ_V² = 1, σ_o = σ_w, both sub-blocks present. Otherwise it
// returns an error wrapping ErrNoGradientTheory naming the first
// difference (the parametrisation of tokengeom.Model has no place for
// it; GradModes covers those blocks).
func (b Block) CowsikModel() (tokengeom.Model, error) {
	if err := b.TheoryCovers(); err != nil {
		return tokengeom.Model{}, err
	}
	why := ""
	sa, ba := b.ResA.weights(b.Depth)
	sm, bm := b.ResM.weights(b.Depth)
	switch {
	case b.Norm != Pre:
		why = "the norm is not pre-norm"
	case b.Attn.Kind != Softmax:
		why = "the attention is not softmax"
	case b.NoAttention || b.NoMLP:
		why = "a sub-block is left out"
	case b.ResA.Scaling != Const || b.ResM.Scaling != Const:
		why = "a branch is scaled by 1/sqrt(L)"
	case math.Abs(sa*sa+ba*ba-1) > 1e-12 || math.Abs(sm*sm+bm*bm-1) > 1e-12:
		why = "skip² + branch² is not 1"
	case b.Attn.SigmaV2 != 1:
		why = "sigma_v2 is not 1"
	case b.FF.SigmaOut != b.FF.SigmaW:
		why = "sigma_out differs from sigma_w"
	}
	if why != "" {
		return tokengeom.Model{}, fmt.Errorf("%w: %s", ErrNoGradientTheory, why)
	}
	return tokengeom.Model{AlphaA: ba, AlphaM: bm, SigmaW: b.FF.SigmaW, MLPLayers: b.FF.Layers,
		N: b.N, D: float64(b.D), SigmaA2: b.Attn.SigmaA2, Act: b.FF.Act}, nil
}

// LambdaG returns the gradient exponent λ_g^(L) at the block's depth,
// (1/L) ln[(1 − 1/n) λ₂^L + λ₃^L/n] with the modes of GradModes at the
// collapsed fixed point: for a block CowsikModel accepts, tokengeom.LambdaG
// of Cowsik et al. 2024 eqs. (15)–(20) (corrected,
// lib/sources/cowsik2024.md#erratum-1), which GradModes reproduces
// (TestGradModesIsCowsik); for the others, pre-, post- or no-norm,
// GradModes (lib/sources/compose.md#gradient-modes). It assumes the tokens
// sit at the collapsed point at every layer: from a start away from it
// see StartRegime (lib/sources/compose.md#start-regime). Errors: those of
// TheoryCovers, and ErrNoGradientTheory (wrapping ErrNoFixedPoint) for a
// block without a collapsed fixed point. The simulator's gradient norms
// (Run.Grad, CompareGrad) measure it for any block.
func (b Block) LambdaG() (float64, error) {
	if m, err := b.CowsikModel(); err == nil {
		return tokengeom.LambdaG(m, b.Depth, tokengeom.Corrected), nil
	} else if !errors.Is(err, ErrNoGradientTheory) {
		return 0, err
	}
	m, err := b.GradModes(FixedSettings{})
	if err != nil {
		return 0, gradErr(err)
	}
	return m.LambdaG(b.N, b.Depth), nil
}
