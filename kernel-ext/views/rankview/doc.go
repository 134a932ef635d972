// Package rankview holds the tests of notebook 03-rank-collapse's views
// (Noci et al. 2022, "Signal Propagation in Transformers: Theoretical
// Perspectives and the Role of Rank Collapse"): every figure, table and
// check of the notebook is drawn by the renderer of its kind
// (kernel-ext/render) over lib/rankexp's result methods, which carry the
// claims, and the tests here build each view as the notebook's cell does
// (rendered_test.go) and read it.
//
// The figure ids are the notebook's; captions, Params, sample counts and
// seeds are formatted in lib/rankexp from the settings the results
// record, so any setting runs: a figure claims its paper figure only at
// the paper's settings, a claim that holds only there is shown as not
// applicable with the reason, and the z, KS and DKW checks, whose
// tolerances come from the run's own sample sizes, apply at any settings.
//
// The notebook's figures, the results they draw and their renderers:
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
//	fig12-grid            render.CheckList, render.Curves  rankexp.GridRun.Notes, .Curves
//	fig13-grid,           render.Plane   rankexp.GridRun.Planes (the grid as
//	fig14-grid                           nested blocks; Fig. 13's claim)
//	fig3a–c, fig9a–c      render.Curves  rankexp.Table2Runs.Fig3, .Fig9: Panels,
//	  their claims        render.CheckList  and Checks, each of one panel
//	fig1-init             render.Table   rankexp.Table2Runs.Fig1 (Fig3's Table)
//
// The known disagreements of Figs. 8 (at depth), 4, 11 and 3(c) are result
// values in lib/rankexp (Fig8SoftmaxLemmas, Fig4LN, Fig11Softmax, Fig3Values),
// carried by the checks of the results above.
//
// No builder is left here.
package rankview
