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
//
// Why each is special: a P18 panel and the MP figure show several spectra
// in one figure, each sample with its own checks (or the line saying it
// was not compared) after the figure, in the sample's place
// (randmlp.SampleOutcome), and a panel may carry a declared known
// deviation of one sample (Deviation, a show.Disagreement the notebook
// declares; none today), which the builder attaches to the sample's KS
// check (declare), completing its record with the sample's draw seeds.
//
// Drawn by render directly in the notebook (no builder here): P18 Tables 1
// and 2 (jacspectrum.Table1Result, randmlp.Table2Table), the S-transform
// (randmlp.SpectrumSample.STransformCurves), the ReLU closed form
// (jacspectrum.ArcsineCurves), Murray's Shtanh table and plot
// (jacspectrum.MurrayResult), the CNN recursion (cnn.SimResult.Curves),
// the attention panels (attnspec GapResult, RadiusResult, DepthResult,
// WidthResult .Curves), and the training analogues with their provenance
// tables: Murray Fig. 2 (render.Curves over shtanhtrain.Fig2Result), the
// trainable depth against ξ_c (render.Plane over traindepth.DepthResult)
// and against the training budget (render.Curves over
// traindepth.BudgetResult). Their known disagreements are declared in lib
// next to the checks that carry them (shtanhtrain.MurrayDecayDisagreement;
// traindepth.DepthSpreadDisagreement, DepthMeanDisagreement,
// BudgetGrowDisagreement), their DataSeeds set from the stored runs.
//
// The science (densities, KS distances, their tolerances, the rows of the
// tables, the claims) is computed by lib; this package computes nothing
// (cmd/sigprop TestDisplayComputesNoTheory). The notebook names every
// figure (its ID and Paper) in a literal that render fills.
package spectrumshow
