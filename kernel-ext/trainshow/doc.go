// Package trainshow renders the trainability experiment of notebook 06 as
// figures' series, tables and claim metrics (kernel-ext/show, bundle):
//
//   - sweep.go: Fig. 7's second claim on a trainability sweep trained
//     from several seeds (BothNeeded over lib/trainability.Fits), a
//     declared known disagreement;
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
// sweeps' tables, panels and fit checks (trainability.Set.ProvenanceTables,
// ResultsTable, LossVs, FitTable, FitCurves, LossPlane; Fits.FitChecks,
// ClaimsTable; Correlations.Table, BestTable, NearEdges.Checks and
// Table), the live sweep (trainsweep.LiveTable), the reversal runs'
// provenance, Figs. 6 and 15 and the ReZero table
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
