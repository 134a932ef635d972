// Package block is the one transformer block of sigprop's finite-width
// simulators: the enumeration of attention kinds (Attention) and of
// normalisations and their placement (Norm), the attention sub-block
// (Attend: projections, attention matrix, one head or several, value
// product and residual sum; its reverse pass AttendBack), the feed-forward
// sub-block (FeedForward: tanh with ℓ layers, ReLU, linear, shaped ReLU,
// or any activation.Func with the Activation kind, φ and φ′ from the Func
// and nothing else, with residual sum; its reverse pass FeedForwardBack),
// the norms' pullbacks (NormBack), the block that places the norm around them
// (Forward, set by a Spec) and the stack of blocks (Stack), all on
// lib/dense's products, row softmax, norms and tanh.
//
//	A = softmax(sY), I + softmax(sY) − 𝟏𝟏ᵀ/m, 𝟏𝟏ᵀ/m, …   Attention, AttentionRows
//	(m tokens of width d; the simulators' own docs may call the token count n)
//	Z = λ_A X + γ_A A U W^V, U = X or Norm(X)           Attend
//	out = λ_M Z + γ_M φ(⋯φ(s U W⁰)⋯) W^ℓ                FeedForward, MLP, FFParams.Act
//	no norm, pre-LN/RMS, post-LN around both           Norm, Spec, Forward, Stack
//	∂/∂U, ∂/∂W^{Q,K,V} of the attention branch          AttendBack, AttnGrads
//	∂/∂U and ∂/∂W^k of the feed-forward branch          FeedForwardBack
//	∂/∂X of LN, RMS, √d x/|x|                           NormBack
//
// The simulators, each paired with the theory it checks:
//
//	tokennet   Cowsik et al. 2024 pre-RMS transformer     tokengeom
//	rankblock  Noci et al. 2022 rank-collapse block       rankcollapse
//	shapednet  Noci et al. 2023 shaped Transformer        sde
//	attnspec   random attention matrices and stacks       (closed forms in attnspec)
//	vit        the trainable vision transformer           trainsweep
//
// tokennet and rankblock (one head and several) run their networks through
// Stack and their reverse passes through AttendBack, FeedForwardBack and
// NormBack; shapednet's Forward runs each layer through Forward. The
// scales sit where each simulator has always put them and the sums round
// as each did (FFParams.Separate, AttnParams.ValueFirst, Centred,
// UniformGrad, SumBack, Spec.SqrtD), so their numbers are those of their
// former loops bit for bit (TestGoldenBits). What stays in each simulator:
// the order in which it draws its weights (with which the committed
// figures were made), the order of the parts in its reverse pass, and
// shapednet's reduced chain in V_ℓ.
//
// vit keeps its own batched passes: it projects, normalises and runs the
// MLP on all B·n rows of a batch at once, where Forward works on one
// sequence (and its shaped attention rounds as SY + Y − mean, not as
// AttentionRows). Run per sequence through Forward, vit's forward blocks
// give the same bits for its default block but took 1.7–2.5× as long
// (4 blocks, batch 64, n = 17, d = 64: 41–60 ms against 19–27 ms, on a
// shared, loaded 2-core machine), a cost its train step would carry, so
// vit is not moved.
package block
