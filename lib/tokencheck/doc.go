// Package tokencheck checks the token-geometry theory of Cowsik, Nebabu, Qi
// & Ganguli 2024, "Geometric Dynamics of Signal Propagation Predict
// Trainability of Transformers" (arXiv:2403.02579; notes in
// lib/sources/cowsik2024.md), against the finite-width random
// transformer: each experiment runs package tokennet's simulator and
// returns its means ± SE beside package tokengeom's prediction for the same
// quantity, the numbers behind the theory-vs-simulation figures of the
// paper.
//
//	one block and per-layer q/d, p/q (eq. 25, Fig. 2)  Layers.Curves, Layers.Histograms
//	the finite-d bias of q/d at depth (Fig. 2)          MeasureWidthBias
//	two-group tokens, p1/p2 → 1 (eq. 12, Fig. 3)        Restoration.Run
//	λ_a, eq. (24), vs its one-step theory (Fig. 4)     AngleExponents
//	λ_g (Sec. 4.2, eq. 32; lib/sources/cowsik2024.md#protocol-lambda-g) (Fig. 5)          GradientExponents, ErrataModels, SliceAgreement
//	simulated planes of Figs. 4–6 (committed sweeps)    SimPlane (with the n, d, L its records state), ReadSimPlane, GradientPlane
//
// A theory model (tokengeom.Model) fixes the simulated network (Network),
// its MLP's φ included: tanh, or any activation.Func as tokennet's
// TransformerConfig.Act, so each check holds for a new φ as for tanh.
// A block described as a compose.Block is handed to the per-layer
// experiment by LayersFor (network tokennet.FromBlock; Network itself is
// tokennet.FromBlock of compose.Cowsik).
// Randomness is explicit: every experiment takes Seeds, one generator per
// point. The settings structs Layers (Fig2: Curves, Histograms, Portrait, Field)
// and Restoration (Fig3: Run) name the model, depth, input, networks and
// Seeds of a figure, each field documented with the paper's statement; the
// results record the seeds they ran with (as Exponents do), which the
// display reads instead of a retyped argument. Whether a result is at a
// figure's settings is a comparison with the constructors (paperat.go:
// AtSize, AtEnsemble, AtFig2Block, AtFig2Row, Curves.AtFig2, Histograms.AtFig2, WidthBias.AtFig2,
// Symmetry.At, SimPlane.AtPaper), never re-typed numbers.
// A setting out of range is an error wrapping ErrParam naming the field
// (Layers.Validate, Restoration.Validate, called by every method first);
// caller bugs panic with a "tokencheck:" message; a simulation or a theory
// that fails on the data returns the error.
//
// Notebook 02's figures as result kinds (lib/result, for
// kernel-ext/render), each with its checks and a Record at the paper's
// settings only where the At… comparisons above say so:
//
//	theory only (results.go)          AttMapCurves, CriticalSlowingCurves, EdgeGapCurves
//	per layer (layerresults.go)       Curves.OneBlockChecks (cases: OneBlocks), Curves.LayerCurves,
//	                                  Histograms.Planes, Symmetry.Curves, Fig2Row
//	phase portrait (fieldresult.go)   Layers.Field (a result.Field)
//	exponent slices (sliceresults.go) Exponents.AngleSliceCurves, GradientSliceCurves, Exponents.ErrataCurves
//	planes (planeresults.go)          LambdaAPlanes, LambdaGPlanes (checks: GradientPlane), CausalPlane,
//	                                  ContourOrder, on the planes named by PlaneAxes
//
// The two known disagreements of notebook 02 are declared here as data
// (disagreements.go), their DataSeeds set from the run by the checks that
// carry them: WidthBias.Checks (a result.CheckList: the Fig. 2 norm bias
// at two widths, WidthBias.Fig2Norm, declared DeclaredFig2Norm) and
// PlaneAgreement.Checks (the λ_g planes' checks, the large-α shift
// Fig5Large).
//
// The lists a notebook's parameters cell holds are checked here before a
// run: OneBlocks (parallel lists of equal length) and EdgeGapAlphas.
package tokencheck
