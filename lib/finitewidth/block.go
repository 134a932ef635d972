package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// BlockLayer is the leading finite-width statistics of one network's token
// geometry after ℓ blocks of a compose.Block at width d: the means at
// infinite width (compose's Trajectory) and the covariance across networks
// of (q̂, p̂), each O(1/d) relative,
//
//	q̂ = (1/n) Σ_i |x_i|²,  p̂ = Σ_{i≠j} x_i·x_j/(n(n−1)),  ρ̂ = p̂/q̂,
//
// derived part by part in lib/sources/finitewidth.md#composed-blocks.
// Var ρ̂ and Cov(q̂, ρ̂) are the delta method's, ∇ρ = (−p/q², 1/q).
type BlockLayer struct {
	L    int     // blocks applied (0: the input)
	Q, P float64 // infinite-width means
	// Cov is the covariance of (q̂, p̂) across networks to O(1/d)
	// (Cov[0][0] = Var q̂, Cov[1][1] = Var p̂).
	Cov [2][2]float64
	// Noise is the fresh covariance this block added (J N Jᵀ of the
	// earlier blocks removed): Cov_ℓ = J Cov_{ℓ−1} Jᵀ + Noise.
	Noise [2][2]float64
	// J is the block's Jacobian on (q, p) at the layer's input.
	J [2][2]float64
}

// Rho is the infinite-width correlation p/q.
func (l BlockLayer) Rho() float64 { return l.P / l.Q }

// VarQ is Var q̂.
func (l BlockLayer) VarQ() float64 { return l.Cov[0][0] }

// rhoGrad is ∇(p/q) = (−p/q², 1/q).
func (l BlockLayer) rhoGrad() [2]float64 { return [2]float64{-l.P / (l.Q * l.Q), 1 / l.Q} }

// VarRho is Var ρ̂ = ∇ρᵀ Cov ∇ρ.
func (l BlockLayer) VarRho() float64 {
	g := l.rhoGrad()
	var s float64
	for i := range 2 {
		for j := range 2 {
			s += g[i] * l.Cov[i][j] * g[j]
		}
	}
	return s
}

// CovQRho is Cov(q̂, ρ̂) = Cov[0]·∇ρ.
func (l BlockLayer) CovQRho() float64 {
	g := l.rhoGrad()
	return l.Cov[0][0]*g[0] + l.Cov[0][1]*g[1]
}

// BlockSettings set BlockMoments: the block (compose.Block, validated and
// inside the (q, p) theory, compose.Block.TheoryCovers) and its input,
// equicorrelated Gaussian tokens with E|x_i|² = Q0 and correlation Rho0,
// as compose.Simulate draws them (Q0 = 0 means d).
type BlockSettings struct {
	Block compose.Block
	Q0    float64
	Rho0  float64
	// Layers, when in [1, Depth], stops the recursion after that many
	// blocks (the Depth still sets the 1/√L scalings); 0 means Depth.
	Layers int
	// NoCross drops the skip–branch cross term of every residual sum. It
	// is the plausible error the tests and metrics must reject, not a
	// model.
	NoCross bool
}

// q0 is Q0 with its default (0: the block's d).
func (s BlockSettings) q0() float64 {
	if s.Q0 == 0 {
		return float64(s.Block.D)
	}
	return s.Q0
}

// Validate returns an error wrapping ErrParam for an invalid block (its
// Validate), a Q0 that is not finite and > 0 (0: d), a Rho0 outside
// [0, 1] or not an equicorrelation of the block's n tokens, or Layers
// outside [0, Depth].
func (s BlockSettings) Validate() error {
	b := s.Block
	if err := b.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrParam, err)
	}
	q0 := s.q0()
	if !(q0 > 0) || math.IsInf(q0, 0) {
		return paramErr("BlockSettings.Q0", q0, "a finite value > 0 (0: d)")
	}
	if err := compose.CheckQP(q0, s.Rho0*q0, b.N); err != nil || s.Rho0 < 0 {
		return paramErr("BlockSettings.Rho0", s.Rho0, "a correlation in [0, 1]")
	}
	if s.Layers < 0 || s.Layers > b.Depth {
		return paramErr("BlockSettings.Layers", s.Layers, fmt.Sprintf("an integer in [0, depth = %d]", b.Depth))
	}
	return nil
}

