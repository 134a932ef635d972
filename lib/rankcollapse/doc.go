// Package rankcollapse computes the closed-form moments of Noci et al.,
// "Signal Propagation in Transformers: Theoretical Perspectives and the
// Role of Rank Collapse" (NeurIPS 2022, arXiv:2206.03126). Tokens are the
// rows of X ∈ ℝ^{n×d_v}; S = A X W^V with A = softmax(τ X W^Q W^{K⊤} Xᵀ/√d_k),
// or A = 11ᵀ/n under Assumption 3.1 (lib/sources/noci2022.md#setup).
//
//	Eqs. (6)–(8), Lemma A.7   ExpGrad*, GradNormWQUniform, PaperBoundGradX, LogitVariance
//	Thm 3.2, Thm A.2          CollapseGap, UniformityGapSmallLogit
//	Lemmas 3.2–3.3, (11)–(16) Propagate, PropagateLimit, RhoDepth, RhoLimit, RhoFromMoments,
//	                          RhoDepthScaled (ρ^L under α₁² = α̃₁/L and its limit)
//	                          DepthScaled.TypoGrowth (the main text's e^{α₁} against e^{α̃₁})
//	Figs. 8, 11               RhoProfile, NormProfile (ρ^ℓ and E‖X^ℓ‖² for ℓ = 0..L)
//	Eqs. (17)–(18), (47)      GradV, GradQ, LogRatioQV, Tau, TauWarmup, CentredGramMoment,
//	                          EquicorrGrads (over ρ), GradsVsN (over n)
//	                          GradDecades (log10 change of (17), (18) between two correlations)
//	lib/sources/noci2022.md#notation                      TokenStats, Sequence, SampleEquicorrelated (empirical.Equicorrelated)
//
// Each erratum of lib/sources/noci2022.md#errata sits in the doc of the function it affects, with
// the test that shows it: PaperBoundGradX (eq. 8 is not a bound), GradQ
// (eq. 18's independence assumption), RhoLimit (e^{α₁} for e^{α̃₁}),
// TauWarmup (max for min). Parameter errors wrap ErrParam. The finite-width
// simulator these are tested against is lib/rankblock; lib/rankexp runs the
// paper's experiments with both.
package rankcollapse
