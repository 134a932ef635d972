package rankshow

import (
	"slices"

	"github.com/sigprop/sigprop/kernel-ext/show"
)

// The statements of Noci et al. 2022 that notebook 03's claim checks test
// (show.Agreement.Paper), quoted or closely paraphrased from the paper
// with where they stand. A check without one checks sigprop's own code:
// a corrected closed form against its simulation (Lemma 3.1's exact
// E‖∂S/∂X‖², eq. 18's exact form, eq. 47's exact τ), two closed forms
// against each other (eq. 15), or the anchors a claim is read against
// (the no-LN run of Fig. 4, Fig. 7's small-logit asymptote).
const (
	// PaperLemmas is Lemmas 3.2–3.3 under the uniform-attention
	// assumption, which the uniform runs of Fig. 8 and the left panel of
	// Fig. 11 test.
	PaperLemmas = "Noci et al. 2022, Lemmas 3.2–3.3 (eqs. 10–12), App. A.4 and Fig. 8: under the uniform-attention assumption with linear activations and no LN, E C(X^ℓ) and E‖X^ℓ‖², and so the correlation ρ^ℓ, propagate as eqs. (10)–(12) give them, with and without the 1/√L scaling"
	// PaperStabilised is App. B.1's statement of Fig. 8.
	PaperStabilised = "Noci et al. 2022, App. B.1 and Fig. 8: \"with an adequate depth-dependent residual scaling, the norm and the correlation are stabilized, even for very deep networks\""
	// PaperUnscaledAligns is Sec. 3.2's statement on ρ^ℓ without the
	// scaling.
	PaperUnscaledAligns = "Noci et al. 2022, Sec. 3.2 (Thm. 3.3, App. A.4) and Fig. 8: without the 1/√L scaling \"ρ^ℓ reaches values close to one even for relatively shallow networks\""
	// PaperPreLNSlower is Sec. 3.2's statement of Fig. 4 without the
	// scaling.
	PaperPreLNSlower = "Noci et al. 2022, Sec. 3.2 and Fig. 4: \"without the residual scaling, PRE-LN seems to alleviate the rate of increase of ρ\" (against POST-LN and no LN)"
	// PaperReLU is the ReLU extension of Sec. 3.2 and App. B.1, Fig. 10.
	PaperReLU = "Noci et al. 2022, Sec. 3.2 (ReLU extension), App. B.1 and Fig. 10: with ReLU instead of the linear activation the correlation increases even faster with depth (\"the rank collapses even faster\")"
	// PaperFig1 is Fig. 1's caption, read at initialisation.
	PaperFig1 = "Noci et al. 2022, Fig. 1 caption: \"Unless adequate residual scaling is used at initialization, increasing depth leads to an increase in the tokens' alignment at initialization\" (POST-LN)"
	// PaperAlphaOrder is Fig. 3's caption on panel (a).
	PaperAlphaOrder = "Noci et al. 2022, Fig. 3(a) caption: \"larger values of α₁, α₂ imply a faster token alignment with depth (Theorem 3.3)\" (POST-LN, Table 2)"
	// PaperQKDiminish is Fig. 3's caption on panel (b).
	PaperQKDiminish = "Noci et al. 2022, Fig. 3(b) caption (Thm. 3.2, eq. 18): \"Gradients for the queries-keys diminish with depth\" as the tokens align (POST-LN, Table 2)"
	// PaperValuesGrow is Fig. 3's caption on panel (c).
	PaperValuesGrow = "Noci et al. 2022, Fig. 3(c) caption (eq. 17): gradients for the queries-keys diminish with depth, \"while the opposite happens for the values\": the value gradient norms grow with depth relative to the first layer (POST-LN, Table 2)"
	// PaperScalingKeepsQK is Sec. 3.3's statement on Fig. 3 under the
	// scaling.
	PaperScalingKeepsQK = "Noci et al. 2022, Sec. 3.3 and Fig. 3: \"inappropriate scaling of the residual branches can already lead to this phenomenon [vanishing query/key gradients] even in a relatively shallow network\"; with the 1/√L scaling the query/key gradients are kept"
	// PaperPreLNCorrelation, PaperPreLNQK and PaperPreLNValues are App.
	// B.1's statements of Fig. 9.
	PaperPreLNCorrelation = "Noci et al. 2022, App. B.1 and Fig. 9: \"the increase in correlation with depth for PRE-LN is much less wild\" than with POST-LN (Fig. 3)"
	PaperPreLNQK          = "Noci et al. 2022, App. B.1 and Fig. 9: with PRE-LN the slower rise of the correlation \"also results in better stabilized gradients for the queries and keys' parameters\" than with POST-LN"
	PaperPreLNValues      = "Noci et al. 2022, App. B.1 and Fig. 9: \"We also observe the opposite trend for the gradients of the values, in relation to the POST-LN case in Figure 3\""
	// PaperUniformity is App. A.5's statement of Fig. 7.
	PaperUniformity = "Noci et al. 2022, App. A.5 and Fig. 7: (1/n²)‖A − 11ᵀ/n‖², averaged over 200 runs, \"tends to zero with a trend inversely proportional to d_k²\" (d_v = 100, Glorot Q/K)"
	// PaperFig11Uniform and PaperFig11Deviates are App. B.2's statements
	// of Fig. 11's left and right panels (the centre panel is
	// Fig11Softmax's).
	PaperFig11Uniform  = "Noci et al. 2022, App. B.2 and Fig. 11 (left): with uniform attention and input std 1/√d, the mean of ‖X^ℓ‖² follows Lemma 3.3 (the empirical and theoretical means marked at L = 10)"
	PaperFig11Deviates = "Noci et al. 2022, App. B.2 and Fig. 11 (right): with true softmax attention \"we observe a deviation [from Lemma 3.3] when the standard deviation of the input is increased\" (std 1)"
	// PaperGrid is App. B.2's statement of Fig. 12.
	PaperGrid = "Noci et al. 2022, App. B.2 and Fig. 12: the uniform-attention predictions of the query/key gradient norm show \"a very good agreement with the true gradients\", and \"the smaller the values of the input standard deviation the tighter the agreement\" (read at the smallest σ_x of the grid)"
	// PaperGridRatio is App. B.3's first statement of Fig. 13.
	PaperGridRatio = "Noci et al. 2022, App. B.3 and Fig. 13: \"As the correlation between the tokens increases (x-axis in the global plot), the norm of the gradients of the queries quickly diminishes compared to the one of the values\" (true softmax, equicorrelated Gaussian tokens)"
	// PaperEq17 is eq. (17) of Sec. 3.3.
	PaperEq17 = "Noci et al. 2022, Sec. 3.3, eq. (17): for equicorrelated Gaussian tokens under uniform attention E‖∂S/∂W^V‖² = σ_x² d² (1 + ρ(n − 1))"
	// PaperThm32 is Thm. 3.2.
	PaperThm32 = "Noci et al. 2022, Thm. 3.2 (eq. 9): when all tokens are equal, X^ℓ = 1_n xᵀ, the gradients of the queries and keys vanish"
)

// declared returns a copy of d whose Declared.DataSeeds are seeds, the
// seeds of the runs the check reads (from the runs' records, never typed
// in the declaration).
func declared(d show.Disagreement, seeds ...uint64) *show.Disagreement {
	d.Declared.DataSeeds = slices.Clone(seeds)
	d.Declared.PilotSeeds = slices.Clone(d.Declared.PilotSeeds)
	return &d
}
