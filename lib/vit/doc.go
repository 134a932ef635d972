// Package vit is the small vision transformer of the trainability
// experiment of Cowsik, Nebabu, Qi and Ganguli, "Geometric Dynamics of
// Signal Propagation Predict Trainability of Transformers", arXiv:2403.02579
// (2024), Sec. 5, Fig. 7 and App. D: p×p patches of a grey-scale image plus
// a class token, L blocks of the paper's eq. (4) (those of lib/tokennet, so
// lib/tokengeom's λ_a and λ_g describe it at initialisation), a LayerNorm on
// the class token and a linear head, with exact hand-written gradients of
// every parameter (Model.LossGrad, checked against finite differences and
// PyTorch), cross-entropy, Adam and SGD as in PyTorch, and Train.
//
// FromBlock runs a block composed in lib/compose on the image task
// (ImageTask) where vit has its fields, and refuses the others with an
// error naming them; compose.Cowsik at the paper's sizes is PaperConfig.
//
// Config's variant fields (all off at their zero values: the paper's block
// bit for bit) give the comparisons of Noci et al. 2022 (residual scaling,
// τ, no norm) and of the shaped Transformer of Noci et al. 2023 (shaped
// attention, eq. 9; the shaped ReLU) against vanilla and Pre-LN blocks.
// Products, softmax and tanh run on lib/dense; the same seed gives the same
// bits on a given kernel path. A Model is not safe for concurrent use. The
// model's equations, the variants' derivations, the tensor layout, the
// initialisation and the kernels are described in doc.go below the package
// clause.
package vit

