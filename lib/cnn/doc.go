// Package cnn is signal propagation in deep random one-dimensional
// convolutional networks at initialisation: the mean-field recursion of
// the spatial covariance of the pre-activations, and a finite-width
// simulator it is checked against.
//
// Xiao, Bahri, Sohl-Dickstein, Schoenholz & Pennington 2018, "Dynamical
// isometry and a mean field theory of CNNs" (arXiv:1806.05393), eqs.
// in one spatial dimension with circular padding, as the
// Tanner lecture quotes it ("From fully connected to CNN EoC";
// lib/sources/tanner2024.md#cnn). With c channels, n positions and a
// kernel of 2k+1 taps,
//
//	h^ℓ_{α,i} = Σ_{|β|≤k} Σ_j W^ℓ_{β,ij} x^{ℓ−1}_{α+β,j} + b^ℓ_i,  x^ℓ = φ(h^ℓ)   SimSettings.Run (seeded)
//	Σ^{ℓ+1} = σ_w² 𝒜⋆𝒞(Σ^ℓ) + σ_b²                                             Net.CovMap
//	[𝒞(Σ)]_{αα′} = E_{h∼N(0,Σ)} φ(h_α)φ(h_α′)                                     (activation.Func.Kernel)
//	[𝒜⋆Σ]_{αα′} = Σ_β v_β Σ_{α+β,α′+β}                                           Net.CovMap
//	Σ¹ = σ_w² 𝒜⋆K⁰ + σ_b²,  K⁰ = x⁰x⁰ᵀ/c (the input's Gram matrix)              Net.FirstLayer
//
// with v_β = 1/(2k+1) for Gaussian kernels, W_{β,ij} ∼ N(0, σ_w²/((2k+1)c)),
// and v = δ_{β,0} for the delta-orthogonal kernel (Xiao et al.):
// W_0 = σ_w O with O Haar on O(c), every other tap zero. The diagonal of Σ
// follows the fully connected q-map and every entry depends only on
// entries of the same lag α′ − α, so for a stationary input (Σ circulant)
// both kernels give the fully connected covariance map entry by entry;
// they differ for a non-stationary input, where 𝒜 averages each lag over
// positions (Gaussian) or leaves every pair of positions to its own fully
// connected c-map (delta-orthogonal). The edge of chaos χ₁ = 1 is the
// fully connected one.
//
// SimResult.Curves is notebook 04's CNN figure as a result kind
// (lib/result): the neighbour correlations of the recursion and of the
// simulation, and the max |z| of every entry (Fig1Networks, Fig1Channels,
// Fig1Layers: the sizes set by a pilot, at which it claims its figure).
//
// Caller bugs panic with a "cnn:" message; data-dependent failures (a
// non-finite covariance) are errors. Randomness comes from an explicit
// *rand.Rand.
package cnn
