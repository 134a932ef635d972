// Package randnet holds finite-width simulators of random networks at
// initialisation: the Monte Carlo side of every theory-vs-simulation check
// in sigprop. Each simulator draws its weights from an explicit *rand.Rand
// (math/rand/v2; same seed, same numbers) and its infinite-width limit lives
// in another package, named below. Caller bugs (bad sizes, bad variances)
// panic with a "randnet:" message naming the parameter; data-dependent
// failures (a non-finite activation, a failed factorisation) are errors.
//
// # Random MLPs and Haar weights (mlp.go, orthogonal.go)
//
// Poole et al. 2016 (arXiv:1606.05340); Schoenholz et al. 2017
// (arXiv:1611.01232); Pennington, Schoenholz & Ganguli 2018
// (arXiv:1802.09979); Mezzadri 2007 (arXiv:math-ph/0609050). Limit:
// package meanfield. Spec tanner2024-jacobian-spectra.md §2.1, §6.
//
//	h^ℓ = W^ℓ x^{ℓ−1} + b^ℓ,  x^ℓ = φ(h^ℓ)        MLP, MLP.Propagate, MLPTrace
//	q^ℓ = ‖h^ℓ‖²/N, c^ℓ = correlation of h^ℓ        MLPTrace (the q- and c-maps)
//	‖x_a‖²/N = r, corr(x_a, x_b) = c exactly        MLPInputPair
//	W = Q diag(sign R_ii), Z = QR, Z_ij ~ N(0,1)   Haar, HaarInto (Mezzadri §5)
//
// # Jacobian spectra (jacobian.go)
//
// Pennington, Schoenholz & Ganguli 2018 (arXiv:1802.09979), eq. (2) and
// Figs. 1, 3, 4; spec tanner2024-jacobian-spectra.md §6. Limit: package
// jacspectrum (free multiplicative convolution, package freeprob).
//
//	J = D^L W^L ⋯ D^1 W^1, D^ℓ = diag φ′(h^ℓ)     JacobianSim
//	eigenvalues λ = s² of JJᵀ                      JacobianSim.Eigs, PooledEigs
//	density of s = √λ (atoms reduce the area)      SingularValueHistogram
//
// # Attention spectra and rank collapse (attention.go)
//
// Tanner lecture spec §3.9 (F32–F38); Nait Saada, Naderi & Tanner 2024
// (arXiv:2410.07799); Dong et al. 2021 (arXiv:2103.03404); Ali et al. 2023
// (arXiv:2306.01610); Ye et al. 2024 (arXiv:2410.05258).
//
//	A_ij = e^{s_ij}/Σ_ℓ e^{s_iℓ}                   SoftmaxRows (F33)
//	A = softmax(S), S_ij ~ N(0, s²)                 RandomMarkov (F34)
//	r_T = √((e^{s²} − 1)/T)                         BulkRadius (F34)
//	A = softmax(X W_Q W_Kᵀ Xᵀ/√d_k)                 KeyQueryAttention (F32, F35)
//	eigenvalues, singular values, |λ₁| − |λ₂|      AttentionSpectrum, SpectralGap
//	A − 𝟏𝟏ᵀ/T, (I − 𝟏𝟏ᵀ/T)V, A₁ − λA₂             CenterAttention, ProjectOutOnes, DiffAttention (F33, F38)
//	‖X − 𝟏x̄ᵀ‖_F/‖X‖_F, ‖X‖_F²/‖X‖₂²                 RankCollapseResidual, StableRank
//	X^{ℓ+1} = A^ℓ X^ℓ W_V^ℓ, L layers               AttentionStack (F36, F38)
//
// # The random pre-norm transformer of Cowsik et al. 2024 (transformer*.go)
//
// Cowsik, Nebabu, Qi & Ganguli 2024, "Geometric Dynamics of Signal
// Propagation Predict Trainability of Transformers" (arXiv:2403.02579);
// spec cowsik2024-geometric-dynamics.md. Limit: package tokengeom.
//
//	attention block, eq. (1); MLP block, eq. (2);   TransformerConfig, PaperTransformer,
//	Norm, eq. (3); residual layer, eq. (4)          NewTransformer, Transformer.Forward
//	∂(X^L·R)/∂X^0 (hand-written reverse pass)       Transformer.Backward
//	q, p of eqs. (22)–(23)                          TokenGeometry, Transformer.LayerGeometry
//	permutation-symmetric tokens (App. A)           SymmetricTokens, NewSymmetricTokens
//	two-group tokens, eq. (12); p1/p2 (Fig. 3)      TwoGroupTokens, GroupDots, SimulateSymmetryRestoration
//	λ_a = ln[(1 − p′/q′)/(1 − p/q)], eq. (24)       NumericAngleExponent
//	λ_g = (1/L) ln(|g|²/(nd)) (Sec. 4.2)            NumericGradientExponent
//	per-layer q/d, p/q curves (Fig. 2)              SimulateLayerGeometry, TokenSqNorms, PairCosines, TokenHistogram
//
// # Rank-collapse blocks of Noci et al. 2022 (rankblock*.go)
//
// Noci, Anagnostidis, Biggio, Orvieto, Singh & Lucchi 2022, "Signal
// Propagation in Transformers: Theoretical Perspectives and the Role of
// Rank Collapse" (NeurIPS 2022, arXiv:2206.03126); spec
// noci2022-rank-collapse.md. Limit: package rankcollapse.
//
//	S = A X W^V, A = softmax(τ X W^Q W^{K⊤}Xᵀ/√d_k), eqs. (1), (19)
//	                                                RankAttentionForward, RankAttention
//	residual block with FF and LN, eqs. (2)–(4)     RankBlockConfig, RankNorm, NewRankNet, RankNet.Forward
//	exact reverse pass, softmax Jacobian (23)/(24)  RankNet.Backward, RankGrads
//	‖∂S/∂W^{Q,K,V}‖², Lemma 3.1, eqs. (6)–(7)       RankAttnJacobianNorms, RankAttnGradMC
//	eqs. (17)–(18) (equicorrelated tokens)          RankAttnGradMC, RankEquicorrelatedInput
//	‖∂S/∂X‖², eq. (8) and its correction            RankAttnInputJacobian, RankAttnInputJacobianMC
//	‖X‖², ‖Σ_k X_k‖², ρ, Lemmas 3.2–3.3, eq. (14)   RankStats, RankSimulate, RankProfile
//	Assumption 3.1 check (App. B.2, Fig. 12)        RankUniformityGap, RankUniformityGapMC
//
// # The shaped Transformer of Noci et al. 2023 (shaped*.go)
//
// Noci, Li, Li, He, Hofmann, Maddison & Roy 2023, "The Shaped Transformer:
// Attention Models in the Infinite Depth-and-Width Limit" (NeurIPS 2023,
// arXiv:2306.17759); spec noci2023-shaped-transformer.md. Limit: the
// covariance SDEs of package sde at time t = ℓ/width.
//
//	A = I + Softmax(Y/τ) − 𝟏𝟏ᵀ/m, eq. (9)           ShapedAttn, ShapedConfig.AttentionMatrix
//	vanilla A = Softmax(Y/√n_k), eq. (2)            VanillaTransformerConfig, PreLNTransformerConfig
//	s± = 1 + c±/√n, σ_s, eq. (4)                    ShapedSlopes, ShapedReLU, ShapedHe
//	shaped-ReLU kernel (App. B, eq. 23)             ShapedReLUKernel
//	attention + MLP layer, eqs. (1), (4), (11)      ShapedConfig, ShapedTransformerConfig, ShapedBlocks
//	naive forward pass, V_ℓ = X_ℓX_ℓᵀ/n (§6.1)      ShapedInput, ShapedForward
//	exact reduced chain in V_ℓ (§6.2, same law)     ShapedStep, ShapedSimulate, ShapedRun, ShapedNetRand
//	finite-time blow-up (stopping-time study)       ShapedStoppingDepth
package randnet
