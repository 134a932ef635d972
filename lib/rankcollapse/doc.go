// Package rankcollapse computes the closed-form moments of Noci, Anagnostidis,
// Biggio, Orvieto, Singh and Lucchi, "Signal Propagation in Transformers:
// Theoretical Perspectives and the Role of Rank Collapse" (NeurIPS 2022,
// arXiv:2206.03126): how the gradients of one self-attention layer with
// respect to its queries, keys and values depend on the token geometry, how
// the token correlation and norm propagate through a stack of
// residual-attention-feedforward blocks, and the inverse temperature that
// balances query and value gradients.
//
// Conventions (spec ../shared/spec/noci2022-rank-collapse.md §2). A sequence
// is X ∈ ℝ^{n×d_v} with tokens as rows; L = I − 11ᵀ/n is the centering
// matrix, x̄ = Xᵀ1/n the mean token, C(X) = ‖Xᵀ1‖² = n²‖x̄‖² the sum of all
// token inner products and P = XᵀLX the centred Gram matrix. Self-attention
// is S = A X W^V with A = softmax(τ X W^Q W^{K⊤} Xᵀ/√d_k); Assumption 3.1
// (uniform attention) is A = 11ᵀ/n. Weights are iid with mean 0 and
// variances σ_q² = σ_k² = 1/d_k, σ_v² = 1/d_v unless a Layer says otherwise.
//
// What maps to what:
//
//	Eq. (6)            ExpGradWV              E‖∂S/∂W^V‖² = d_v n ‖x̄‖²
//	Eq. (7)            ExpGradWQ              E‖∂S/∂W^Q‖² (also W^K)
//	Eq. (7) per draw   GradNormWQUniform      ‖X‖²‖W^{V⊤}PW^K‖²/(d_k n²)
//	Eq. (8)            PaperBoundGradX        the printed bound (not valid in general)
//	R2 correction      ExpGradX               exact E‖∂S/∂X‖² under Assumption 3.1
//	Thm 3.2            CollapseGap            ‖LX‖²/‖X‖² = 0 ⇔ all tokens identical ⇔ P = 0
//	Lemma A.7          LogitVariance          E M_ij² = σ_q²σ_k²‖X_i‖²‖X_j‖²
//	Thm A.2, Fig. 7    UniformityGapSmallLogit  (1/n²)E‖A − 11ᵀ/n‖² for small logits
//	Lemmas 3.2, 3.3    Propagate              E C(X^L), E‖X^L‖²; exact, any depth
//	Eqs. (11), (13)    PropagateLimit         L → ∞ under α_i² = α̃_i/L
//	A.4 + (14)         RhoDepth, RhoFromMoments  average correlation ρ^ℓ
//	Figs. 8, 11        RhoProfile, NormProfile   ρ^ℓ and E‖X^ℓ‖² for ℓ = 0..L
//	Eqs. (15), (16)    RhoLimit               ρ^L as L → ∞ (1/√L or constant α₁)
//	Eq. (17)           GradV                  σ_x² d² (1 + ρ(n−1))
//	Eq. (18)           GradQ (FormPaper/FormExact)
//	App. A.2           CentredGramMoment      E‖P‖² by Isserlis' theorem (exact)
//	Figs. 13–14        LogRatioQV             ln(GradQ/GradV)
//	Eq. (47)           Tau                    τ balancing (46) against (17)
//	§2.6               SampleEquicorrelated   the equicorrelated Gaussian model (empirical.Equicorrelated)
//	App. C.3           TauWarmup              τ_final·min(1, step/warmup)
//	                   TokenStats, Sequence   ‖X‖², C(X), ‖P‖², ‖LX‖²; fixed inputs
//
// The finite-width simulator that these formulas are tested against (block
// variants, true softmax vs uniform attention, exact backward pass) is
// Net in package rankblock.
//
// Errata followed here (spec §8), each with the test that shows it:
//
//   - Eq. (8) is not a valid bound: the paper's step (35) drops the
//     commutation matrix, so E‖A₂‖² ∝ ‖X‖²‖LX‖², not ‖P‖², and d_k d_v should
//     read d_v². ExpGradX is the exact expectation; PaperBoundGradX keeps the
//     printed bound, which TestPaperBoundEq8Fails shows failing for
//     X = [[6,5],[5,6],[6,6]] (16.617 > 5.481), confirmed by a Monte Carlo of
//     the finite-size Jacobian in lib/rankblock (TestAttnInputJacobianMC).
//   - Eq. (18) assumes ‖X‖² independent of ‖P‖²; the exact value carries the
//     factor 1 + 4(1−ρ)/(nd). GradQ takes a Form; TestEq18MonteCarlo shows the
//     simulation supports FormExact and rejects FormPaper at n = 4, d = 3.
//   - Eq. (15) of the main text prints e^{α₁}; the appendix's e^{α̃₁} is right.
//   - The appendix restatement of (18) prints σ_x² for σ_x⁶.
//   - The τ warm-up prints max(1, step/1000); min(1, ·) is meant (TauWarmup).
//
// Parameter errors (n < 2, ρ outside [−1/(n−1), 1], a negative variance,
// d < 1, a negative α̃) are returned as errors naming the parameter and its
// allowed range; shape mismatches of matrix arguments are caller bugs and
// panic with a "rankcollapse:" prefix.
package rankcollapse