// BlockMoments returns the statistics of layers 0..Depth (0..Layers when
// set) (BlockLayer) of
// s.Block from its random input. The parts, in the order the block places
// them (lib/sources/finitewidth.md#composed-blocks):
//
//	input     d i.i.d. Gaussian columns: linear column noise (B0)
//	norm      J of compose.NormQP, no noise (LN as RMS; its centring is O(1/d²) in the variance) (B1)
//	FF layer  J of the layer's mean map, m × columnNoise at the layer's input (B2)
//	uniform   the token mean (J of compose.AttnQP, exact), then the value layer (B3)
//	softmax   J of compose.AttnQP's Assumption-3.2 map, then the value layer; the
//	          attention matrix's own fluctuation is NOT included (B4)
//	shaped    J of compose.AttnQP, the logits' noise shapedLogitNoise, the value layer (B5)
//	residual  J = s²I + b²J_f, N = b⁴N_f + s²b² crossNoise (B6)
//
// It returns an error wrapping ErrParam for an invalid block or input, the
// block's TheoryCovers error, and one wrapping ErrRange where the
// geometry leaves what the parts evaluate (a negative correlation inside
// a feed-forward branch, a non-finite trajectory).
func BlockMoments(s BlockSettings) ([]BlockLayer, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	b := s.Block
	if err := b.TheoryCovers(); err != nil {
		return nil, err
	}
	q0 := s.q0()
	last := b.Depth
	if s.Layers > 0 {
		last = s.Layers
	}
	traj, err := b.Trajectory(q0, s.Rho0*q0)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRange, err)
	}
	fd := float64(b.D)
	// (B0): the input Gram is a sum of d i.i.d. columns N(0, (Q0/d)·equicorrelated).
	in := linearColumnNoise(b.N, q0/fd, s.Rho0*q0/fd).scale(fd)
	out := make([]BlockLayer, 0, b.Depth+1)
	out = append(out, BlockLayer{L: 0, Q: q0, P: s.Rho0 * q0, Cov: in, Noise: in, J: eye2})
	cov := mat2(in)
	for l := 1; l <= last; l++ {
		pt := traj[l-1]
		m, err := blockLin(s, pt.Q, pt.P)
		if err != nil {
			return nil, fmt.Errorf("block %d: %w", l, err)
		}
		cov = sandwich(m.J, cov).add(m.N, 1)
		out = append(out, BlockLayer{L: l, Q: traj[l].Q, P: traj[l].P, Cov: cov, Noise: m.N, J: m.J})
	}
	return out, nil
}

// BlockNoise is the linearised stochastic map (J, N) of one block of b at
// the input geometry (q, p): Cov_out = J Cov_in Jᵀ + N to leading order.
// Errors as BlockMoments'.
func BlockNoise(b compose.Block, q, p float64) (J, N [2][2]float64, err error) {
	if err := b.Validate(); err != nil {
		return J, N, fmt.Errorf("%w: %v", ErrParam, err)
	}
	if err := b.TheoryCovers(); err != nil {
		return J, N, err
	}
	if err := compose.CheckQP(q, p, b.N); err != nil {
		return J, N, fmt.Errorf("%w: %v", ErrParam, err)
	}
	m, err := blockLin(BlockSettings{Block: b}, q, p)
	return m.J, m.N, err
}

