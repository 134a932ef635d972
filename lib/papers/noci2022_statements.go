package papers

// The statements of the source that the notebooks' claim checks test,
// each quoted or closely paraphrased with where it stands (a check's
// bundle.Metric.Paper is the Text, byte for byte). Statements lists them.

// Noci2022Lemmas is Lemmas 3.2–3.3 under the uniform-attention
// assumption, which the uniform runs of Fig. 8 and the left panel of
// Fig. 11 test.
var Noci2022Lemmas = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig8, Noci2022Fig11},
	Text: "Noci et al. 2022, Lemmas 3.2–3.3 (eqs. 10–12), App. A.4 and Fig. 8: under the uniform-attention assumption with linear activations and no LN, E C(X^ℓ) and E‖X^ℓ‖², and so the correlation ρ^ℓ, propagate as eqs. (10)–(12) give them, with and without the 1/√L scaling"}

// Noci2022Stabilised is App. B.1's statement of Fig. 8.
var Noci2022Stabilised = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig8},
	Text: "Noci et al. 2022, App. B.1 and Fig. 8: \"with an adequate depth-dependent residual scaling, the norm and the correlation are stabilized, even for very deep networks\""}

// Noci2022UnscaledAligns is Sec. 3.2's statement on ρ^ℓ without the
// scaling.
var Noci2022UnscaledAligns = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig8},
	Text: "Noci et al. 2022, Sec. 3.2 (Thm. 3.3, App. A.4) and Fig. 8: without the 1/√L scaling \"ρ^ℓ reaches values close to one even for relatively shallow networks\""}

// Noci2022PreLNSlower is Sec. 3.2's statement of Fig. 4 without the
// scaling.
var Noci2022PreLNSlower = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig4},
	Text: "Noci et al. 2022, Sec. 3.2 and Fig. 4: \"without the residual scaling, PRE-LN seems to alleviate the rate of increase of ρ\" (against POST-LN and no LN)"}

// Noci2022ReLU is the ReLU extension of Sec. 3.2 and App. B.1, Fig. 10.
var Noci2022ReLU = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig10},
	Text: "Noci et al. 2022, Sec. 3.2 (ReLU extension), App. B.1 and Fig. 10: with ReLU instead of the linear activation the correlation increases even faster with depth (\"the rank collapses even faster\")"}

// Noci2022Fig1Caption is Fig. 1's caption, read at initialisation.
var Noci2022Fig1Caption = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig1},
	Text: "Noci et al. 2022, Fig. 1 caption: \"Unless adequate residual scaling is used at initialization, increasing depth leads to an increase in the tokens' alignment at initialization\" (POST-LN)"}

// Noci2022AlphaOrder is Fig. 3's caption on panel (a).
var Noci2022AlphaOrder = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig3},
	Text: "Noci et al. 2022, Fig. 3(a) caption: \"larger values of α₁, α₂ imply a faster token alignment with depth (Theorem 3.3)\" (POST-LN, Table 2)"}

// Noci2022QKDiminish is Fig. 3's caption on panel (b).
var Noci2022QKDiminish = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig3},
	Text: "Noci et al. 2022, Fig. 3(b) caption (Thm. 3.2, eq. 18): \"Gradients for the queries-keys diminish with depth\" as the tokens align (POST-LN, Table 2)"}

// Noci2022ValuesGrow is Fig. 3's caption on panel (c).
var Noci2022ValuesGrow = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig3},
	Text: "Noci et al. 2022, Fig. 3(c) caption (eq. 17): gradients for the queries-keys diminish with depth, \"while the opposite happens for the values\": the value gradient norms grow with depth relative to the first layer (POST-LN, Table 2)"}

// Noci2022ScalingKeepsQK is Sec. 3.3's statement on Fig. 3 under the
// scaling.
var Noci2022ScalingKeepsQK = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig3},
	Text: "Noci et al. 2022, Sec. 3.3 and Fig. 3: \"inappropriate scaling of the residual branches can already lead to this phenomenon [vanishing query/key gradients] even in a relatively shallow network\"; with the 1/√L scaling the query/key gradients are kept"}

// Noci2022PreLNCorrelation, PaperPreLNQK and PaperPreLNValues are App.
// B.1's statements of Fig. 9.
var Noci2022PreLNCorrelation = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig9},
	Text: "Noci et al. 2022, App. B.1 and Fig. 9: \"the increase in correlation with depth for PRE-LN is much less wild\" than with POST-LN (Fig. 3)"}

