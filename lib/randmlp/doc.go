// Package randmlp simulates deep random MLPs at initialisation, with
// Gaussian or Haar-orthogonal weights, and the spectra of their
// input-output Jacobians: the finite-width side of the mean-field theory
// of package meanfield and of the free-probability spectra of package
// jacspectrum. Weights come from an explicit *rand.Rand; caller bugs panic
// with a "randmlp:" message, data-dependent failures are errors. The
// experiments run from settings (QCheckSettings, CCheckSettings,
// Chi1Settings, SlopeLawSettings, CriticalSpectrumSettings, Table2Settings)
// whose Validate (MLP.Validate for the network) returns ErrParam naming
// the field. The lecture's settings are constructors (lecture.go:
// LectureQIteration, LectureCIteration, LectureXiC, LectureChi1,
// LectureSlopeLaws), with which a display compares a run (Ran, At).
//
// Poole et al. 2016 (arXiv:1606.05340); Schoenholz et al. 2017
// (arXiv:1611.01232); Pennington, Schoenholz & Ganguli 2018
// (arXiv:1802.09979), eq. (2) and Figs. 1, 3, 4; Mezzadri 2007
// (arXiv:math-ph/0609050); lib/sources/tanner2024.md#network, #monte-carlo.
//
//	h^ℓ = W^ℓ x^{ℓ−1} + b^ℓ,  x^ℓ = φ(h^ℓ)        MLP, MLP.Propagate, MLPTrace
//	q^ℓ = ‖h^ℓ‖²/N, c^ℓ = correlation of h^ℓ        MLPTrace (the q- and c-maps; meanfield.Net)
//	‖x_a‖²/N = r, corr(x_a, x_b) = c exactly        MLPInputPair
//	Var and mean of q̂^ℓ across networks ± SE,
//	  the shift E q̂^ℓ − K^ℓ (lib/finitewidth)        MLP.KernelStats
//	W = Q diag(sign R_ii), Z = QR, Z_ij ~ N(0,1)   randmat.HaarInto (Mezzadri §5)
//	J = D^L W^L ⋯ D^1 W^1, D^ℓ = diag φ′(h^ℓ)     JacobianSim (jacspectrum.Network)
//	eigenvalues λ = s² of JJᵀ                      JacobianSim.Eigs, PooledEigs
//	density of s = √λ (atoms reduce the area)      SingularValueHistogram
//	O = Z R⁻¹, ZᵀZ = RᵀR (same Haar matrices)      JacobianSim.CholeskyHaar
//	seeded critical-network spectra of a figure    SpectrumSpec, SampleSpectra, SpectrumSample
//	stored spectra (notebooks/data, via fs.FS)     ReadSpectra
//	KS of the continuous part (DKW, network unit) SpectrumSample.Check, CheckAgainst, CheckFigure
//	  and the atoms counted (binomial model)      AtomCheck, CheckAlpha, CheckZ, PairKS, AtWidth, KSAtWidth
//	S-transform of each draw, mean ± SE            SpectrumSample.STransform (freeprob.SNumeric)
//	  against S_MP² as a result kind                SpectrumSample.STransformCurves
//	P18 Figs. 2 and 4 panels, MP law, as results   Panels.Fig2, Panels.Fig4, Fig4Panel.Curves, SpectrumSample.MPCurves
//	  (result.SampleCurves), from stored spectra   Panels.Fig2, Panels.Fig4
//	  each sample's checks (the figure's claim)    SpectrumChecks (result.SampleChecks), SimLines
//	  a sample declared known to deviate           Deviation (its KS check carries the declaration)
//	P18 Table 2 sampled: S_{WᵀW}(z), s₁ = 1−m₂/m₁²  Table2 (beside jacspectrum.Ensemble.S)
//	  as a result kind with its checks              Table2Table
//
// Products run on lib/dense; JacobianSim.Workers spreads PooledEigs' singular
// value decompositions over goroutines without changing its results.
//
// Results as result kinds (lib/result, drawn by kernel-ext/render, with
// the lecture's statements and whether they claim its figures):
// LayerChecks.QCurves and .CCurves, LayerCheck.XiCCurves,
// Chi1Points.Curves, in results.go; SlopeLawCurves (Fig. 3's CDFs),
// Chi1Points.EdgeCurves, LayerCheck.DivergentCurves and CriticalCurves
// (the figures beyond tanh, which claim no paper figure), in
// beyondresults.go; their z checks count the network as the sample unit
// (result.MaxZNets).
package randmlp
