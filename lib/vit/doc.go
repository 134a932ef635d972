// Package vit is the small vision transformer of the trainability
// experiment of
//
//	A. Cowsik, T. Nebabu, X.-L. Qi, S. Ganguli, "Geometric Dynamics of
//	Signal Propagation Predict Trainability of Transformers",
//	arXiv:2403.02579 (2024), Sec. 5, Fig. 7 and App. D,
//
// with exact hand-written gradients of every parameter, cross-entropy,
// the Adam and SGD optimisers and a training loop. Its blocks are those of
// lib/randnet's random transformer (eq. 4 of the paper), so the exponents
// λ_a and λ_g of lib/tokengeom describe the model at initialisation.
//
// # Model (spec §6.5, App. D)
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
// Two switches, off by default, prepare the comparisons of Noci et al.
// 2022 (arXiv:2206.03126): Config.Residual = Identity gives the standard
// residual X + α·branch (α̃ = 1; α = 1/√L is their depth scaling), and
// Config.InvTemp = τ scales the attention logits to τ(QY_i)·(KY_j)/√d.
// Both are covered by the gradient check; TestVariantLimits checks their
// limits (α = 0: identity blocks; τ → 0: uniform attention). Pre-LN with
// a learned LayerNorm in the blocks and shaped attention are not
// implemented.
//
// # Initialisation
//
// The block weights follow Sec. 2 of the paper and randnet.Transformer:
// Q, K ~ N(0, σ_A/d), V ~ N(0, 1/d), W^k ~ N(0, σ_w²/d), drawn block by
// block in the order Q, K, V, W⁰..W^ℓ, row-major, first from the rng, so
// that the block stack reproduces randnet.Transformer draw for draw
// (TestBlocksMatchRandnet). Then E, b ~ U(±1/√P) and H, h ~ U(±1/√d)
// (PyTorch's nn.Linear default), c, e_j ~ N(0, 1) (the paper's "randomly
// initialised"; spec §6.5), γ = 1, β = 0.
//
// # Gradients
//
// Model.LossGrad runs the forward pass and a hand-written reverse pass
// through the head, the LayerNorm, every block (the same Norm, softmax and
// tanh pullbacks as randnet.Transformer.Backward, which only returns
// ∂/∂X⁰; they are re-implemented here because randnet keeps them
// unexported and they must also accumulate the weight gradients) and the
// embeddings. TestGradientFiniteDifference checks every parameter tensor
// against central finite differences.
//
// # Optimisers
//
// Adam follows torch.optim.Adam (Kingma & Ba 2015, arXiv:1412.6980) with
// PyTorch's defaults and no weight decay; SGD is torch.optim.SGD with
// optional momentum. Train runs seeded mini-batch training.
//
// # Kernels and reproducibility
//
// Matrix products go through gemm (gemm.go): on amd64 CPUs with AVX2 and
// FMA a 4×8 register-blocked fused-multiply-add kernel in assembly
// (gemm_amd64.s), elsewhere gonum's blas64.Gemm. The MLP's tanh likewise
// runs four at a time in assembly (tanh_amd64.s, the algorithm of
// math.Tanh with a vectorised exponential) or falls back to math.Tanh.
// The kernels agree with blas64 and math.Tanh to rounding
// (TestGemmMatchesBlas64, TestTanhSliceMatchesMath: ≤ 4 ulp), but the
// bits differ, so the same seed gives the same bits only on machines
// taking the same path. Training can amplify such differences: in a 3×3
// sweep at d = 16, L = 4 (400 Adam steps) run once with blas64.Gemm and
// once with the FMA gemm, six points agreed to 4 decimals and three
// (α = 0.9 or σ_w = 3.5) moved by up to 0.06 in test loss.
//
// Memory: the forward caches take about 9.3·n·d·L floats per sequence
// (1.3 MB for the paper-size model), allocated for the largest batch seen;
// evaluate in batches no larger than the training batch.
//
// A Model is not safe for concurrent use, but distinct Models are
// independent.
package vit
