// Package freeprob computes the transforms of free probability for
// probability measures on the real line: the Stieltjes (Cauchy) transform G
// and its inversion, the moment generating function M and its functional
// inverse, the S-transform, and free multiplicative convolution through
// products of S-transforms.
//
// It follows Pennington, Schoenholz and Ganguli 2018, "The emergence of
// spectral universality in deep networks", arXiv:1802.09979 (P18), eqs 6–12,
// as collected in lib/sources/tanner2024.md#free-probability (F12–F15):
//
//	G(z)  = ∫ ρ(t)/(z−t) dt,                 Im z > 0 ⇒ Im G < 0     (P18 eq 7)
//	ρ(λ)  = −lim_{ε→0⁺} Im G(λ+iε)/π                                   (P18 eq 8)
//	M(z)  = z G(z) − 1 = Σ_{k≥1} m_k z^{−k}                            (P18 eq 9)
//	S(z)  = (1+z) / (z M^{−1}(z))                                      (P18 eq 10)
//	S_{AB} = S_A S_B  for A, B freely independent                      (P18 eq 12)
//
// Map from formulas to code:
//
//   - Measure, Atom: a density on [Lo, Hi] plus atoms; Measure.Stieltjes
//     (tanh–sinh quadrature), Measure.Moment, Measure.Mass.
//   - TanhSinh: the tanh–sinh rule for densities with square-root or
//     inverse-square-root edges (Takahashi & Mori 1974), shared with
//     package jacspectrum's CDFs and moments.
//   - StieltjesFromEigs, MomentsFromEigs, StieltjesFromMoments: G and m_k of
//     an empirical spectrum or a moment sequence.
//   - DensityFromG, MFromG: the inversion formula and M = zG − 1.
//   - SFromMoments, MomentsFromS: the S-transform as a power series
//     (Lagrange reversion of M), and its inverse; checked against F14
//     (m₂ = m₁²(1−s₁), m₃ = m₁³(1−3s₁+2s₁²−s₂)).
//   - SNumeric: the S-transform on the real interval
//     z ∈ (−(1−mass₀), 0) by solving M(w) = z for w < 0 (lib/sources/tanner2024.md#s-transform-numerics).
//   - MarchenkoPastur (and FreePoisson), Semicircle, PointMass, Bernoulli:
//     closed forms of density, G, moments and S (table F15).
//   - SquaredMPS: S_MP² = 1/(1+z)², the S-transform of the Gram law of two
//     free square Gaussian layers (F13 with F15).
//   - Continuation.SolveM: root selection for an implicit equation
//     h(z, m) = 0 defining m = M(z), by continuation along Im z from
//     G ≈ 1/z at large Im z down to ε (P18 §3.3, Algorithm 1). Roots are
//     never chosen by the sign of Im m alone: for ReLU–orthogonal L = 8
//     four roots have Im m < 0 and only one is physical (lib/sources/tanner2024.md#check-22).
//     SolveMPair and DensityPoints run two such continuations in lockstep
//     through a PairEquation (an equation that evaluates two points in one
//     pass over its kernel), each with the bits of SolveM alone.
//   - Product: free multiplicative convolution μ_A ⊠ μ_B ⊠ … through
//     M^{−1}(m) = (1+m)/(m ∏ S_i(m)), solved by the same continuation.
//
// Atoms (e.g. the mass at 0 of a Bernoulli or rectangular Marchenko–Pastur
// law) are reported as atoms and never smeared into the density.
package freeprob
