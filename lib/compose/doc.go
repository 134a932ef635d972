// Package compose lets a researcher describe a transformer block once
// (Block: attention kind, norm placement and kind, residual weights and
// their depth scaling on both branches, feed-forward activation, depth and
// widths, weight variances) and get from it both sides of signal
// propagation: the mean-field map of the token geometry composed from
// per-part maps, and a finite-width simulator on lib/block, with the
// check between them.
//
// The theory works on the permutation-symmetric geometry (q, p) of n
// tokens (squared norm q, pair dot product p) of Cowsik et al. 2024
// (arXiv:2403.02579), and on the full token Gram matrix for the shaped
// block's first-order drift (Noci et al. 2023, arXiv:2306.17759):
//
//	NormQP        N(x) = √d x/|x|: (q, p) ↦ (d, d p/q); LN treated as RMS (exact at large d for centred features)
//	AttnQP        softmax: Cowsik et al. eq. (10) at logit variance σ_A²(q/d)² (their Assumption 3.2);
//	              uniform: Noci et al. 2022 Lemma 3.2 (exact); shaped: first order in 1/d (ShapedAttnDrift)
//	FFQP          the mean-field recursion of Poole et al. 2016 (Cowsik et al. eq. 25), any activation.Func
//	ResidualQP    s²(q, p) + b²(q_f, p_f), exact (zero-mean last weights)
//	Block.Map     one block, the parts in the order the block places them; Trajectory over Depth
//	CollapsedQ, FixedPoint, LambdaA   fixed points and the angle exponent (Cowsik et al. Sec. 3.3, eq. 13)
//	LambdaG, CowsikModel              λ_g (Cowsik et al. eqs. 15–20) where the backward derivation carries over
//	ShapedAttnDrift, ShapedReLUDrift, ShapedBlockDrift   Noci et al. 2023 Thm 4.2, Thm 3.2, Cor 4.3 drifts
//
// Special cases, each tested against the existing function: Cowsik's block
// is tokengeom.F, QStar, LambdaA, LambdaG (TestMapIsCowsik); Noci et al.
// 2022's uniform-attention, linear block with and without post-LN and with
// 1/√L branches carries rankcollapse.RhoDepth and Propagate
// (TestMapIsNoci2022); the shaped block's drift is sde.Model.Drift
// (TestShapedDriftIsSDE).
//
// Where the ansatz fails: a causal mask (tokens are not exchangeable; the
// theory refuses it, the simulator runs it); softmax at large logit
// variance (Assumption 3.2, σ_A²(q/d)² ≳ 10); LN on inputs with a common
// feature offset; the shaped map beyond first order in 1/d; and finite
// width in general, whose fluctuations the check measures.
//
// Errors: a Block field out of range is an error wrapping ErrParam naming
// the field and its range (Validate, ParseBlock); a (q, p) outside the
// Gram domain is CheckQP's error; a missing fixed point is ErrNoFixedPoint;
// a block outside the theory ErrNoTheory or ErrNoGradientTheory. The maps
// panic ("compose: ...") on what these reject.
package compose
