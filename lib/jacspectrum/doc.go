// Package jacspectrum computes the limiting spectrum of JJᵀ, where J =
// D^L W^L ⋯ D^1 W^1 is the input–output Jacobian of a depth-L, infinitely
// wide random network at a mean-field fixed point q* (D^ℓ = diag φ′(h^ℓ)),
// after Pennington, Schoenholz and Ganguli 2018 (P18, arXiv:1802.09979) as
// recovered in lib/sources/tanner2024.md#jacobian-spectrum, #table-1, #universality, #murray (F16–F31),
// and Murray, Abrol & Tanner 2021 (arXiv:2105.07741) for scaled-bounded
// activations.
//
//	law of D² (P18 eqs 20, 23)        D2: BernoulliD2, ContourD2, QuadratureD2
//	weights (F15)                     Ensemble: Orthogonal, Gaussian
//	moments, master equation (F18–F21, F23) Network: Moments, Equation, Density, Atoms
//	P18 Table 1 (corrected, lib/sources/tanner2024.md#table-1)     Table1, Table1Row.MaxQuadErr
//	  as a result kind with its checks     Table1Result
//	double scaling limit (F25–F27)    BernoulliLimit, SmoothLimit, QStarForSigma0, AtSigma0
//	rate of approach to it (F28)      ApproachLimit
//	Murray's theorem (lib/sources/tanner2024.md#murray, F29–F31)  Murray
//	  the Shtanh table and its plot as result kinds     MurraySettings.Run, MurrayResult.Table, .Curves, .Vanish
//	ReLU, orthogonal, L = 2: arcsine law   ArcsineDensity
//	validation (lib/sources/tanner2024.md#density-numerics, lib/sources/tanner2024.md#monte-carlo)             Support, CDF, ContinuousMoments, KS, SingularValueDensity
//
// ContourD2.M, the sum over its path's nodes that the Fig. 4 theory
// curves spend their time in, runs on amd64 two nodes per SSE2
// instruction (contour_amd64.s), each lane the Go loop's operations and
// the sums taken node by node in its order: the Go loop's bits
// (TestCauchyPairs). The densities' paired solves take M at two points
// together (mPair): on AVX two nodes of both points per instruction,
// without AVX one node, each point's sums still node by node
// (TestCauchyTwo).
//
// Activations are lib/activation's Funcs; the edge of chaos itself is
// lib/meanfield's. Conventions are under Network, findings beyond the notes (lib/sources/tanner2024.md)
// under QStarForSigma0.
package jacspectrum
