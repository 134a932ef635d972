package compose

import (
	"errors"
	"fmt"
	"math"
)

// GradModes are the per-block multipliers of the gradient's token Gram
// matrix G_ij = g_i·g_j at the collapsed fixed point (q*, q*), for a block
// of any norm placement (lib/sources/compose.md#gradient-modes): the
// token-difference mode (G's part orthogonal to 𝟏𝟏ᵀ) is multiplied by
// Diff = λ₂ and the token-mean mode (𝟏ᵀG𝟏) by Mean = λ₃, so from an
// isotropic output gradient R (iid N(0, 1) entries)
//
//	E|∂(R·X^L)/∂X^ℓ|²_F/(nd) = (1 − 1/n) λ₂^{L−ℓ} + λ₃^{L−ℓ}/n.
//
// Each sub-block multiplies mode m by, with the branch's gain G_m at the
// branch input's norm,
//
//	NoNorm  s² + b² G_m(q)
//	Pre     s² + b² G_m(d) d/q                     (the norm's Jacobian in the branch)
//	Post    (s² + b² G_m(d)) d/q_u,  q_u = s² d + b² q_f(d)   (the norm's Jacobian after the sum)
//
// with G_m: attention σ_V² on the mean mode; on the difference mode 0
// (softmax, uniform: A = 𝟏𝟏ᵀ/n at collapse and ∂A·X = 0) or σ_V²
// (shaped: A = I at collapse); feed-forward χ = σ_o² Π σ_w² E φ′(h_k)² on
// both. Diff is 1 + λ_a (LambdaA: the same factors). These are the d → ∞
// limit under the gradient-independence assumption; the norm's projection
// orthogonal to its input is an O(1/d) loss per norm that they leave out.
type GradModes struct{ Diff, Mean float64 }

// GradModes returns the gradient modes of b at its collapsed fixed point.
// Errors as CollapsedQ, and an error if a mode is not finite.
func (b Block) GradModes(s FixedSettings) (GradModes, error) {
	qs, err := b.collapsedQ(s, nil)
	if err != nil {
		return GradModes{}, err
	}
	fd := float64(b.D)
	q := qs
	m := GradModes{1, 1}
	sub := func(r Residual, gain func(uq float64) (diff, mean float64), branchQ func(uq float64) float64) {
		uq, jn := q, 1.0 // branch input norm, norm Jacobian factor in the branch
		if b.Norm == Pre {
			uq, jn = fd, fd/q
		}
		sk, w := r.weights(b.Depth)
		gd, gm := gain(uq)
		fdf, fmf := sk*sk+w*w*jn*gd, sk*sk+w*w*jn*gm
		q = sk*sk*q + w*w*branchQ(uq)
		if b.Norm == Post {
			fdf, fmf = fdf*fd/q, fmf*fd/q
			q = fd
		}
		m.Diff, m.Mean = m.Diff*fdf, m.Mean*fmf
	}
	if !b.NoAttention {
		sv := b.Attn.SigmaV2
		sub(b.ResA, func(float64) (float64, float64) {
			if b.Attn.Kind == Shaped {
				return sv, sv
			}
			return 0, sv
		}, func(uq float64) float64 { return sv * uq })
	}
	if !b.NoMLP {
		sub(b.ResM, func(uq float64) (float64, float64) { _, chi := b.ffDiag(uq, nil); return chi, chi },
			func(uq float64) float64 { q, _ := b.ffDiag(uq, nil); return q })
	}
	if !finite(m.Diff) || !finite(m.Mean) || !(m.Diff >= 0) || !(m.Mean >= 0) {
		return GradModes{}, fmt.Errorf("compose: gradient modes are not finite and >= 0: %+v", m)
	}
	return m, nil
}

// GradNorm returns the theory of Run.Grad at layer ℓ of a depth-L stack,
// (1 − 1/n) Diff^{L−ℓ} + Mean^{L−ℓ}/n.
func (m GradModes) GradNorm(n, L, l int) float64 {
	k := float64(L - l)
	return (1-1/float64(n))*math.Pow(m.Diff, k) + math.Pow(m.Mean, k)/float64(n)
}

// ModeNorm is the theory of Run.Grad at layer ℓ of a depth-L stack from
// an output gradient of mode init: GradNorm for GradIID, Mean^{L−ℓ} for
// GradMean, Diff^{L−ℓ} for GradDiff.
func (m GradModes) ModeNorm(init GradInit, n, L, l int) float64 {
	k := float64(L - l)
	switch init {
	case GradMean:
		return math.Pow(m.Mean, k)
	case GradDiff:
		return math.Pow(m.Diff, k)
	}
	return m.GradNorm(n, L, l)
}

// LambdaG returns (1/L) ln GradNorm(n, L, 0), by log-sum-exp: the
// finite-depth gradient exponent λ_g^(L) of Cowsik et al. 2024 eq. (15).
func (m GradModes) LambdaG(n, L int) float64 {
	fl := float64(L)
	a := math.Log1p(-1/float64(n)) + fl*math.Log(m.Diff)
	c := fl*math.Log(m.Mean) - math.Log(float64(n))
	if math.IsInf(a, -1) && math.IsInf(c, -1) {
		return math.Inf(-1)
	}
	return (math.Max(a, c) + math.Log1p(math.Exp(-math.Abs(a-c)))) / fl
}

// GradTheory returns GradNorm at every layer ℓ = 0..L of b: the theory
// of Run.Grad at the collapsed point. Errors as GradModes.
func (b Block) GradTheory() ([]float64, error) {
	m, err := b.GradModes(FixedSettings{})
	if err != nil {
		return nil, err
	}
	out := make([]float64, b.Depth+1)
	for l := range out {
		out[l] = m.GradNorm(b.N, b.Depth, l)
	}
	return out, nil
}

// gradErr wraps a missing collapsed point (ErrNoFixedPoint) in
// ErrNoGradientTheory: the gradient theory needs that point.
func gradErr(err error) error {
	if errors.Is(err, ErrNoFixedPoint) {
		return fmt.Errorf("%w: %w", ErrNoGradientTheory, err)
	}
	return err
}
