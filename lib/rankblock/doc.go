// Package rankblock simulates the single-head transformer blocks of Noci,
// Anagnostidis, Biggio, Orvieto, Singh & Lucchi 2022, "Signal Propagation
// in Transformers: Theoretical Perspectives and the Role of Rank Collapse"
// (NeurIPS 2022, arXiv:2206.03126; notes in lib/sources/noci2022.md), with an
// exact reverse pass, and estimates by Monte Carlo the gradient and
// correlation moments whose formulas are package rankcollapse's. Caller
// bugs panic with a "rankblock:" message.
//
//	S = A X W^V, A = softmax(τ X W^Q W^{K⊤}Xᵀ/√d_k), eqs. (1), (19)
//	                                                AttentionForward (block.Softmax, block.Uniform)
//	residual block with FF and LN, eqs. (2)–(4)     Config (block.NoNorm, PostLN, PreLN), New, Net.Forward
//	exact reverse pass, softmax Jacobian (23)/(24)  Net.Backward, Grads
//	‖∂S/∂W^{Q,K,V}‖², Lemma 3.1, eqs. (6)–(7)       AttnJacobianNorms, AttnGradMC
//	eqs. (17)–(18) (equicorrelated tokens)          AttnGradMC, EquicorrelatedInput
//	‖∂S/∂X‖², eq. (8) and its correction            AttnInputJacobian, AttnInputJacobianMC
//	‖X‖², ‖Σ_k X_k‖², ρ, Lemmas 3.2–3.3, eq. (14)   Stats, Simulate, Profile
//	Assumption 3.1 check (App. B.2, Fig. 12)        UniformityGap, UniformityGapMC
//	the block as a compose.Block (compose.Noci2022) FromBlock, Config.Block
//
// EquicorrelatedInput draws its tokens with empirical.Equicorrelated, the
// input law the theory is stated for; rankblock does not import the theory
// package rankcollapse (its tests do). Config.Heads (heads.go) gives the
// multi-head network of the paper's experiments (Table 2: Table2). Every
// block, one head or several, runs forward through block.Stack (the
// per-head products on gonum's dgemm, as the Table 2 figures were made)
// and back through block.AttendBack (value-first, the centred softmax
// Jacobian, eq. 24 under uniform attention: AttnParams.Centred,
// UniformGrad, SumBack), FeedForwardBack and NormBack.
// ProfileSettings.Workers spreads Simulate's networks over goroutines
// without changing its results.
//
// FromBlock runs any compose.Block of the paper's family (no, pre- or
// post-LN; softmax or uniform attention, heads; a ReLU or linear
// feed-forward of any hidden width; skips 1, 1/√L on both branches or
// neither) and refuses any other with an error wrapping ErrParam naming
// the block's field; compose.Noci2022Table2 is Table2.
package rankblock
