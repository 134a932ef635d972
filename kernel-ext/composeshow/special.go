package composeshow

import (
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
)

// SpecialCases shows compose.CheckSpecialCases: that the papers' blocks
// come out of the composition as the papers' own functions, to rounding
// (tolerance 1e-12, the bound lib/compose's tests use): Cowsik et al.'s
// block map F and λ_a, Noci et al. 2022's ρ^ℓ and the shaped block's
// drift, at the settings compose.SpecialCases states.
func SpecialCases() show.View {
	sc := show.Val(compose.CheckSpecialCases())
	check := func(name string, v float64, basis, note string) show.Item {
		return show.Agree(show.Agreement{Name: name, Kind: show.TheoryVsTheory, Value: v, Tol: 1e-12, Rule: show.AtMost, Basis: basis, Note: note})
	}
	return show.View{
		check("Cowsik's block: composed map vs tokengeom.F", sc.Map, "rounding: the same maps in another order of arithmetic", "max relative difference over 5 points"),
		check("Cowsik's block: composed λ_a vs tokengeom.LambdaA", sc.LambdaA, "rounding: the same transverse factors multiplied in another order", ""),
		check("Noci et al. 2022's block: composed ρ^ℓ vs rankcollapse.RhoDepth", sc.Rho, "rounding of 1 − p/q near ρ = 1", "no LN and post-LN, constant and 1/√L branches, 41 layers each"),
		check("shaped block: composed drift vs sde (Cor. 4.3)", sc.Drift, "rounding: index-form and matrix-form derivations of the same coefficient", "γ = 0.5, τ₀ = 0.8, c₋ = −1, m = 4"),
	}
}
