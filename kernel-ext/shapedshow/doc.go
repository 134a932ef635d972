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
// fig5-left and fig5-right and table explosion are drawn by
// kernel-ext/render, in the notebook's cells, over
// shapednet.Fig1LeftCurves, PreLNCurves, CorrLaws.Q95Curves,
// StopByGamma.TraceCurves and StopByGamma.TimeCurves (result.Curves) and
// shapednet.ExplosionCounts (a result.Table); figures fig1-right-m2,
// fig1-right-m4, fig7, transformer-T and fig3-left by render.Densities
// over shapednet.Fig1RightDensities, Fig7Densities,
// TransformerTDensities and CorrLaws.LeftDensities (several network/SDE
// pairs in one figure, a KS check each); ks-vs-width by render.Curves
// over KSWidths.Curves (its KS check on samples of its own); fig8 by
// render.Plane over StopGrid.Plane, whose check beyond γ = 0.5 carries
// the known disagreement shapednet.Fig8Beyond (a result.Disagreement).
// rendered_test.go makes those views as the cells do, for the tests.
//
// The builders kept, and why the kinds of lib/result do not carry them:
//
//	Fig4          two figures over one set of runs with claims computed
//	              per ablation (fig4Claims); not yet converted
//	OneStep       a table of numbers formatted by show.Columns with a z
//	              check on the ratios; not yet converted (the table's cells
//	              would need the display's number format in lib)
//	Eq21Output    eq21.go; not yet converted
package shapedshow
