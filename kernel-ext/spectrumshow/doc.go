// Package spectrumshow renders the Jacobian spectra of notebook 04 (Tanner's
// lecture after Pennington, Schoenholz & Ganguli 2018, arXiv:1802.09979):
// the series of a panel of P18 Figs. 2 and 4 from the stored finite-width
// spectra of lib/randmlp and the theory of lib/jacspectrum, the metrics
// that compare them, the tables of P18 Table 1 and of Murray's theorem, and
// the stored training runs of the Murray Fig. 2 analogue (Shtanh) and of
// Schoenholz et al. 2017's trainable depth (tanh over σ_w² and depth).
//
//	a panel of P18 Fig. 2 or 4 and its metrics    Panels.Fig2, Panels.Fig4 (a show.View)
//	histograms of stored spectra, theory curves   SimSeries, Fig2Series, Fig4Series
//	KS and atom metrics (randmlp.CheckFigure)     Agreements, Checks, View
//	the sources' claims the checks quote          lib/papers (papers.P18Fig2Overlay, papers.P18Fig4Spectra, …)
//	(P18 Tables 1 and 2, Murray's Shtanh table and plot: render.Table and
//	 render.Curves over jacspectrum.Table1Result, randmlp.Table2Table,
//	 jacspectrum.MurrayResult.Table and .Curves)
//	live run: the MP law                          MPDensity
//	(the S-transform and the ReLU closed form: render.Curves over
//	 randmlp.SpectrumSample.STransformCurves, jacspectrum.ArcsineCurves)
//	(the attention panels: render.Curves over attnspec.GapResult.Curves,
//	 RadiusResult.Curves, DepthResult.Curves, WidthResult.Curves)
//	(the CNN covariance recursion: render.Curves over cnn.SimResult.Curves)
//	Murray Fig. 2 analogue (render over            MurrayView (the declaration:
//	  shtanhtrain.Fig2Result), its declaration     MurrayDecayDisagreement)
//	Schoenholz et al. 2017 trainable depth ∝ ξ_c  DepthView (render over traindepth.DepthResult;
//	  its declarations                            DepthSpreadDisagreement, DepthMeanDisagreement)
//	  … against the training budget               BudgetView (render over traindepth.BudgetResult;
//	                                              BudgetGrowDisagreement)
//
// The science (densities, KS distances, their tolerances, the rows of the
// tables) is computed by lib; this package only arranges and formats it.
// The notebook names every figure and table (its ID, Paper and
// caption where fixed) in a literal that this package fills, so that the
// conformance list (reports/conformance) can read them from its code.
package spectrumshow
