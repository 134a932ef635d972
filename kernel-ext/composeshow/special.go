package composeshow

import (
	"math"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// SpecialCases checks that the papers' blocks come out of the composition
// as the papers' own functions, to rounding (tolerance 1e-12, the bound
// lib/compose's tests use): Cowsik et al.'s block map F and λ_a
// (tokengeom; α_A = 0.35, α_M = 0.6, σ_w = 2, ℓ = 2, tanh, n = 256,
// d = 64), Noci et al. 2022's ρ^ℓ (rankcollapse.RhoDepth; uniform
// attention, linear FF, α₁ = 0.8, α₂ = 0.5, n = 8, L = 40, ρ⁰ = 0.3, no LN
// and post-LN, constant and 1/√L branches) and the shaped block's drift
// (sde, Cor. 4.3; γ = 0.5, τ₀ = 0.8, c₋ = −1, m = 4).
func SpecialCases() show.View {
	rel := func(a, b float64) float64 { return math.Abs(a-b) / math.Max(math.Abs(a), math.Abs(b)) }
	cb := compose.Cowsik(256, 64, 16, 0.35, 0.6, 2, 1, 2, activation.Tanh())
	tm := tokengeom.Model{AlphaA: 0.35, AlphaM: 0.6, SigmaW: 2, MLPLayers: 2, N: 256, D: 64, SigmaA2: 1}
	var dF float64
	for _, p := range []float64{-0.2, 0, 20, 50, 63.9} {
		q1, p1 := cb.Map(64, p)
		q2, p2 := tokengeom.F(tm, 64, p)
		dF = math.Max(dF, math.Max(rel(q1, q2), rel(p1, p2)))
	}
	la := show.Val(cb.LambdaA(compose.FixedSettings{}))
	var dRho float64
	for _, norm := range []compose.NormPlace{compose.NoNorm, compose.Post} {
		for _, s := range []compose.Scaling{compose.Const, compose.InvSqrtDepth} {
			tr := show.Val(compose.Noci2022(8, 32, 40, 0.8, 0.5, s, norm).Trajectory(32, 0.3*32))
			a1sq := show.Val(rankcollapse.ResidualAlpha2(0.8, 40, rankcollapse.Scaling(s)))
			for l, pt := range tr {
				dRho = math.Max(dRho, math.Abs(pt.Rho()-show.Val(rankcollapse.RhoDepth(8, 0.3, a1sq, l))))
			}
		}
	}
	var dDrift float64
	// Upper triangles (sde.TriIndex order) of an equicorrelated and a general covariance.
	for _, u := range [][]float64{{1, 0.3, 0.3, 0.3, 1, 0.3, 0.3, 1, 0.3, 1}, {1.2, 0.3, -0.1, 0.2, 0.9, 0.05, 0.4, 1.1, 0.3, 0.8}} {
		V := sde.FromTri(4, u...)
		want := sde.Model{Kind: sde.Transformer, Gamma: 0.5, Tau0: 0.8, CMinus: -1}.Drift(V)
		got := compose.ShapedBlockDrift(V, 0.5, 0.8, 0, -1, true, true)
		for i := range 4 {
			for j := range 4 {
				dDrift = math.Max(dDrift, math.Abs(got.At(i, j)-want.At(i, j)))
			}
		}
	}
	check := func(name string, v float64, basis, note string) show.Item {
		return show.Agree(show.Agreement{Name: name, Kind: show.TheoryVsTheory, Value: v, Tol: 1e-12, Rule: show.AtMost, Basis: basis, Note: note})
	}
	return show.View{
		check("Cowsik's block: composed map vs tokengeom.F", dF, "rounding: the same maps in another order of arithmetic", "max relative difference over 5 points"),
		check("Cowsik's block: composed λ_a vs tokengeom.LambdaA", math.Abs(la-tokengeom.LambdaA(tm)), "rounding: the same transverse factors multiplied in another order", ""),
		check("Noci et al. 2022's block: composed ρ^ℓ vs rankcollapse.RhoDepth", dRho, "rounding of 1 − p/q near ρ = 1", "no LN and post-LN, constant and 1/√L branches, 41 layers each"),
		check("shaped block: composed drift vs sde (Cor. 4.3)", dDrift, "rounding: index-form and matrix-form derivations of the same coefficient", "γ = 0.5, τ₀ = 0.8, c₋ = −1, m = 4"),
	}
}
