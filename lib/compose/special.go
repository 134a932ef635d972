package compose

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// SpecialCases are the largest differences between the composition of
// the papers' blocks and the papers' own functions, at fixed settings:
// each is rounding when the composition is right (the bound lib/compose's
// tests use is 1e-12).
type SpecialCases struct {
	// Map is the largest relative difference of Cowsik et al.'s composed
	// block map (Cowsik(...).Map) and tokengeom.F (their eq. (10) with the
	// MLP), over p = −0.2, 0, 20, 50, 63.9 at q = 64; α_A = 0.35, α_M =
	// 0.6, σ_w = 2, ℓ = 2, tanh, n = 256, d = 64.
	Map float64
	// LambdaA is |composed λ_a − tokengeom.LambdaA| (eq. (13)) there.
	LambdaA float64
	// Rho is the largest |composed ρ^ℓ − rankcollapse.RhoDepth| (Noci et
	// al. 2022, Lemma 3.2) over ℓ = 0..40, no LN and post-LN, constant
	// and 1/√L branches: uniform attention, linear FF, α₁ = 0.8,
	// α₂ = 0.5, n = 8, ρ⁰ = 0.3.
	Rho float64
	// Drift is the largest entry of |composed drift − sde.Model.Drift| of
	// the shaped block (Noci et al. 2023, Cor. 4.3) at an equicorrelated
	// and a general 4×4 covariance; γ = 0.5, τ₀ = 0.8, c₋ = −1.
	Drift float64
}

// CheckSpecialCases composes the papers' blocks and compares them with the
// papers' own functions (SpecialCases). Errors are those of the
// composition's λ_a and trajectories and of rankcollapse's ρ^ℓ.
func CheckSpecialCases() (SpecialCases, error) {
	var out SpecialCases
	rel := func(a, b float64) float64 { return math.Abs(a-b) / math.Max(math.Abs(a), math.Abs(b)) }
	cb := Cowsik(256, 64, 16, 0.35, 0.6, 2, 1, 2, activation.Tanh())
	tm := tokengeom.Model{AlphaA: 0.35, AlphaM: 0.6, SigmaW: 2, MLPLayers: 2, N: 256, D: 64, SigmaA2: 1}
	for _, p := range []float64{-0.2, 0, 20, 50, 63.9} {
		q1, p1 := cb.Map(64, p)
		q2, p2 := tokengeom.F(tm, 64, p)
		out.Map = math.Max(out.Map, math.Max(rel(q1, q2), rel(p1, p2)))
	}
	la, err := cb.LambdaA(FixedSettings{})
	if err != nil {
		return out, err
	}
	out.LambdaA = math.Abs(la - tokengeom.LambdaA(tm))
	for _, norm := range []NormPlace{NoNorm, Post} {
		for _, s := range []Scaling{Const, InvSqrtDepth} {
			tr, err := Noci2022(8, 32, 40, 0.8, 0.5, s, norm).Trajectory(32, 0.3*32)
			if err != nil {
				return out, err
			}
			a1sq, err := rankcollapse.ResidualAlpha2(0.8, 40, rankcollapse.Scaling(s))
			if err != nil {
				return out, err
			}
			for l, pt := range tr {
				r, err := rankcollapse.RhoDepth(8, 0.3, a1sq, l)
				if err != nil {
					return out, err
				}
				out.Rho = math.Max(out.Rho, math.Abs(pt.Rho()-r))
			}
		}
	}
	// Upper triangles (sde.TriIndex order) of an equicorrelated and a general covariance.
	for _, u := range [][]float64{{1, 0.3, 0.3, 0.3, 1, 0.3, 0.3, 1, 0.3, 1}, {1.2, 0.3, -0.1, 0.2, 0.9, 0.05, 0.4, 1.1, 0.3, 0.8}} {
		V := sde.FromTri(4, u...)
		want := sde.Model{Kind: sde.Transformer, Gamma: 0.5, Tau0: 0.8, CMinus: -1}.Drift(V)
		got := ShapedBlockDrift(V, 0.5, 0.8, 0, -1, true, true)
		for i := range 4 {
			for j := range 4 {
				out.Drift = math.Max(out.Drift, math.Abs(got.At(i, j)-want.At(i, j)))
			}
		}
	}
	return out, nil
}
