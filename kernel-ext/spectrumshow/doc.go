// Package spectrumshow holds the special display builders of notebook 04
// (Tanner's lecture after Pennington, Schoenholz & Ganguli 2018,
// arXiv:1802.09979): those whose layout the result kinds of lib/result
// and the renderers of kernel-ext/render do not carry. Every figure of the
// notebook is drawn from a lib result by render; these builders only
// arrange render's views.
//
//	a panel of P18 Fig. 2 or 4 from stored spectra  Panels.Fig2, Panels.Fig4 (over randmlp.Fig2Curves,
//	                                                randmlp.Fig4Panel.Curves; Deviation declares one)
//	the Marchenko–Pastur law of a live run          MPDensity (over randmlp.SpectrumSample.MPCurves)
//	Murray Fig. 2 analogue (stored Shtanh runs)     MurrayView (over shtanhtrain.Fig2Result),
//	                                                MurrayDecayDisagreement
//	Schoenholz et al. 2017 trainable depth ∝ ξ_c    DepthView (over traindepth.DepthResult),
//	                                                DepthSpreadDisagreement, DepthMeanDisagreement
//	  … against the training budget                 BudgetView (over traindepth.BudgetResult),
//	                                                BudgetGrowDisagreement
//
// Why each is special: a P18 panel and the MP figure show several spectra
// in one figure, each sample with its own checks (or the line saying it
// was not compared) after the figure, in the sample's place
// (randmlp.SampleOutcome), and a panel may carry a declared known
// deviation of one sample; the training analogues carry known
// disagreements declared in the notebook (show.Disagreement with its
// bundle.Declaration), which lib/result does not carry yet: the builder
// attaches each to its check of the rendered view (declare), completing
// its record with the seeds of the data the check reads.
//
// Drawn by render directly in the notebook (no builder here): P18 Tables 1
// and 2 (jacspectrum.Table1Result, randmlp.Table2Table), the S-transform
// (randmlp.SpectrumSample.STransformCurves), the ReLU closed form
// (jacspectrum.ArcsineCurves), Murray's Shtanh table and plot
// (jacspectrum.MurrayResult), the CNN recursion (cnn.SimResult.Curves)
// and the attention panels (attnspec GapResult, RadiusResult, DepthResult,
// WidthResult .Curves).
//
// The science (densities, KS distances, their tolerances, the rows of the
// tables, the claims) is computed by lib; this package computes nothing
// (cmd/sigprop TestDisplayComputesNoTheory). The notebook names every
// figure (its ID and Paper) in a literal that render fills.
package spectrumshow
