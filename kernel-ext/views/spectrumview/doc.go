// Package spectrumview holds the tests of the views of notebook
// 04-jacobian-spectra (Tanner's lecture after Pennington, Schoenholz &
// Ganguli 2018, arXiv:1802.09979): it has no builder left. Every figure
// and table of the notebook is drawn by the renderer of its kind
// (kernel-ext/render) over a result of lib, which computes the theory
// (densities, KS distances and atom counts with their tolerances and
// basis, the rows of the tables), formats the caption, Params and seed,
// carries the claims and decides the paper claim:
//
//	mp-density          render.SampleCurves  randmlp.SpectrumSample.MPCurves
//	fig2-<φ>-<weights>  render.SampleCurves  randmlp.Panels.Fig2
//	fig4-<φ>            render.SampleCurves  randmlp.Panels.Fig4 (Fig4Panel.Curves)
//	table1, table2      render.Table         jacspectrum.Table1Result, randmlp.Table2Table
//	s-transform-product render.Curves        randmlp.SpectrumSample.STransformCurves
//	the ReLU closed form, Murray's Shtanh table and plot, the CNN
//	recursion, the attention panels (attn-gap, -radius, -depth, -width)
//	                    render.Table, render.Curves  jacspectrum.ArcsineCurves,
//	                    jacspectrum.MurrayResult, cnn.SimResult.Curves,
//	                    attnspec GapResult, RadiusResult, DepthResult, WidthResult
//	murray-fig2, schoenholz-depth, schoenholz-budget (with provenance tables)
//	                    render.Table, render.Curves, render.Plane over
//	                    shtanhtrain.Fig2Result, traindepth.DepthResult, BudgetResult
//
// A panel of P18 Fig. 2 or 4 and the Marchenko–Pastur figure show several
// spectra in one figure, each sample with its own checks (or the line
// saying it was not compared) after the figure's: a result.SampleCurves.
// The known disagreements are declared in lib next to the checks that
// carry them (shtanhtrain.MurrayDecayDisagreement;
// traindepth.DepthSpreadDisagreement, DepthMeanDisagreement,
// BudgetGrowDisagreement; a spectrum panel's randmlp.Deviation, none
// today), their DataSeeds set from the data the check reads.
//
// The tests build each view as the notebook's cell does (gapView, mpView,
// murrayView, depthView, budgetView) and read them: the live figures'
// sizes and seeds, the claims' mutations (TestClaimMutation) and the
// declarations' records (TestDeclarations).
package spectrumview
