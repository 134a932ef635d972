// Package block holds what the finite-width transformer simulators of
// sigprop share: the one enumeration of attention kinds (Attention) and of
// normalisations and their placement (Norm), and the one attention
// sub-block (Attend: projections, attention matrix, value product and
// residual sum, parameterised by kind, causal mask, weight orientation,
// scales, residual weights and value order), built on AttentionRows
// (softmax, causal mask, uniform, the shaped kinds' identity and
// centring) and lib/dense's products and row softmax.
//
//	A = softmax(sY), I + softmax(sY) − 𝟏𝟏ᵀ/m, 𝟏𝟏ᵀ/n, …   Attention, AttentionRows
//	out = λX + γ A U W^V, U = X or Norm(X)              Attend
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
// tokennet, rankblock and shapednet run their attention sub-blocks through
// Attend, each with its own scales in their old places, so their numbers
// are those of their former loops bit for bit. The rest stays in each
// simulator: where the norm sits (the caller passes U), the MLPs (tanh
// with ℓ layers, ReLU or linear feed-forward, the shaped ReLU), the reverse
// passes over what each caches, and the order in which each draws its
// weights, with which the committed figures were made. vit keeps its own
// batched passes (see its doc). See each package's doc.
package block