// blockLin is one block at (q, p): the attention sub-block, then the
// feed-forward sub-block, each a residual sum with the norm where the block
// places it.
func blockLin(s BlockSettings, q, p float64) (lin, error) {
	b := s.Block
	total := identity
	if !b.NoAttention {
		m, nq, np, err := subBlockLin(s, b.ResA, q, p, func(uq, up float64) (lin, branchOut, error) { return attnLin(b, uq, up) })
		if err != nil {
			return lin{}, err
		}
		total, q, p = total.then(m), nq, np
	}
	if !b.NoMLP {
		m, _, _, err := subBlockLin(s, b.ResM, q, p, func(uq, up float64) (lin, branchOut, error) { return ffLin(b, uq, up) })
		if err != nil {
			return lin{}, err
		}
		total = total.then(m)
	}
	return total, nil
}

// branchOut is what the residual needs of a branch besides (J, N): its
// mean output geometry (fq, fp), the (exchangeable) Gram (uq, up) of the
// features its last weight multiplies and that weight's variance w2.
type branchOut struct {
	fq, fp, uq, up, w2 float64
}

// subBlockLin is one residual sub-block (B6) around branch, with pre- or
// post-norm (B1). It returns the sub-block's map and its mean output.
func subBlockLin(s BlockSettings, r compose.Residual, q, p float64, branch func(uq, up float64) (lin, branchOut, error)) (lin, float64, float64, error) {
	b := s.Block
	fd := float64(b.D)
	norm := func(q, p float64) lin {
		return lin{J: jacobian(func(q, p float64) (float64, float64) { return compose.NormQP(fd, q, p) }, q, p)}
	}
	pre := identity
	uq, up := q, p
	if b.Norm == compose.Pre {
		pre = norm(q, p)
		uq, up = compose.NormQP(fd, q, p)
	}
	f, bo, err := branch(uq, up)
	if err != nil {
		return lin{}, 0, 0, err
	}
	f = pre.then(f)
	sk, br := r.Weights(b.Depth)
	s2, b2 := sk*sk, br*br
	res := lin{J: eye2.scale(s2).add(f.J, b2), N: f.N.scale(b2 * b2)}
	if !s.NoCross {
		res.N = res.N.add(crossNoiseExch(b.N, q, p, bo.uq, bo.up, bo.w2), s2*b2)
	}
	oq, op := compose.ResidualQP(sk, br, q, p, bo.fq, bo.fp)
	if b.Norm == compose.Post {
		res = res.then(norm(oq, op))
		oq, op = compose.NormQP(fd, oq, op)
	}
	return res, oq, op, nil
}

// valueLayer is a linear layer with m output columns, weights
// N(0, w2) and fan-in k, on the geometry (q, p) of its input: mean
// m·w2·(q, p), J = m·w2·I, noise m × linearColumnNoise at (w2 q, w2 p).
func valueLayer(n, m int, w2, q, p float64) (lin, float64, float64) {
	fm := float64(m)
	return lin{J: eye2.scale(fm * w2), N: linearColumnNoise(n, w2*q, w2*p).scale(fm)}, fm * w2 * q, fm * w2 * p
}

// attnLin is the attention branch on the geometry (q, p) of its input u:
// the attention matrix's deterministic action (B3–B5: compose.AttnQP with
// σ_V² = 1, the geometry of A u), the shaped logits' noise (B5), then the
// value layer W^V ~ N(0, σ_V²/d), d columns.
func attnLin(b compose.Block, q, p float64) (lin, branchOut, error) {
	a := b.Attn
	a.SigmaV2 = 1
	n, d := b.N, b.D
	fd := float64(d)
	mapA := func(q, p float64) (float64, float64) { return compose.AttnQP(a, n, d, q, p) }
	aq, ap := mapA(q, p)
	m := lin{J: jacobian(mapA, q, p)}
	if b.Attn.Kind == compose.Uniform {
		fn := float64(n)
		m.J = mat2{{1 / fn, (fn - 1) / fn}, {1 / fn, (fn - 1) / fn}} // exact: every row of A u is the token mean
	}
	if b.Attn.Kind == compose.Shaped {
		m.N = shapedLogitNoiseExch(n, q, p, fd, b.Attn.Tau0, b.Attn.Heads)
	}
	w2 := b.Attn.SigmaV2 / fd
	v, fq, fp := valueLayer(n, d, w2, aq, ap)
	if !finite(fq) || !finite(fp) {
		return lin{}, branchOut{}, fmt.Errorf("%w: attention output (%v, %v) at input (%v, %v)", ErrRange, fq, fp, q, p)
	}
	return m.then(v), branchOut{fq: fq, fp: fp, uq: aq, up: ap, w2: w2}, nil
}

