// Package block holds what the finite-width transformer simulators of
// sigprop share: the one enumeration of attention kinds (Attention) and of
// normalisations and their placement (Norm), and the row kernels every
// attention block is built from (SoftmaxRow, NormalizeRow).
//
//	a_j = e^{v_j − max v}/Σ_ℓ e^{v_ℓ − max v}      SoftmaxRow
//	x ↦ (x − μ)/√(Σ(x − μ)²/d + ε), μ = mean or 0  NormalizeRow (LayerNorm, RMS)
//	A = softmax, shaped I + softmax − 𝟏𝟏ᵀ/m, …     Attention
//	X' = X + αf(X), X + αf(LN X), LN(X + αf(X))    Norm
//
// The simulators, each paired with the theory it checks:
//
//	tokennet   Cowsik et al. 2024 pre-RMS transformer     tokengeom
//	rankblock  Noci et al. 2022 rank-collapse block       rankcollapse
//	shapednet  Noci et al. 2023 shaped Transformer        sde
//	attnspec   random attention matrices and stacks       (closed forms in attnspec)
//	vit        the trainable vision transformer           trainsweep
//
// Each keeps its own forward (and backward) pass: they differ in what they
// cache for their reverse passes and in how they draw weights, and a
// shared pass would reorder the random draws that the committed figures
// were made with. See each package's doc.
package block