// Noci2022PreLNQK is a statement checked in lib/rankexp.
var Noci2022PreLNQK = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig9},
	Text: "Noci et al. 2022, App. B.1 and Fig. 9: with PRE-LN the slower rise of the correlation \"also results in better stabilized gradients for the queries and keys' parameters\" than with POST-LN"}

// Noci2022PreLNValues is a statement checked in lib/rankexp.
var Noci2022PreLNValues = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig9},
	Text: "Noci et al. 2022, App. B.1 and Fig. 9: \"We also observe the opposite trend for the gradients of the values, in relation to the POST-LN case in Figure 3\""}

// Noci2022Uniformity is App. A.5's statement of Fig. 7.
var Noci2022Uniformity = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig7},
	Text: "Noci et al. 2022, App. A.5 and Fig. 7: (1/n²)‖A − 11ᵀ/n‖², averaged over 200 runs, \"tends to zero with a trend inversely proportional to d_k²\" (d_v = 100, Glorot Q/K)"}

// Noci2022Fig11Uniform and PaperFig11Deviates are App. B.2's statements
// of Fig. 11's left and right panels (the centre panel is
// Fig11Softmax's).
var Noci2022Fig11Uniform = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig11},
	Text: "Noci et al. 2022, App. B.2 and Fig. 11 (left): with uniform attention and input std 1/√d, the mean of ‖X^ℓ‖² follows Lemma 3.3 (the empirical and theoretical means marked at L = 10)"}

// Noci2022Fig11Deviates is a statement checked in lib/rankexp.
var Noci2022Fig11Deviates = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig11},
	Text: "Noci et al. 2022, App. B.2 and Fig. 11 (right): with true softmax attention \"we observe a deviation [from Lemma 3.3] when the standard deviation of the input is increased\" (std 1)"}

// Noci2022Grid is App. B.2's statement of Fig. 12.
var Noci2022Grid = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig12},
	Text: "Noci et al. 2022, App. B.2 and Fig. 12: the uniform-attention predictions of the query/key gradient norm show \"a very good agreement with the true gradients\", and \"the smaller the values of the input standard deviation the tighter the agreement\" (read at the smallest σ_x of the grid)"}

// Noci2022GridRatio is App. B.3's first statement of Fig. 13.
var Noci2022GridRatio = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig13},
	Text: "Noci et al. 2022, App. B.3 and Fig. 13: \"As the correlation between the tokens increases (x-axis in the global plot), the norm of the gradients of the queries quickly diminishes compared to the one of the values\" (true softmax, equicorrelated Gaussian tokens)"}

// Noci2022GridTheoryRho is App. B.3's first takeaway read on Fig. 14, the
// ratio "expected by the theory" (eqs. (17) and (18)).
var Noci2022GridTheoryRho = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig14},
	Text: "Noci et al. 2022, App. B.3 and Fig. 14 (\"the one expected by the theory\", eqs. (17) and (18)): \"As the correlation between the tokens increases (x-axis in the global plot), the norm of the gradients of the queries quickly diminishes compared to the one of the values\""}

// Noci2022GridTheorySigma is App. B.3's second takeaway read on Fig. 14.
var Noci2022GridTheorySigma = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig14},
	Text: "Noci et al. 2022, App. B.3 and Fig. 14 (eqs. (17) and (18)): \"The dependence on the variance of the input σ_x² is different (y-axis in the global plot), being linear for the values and cubic for the queries\""}

// Noci2022Eq17 is eq. (17) of Sec. 3.3.
var Noci2022Eq17 = &Statement{Source: Noci2022, Figures: []*Figure{},
	Text: "Noci et al. 2022, Sec. 3.3, eq. (17): for equicorrelated Gaussian tokens under uniform attention E‖∂S/∂W^V‖² = σ_x² d² (1 + ρ(n − 1))"}

// Noci2022Thm32 is Thm. 3.2.
var Noci2022Thm32 = &Statement{Source: Noci2022, Figures: []*Figure{},
	Text: "Noci et al. 2022, Thm. 3.2 (eq. 9): when all tokens are equal, X^ℓ = 1_n xᵀ, the gradients of the queries and keys vanish"}

// Noci2022Eqs17to18 is Sec. 3.3's reading of eqs. (17)–(18) that the
// probe's gradient check (trainsweep.ProbeResult.GradRatio) tests.
var Noci2022Eqs17to18 = &Statement{Source: Noci2022, Figures: []*Figure{},
	Text: "Noci et al. 2022, Sec. 3.3, eqs. (17)–(18): when the tokens are correlated the gradients of the queries (and keys) are smaller than those of the values, by a factor that vanishes as ρ → 1"}

