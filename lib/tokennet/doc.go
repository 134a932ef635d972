// Package tokennet simulates the random pre-norm transformer of Cowsik,
// Nebabu, Qi & Ganguli 2024, "Geometric Dynamics of Signal Propagation
// Predict Trainability of Transformers" (arXiv:2403.02579; notes in
// lib/sources/cowsik2024.md), forward and backward, and measures
// the token geometry whose infinite-width maps and exponents are package
// tokengeom's. Weights come from an explicit *rand.Rand; caller bugs panic
// with a "tokennet:" message.
//
//	attention block, eq. (1); MLP block, eq. (2);   TransformerConfig, PaperTransformer,
//	Norm, eq. (3); residual layer, eq. (4)          NewTransformer, Transformer.Forward
//	∂(X^L·R)/∂X^0 (hand-written reverse pass)       Transformer.Backward
//	q, p of eqs. (22)–(23)                          TokenGeometry, Transformer.LayerGeometry
//	permutation-symmetric tokens (App. A)           SymmetricTokens, NewSymmetricTokens
//	two-group tokens, eq. (12); p1/p2 (Fig. 3)      TwoGroupTokens, GroupDots, SimulateSymmetryRestoration
//	λ_a = ln[(1 − p′/q′)/(1 − p/q)], eq. (24)       NumericAngleExponent (tokengeom.LambdaA)
//	λ_g = (1/L) ln(|g|²/(nd)) (Sec. 4.2)            NumericGradientExponent (tokengeom.LambdaG)
//	per-layer q/d, p/q curves (Fig. 2)              SimulateLayerGeometry, TokenSqNorms, PairCosines
//	per-layer histograms of norms, cosines (Fig. 2) SimulateLayerHistograms
//	the block as a compose.Block (compose.Cowsik)   FromBlock, TransformerConfig.Block
//
// The network runs through block.Stack (pre-RMS √d x/|x|, softmax
// attention, an MLP with ℓ layers of tanh, or of any activation.Func
// through TransformerConfig.Act, its residual weights) and back
// through block.AttendBack, FeedForwardBack and NormBack (value-last, the
// softmax Jacobian uncentred). TransformerConfig.Workers spreads the
// Monte Carlo functions over goroutines: the networks are drawn in
// order from the one rng, so the results do not depend on it.
//
// FromBlock runs any compose.Block of the paper's family (pre-RMS,
// softmax, causal or not, one head, hidden width d, σ_o = σ_w, skips
// √(1−α²) at the block's depth) and refuses any other with an error
// wrapping ErrParam naming the block's field; the cross-simulator test
// runs one block through it and through compose.Simulate.
package tokennet
