// Package rankshow renders the results of lib/rankexp (the experiments of
// Noci et al. 2022, "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse") as the figures, tables and
// theory-vs-simulation checks of notebook 03-rank-collapse.
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables,
// metrics and printed lines keep their place in the report. The figure ids
// and tolerances are the notebook's; captions, Params, sample counts and
// seeds are formatted from the settings the results record, so any
// setting runs:
// a figure claims its paper figure only at the paper's settings (at others
// its caption says "at your settings"), a claim that holds only there is
// shown as not applicable with the reason (show.PaperCheck), and the z, KS
// and DKW checks, whose tolerances come from the run's own sample sizes,
// apply at any settings. A function panics only on a caller bug (results
// of one call at different settings, an argument that disagrees with the
// settings a result records).
//
// Figures that are only curves with their checks are not built here: the
// notebook draws them with the renderer of their kind (kernel-ext/render)
// over rankexp's result methods, which carry the claims:
//
//	fig8-rho, fig8-norm   render.Curves  rankexp.Propagations.Rho, .Norm
//	eq15-limit            render.Curves  rankexp.Eq15Curves.Limits
//	fig7-uniformity       render.Curves  rankexp.Uniformity.Curves
//	fig10-relu            render.Curves  rankexp.FeedForward.Curves
//	eq17-18-rho           render.Curves  rankexp.GradsRun.RhoCurves
//	eq17-18-n-d           render.Curves  rankexp.GradsRun.NCurves
//	fig10-full-*          render.Curves  rankexp.FFPlacements.Curves
//	fig8-deep-cos         render.Curves  rankexp.DeepRuns.RhoCurves
//	fig8-deep-norm        render.Curves  rankexp.DeepRuns.NormCurves
//	fig8-deep-last        render.Table   rankexp.DeepRuns.Table
//	fig4-ln               render.Curves  rankexp.Placements.Curves
//	fig4-last             render.Table   rankexp.Placements.Table
//	fig11-*               render.Curves  rankexp.NormLaws.Curves
//	dong-depth            render.Curves  attnspec.DongRun.DepthCurves
//	dong-contraction      render.Curves  attnspec.DongRun.ContractionCurves
//	lemma31-fixed         render.Table   rankexp.Lemma31Table
//	thm32                 render.Table   rankexp.Thm32Table
//	tau-c3                render.Table   rankexp.TauTable, and
//	                      render.Checks  rankexp.TauBalance.Checks
//	eq18-exact-small-n-z  render.Checks  rankexp.SmallN.Checks (its Remark
//	                      a show.Text before it)
//
// The known disagreements of Figs. 8 (at depth), 4 and 11 are result
// values in lib/rankexp (Fig8SoftmaxLemmas, Fig4LN, Fig11Softmax),
// carried by the checks of the results above.
//
// The builders left here, and why:
//
//	Table2                                 six panels and the Fig. 1 table
//	                                       from one pair of runs, ten claims
//	                                       across them
//	Grid                                   Figs. 12–14 as nested heat maps
//	                                       (show.NestedHeat) with claims
//	                                       read across the grid
package rankshow
