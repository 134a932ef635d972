// Package trainshow renders the trainability experiment of notebook 06 as
// figures' series, tables and claim metrics (kernel-ext/show, bundle):
//
//   - sweep.go: a trainability sweep trained from several seeds
//     (lib/trainability.Set): its provenance and results tables, the loss
//     against an exponent by α, the fit tables and series, the loss over
//     the (α, σ_w) plane with the two edges, and the live miniature sweep
//     (LiveSweep, its caption from the sweep's spec);
//   - noci.go: the stored training runs of the Noci et al. 2022/2023
//     analogues (lib/trainsweep.NociRun): provenance, per-variant tables,
//     mean curves over seeds, and the "a trains better than b" claims
//     judged in standard errors;
//   - reverse.go: the claims of Fig. 6 and Fig. 15 on the stored runs of
//     Noci et al. 2022's reversal task (Fig6Claims, Fig15Claims over
//     lib/seqtf.Stored's statistics), three of them declared known
//     disagreements;
//   - code.go: the four claims of Noci et al. 2023's Fig. 2 on the Go
//     standard library's source (CodeClaims over a lib/seqtf.Code), one a
//     declared known disagreement.
//
// Drawn by kernel-ext/render over lib result kinds, not here: the
// reversal runs' provenance, Figs. 6 and 15 and the ReZero table
// (seqtf.Stored.ProvenanceTable, Fig6.Curves, Fig6.GapCurves,
// Fig15.Curves, Stored.ReZeroTable), the probe's
// figures and claims table (trainsweep.ProbeResult.GradRatio, EffLR,
// Claims), the gradient norms at initialisation
// (trainsweep.InitGrads.Curves) and on code (seqtf.Code.Curves,
// CorpusTable).
//
// Builders are pure: they return show.Series, show.Figure, bundle.Table,
// or a show.View where a cell shows several items in order (metrics, then
// the table that sums them up), and are tested as data; the notebook shows
// them (View.Show, show.View{show.Tab(t)}.Show()). Numbers are computed by lib
// (trainability, trainsweep) and only formatted here, in the order the
// notebook used to, so the report's figures and metrics keep their bits.
package trainshow
