// Package trainability tests the claim of
//
//	A. Cowsik, T. Nebabu, X.-L. Qi, S. Ganguli, "Geometric Dynamics of
//	Signal Propagation Predict Trainability of Transformers",
//	arXiv:2403.02579 (2024), Sec. 5, Fig. 7 and lib/sources/cowsik2024.md#protocol-trainability,
//
// that the test loss after training is governed by the distance of the
// exponents at initialisation, λ_a and λ_g^(L), from the edge
// λ_a = 0 = λ_g, on a trainability sweep of lib/trainsweep trained from
// several seeds.
//
// Read gathers the sweep directories of one grid, one per seed (lib/sweep's
// format, through fs.FS), into a Set: each seed's settings, provenance and
// results, and per point the seed mean and SD (trainsweep.SeedMean).
//
// The tests of Fig. 7, on the seed means:
//
//   - VShape: the correlation of the loss with λ and with |λ| on the
//     non-saturated points (a V shows as a larger one with |λ|);
//   - Set.Fits: the clipped max-fit min(ln C, max(w_a|λ_a|, w_g|λ_g|) + b)
//     over all points (trainsweep.FitClipped), the unclipped one and the
//     single-exponent ones on the non-saturated points; Set.SeedFits: each
//     seed's clipped fit and the noise floor no function of (α, σ_w) can
//     beat;
//   - Edges and EdgeAt: the λ_a = 0 and λ_g^(L) = 0 curves σ_w(α) of
//     lib/tokengeom at the sweep's n and d, and Set.NearEdges: how far the
//     lowest loss lies from them.
//
// Their figures, tables and checks are lib/result kinds (results.go,
// drawn by kernel-ext/render): Set.LossVs (the top panels), FitCurves
// (bottom left), LossPlane (bottom right, on [0, ln C]),
// ProvenanceTables, ResultsTable, FitTable, Correlations.Table,
// BestTable; Fits.FitChecks and ClaimsTable (Verdict, BothNeededZ),
// NearEdges.Checks and Table; Set.BothNeeded, Fig. 7's second claim, a
// declared known disagreement at this scale (BothNeededAtScale, a
// result.Disagreement; disagreements.go).
package trainability
