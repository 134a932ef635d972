// Package seqtf is the small sequence-to-sequence transformer encoder of
// the toy experiment of Noci, Anagnostidis, Biggio, Orvieto, Singh and
// Lucchi, "Signal Propagation in Transformers: Theoretical Perspectives
// and the Role of Rank Collapse", NeurIPS 2022 (arXiv:2206.03126), Fig. 6
// and App. C.1: token embedding plus sinusoidal positions, L encoder
// blocks with one attention head and a two-layer ReLU feed-forward, POST-LN
// or without LayerNorm, residual weights α₁, α₂ (trainable if asked, for
// their Fig. 15 and for ReZero), and a linear read-out at every position,
// trained to reverse a sequence of digits; and, with a causal mask, the
// PRE-LN block, shaped attention and the shaped ReLU, the causal language
// model of Noci et al. 2023, Fig. 2 (arXiv:2306.17759), whose gradient
// norms at initialisation InitGradNorms measures.
//
// The block (their eq. 3 with α̃ = 1 and PyTorch's nn.TransformerEncoderLayer
// with norm_first = False, to which it is equal at α = 1):
//
//	S      = softmax(τ (X W^Q + b^Q)(X W^K + b^K)ᵀ/√d)        (eq. 19; τ = 1 unless set)
//	ATT(X) = S (X W^V + b^V) W^O + b^O
//	X^(A)  = LN₁(X + α₁ ATT(X))
//	X'     = LN₂(X^(A) + α₂ (ReLU(X^(A) W¹ + b¹) W² + b²))
//
// with LN(u) = γ ⊙ (u − ū)/√(var u + ε) + β per token (NoLN drops both;
// PreLN applies them to the branch inputs instead, X + α₁ ATT(LN₁ X)), then
// logits X^L W^H + b^H and the mean per-position cross-entropy. Shaped
// attention replaces S by I + S − C with logits QKᵀ/(τ₀ d) (Noci et al.
// 2023, eq. 9; C the uniform or, under the causal mask, the causal
// averaging matrix), and Skip scales both skips by λ (their eq. 11).
//
// Which function computes what:
//
//	Model.Loss, Model.LossGrad     the forward pass and the hand-written reverse
//	                               pass (TestGradientFiniteDifference; TestMatchesPyTorch
//	                               against PyTorch's own modules)
//	Sinusoidal                     the positional encodings (Vaswani et al. 2017)
//	ReverseBatch                   the task: 20 digits, reversed (App. C.1)
//	RunReverse                     Adam training recording the effective learning
//	                               rate lr/(√v̂ + ε) of each block's W^Q, W^K, W^V
//	                               (Fig. 6), α₁, α₂, the mean token cosine ρ^ℓ (eq. 5)
//	                               and the token norm per block (Fig. 15)
//	ReverseVariants                Fig. 6's POST-LN model, the no-LN trainable-α
//	                               model of the Fig. 15 analogue and ReZero
//	Fig6Stats, Fig15Stats,         the seed statistics the notebook checks
//	SolveStep
//	Stored (ReadStored)            the stored runs: Fig6, Fig15, ProvenanceTable,
//	                               ReZeroTable (SolveAccuracy); Fig6.Curves,
//	                               Fig6.GapCurves, Fig15.Curves as result.Curves
//	Fig6.Checks, Fig15.Checks      the claims of Figs. 6 and 15 (t quantile over the
//	(SlightRise, ConstantShare)    seeds), four declared known disagreements as
//	                               result.Disagreement: Fig6EveryBlock, Fig6Constant,
//	                               Fig15Alpha, Fig15Slight (claims.go)
//	InitGradNorms, Trend           ‖∇W^Q_ℓ‖, ‖∇W^V_ℓ‖ at initialisation and their
//	                               change over depth (Noci et al. 2023, Fig. 2)
//	CodeVariants                   its shaped, Pre-LN and Post-LN causal blocks
//	CodeSettings.Run (CodeFig2Settings) those blocks on the stored Go windows
//	                               (lib/gocorpus): Code.Curves, the per-block
//	                               geometric means ± SE as a result.Curves, CorpusTable;
//	                               Code.Checks (CodeStable, CodeVanish), one declared
//	                               known disagreement, CodePostLNValue
//	FromBlock                      a compose.Block as an encoder (what it runs and what it
//	                               refuses, with ErrParam naming the field: its doc);
//	                               Fig. 2's Pre-LN and Post-LN blocks composed are CodeVariants'
//
// Unstated in the paper and chosen here (and recorded with the stored
// runs): the feed-forward width (4d = 64), the batch (64 fresh sequences a
// step), the number of steps (800), Adam's ε (1e-8), no dropout, and
// PyTorch's default initialisation (Model.Init).
//
// Randomness comes from explicit *rand.Rand sources; same seed, same
// bits. A Model is not safe for concurrent use.
package seqtf
