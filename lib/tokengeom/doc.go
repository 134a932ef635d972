// Package tokengeom computes the geometric dynamics of tokens in deep
// random transformers under the permutation-symmetric ansatz of
//
//	A. Cowsik, T. Nebabu, X.-L. Qi, S. Ganguli, "Geometric Dynamics of
//	Signal Propagation Predict Trainability of Transformers",
//	arXiv:2403.02579 (2024).
//
// The n tokens of a pre-norm transformer block (attention then a tanh MLP,
// both with residual strengths α and α̃ = √(1−α²)) are reduced to their
// squared norm q and pairwise dot product p. The package gives the
// deterministic layer map (q, p) ↦ F(q, p), its fixed points, the angle
// exponent λ_a and the gradient exponent λ_g, and phase diagrams.
//
// # Equations and functions
//
//	eq. (10)              AttQP        attention (q,p) map, sigmoid form
//	eq. (11)              FAtt         attention sub-block with residual
//	eq. (25), spec §3.4   MLPQP, FMLP  MLP map (Poole-type recursion) with residual
//	Sec. 3.2              F            F = F_MLP∘F_Att; Trajectory iterates it
//	Sec. 3.3              QStar        collapsed fixed point p* = q*
//	Sec. 3.3, eq. (13)    LambdaA      1+λ_a = top eigenvalue of dF at (q*,q*)
//	                      JacobianAtCollapse (analytic), JacobianAtCollapseFD
//	eq. (24)              LambdaAOneStep  theory of the paper's numerical estimator
//	Fig. 2                NonCollapsedFixedPoint  stable p < q point when λ_a > 0;
//	                      VectorField, TrajectoryXY  the field of F in (q/d, p/q)
//	eqs. (15)–(20)        Grad, LambdaG, LambdaGInf  gradient exponent
//	eq. (32)              Gains.FPaper  the printed gain f(σ_w)
//	Figs. 4–5             PhaseAlphaSigma, PhaseAlphaAM, Grid.ZeroCrossings,
//	                      EdgeOfChaosSigmaW/AlphaM, GradientEdgeSigmaW/AlphaM, Edge
//
// The finite-width simulator these are tested against is
// tokennet.Transformer (lib/tokennet).
//
// # Corrections to the printed formulas
//
// The gradient exponent follows the corrected form of the spec
// (../shared/spec/cowsik2024-geometric-dynamics.md, errata §8.1–8.2) by
// default; the printed form is Variant Paper:
//
//   - eq. (32) prints f(σ_w) with σ_w⁴, but the ℓ = 2 MLP has three weight
//     matrices, so its Jacobian gain is χ = σ_w⁶ E[φ′²]E[φ′²] = σ_w² f;
//   - eqs. (18)–(19) use 1/q* for the MLP's Norm Jacobian, but the token
//     entering the MLP has squared norm q_A = α̃_A²q* + α_A²d.
//
// With both corrections λ₂ = 1 + λ_a exactly, and λ_g^(16) matches the
// random-transformer simulation (TestLambdaGNumericSupportsCorrected),
// which excludes the printed form. The infinite-depth corrected
// λ_g = ln λ₃ is never negative, so λ_g = 0 is a finite-depth, finite-n
// boundary: always pass L and n.
//
// λ_a is an eigenvalue minus one (the paper's definition), while the
// paper's numerical λ_a (eq. 24) is the log of a one-step ratio from
// (d, 0.99d); they share the zero contour but not magnitudes.
//
// Paper numbers the stated equations do not reproduce (spec §8.5): the
// "σ_w ≈ 2" threshold at α = 8^{-1/2} is 1.6631 here, and the λ_g kinks sit
// at (α, σ_w) ≈ (0.6, 1.70) and (α_M, α_A) ≈ (0.44, 0.65), not at the
// printed coordinates. The simulation agrees with the values computed here.
//
// Gaussian integrals use package gauss (composite Gauss–Legendre on
// panels scaled to tanh's poles); plain Gauss–Hermite is too inaccurate
// at σ_w ≳ 2 (spec §4).
package tokengeom
