// Package meanfield is the mean-field theory of signal propagation in deep,
// wide, random fully connected networks: the variance map (q-map) and its
// fixed point q*, the correlation map R(c) and its fixed point c*, the
// slopes χ₁, χ_c, χ_q, the depth scales ξ_q, ξ_c, ξ_∇ and the edge of chaos
// χ₁ = 1.
//
// Sources: Poole, Lahiri, Raghu, Sohl-Dickstein, Ganguli 2016
// (arXiv:1606.05340); Schoenholz, Gilmer, Ganguli, Sohl-Dickstein 2017
// (arXiv:1611.01232); Pennington, Schoenholz, Ganguli 2018
// (arXiv:1802.09979, "P18"), as collected in Tanner's lecture (Oxford C6.5,
// lecture 6). Formula labels F1–F11 are those of lib/sources/tanner2024.md#formulas
// (derivations in lib/sources/tanner2024.md#mean-field).
//
//	F1  q-map          V(q) = σ_w² ∫Dz φ(√q z)² + σ_b²            Net.QMap   (P18 eq. 3)
//	F2  fixed point    q* = V(q*)                                  Net.QStar  (P18 eq. 4)
//	    with χ_q, stability, start  q* reached from Settings.Q0        Net.FixedPoint
//	    phase          ordered / critical / chaotic / divergent        Net.Phase
//	F3  covariance map (q_a, q_b, c) ↦ (q_a′, q_b′, c′)            Net.CovMap
//	F4  correlation    R(c) = [σ_w² E φ(u1)φ(u2) + σ_b²]/q*        Net.CMap
//	F6  χ_q = V′(q*) = σ_w² E[u φ φ′]/q*                           Net.ChiQ
//	F7  χ₁ = σ_w² ∫Dz φ′(√q* z)² = R′(1)                           Net.Chi1   (P18 eq. 5)
//	    χ₁ by a one-sided difference of R at c = 1                   Net.Chi1Difference
//	F8  χ_c = σ_w² E φ′(u1)φ′(u2) = R′(c)                          Net.ChiC
//	F9  ξ_q = −1/log χ_q, ξ_c = −1/log χ_{c*}, ξ_∇ = −1/log χ₁     Net.DepthScales
//	    |c^ℓ − c*| ∝ e^{−ℓ/ξ_c} drawn through a layer                DecayThrough
//	F10 EoC from q*:  σ_w² = 1/μ₁(q*),  σ_b² = q* − σ_w² E φ²      EoCFromQ
//	    EoC from σ_b² (σ_w², q*) and from σ_w² (σ_b², q*)          EoCSigmaW2, EoCSigmaB2
//	    F2–F9 at each σ_w² of a sweep                              ScanSigmaW2
//
// μ_k = ∫Dz φ′(√q* z)^{2k} (P18 eq. 20) is activation.Func.Mu.
//
// Conventions: SigmaW2 and SigmaB2 are the variances σ_w², σ_b²; Gaussian
// weights have variance σ_w²/N (lib/sources/tanner2024.md#erratum-6). Gaussian expectations
// use the activation's closed forms where they exist and package gauss
// otherwise (piecewise Gauss–Legendre, accurate on kinked φ where
// Gauss–Hermite is not; lib/sources/tanner2024.md#erratum-22).
//
// Fixed points are the ones the maps' iterations reach: Net.FixedPoint
// reports q* with χ_q = V′(q*) and the start it is reached from, and never
// returns a repelling q* (ErrRepelling). The edge of chaos is χ₁ = 1 at an
// attracting q*: where χ₁ = 1 only at a repelling q* (SiLU below
// σ_b² ≈ 0.555, GELU below ≈ 0.173: the q-map goes from the ordered phase
// straight to divergence) the EoC solvers return a *DivergentRegionError.
// Net.Phase and PhaseDiagram give the phase reached from Settings.Q0,
// EoCRegions a curve with its divergent σ_b² listed apart.
//
// The lecture's networks are constructors (lecture.go: Lecture,
// LectureQMap, LectureCMap, LectureQStars); a display compares its
// networks with them (LectureFamily, SameNets), not with re-typed values.
//
// Errors: data-dependent failures (a diverging q-map, no edge-of-chaos
// point for the given σ_b², a root search that fails, a repelling fixed
// point) are returned as errors wrapping ErrDiverges, ErrNoEdge (and
// ErrDivergentRegion), ErrNoFixedPoint or ErrRepelling; invalid
// arguments (σ_w² ≤ 0, σ_b² < 0, q < 0, |c| > 1, NaN) panic with a
// "meanfield:" message naming the parameter and its range.
//
// Scan.Curves gives the depth scales as a result kind (lib/result) for
// kernel-ext/render; beyondresults.go gives PhasesPlane (a phase diagram
// with its edges of chaos and the check that they attract, a
// result.Plane on the phases' fixed colour range PhaseMin…PhaseMax) and
// ActivationCurves (the activations and the N(0, q*) densities);
// tableresults.go Scan.VersusTable, AtomsTable and CriticalLineCurves
// (the lecture's tables and Fig. 1 against the notes' printed values,
// PrintedRelTol and PrintedAbsTol); mapresults.go QMapCurves and
// CMapCurves (the maps with their consistency checks: q* a root to
// rounding, χ₁ against a finite difference of R).
package meanfield
