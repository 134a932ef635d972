// Package finitewidth is the leading finite-width theory of signal
// propagation in random MLPs: the fluctuation across networks of one
// network's kernel q̂^ℓ = (1/n) Σ_i (h_i^ℓ)² and the 1/n correction to its
// mean, for any activation, with depth-to-width ratio ℓ/n as the
// expansion parameter. Derivation step by step: lib/sources/finitewidth.md#recursions.
//
// Sources: Roberts, Yaida & Hanin, The Principles of Deep Learning Theory
// (Cambridge University Press 2022, arXiv:2106.10165), ch. 4 (the
// four-point vertex V and the next-to-leading-order kernel) and ch. 5
// (criticality: the K* = 0 and scale-invariant universality classes);
// Hanin & Nica 2019 (arXiv:1812.05994) for the log-normal limit of ReLU
// networks at ℓ/n fixed, which ScaleInvariantVar shows exactly for the
// kernel.
//
// Network (one input; weights N(0, σ_w²/n_in), biases N(0, σ_b²), hidden
// width n; Settings):
//
//	h¹ = W¹x + b¹,  h^{ℓ+1} = W^{ℓ+1} φ(h^ℓ) + b^{ℓ+1},  K¹ = σ_b² + σ_w² q⁰.
//
// Equations (labels of lib/sources/finitewidth.md#equations) and the code:
//
//	(R1) K^{ℓ+1}  = σ_b² + σ_w² ⟨φ²⟩_{K^ℓ}                      Layer.K (the q-map of package meanfield)
//	(R2) V^{ℓ+1}  = χ_∥² V^ℓ + σ_w⁴ (⟨φ⁴⟩ − ⟨φ²⟩²)_{K^ℓ}        Layer.V
//	(R3) G1^{ℓ+1} = χ_∥ G1^ℓ + ½ σ_w² ∂²_K⟨φ²⟩ V^ℓ             Layer.G1
//	     χ_∥ = σ_w² ∂_K⟨φ²⟩, V¹ = G1¹ = 0                       Layer.ChiPar; Settings.Layers
//	(M)  E q̂^ℓ = K + G1/n,  Var q̂^ℓ = (2K² + V)/n, + O(1/n²)   Layer.Mean, Layer.MeanShift, Layer.Var
//	     ⟨φ²⟩, ⟨φ⁴⟩, ∂_K⟨φ²⟩ = ⟨φ²He₂⟩/2K, ∂²_K⟨φ²⟩ = ⟨φ²He₄⟩/4K²   GaussMoments (package gauss)
//	(E2) layer 2 exactly: Var q̂² = (2K² + V)/n + 2V/n²         (tests)
//	(S)  degree-1 homogeneous φ, σ_b = 0, exactly:
//	     Var q̂^ℓ/K² = (1 + 2/n)(1 + c/n)^{ℓ−1} − 1            ScaleInvariantVar, ScaleInvariantC (c = 5 ReLU)
//	(Z)  K* = 0 class at large ℓ: Var/K² ≈ (2 + 2ℓ/3)/n,
//	     E q̂/K − 1 ≈ −ℓ/(3n)                                   KStarZeroVarRatio, KStarZeroMeanShift
//	     exact sampler of (q̂^ℓ) (a scalar chain, O(nL))         Settings.Sample, Stats
//	two inputs: Cov(q̂_{αβ}, q̂_{γδ}) = (K_{αγ}K_{βδ} + K_{αδ}K_{βγ} + V)/n,
//	     E q̂_p = K_p + G1_p/n                                 PairLayer.Mean
//	(R2′) V^{ℓ+1} = J V Jᵀ + σ_w⁴ Cov(φ_αφ_β, φ_γφ_δ)           PairSettings.Layers, PairLayer.Cov
//	(R3′) G1^{ℓ+1}_p = Σ_q J_pq G1_q + ½ Σ H^p_qr V_qr          PairLayer.G1, pairHessian
//	     two-input exact sampler (2×2 chain)                    PairSettings.Sample
//	(J)  Var log ‖J^ℓ u‖² = (W^ℓ + 2)/n, u ⊥ x, W by the
//	     three-moment recursion of lib/sources/finitewidth.md#jacobian   Settings.Jacobian, JacLayer
//	(JR) ReLU exactly: (ℓ−1)[E ψ₁(M/2) + Var ψ(M/2)] + ψ₁(n/2)   ReLUJacobianVarLog
//	     matrix networks for ‖J^ℓ u‖²                           Settings.SampleJacobian, JacobianCheck
//	     theory against simulation over activations, widths     MustShowCases, CheckSettings.Run, CheckResult.Summary
//	     the checks as result kinds (lib/result, drawn by render)  CheckResult.MeanShift, CheckResult.Table,
//	                                                            CheckResult.Variance, CheckResult.LogVariance,
//	                                                            ResidualCurves, JacobianCurves, ShapedSDECurves
//	     leading Var log q̂ = (V/K² + 2)/n; rows measurable       CheckRow.LogVarLeading, CheckRow.Resolved, Measurable
//	     the perturbative regime ε = V/(nK²) ≤ EpsilonHolds       Layer.Epsilon
//	     residual Var_sim − Var_O(1/n) against width, slope −2   ResidualSettings.Run
//
// Composed blocks (lib/sources/finitewidth.md#composed-blocks): the
// covariance of one network's token geometry (q̂, p̂) at width d, each part
// of a lib/compose block mapping it through its Jacobian J and adding its
// own noise N (Cov^{out} = J Cov Jᵀ + N/d):
//
//	(B0) input: d i.i.d. Gaussian columns, linear column noise        BlockMoments
//	(B1) norm: J of compose.NormQP, no noise                           BlockNoise
//	(B2) feed-forward layer: J of its mean map, its column noise        BlockNoise
//	(B3) uniform attention: the token mean (exact), the value layer     BlockNoise
//	(B4) softmax attention: Assumption 3.2's map; the attention
//	     matrix's own fluctuation not included                          BlockNoise
//	(B5) shaped attention: the logits' noise, the value layer           BlockNoise
//	(B6) residual: J = s²I + b²J_f, N = b⁴N_f + s²b² (cross term)       BlockNoise, BlockSettings.NoCross
//	     Var q̂, Var ρ̂, Cov(q̂, ρ̂) per layer; ε, the expansion parameter  BlockLayer, BlockLayer.Expansion
//	     against compose.Simulate, the layers the theory claims          CompareBlock, Checked, BlockComparison.MaxZChecked
//	     three blocks no source analysed; the shaped block               BlockCases, ShapedCase
//	     d·Var ρ̂, d·Var q̂/q² against ℓ/d, the checks and the declared
//	     regimes (result kinds, drawn by render)                          BlockVariance, BlockRegimes, NarrowRegimes
//	(SD) d × the shaped block's noise = Noci et al. 2023's diffusion,
//	     Thm 4.2 γ²(2−γ²)Σ_lin + γ⁴τ₀⁻²𝒜 (Cor 4.3 with the MLP), + O(1/d) ShapedDiffusion
//
// The expansion holds while Var q̂^ℓ/(K^ℓ)² ≪ 1: for ReLU (c = 5) the
// O(1/n) variance is 26% low at ℓ/n = 0.1 and 4.2× low at ℓ/n = 0.5
// (exactly, by (S)); for tanh it holds further (lib/sources/finitewidth.md#breakdown).
//
// Errors: settings out of range wrap ErrParam naming the field; a kernel
// that under- or overflows along depth wraps ErrRange. Caller bugs (width
// < 1 in Layer methods) panic with a "finitewidth:" message.
package finitewidth