// ffLin is the feed-forward branch (B2): Layers hidden layers of width H,
// W ~ N(0, σ_w²/fan_in), φ; then the last layer W ~ N(0, σ_o²/fan_in), d
// columns. A hidden layer's mean map on the Gram's (q, p) is
// H·(⟨φ²⟩_v, Kernel(v, v, c)) at (v, c) = σ_w²(q, p)/fan_in, as in
// compose.FFQP.
func ffLin(b compose.Block, q, p float64) (lin, branchOut, error) {
	f := b.FF
	n := b.N
	fanIn := b.D
	total := identity
	s2 := f.SigmaW * f.SigmaW
	for range f.Layers {
		h := f.Hidden
		w2 := s2 / float64(fanIn)
		mapH := func(q, p float64) (float64, float64) { return hiddenMean(f.Act, h, w2, q, p) }
		noise, err := columnNoise(f.Act, n, w2*q, w2*p)
		if err != nil {
			return lin{}, branchOut{}, err
		}
		total = total.then(lin{J: jacobian(mapH, q, p), N: noise.scale(float64(h))})
		q, p = mapH(q, p)
		fanIn = h
	}
	w2 := f.SigmaOut * f.SigmaOut / float64(fanIn)
	v, fq, fp := valueLayer(n, b.D, w2, q, p)
	if !finite(fq) || !finite(fp) {
		return lin{}, branchOut{}, fmt.Errorf("%w: feed-forward output (%v, %v)", ErrRange, fq, fp)
	}
	return total.then(v), branchOut{fq: fq, fp: fp, uq: q, up: p, w2: w2}, nil
}

// hiddenMean is one hidden layer's mean map on the Gram geometry:
// h·(⟨φ²⟩_{w2 q}, E φ(u)φ(v)) with Var u = Var v = w2 q, Cov = w2 p.
func hiddenMean(phi activation.Func, h int, w2, q, p float64) (float64, float64) {
	v := w2 * q
	rho := math.Max(-1, math.Min(1, p/q))
	fh := float64(h)
	return fh * phi.SecondMoment(v), fh * phi.Kernel(v, v, rho)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func paramErr(field string, got any, allowed string) error {
	return param.Err(ErrParam, field, got, allowed)
}

// Expansion is the layer's expansion parameter, the larger of the
// relative variances of q̂ and of the distance to collapse 1 − ρ̂,
//
//	ε = max(Var q̂/q², Var ρ̂/(1 − ρ)²),
//
// which the linearisation about the infinite-width means needs ≪ 1. It is
// +Inf where 1 − ρ < MinCollapseGap: the covariance is propagated through
// compose's (q, p) maps, whose q − p has lost its digits there (Var ρ̂ is
// not resolved).
func (l BlockLayer) Expansion() float64 {
	if 1-l.Rho() < MinCollapseGap {
		return math.Inf(1)
	}
	e := l.VarQ() / (l.Q * l.Q)
	if v := l.VarRho(); v > 0 {
		g := 1 - l.Rho()
		e = math.Max(e, v/(g*g))
	}
	return e
}

// MinCollapseGap is the smallest distance to collapse 1 − ρ at which the
// (q, p) covariance resolves Var ρ̂: finite differences of the maps on
// (q, p) at relative step 1e-5 of q − p, whose rounding (1e-16 of q) is
// then 1e-6 of the step.
const MinCollapseGap = 1e-5
