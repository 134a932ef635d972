package meanfieldshow

// The statements of the lecture (Tanner, C6.5 lecture 6, after Pennington
// et al. 2018, "P18") that the claim checks of notebook 01 test
// (show.Agreement.Paper), quoted with where they stand. A check without
// one tests sigprop's own code (a root, a finite difference, numbers the
// notes lib/sources/tanner2024.md computed) or runs beyond the sources
// (GELU, beyond.go).
const (
	// claimQMap is the length map the q-iteration checks.
	claimQMap = "Tanner lecture (after P18 eq. 3), \"Stability of pre-activation lengths\": the pre-activation variance follows q^ℓ = σ_w²∫Dz φ(√q^{ℓ−1} z)² + σ_b² layer by layer"
	// claimCMap is tested by the correlation of two inputs of finite networks.
	claimCMap = "Tanner lecture, \"Random DNNs hidden layer outputs\": the network \"has computable map R(ρ) of how the correlation between two inputs evolve through the layers\"; for χ ≤ 1 \"points which are sufficiently correlated all converge, with depth, to the same point\", for χ > 1 \"nearby points become uncorrelated with depth\""
	// claimChi1 is tested by χ₁ of finite networks on and beside the critical line.
	claimChi1 = "Tanner lecture (after P18), Fig. 1 and the slide after it: \"In the infinite width limit, the average trace of (DW)ᵀ(DW)\" is χ = σ_w²∫Dz φ′(√q* z)², and \"the critical line χ = 1 determines the boundary between the two phases\""
	// claimSlopeLaw is tested by the law of φ′(h) in finite networks.
	claimSlopeLaw = "Tanner lecture, Fig. 3 (P18 Fig. 3): \"The bottom row gives the induced distribution of φ′(h)\" of pre-activations h ~ N(0, q*) at the fixed point"
	// claimAtoms is tested by P(φ′ = 1) of the piecewise-linear activations.
	claimAtoms = "Tanner lecture, Table 1 and Fig. 3 (P18): for ReLU \"the distribution is independent of q*\" (φ′ ∈ {0, 1}, ½ each); for hard tanh μ_k = erf(1/√(2q*))"
)
