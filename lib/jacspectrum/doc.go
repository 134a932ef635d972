// Package jacspectrum computes the limiting spectrum of JJᵀ, where
// J = D^L W^L ⋯ D^1 W^1 is the input–output Jacobian of a depth-L, infinitely
// wide random network at a mean-field fixed point q* (D^ℓ = diag φ′(h^ℓ)).
//
// It follows Pennington, Schoenholz and Ganguli 2018, "The emergence of
// spectral universality in deep networks", arXiv:1802.09979 (P18), main
// text and supplement, as recovered in the spec
// tanner2024-jacobian-spectra.md §3.4–3.6 (F16–F28), for Tanner's Oxford
// lecture "Controlling the variance of the Jacobian's spectrum".
//
// Activations are activation.Func values (package activation owns φ, φ′,
// their kinks and the closed-form moments); jacspectrum adds only what the
// law of D² needs (activation.go): the Bernoulli laws of piecewise-linear
// φ with slopes in {0, 1}, detected from the closed-form μ_k (BernoulliP),
// and φ′ continued to ℂ for erf, tanh and SiLU (keyed by Func.Name).
//
// Map from formulas to code:
//
//   - D2 (the law for an activation.Func at q*), D2Law and its
//     implementations BernoulliD2 (ReLU, hard tanh, shtanh, shifted ReLU,
//     linear), ContourD2 (erf, tanh, SiLU) and QuadratureD2 (any φ′):
//     the law of D² = φ′(√q* z)², its moments μ_k (P18 eq 20) and
//     M_{D²}(w) = E[d/(w−d)] (P18 eq 23, spec F17). ContourD2 integrates
//     on a path moved off the real line (Cauchy's theorem), so M stays
//     accurate as w approaches the support along the physical branch — at
//     large L, where q* is small, a real-line rule fails there.
//   - Ensemble (Orthogonal, Gaussian): S_{WᵀW} = σ_w^{−2} or
//     σ_w^{−2}(1+z)^{−1}, s₁ = 0 or −1 (table F15).
//   - Network.Moments: m₁ = χ₁^L, m₂ = m₁² L(μ₂/μ₁² + 1/L − 1 − s₁),
//     σ²_{JJᵀ} = m₁² L(μ₂/μ₁² − 1 − s₁) (P18 eqs 21–22, F20) and m₃ (F21).
//   - Network.Equation / Network.Density: the master equation
//     M(z) = M_{D²}(z^{1/L} F(M(z))),  F(x) = S_{WᵀW}(x)((1+x)/x)^{1−1/L}
//     (P18 eqs 14–16, F18), solved for the physical root by continuation
//     (freeprob.Continuation, P18 Algorithm 1), ρ = −Im G/π.
//   - Network.Atoms: mass 1−p at 0 for Bernoulli D², and
//     max(0, 1−L(1−p)) at σ_w^{2L} for orthogonal weights (F23).
//   - Table1: the rows of P18 Table 1 (corrected, spec §3.5) in closed form
//     (from package activation), with the quadrature values alongside.
//   - BernoulliLimit, SmoothLimit: the two universal laws of the double
//     scaling limit L → ∞ at fixed σ²_{JJᵀ} = σ₀², S = e^{−σ₀²z/(1+z)} and
//     S = e^{−σ₀²z} (P18 eqs 24–37, F26–F27), with edges and atoms.
//   - QStarForSigma0: q*(L) that keeps σ²_{JJᵀ} = σ₀² (P18 §5, F25).
//   - Support, CDF, ContinuousMoments, KS, KSBetween, SingularValueDensity:
//     validating a density (mass, m₁, m₂, spec §4.3) and comparing it with
//     finite-width spectra or another law (CDFs, robust to atoms; spec §6).
//
// The edge of chaos itself (σ_b² for a given q*, F10–F11, and its inverse)
// is package meanfield's (EoCFromQ, EoCSigmaW2); Critical only needs
// σ_w² = 1/μ₁.
//
// Findings beyond the spec, each shown by a test: erf approaches the smooth
// limit law only like L^{−1/2} (its μ₂/μ₁² − 1 = O(q*²) forces q* ∝ L^{−1/2}),
// while hard tanh, shifted ReLU and SiLU converge like 1/L
// (TestUniversalityConvergence); hard tanh and shifted ReLU have identical
// spectra at q*(L), since both are Bernoulli with p = L/(L+σ₀²).
//
// Conventions: Gaussian weights have variance σ_w²/N; orthogonal weights
// are σ_w times Haar; q* is a variance (spec §8 pitfalls 6 and 17).
package jacspectrum
