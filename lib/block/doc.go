// Package block holds what the finite-width transformer simulators of
// sigprop share: the one enumeration of attention kinds (Attention) and of
// normalisations and their placement (Norm), and the one implementation of
// the attention matrix from its logits (AttentionRows: softmax, causal
// mask, uniform, and the shaped kinds' identity and centring), on lib/dense's
// row softmax. Products, exponentials, tanh and row normalisation are
// lib/dense's.
//
//	A = softmax(sY), I + softmax(sY) − 𝟏𝟏ᵀ/m, 𝟏𝟏ᵀ/n, …   Attention, AttentionRows
//	X' = X + αf(X), X + αf(LN X), LN(X + αf(X))           Norm
//
// The simulators, each paired with the theory it checks:
//
//	tokennet   Cowsik et al. 2024 pre-RMS transformer     tokengeom
//	rankblock  Noci et al. 2022 rank-collapse block       rankcollapse
//	shapednet  Noci et al. 2023 shaped Transformer        sde
//	attnspec   random attention matrices and stacks       (closed forms in attnspec)
//	vit        the trainable vision transformer           trainsweep
//
// The rest of a block (the products around the attention matrix, the
// residual weights and the MLP) stays in each simulator: they differ in
// weight layout (Y Qᵀ against U W^Q), in the order of the value product
// ((A Y)Vᵀ against A(U W^V)), in their MLPs (tanh with ℓ layers, ReLU or
// linear feed-forward, the shaped ReLU) and in what they cache for their
// reverse passes, and they draw their weights in their own orders, which
// the committed figures were made with. See each package's doc.
package block
