package papers

// The statements of the source that the notebooks' claim checks test,
// each quoted or closely paraphrased with where it stands (a check's
// bundle.Metric.Paper is the Text, byte for byte). Statements lists them.

// Noci2023Fig1Shaped is a statement checked in kernel-ext/views/shapedview.
var Noci2023Fig1Shaped = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig1},
	Text: "Noci et al. 2023, Sec. 1 and Fig. 1 (left): with shaped attention the mean token correlation stays at its initial ρ₀ = 0.2, a non-degenerate limit"}

// Noci2023Fig1Vanilla is a statement checked in kernel-ext/views/shapedview.
var Noci2023Fig1Vanilla = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig1},
	Text: "Noci et al. 2023, Sec. 1 and Fig. 1 (left): with vanilla softmax attention and no normalisation the tokens' correlation degenerates to 1 (rank collapse)"}

// Noci2023Fig1Right is a statement checked in lib/shapednet.
var Noci2023Fig1Right = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig1},
	Text: "Noci et al. 2023, Thm. 4.2 and Fig. 1 (right): the law of ρ_T of the shaped-attention network overlaps closely with that of the SDE of Theorem 4.2"}

// Noci2023Fig7Law is a statement checked in lib/shapednet.
var Noci2023Fig7Law = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig7},
	Text: "Noci et al. 2023, Fig. 7: the law of the covariance V_T of the shaped-attention network matches that of the SDE of Theorem 4.2"}

// Noci2023OneStep is a statement checked in kernel-ext/views/shapedview.
var Noci2023OneStep = &Statement{Source: Noci2023, Figures: []*Figure{},
	Text: "Noci et al. 2023, Thm. 4.2: one shaped-attention block changes V by a noise of covariance Σ/n, Σ = γ²(2−γ²)Σ_lin + γ⁴τ₀⁻²𝒜"}

// Noci2023Cor43 is a statement checked in lib/shapednet.
var Noci2023Cor43 = &Statement{Source: Noci2023, Figures: []*Figure{},
	Text: "Noci et al. 2023, Cor. 4.3: the covariance of the shaped Transformer (Eq. 11) converges to the SDE with drift b + b_res and diffusion γ²(4−γ²)Σ_lin + γ⁴τ₀⁻²𝒜"}

// Noci2023Width is a statement checked in lib/shapednet.
var Noci2023Width = &Statement{Source: Noci2023, Figures: []*Figure{},
	Text: "Noci et al. 2023, Thm. 4.2: at fixed T = d/n the shaped-attention network's covariance converges in law to the SDE as n → ∞"}

// Noci2023Fig3SDE is a statement checked in lib/shapednet.
var Noci2023Fig3SDE = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig3},
	Text: "Noci et al. 2023, Thm. 3.2 and Fig. 3: the shaped-ReLU ResNet's ρ_T follows the SDE of Theorem 3.2 (network solid, SDE dashed), for every γ shown"}

// Noci2023Eq21 is a statement checked in kernel-ext/views/shapedview.
var Noci2023Eq21 = &Statement{Source: Noci2023, Figures: []*Figure{},
	Text: "Noci et al. 2023, Eq. (21): the output of the shaped network given V_T is N(0, V_T ⊗ I), so one output unit is a Gaussian scale mixture over the SDE's V_T"}

// Noci2023Fig4Ablation is a statement checked in kernel-ext/views/shapedview.
var Noci2023Fig4Ablation = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig4},
	Text: "Noci et al. 2023, Sec. 4.2 and Fig. 4: \"removing any of the proposed changes individually alters the neural covariance structure, which becomes degenerate for large depths, while the proposed modifications remain stable\""}

// Noci2023Fig5Gamma is a statement checked in kernel-ext/views/shapedview.
var Noci2023Fig5Gamma = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig5},
	Text: "Noci et al. 2023, Sec. 4.4 and Fig. 5: a smaller γ delays the instability: the stopping time t* decreases as γ grows"}

// Noci2023Fig8Gamma is a statement checked in lib/shapednet.
var Noci2023Fig8Gamma = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig8},
	Text: "Noci et al. 2023, Fig. 8: the median stopping time t* decreases with γ (at every τ₀)"}

// Noci2023Fig8Tau is a statement checked in lib/shapednet.
var Noci2023Fig8Tau = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig8},
	Text: "Noci et al. 2023, Fig. 8: the median stopping time t* increases with τ₀"}

// Noci2023Fig2Shaped is a statement checked by trainsweep.InitGrads.Curves and
// seqtf.Code.Checks.
var Noci2023Fig2Shaped = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig2},
	Text: "Noci et al. 2023, Fig. 2 (caption): at initialisation \"shaped attention has stable gradients for both parameters inside and outside the Softmax nonlinearity\" (W^Q and W^V, across depth)"}

// Noci2023Fig2PostLN is a statement checked by trainsweep.InitGrads.Curves and
// seqtf.Code.Checks.
var Noci2023Fig2PostLN = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Fig2},
	Text: "Noci et al. 2023, Fig. 2 (caption): \"only the Post-LN query gradients vanish, but value gradients are stable across depths\""}

// Noci2023Table1Comparable is App. D's statement of Table 1 that
// trainsweep.NociSet.ShapedGaps tests, declared a known disagreement at
// the stored runs' scale (trainsweep.ShapedComparableAtScale).
var Noci2023Table1Comparable = &Statement{Source: Noci2023, Figures: []*Figure{Noci2023Table1},
	Text: "Noci et al. 2023, App. D and Table 1: the shaped Transformer \"(in both variants) achieves comparable performance to standard Transformers\" (MLM test loss 2.03 ± 0.01, Recover γ = 0.2, against 2.07 ± 0.01 for the Pre-LN baseline at d = 18)"}

// Noci2023ShapedTrains is sigprop's reading of Sec. 1 and App. D (Table 1
// has no vanilla row) that trainsweep.NociSet.ShapedGaps tests, declared a
// known disagreement at the stored runs' scale
// (trainsweep.ShapedBetterAtScale).
var Noci2023ShapedTrains = &Statement{Source: Noci2023, Figures: []*Figure{},
	Text: "Noci et al. 2023, Sec. 1 and App. D, as sigprop reads them (Table 1 has no vanilla row): \"the vanilla Softmax-based attention model without LayerNorm fails\" to keep the covariance well conditioned, while \"the shaped Transformer (without LayerNorm) does indeed train\"; so shaping should train better than the same block with vanilla softmax"}