// Noci2022Fig6Gap is the statement of Noci et al. 2022 that seqtf.Fig6.Checks and
// the probe's effective-learning-rate check (trainsweep.ProbeResult.EffLR)
// test.
var Noci2022Fig6Gap = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig6},
	Text: "Noci et al. 2022, Sec. 3.3 and Fig. 6: with Adam \"the effective learning rate is increasingly larger (with depth) for the queries compared to the values\""}

// Noci2022Fig15Trained is the passage of Noci et al. 2022 that seqtf.Fig15.Checks test.
var Noci2022Fig15Trained = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig15},
	Text: "Noci et al. 2022, App. C.3 and Fig. 15 (their best IWSLT'14 model, trainable α₁, α₂): \"Although these values increase during training, the correlation between the tokens does not significantly increase … The norm of the propagated forward signal tends to slightly increase with depth.\""}

// Noci2022SoftmaxLemmas is the reading of App. B.1 that Fig8SoftmaxLemmas (lib/rankexp) declares a known disagreement.
var Noci2022SoftmaxLemmas = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig8},
	Text: "Noci et al. 2022, App. B.1 and Fig. 8 (sigprop's reading): the norm and the correlation propagate as Lemmas 3.2–3.3 give them (eqs. 10–15), stabilised under 1/√L even for very deep networks"}

// Noci2022Fig11Softmax is App. B.2's statement of Fig. 11's centre panel, a known disagreement (Fig11Softmax of lib/rankexp).
var Noci2022Fig11Softmax = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig11},
	Text: "Noci et al. 2022, App. B.2 and Fig. 11 (centre): with true softmax attention and input std 1/√d \"the uniform-attention assumption provide[s] an excellent approximation\": the mean of ‖X^ℓ‖² follows Lemma 3.3 like the uniform panel's"}

// Noci2022Fig4LN is Sec. 3.2's statement of Fig. 4 under the scaling, a known disagreement (Fig4LN of lib/rankexp).
var Noci2022Fig4LN = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig4},
	Text: "Noci et al. 2022, Sec. 3.2 and Fig. 4: \"in the presence of the 1/√L-scaling, layer normalization (either PRE or POST) does not significantly affect the evolution of the correlations\": PRE-LN and POST-LN propagate the correlation as without LN"}

// Noci2022Fig5KeepsUp is Sec. 5's statement of Fig. 5 that
// trainsweep.NociSet.Fig5Gaps tests at every stored depth.
var Noci2022Fig5KeepsUp = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig5},
	Text: "Noci et al. 2022, Sec. 5 and Fig. 5: SGD with res-scale 1/√L and the inverse temperature (no LayerNorm) is \"keeping up and in some cases surpassing any results achieved by the Adam optimizer\", at every depth of the figure"}

// Noci2022Fig5Deeper is Sec. 5's statement of Fig. 5 on depth, which
// trainsweep.NociSet.Fig5Gaps tests between the deepest and the shallowest
// stored depth.
var Noci2022Fig5Deeper = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Fig5},
	Text: "Noci et al. 2022, Sec. 5 and Fig. 5: with res-scale 1/√L and the inverse temperature \"we are also able to train deeper networks without the use of layer normalization\""}

// Noci2022Table1TauOverRes, Noci2022Table1ResOverPost,
// Noci2022Table1AdamOverSGD and Noci2022Table1TauAsAdam are the orderings
// of Table 1's BLEU scores that trainsweep.NociSet.Table1Gaps tests (the
// first declared a known disagreement, trainsweep.TauAtScale).
var (
	Noci2022Table1TauOverRes = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Table1},
		Text: "Noci et al. 2022, Table 1 (BLEU on IWSLT'14): SGD with res-scale 1/√L and τ (35.69) trains better than SGD with res-scale alone (32.79)"}
	Noci2022Table1ResOverPost = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Table1},
		Text: "Noci et al. 2022, Table 1 (BLEU on IWSLT'14): SGD with res-scale 1/√L (32.79) trains better than SGD with POST-LN (31.36)"}
	Noci2022Table1AdamOverSGD = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Table1},
		Text: "Noci et al. 2022, Table 1 (BLEU on IWSLT'14): Adam with POST-LN (35.39) trains better than SGD with POST-LN (31.36)"}
	Noci2022Table1TauAsAdam = &Statement{Source: Noci2022, Figures: []*Figure{Noci2022Table1},
		Text: "Noci et al. 2022, Table 1 (BLEU on IWSLT'14): SGD with res-scale 1/√L and τ (35.69) trains as well as Adam with POST-LN (35.39)"}
)
