// Package shapedshow renders the results of lib/shapednet (finite shaped
// networks) and lib/sde (their covariance SDEs) as the figures, tables and
// network-vs-SDE checks of notebook 05-shaped-transformer (Noci et al.
// 2023, "The Shaped Transformer", arXiv:2306.17759).
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables
// and metrics keep their place in the report. The figure ids and
// tolerances are the notebook's; captions, Params and sample counts are
// formatted from the settings the results record, so any setting runs: a
// figure claims its paper figure only at the paper's settings (at others
// its caption says "at your settings"), a claim that holds only there is
// shown as not applicable with the reason (show.PaperCheck), and the z, KS
// and DKW checks, whose tolerances come from the run's own sample sizes,
// apply at any settings. A function panics only on a caller bug (results
// of one call at different settings, an argument that disagrees with the
// settings a result records).
//
// Rendered by kind: figures fig1-left, fig1-preln, fig3-right,
// fig4-left, fig4-right, fig5-left and fig5-right, eq21-output and tables
// explosion and one-step-cov are drawn by kernel-ext/render, in the
// notebook's cells, over shapednet.Fig1LeftCurves, PreLNCurves,
// CorrLaws.Q95Curves, Fig4Runs.CorrCurves and CovCurves,
// StopByGamma.TraceCurves and StopByGamma.TimeCurves (result.Curves),
// Outputs.Spectrum (a result.SpectrumLines, render.SpectrumLines),
// shapednet.ExplosionCounts and OneStepCov.Table (result.Table).
//
// The builders kept, and why the kinds of lib/result do not carry them:
//
//	Fig8          declares a known disagreement (Fig8Beyond, a
//	              bundle.Disagreement with its declaration record), which
//	              a result.Check does not carry
//	Fig1Right     two figures of network-vs-SDE densities
//	              (show.Densities: the network's histogram and KDE, the
//	              SDE's KDE in its colour) with KS checks on three sample
//	              pairs; a result.Spectrum draws a histogram beside one
//	              theory line or KDE, without the sample's own KDE
//	TransformerT  one figure of a histogram/KDE pair per T, each with its
//	              KS check: several spectra in one figure
//	Fig3Left      one figure of a KDE pair per γ with a KS check each
//	              (fig3-right is a Curves)
//	KSByWidth     a curve whose check is a KS test on samples the curve
//	              does not draw (the last width's); a Curves check reads
//	              its lines or given points only
package shapedshow
