// Package tokenview holds the tests of the views of notebook
// 02-token-geometry (Cowsik et al. 2024, arXiv:2403.02579: lib/tokengeom's
// theory, lib/tokencheck's comparisons with the finite-width transformer):
// it has no builder left.
//
// Every figure of the notebook is drawn by kernel-ext/render over
// tokencheck's result functions, with its claims as papers statements
// and its Record at the paper's settings only where the run's own
// settings are the figure's (tokencheck's At… functions):
//
//	figure                      result                                  renderer
//	att-map                     tokencheck.AttMapCurves                 render.Curves
//	fig2-field-sw<σ_w>          tokencheck.Layers.Field                 render.Field
//	one-block checks            tokencheck.Curves.OneBlockChecks        render.Checks
//	                            (cases: tokencheck.OneBlocks)
//	fig2-layers-sw<σ_w>         tokencheck.Curves.LayerCurves           render.Curves
//	  its norm bias at two      tokencheck.WidthBias.Checks             render.CheckList
//	  widths (declared known    (disagreement: WidthBias.Fig2Norm)
//	  disagreement)
//	fig2-hist-*-sw<σ_w>         tokencheck.Histograms.Planes            render.Plane
//	fig3-symmetry               tokencheck.Symmetry.Curves              render.Curves
//	fig4-lambda-a-slice         tokencheck.Exponents.AngleSliceCurves   render.Curves
//	critical-slowing            tokencheck.CriticalSlowingCurves        render.Curves
//	fig4-theory/numeric-*       tokencheck.LambdaAPlanes                render.Plane
//	fig5-lambda-g-slice         tokencheck.GradientSliceCurves          render.Curves
//	fig5-theory/numeric-*       tokencheck.LambdaGPlanes                render.Plane
//	  the numeric planes'       tokencheck.GradientPlane(…).Checks      render.Checks
//	  checks (declared known    (disagreement: tokencheck.Fig5Large)
//	  disagreement at large α)
//	edge-gap                    tokencheck.EdgeGapCurves                render.Curves
//	errata-lambda-g             tokencheck.Exponents.ErrataCurves       render.Curves
//	fig6-causal-*               tokencheck.CausalPlane                  render.Plane
//	fig6-contours               tokencheck.ContourOrder                 render.Curves
//
// The known disagreements are declared in lib/tokencheck as
// result.Disagreement values (disagreements.go), their data's seeds set
// from the run there. No builder is left here: the package holds the
// tests of those figures as the notebook draws them.
package tokenview