// Implementation notes (not part of the package documentation).
//
// # Model (lib/sources/cowsik2024.md#protocol-trainability, App. D)
//
// A grey-scale image of Rows×Cols pixels is cut into non-overlapping p×p
// patches, giving n−1 = (Rows/p)(Cols/p) patch vectors of dimension P = p².
// The n tokens of X⁰ ∈ ℝ^{n×d} are
//
//	X⁰_0 = c + e_0                  (class token, learned c ∈ ℝ^d)
//	X⁰_j = E x_j + b + e_j,  j ≥ 1  (linear patch embedding E ∈ ℝ^{d×P})
//
// with learned positional embeddings e_j. Then L blocks of eq. (4),
//
//	X^(A) = α̃_A X + α_A ATT(Norm X),   ATT(Y)_i = V Σ_j A_ij Y_j,
//	A_ij  = softmax_j((QY_i)·(KY_j)/√d)                          (eq. 1)
//	X'    = α̃_M X^(A) + α_M W^ℓ φ(W^{ℓ−1}⋯φ(W⁰ Norm X^(A)))      (eq. 2)
//	Norm(X_i) = √d X_i/|X_i|                                      (eq. 3)
//
// with φ = tanh, α̃² = 1 − α² and no biases; then a LayerNorm (learned
// gain γ and shift β, ε = 1e-5, as PyTorch's nn.LayerNorm) on the class
// token X^L_0 and a linear head (H, h) to the C logits. The loss is the
// mean cross-entropy over the batch; uniform guessing scores ln C.
//
// # Variants
//
// Config's variant fields, all off at their zero values (the paper's block
// above, bit for bit), prepare the comparisons of Noci et al. 2022
// (arXiv:2206.03126) and of the shaped Transformer of
//
//	L. Noci, C. Li, M. B. Li, B. He, T. Hofmann, C. Maddison, D. M. Roy,
//	"The Shaped Transformer: Attention Models in the Infinite
//	Depth-and-Width Limit", NeurIPS 2023 (arXiv:2306.17759),
//
// against the vanilla and Pre-LN blocks on the same task. Notation: lib/sources/noci2023.md's
// width n, number of tokens m, depth d, key dimension n_k, skip
// weight λ and branch weight γ are here d, n, L, d, α̃ and α.
//
// Residual = Identity gives the standard residual X + α·branch (α̃ = 1;
// α = 1/√L is the depth scaling of Noci et al. 2022). With the default
// UnitNorm, α̃² = 1 − α² plays the role of the notes' (lib/sources/noci2023.md) λ² + γ² = 1
// (λ = α̃, γ = α); the shaped Transformer (eq. 11) uses the same γ in
// both sub-blocks, AlphaA = AlphaM = γ.
//
// InvTemp = τ scales the Softmax logits to τ(QY_i)·(KY_j)/√d.
//
// Attention = Shaped is eq. (9) of Noci et al. 2023,
//
//	A = I + softmax(ℓ) − (1/n)11ᵀ,  ℓ_ij = (QY_i)·(KY_j)/(τ₀d),
//
// with τ₀ = Tau0 (0 means 1; InvTemp must then be 0). Why this is the
// notes' Y/τ, τ = τ₀√(n n_k): the notes' (lib/sources/noci2023.md) logits are
// Y^N = X(W^Q/√n)(W^K/√n)ᵀXᵀ with W^Q, W^K iid N(0, 1) and n = n_k = d
// here. Our Q, K have entries N(0, σ_A/d), so W^Q := √(d/σ_A)Qᵀ has
// N(0, 1) entries and (QY_i)·(KY_j) = σ_A Y^N_ij; hence
//
//	ℓ_ij = σ_A Y^N_ij/(τ₀√(d·d)) = σ_A Y^N_ij/τ,
//
// exactly the notes' (lib/sources/noci2023.md) scaling at σ_A = 1 (PaperConfig's σ_A² = 1) and the
// notes' with τ₀/σ_A in place of τ₀ otherwise. Against the Softmax logits
// (QY_i)·(KY_j)/√d (the notes' (lib/sources/noci2023.md) standard τ = √n_k) this is the extra
// 1/(τ₀√n) of the notes' (lib/sources/noci2023.md) modification (c), the same as its App. D recipe
// (Q, K entries of variance d^{−3/2}). Size: for tokens with |Y_i|² ≈ d
// (exact under RMSNorm; V^αα = O(1) in the notes (lib/sources/noci2023.md)), (QY_i)_k ~ N(0, σ_A)
// so the dot product over d coordinates is O(√d) and ℓ = O(d^{−1/2});
// then softmax(ℓ)_i − 1/n = (ℓ_i − mean_j ℓ_ij)/n + O(1/d), so
// A − I = O(d^{−1/2}). Each row of A − I sums to zero (tested). The
// forward pass keeps S = softmax(ℓ) and computes AY = SY + Y − 1ȳᵀ
// (ȳ the token mean of Y); the blocks are acausal, so the masked
// centring is not needed, and the trainable γ₁, γ₂ of eq. (33) are not
// implemented (A is fixed at γ₁ = γ₂ = 1).
//
// Norm = NoNorm feeds X itself to both branches (the shaped Transformer
// has no LayerNorm in its blocks; ErrNonFinite then comes from a
// finiteness check of each branch input instead of the norm).
//
// Activation = ShapedReLU is φ(x) = √c σ_s(x) with
//
//	σ_s(x) = s₊max(x, 0) + s₋min(x, 0),  s₊ = 1,  s₋ = 1 − 1/√d,
//	c = 2/(s₊² + s₋²)
//
// (App. D: c₊ = 0, c₋ = −1 in s_± = 1 + c_±/√n), c being the He constant
// of eq. (4), c⁻¹ = E σ_s(g)², so that E φ(h)² = E h² for Gaussian h.
// With MLPLayers = 1 and σ_w = 1 (W⁰, W¹ ~ N(0, 1/d)) the MLP branch
// W¹φ(W⁰X) is eq. (4)'s σ_s(XW^pre/√n)√(c/n)W^post in law; with more
// layers every hidden layer keeps that variance scale. The slopes are
// fixed (the "Learn"/"Recover" schedules of s₋ are not implemented).
// The tanh path (and its assembly kernel, dense.Tanh) is untouched; the shaped ReLU
// is plain Go.
//
// The settings of the comparison (Noci et al. 2023, Fig. 1; the notes (lib/sources/noci2023.md)
// leaves the baselines' activation open):
//
//	shaped:  Attention Shaped, Norm NoNorm, Activation ShapedReLU,
//	         MLPLayers 1, SigmaW 1, SigmaA2 1, AlphaA = AlphaM = γ
//	vanilla: the same with Attention Softmax (τ = 1: the notes' (lib/sources/noci2023.md) √n_k)
//	Pre-LN:  Residual Identity, AlphaA = AlphaM = 1, Norm RMSNorm,
//	         Attention Softmax
//
// Pre-LN here normalises the branch inputs by the parameter-free RMS map
// √d x/|x| of eq. (3), not by a learned LayerNorm: there is no
// subtraction of the feature mean, no learned gain or shift and no ε.
// (The notes' (lib/sources/noci2023.md) own Fig. 1 simulation of Pre-LN makes the same
// approximation; at initialisation a LayerNorm with γ = 1, β = 0 differs
// from it only by the mean subtraction and ε.) A learned per-block
// LayerNorm is not implemented.
//
// In every variant the LayerNorm (learned γ, β) on the class token
// before the head stays; the shaped Transformer here therefore has one
// LayerNorm, at the read-out only (the notes' (lib/sources/noci2023.md) read-out, eq. 21, is
// linear).
//
// IsPaperBlock (and Transformer) hold only for the all-default block.
// Every variant and the combinations above are covered by the gradient
// check and by TestVariantBlocksMatchNaive (a loop implementation written
// in the notes' (lib/sources/noci2023.md) normalisation); TestVariantLimits, TestShapedTau0Limit
// and TestNoNormIdentityBlock check limits (α = 0: identity blocks;
// τ → 0: uniform attention; τ₀ → ∞: A → I, within an explicit
// O(1/τ₀) bound).
//
// # Parameter tensors
//
// Tensors lists every parameter with its gradient (after LossGrad) under
// these names, in this (layout) order; ℓ = MLPLayers, t the block index
// 0..L−1 counted from the input:
//
//	block<t>.Q, block<t>.K, block<t>.V   d×d   attention weights
//	block<t>.W0 .. block<t>.W<ℓ>         d×d   MLP weights W⁰..W^ℓ
//	embed.E   d×P   patch embedding      embed.b    1×d   its bias
//	embed.cls 1×d   class token c        embed.pos  n×d   positions e_j
//	head.gamma, head.beta   1×d   final LayerNorm
//	head.H    C×d   head weights         head.h     1×C   head bias
//
// so the gradient norms of Noci et al. 2023, Fig. 2 (per-layer
// |∇_{W^V}|, |∇_{W^Q}|) are those of the Grad of "block<t>.V" and
// "block<t>.Q".
//
// # Initialisation
//
// The block weights follow Sec. 2 of the paper and tokennet.Transformer:
// Q, K ~ N(0, σ_A/d), V ~ N(0, 1/d), W^k ~ N(0, σ_w²/d), drawn block by
// block in the order Q, K, V, W⁰..W^ℓ, row-major, first from the rng, so
// that the block stack reproduces tokennet.Transformer draw for draw
// (TestBlocksMatchTokennet). Then E, b ~ U(±1/√P) and H, h ~ U(±1/√d)
// (PyTorch's nn.Linear default), c, e_j ~ N(0, 1) (the paper's "randomly
// initialised"; lib/sources/cowsik2024.md#protocol-trainability), γ = 1, β = 0.
//
// # Gradients
//
// Model.LossGrad runs the forward pass and a hand-written reverse pass
// through the head, the LayerNorm, every block (the same Norm, softmax and
// tanh pullbacks as tokennet.Transformer.Backward, which only returns
// ∂/∂X⁰; they are re-implemented here because tokennet keeps them
// unexported and they must also accumulate the weight gradients) and the
// embeddings (the variants' pullbacks: the centring I − 11ᵀ/n is
// symmetric, so dY gains (I − 11ᵀ/n)dZ; NoNorm passes dY through; the
// shaped ReLU multiplies by its slope on the side of 0 of the
// pre-activation). TestGradientFiniteDifference checks every parameter
// tensor of every variant against central finite differences.
//
// # Why the block is not package block's
//
// The attention kinds are package block's (AttentionKind is block.Attention;
// vit supports Softmax and Shaped), but the forward and backward passes
// stay here rather than in block.Forward, which tokennet, rankblock and
// shapednet share: vit projects, normalises and runs the MLP on all B·n
// rows of a batch at once and fuses the norm, softmax and tanh pullbacks
// into its batched passes, where block.Forward works on one sequence. Run
// per sequence through block.Forward, vit's forward blocks give the same
// bits for the default block but took about twice as long (see package
// block's doc), and the training step is the hot loop of the trainability
// sweep. TestBlocksMatchTokennet holds vit and tokennet to the same
// numbers instead. NormKind stays vit's own: RMS pre-norm is its zero
// value, as the configurations stored with the committed sweeps encode it.
//
// # Optimisers
//
// Adam follows torch.optim.Adam (Kingma & Ba 2015, arXiv:1412.6980) with
// PyTorch's defaults and no weight decay; SGD is torch.optim.SGD with
// optional momentum. Train runs seeded mini-batch training.
//
// # Kernels and reproducibility
//
// Matrix products, the attention softmax and the MLP's tanh run on the
// kernels of lib/dense: on amd64 CPUs with AVX2 and FMA a packed 6×8
// register-blocked fused-multiply-add Gemm (8×16 on zmm registers where the
// CPU has AVX-512, with the same bits), a vectorised exponential and tanh
// in assembly; elsewhere (or with dense.SetAssembly(false), or
// SIGPROP_DENSE_PATH=portable) the portable Go path with math.Exp and
// math.Tanh. The paths agree with gonum's BLAS and the math package to
// rounding (lib/dense's tests), but the portable path's bits differ from
// the assembly ones, so the same seed gives the same bits only on machines
// taking the same path. Training can amplify such differences: in a 3×3
// sweep at d = 16, L = 4 (400 Adam steps) run once with blas64.Gemm and
// once with the FMA gemm of the time (a 4×8 kernel in this package, since
// moved to lib/dense), six points agreed to 4 decimals and three
// (α = 0.9 or σ_w = 3.5) moved by up to 0.06 in test loss.
//
// Memory: the forward caches take about 9.3·n·d·L floats per sequence
// (1.3 MB for the paper-size model), allocated for the largest batch seen;
// evaluate in batches no larger than the training batch.
//
// A Model is not safe for concurrent use, but distinct Models are
// independent.
