// Package tokengeom computes the geometric dynamics of tokens in deep random
// pre-norm transformers under the permutation-symmetric ansatz of Cowsik,
// Nebabu, Qi and Ganguli, "Geometric Dynamics of Signal Propagation Predict
// Trainability of Transformers", arXiv:2403.02579 (2024): the n tokens are
// reduced to their squared norm q and pairwise dot product p.
//
//	eqs. (10)–(11), (25)     AttQP, AttCurve, FAtt, FMLP, F, Trajectory  layer map (q,p) ↦ F(q,p)
//	Sec. 3.3, eq. (13)       QStar, LambdaA, JacobianAtCollapse  collapse, angle exponent
//	eq. (24)                 LambdaAOneStep   the paper's numerical λ_a estimator
//	Sec. 3.3 (λ_a = 0)       AngleApproach, Slowing.LogSlope    critical slowing: δ_L = O(1/L)
//	                         Slowing.InverseDepth, OrderedRate  the 1/L law through L; ln(1 + λ_a) off the edge
//	eqs. (15)–(20), (32)     Grad, LambdaG, LambdaGInf, Gains   gradient exponent
//	Sec. 4.2, Fig. 5         EdgeGap          λ_g = 0 below λ_a = 0 in σ_w
//	Fig. 2                   NonCollapsedFixedPoint, VectorField, TrajectoryXY, PhasePortrait
//	Figs. 4–5                Phase*, Plane, *Edge*, Edge, Grid.ZeroCrossings  phase diagrams
//
// The gradient exponent uses the notes' (lib/sources/cowsik2024.md) corrected formulas by default (see
// Variant: Paper is the printed form, which the simulation excludes); λ_g = 0
// is then a finite-depth, finite-n boundary, so LambdaG takes L and n. Where
// the paper's printed numbers differ from its equations, see PhaseAlphaSigma.
// Gaussian integrals use lib/gauss (see MLPGains). The finite-width simulator
// these are tested against is lib/tokennet, with the model's φ as its MLP
// (tanh, or any Model.Act); lib/tokencheck runs the comparisons.
//
// Errors follow the library's policy: a value a user can type outside its
// domain is an error naming the parameter and its range, a caller bug is a
// panic prefixed "tokengeom: ", and a data-dependent failure (a fixed point
// that does not converge, in QStar) is an error. The (q, p) domain of the
// maps, which no box of ranges describes, is CheckQP's: it returns the
// error, and the maps panic on what it rejects, so a caller holding a user's
// (q, p) checks first (lib/quantity does, for `sigprop eval`).
package tokengeom
