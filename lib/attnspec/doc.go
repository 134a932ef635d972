// Package attnspec draws random attention matrices and stacks of attention
// layers and measures their spectra and their collapse towards rank one:
// the spectral gap of attention in Tanner's lecture, lib/sources/tanner2024.md#attention-rank-collapse (F32–F38), which
// states the closed forms it is checked against (the bulk radius of a
// random Markov matrix, BulkRadius; the growth of the residual of a
// stack); notebook 04 draws both.
//
// Nait Saada, Naderi & Tanner 2024 (arXiv:2410.07799); Dong et al. 2021
// (arXiv:2103.03404); Ali et al. 2023 (arXiv:2306.01610); Ye et al. 2024
// (arXiv:2410.05258).
//
//	A_ij = e^{s_ij}/Σ_ℓ e^{s_iℓ}                   SoftmaxRows (F33)
//	A = softmax(S), S_ij ~ N(0, s²)                 RandomMarkov (F34)
//	r_T = √((e^{s²} − 1)/T)                         BulkRadius (F34)
//	A = softmax(X W_Q W_Kᵀ Xᵀ/√d_k)                 KeyQueryAttention (F32, F35)
//	eigenvalues, singular values, |λ₁| − |λ₂|      Spectrum, SpectralGap
//	share of the bulk with |λ| > radius           OutsideFraction (F34)
//	A − 𝟏𝟏ᵀ/T, (I − 𝟏𝟏ᵀ/T)V, A₁ − λA₂             CenterAttention, ProjectOutOnes, DiffAttention (F33, F38)
//	‖X − 𝟏x̄ᵀ‖_F/‖X‖_F, ‖X‖_F²/‖X‖₂²                 RankCollapseResidual, StableRank
//	X^{ℓ+1} = A^ℓ X^ℓ W_V^ℓ, L layers               Stack with block.Softmax, Centered, Projected, Differential (F36, F38)
//	‖X^ℓ‖/‖X⁰‖; residual after ℓ layers against T   StackResult.NormRatio, ResidualsByWidth (F36)
//	y0 · r_T^{ℓ−ℓ0}, the residual's collapse         Geometric (F36)
//	X^{ℓ+1} = A(X^ℓ)X^ℓW_V, query–key A, r ↦ O(r³)  KeyQueryStack, OneLayerContraction, LogSlope (F37; Dong et al. 2021)
//	∝ r³ and ∝ r through the largest input           Contraction.References (F37)
//	both stacks and the contraction from one input   DongSettings.Run (F36, F37; every size and seed a named field)
//
// The attention experiments that notebook 04 draws take named settings
// whose fields say what the notes state and what sigprop chose:
// GapSettings (the spectrum of one matrix; GapNotes), RadiusSettings
// (|λ₂| against T; Radius), DepthSettings (the four stacks through depth;
// Depth) and WidthSettings (the residual after ℓ layers against T;
// Widths). Their Run methods record the settings in the result and return
// errors wrapping ErrParam for a setting out of range. GapSettings.At and
// DepthSettings.At compare a run's settings with the notes' (GapNotes,
// Depth). GapResult.Curves is the spectral gap as a result kind
// (lib/result: the eigenvalues, the circle r_T and the notes' checks),
// which notebook 04 draws with kernel-ext/render, as it draws
// RadiusResult.Curves, DepthResult.Curves and WidthResult.Curves (each
// with its checks; RadiusSettings.At and WidthSettings.At decide their
// claim); DongRun.DepthCurves and ContractionCurves are Dong et al.'s
// collapse against depth and one layer's contraction with the two slope
// checks (DongSlopeTol), which notebook 03 draws with it.
package attnspec
