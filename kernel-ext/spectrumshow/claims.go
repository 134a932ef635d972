package spectrumshow

import (
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// The statements of the sources that notebook 04's claim checks test
// (show.Agreement.Paper), each as its source makes it, with where it
// stands. Several checks of one claim share its constant.
const (
	// P18Fig2Claim is what the KS and atom checks of a panel of P18 Fig. 2
	// test.
	P18Fig2Claim = "Pennington, Schoenholz & Ganguli 2018 (P18), Fig. 2: at criticality the free-probability theory of the spectrum of JJᵀ (the master equation, eqs. 14–16) overlays the empirical singular-value densities of width-1000 networks at L = 2, 8, 32 and 128, for linear networks with Gaussian weights and ReLU, hard-tanh and erf networks with orthogonal weights"

	// P18Fig4Claim is what the KS and atom checks of a panel of P18 Fig. 4
	// test: that the simulated spectra at each depth are those of the
	// theory at that depth, on their way to the limit law.
	P18Fig4Claim = "P18, Fig. 4 (the lecture's Fig. 4): \"The colored lines are empirical spectra of finite-depth width-1000 orthogonal neural networks\" at σ₀² = 1/4, L = 2 to 128, which the master equation at each depth (eq. 15) describes and which \"converge to the limiting distributions in all cases\""

	// P18Fig4RateClaim is what the convergence exponent of a panel of
	// P18 Fig. 4 tests (rate 1/L; L^{−1/2} for erf, F28 of
	// lib/sources/tanner2024.md).
	P18Fig4RateClaim = "P18, Fig. 4 caption: \"The empirical spectra converge to the limiting distributions in all cases. The rate of convergence is similar for Hard-Tanh and Shifted ReLU, whereas it is significantly different for Erf and Smoothed Relu, which converge to the same limiting distribution along distinct trajectories\""

	// Table1Claim is what the check of the closed forms of P18 Table 1
	// against quadrature tests (with the errata of
	// lib/sources/tanner2024.md#table-1).
	Table1Claim = "P18, Table 1 (the lecture's Table 1, \"Properties of Nonlinearities\"): μ_k = ∫Dz φ′(√q* z)^{2k} in closed form for linear, ReLU, hard tanh and erf (as corrected in lib/sources/tanner2024.md#table-1)"

	// Table2Claim is what the sampled S-transforms of P18 Table 2 test.
	Table2Claim = "P18, Table 2 (the lecture's F15): the S-transform of WᵀW is σ_w⁻² for scaled orthogonal weights (s₁ = 0) and σ_w⁻²/(1 + z) for scaled Gaussian weights (s₁ = −1)"

	// FreeProductClaim is what the S-transform of a product of two free
	// Gaussian layers tests.
	FreeProductClaim = "P18, eq. 10 and Sec. 2 (the lecture's F13): S-transforms multiply under free multiplication, S_{AB} = S_A·S_B, so two free Gaussian layers have S = S_MP² = (1 + z)⁻²"

	// MurrayTheoremClaim is what the check of Murray's theorem on the
	// Shtanh table tests.
	MurrayTheoremClaim = "Murray, Abrol & Tanner 2021 as the lecture states it (Theorem, \"Increasing the linear region drives the Jacobian spectra to 1\"): for a scaled-bounded φ on the edge of chaos with σ_b² > 0, as y = σ_b²/a² → 0 both max_ρ |R(ρ) − ρ| and |μ₂/μ₁² − 1| → 0"

	// CNNClaim is what the CNN covariance checks test (the recursion is
	// recalled from Xiao et al. 2018, lib/sources/tanner2024.md#cnn).
	CNNClaim = "Tanner lecture, \"From fully connected to CNN EoC\" (after Xiao et al. 2018): in a CNN the hidden layers are mean zero with variance q^(ℓ) as in the fully connected network, and the covariance of outputs of a filter overlapping spatially evolves by the correlation map (limit q*ρ*, ρ* = R(ρ*))"

	// AttentionGapClaim is what the spectral-gap checks of one random
	// softmax matrix and of |λ₂| against T test.
	AttentionGapClaim = "Tanner lecture, \"The spectral gap of random Markov matrices\" (after Nait Saada et al. 2024): \"For Markov / softmax there is one eigenvalue at 1 and the remainder uniform in a disc with radius ∼ n^{−1/2}\""

	// AttentionCollapseClaim is what the residual checks of stacked
	// attention layers test.
	AttentionCollapseClaim = "Tanner lecture, \"Rank-collapse due to the spectral gap\" (after Nait Saada et al. 2024): \"The single eigenvalue outlier causes an L layer attention network to converge to a one dimensional output at the exponential rate n^{−L/2}\""

	// AttentionFixClaim is what the check of the centred stack tests.
	AttentionFixClaim = "Tanner lecture, \"Techniques to resolve rank-collapse\": centering (Ali et al. 2023) \"subtracts the matrix of constant values … corresponding to the eigenvalue outlier\", which resolves the rank collapse"

	// MurrayClaimText is the claim of the Murray Fig. 2 analogue
	// (MurrayClaim; MurrayDecayDisagreement quotes it when declared).
	MurrayClaimText = "a decreasing from about 5 to 2 during training is preferable to a fixed a ∼ 3 (the lecture on Murray et al. 2021: \"improved accuracy with dynamic linearity decay\", a very deep feed-forward net on CIFAR-10)"

	// DepthSpreadClaim and DepthMeanClaim are the two claims of the
	// trainable-depth analogue (DepthChecks).
	DepthSpreadClaim = "random tanh networks (σ_b² = 0.05) are trainable up to a depth of about 6ξ_c on both sides of the edge of chaos, so the trainable depth in units of ξ_c is the same at every σ_w² (Schoenholz et al. 2017, Figs. 5–6, recalled)"
	DepthMeanClaim   = "the trainable depth is about 6ξ_c (the boundary of Schoenholz et al. 2017, Figs. 5–6, recalled)"

	// BudgetGrowClaim is what the "grows" check of the budget grid tests.
	BudgetGrowClaim = "near the edge of chaos, where 6ξ_c is far beyond any depth trained, the trainable depth of random tanh networks is limited by the training time, so it grows with more training (Schoenholz et al. 2017's reading of their Figs. 5–6, recalled)"

	// BudgetStayClaim is what the "stays" check of the budget grid tests.
	BudgetStayClaim = "far from the edge of chaos the trainable depth of random tanh networks is limited by ξ_c (about 6ξ_c), not by the training time, so it does not grow with more training (Schoenholz et al. 2017's reading of their Figs. 5–6, recalled)"
)

// paperUnless is claim for a check that declares no disagreement, and ""
// for one that does (its Disagreement carries the claim).
func paperUnless(claim string, d *show.Disagreement) string {
	if d != nil {
		return ""
	}
	return claim
}

// withDataSeeds is a copy of d whose Declared.DataSeeds are seeds, the
// seeds of the data its check reads; nil for nil.
func withDataSeeds(d *show.Disagreement, seeds []uint64) *show.Disagreement {
	if d == nil {
		return nil
	}
	dd := *d
	dd.Declared.DataSeeds = slices.Clone(seeds)
	return &dd
}
