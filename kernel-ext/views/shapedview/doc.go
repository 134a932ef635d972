// Package shapedview holds the view tests of the results of lib/shapednet (finite shaped
// networks) and lib/sde (their covariance SDEs) as the figures, tables and
// network-vs-SDE checks of notebook 05-shaped-transformer (Noci et al.
// 2023, "The Shaped Transformer", arXiv:2306.17759).
//
// It has no builder left: every figure and table of the notebook is drawn
// by the renderer of its kind (kernel-ext/render) over a result method of
// lib/shapednet, which formats captions, Params and sample counts from the
// settings the results record and decides the paper claim (a figure claims
// its paper figure only at the paper's settings; a claim that holds only
// there is shown as not applicable with the reason). The package keeps the
// notebook's view tests.
//
// Rendered by kind: figures fig1-left, fig1-preln, fig3-right,
// fig4-left, fig4-right, fig5-left and fig5-right, eq21-output and tables
// explosion and one-step-cov are drawn by kernel-ext/render, in the
// notebook's cells, over shapednet.Fig1LeftCurves, PreLNCurves,
// CorrLaws.Q95Curves, Fig4Runs.CorrCurves and CovCurves,
// StopByGamma.TraceCurves and StopByGamma.TimeCurves (result.Curves),
// Outputs.Spectrum (a result.SpectrumLines, render.SpectrumLines),
// shapednet.ExplosionCounts and OneStepCov.Table (result.Table); figures
// fig1-right-m2, fig1-right-m4, fig7, transformer-T and fig3-left by
// render.Densities over shapednet.Fig1RightDensities, Fig7Densities,
// TransformerTDensities and CorrLaws.LeftDensities (several network/SDE
// pairs in one figure, a KS check each); ks-vs-width by render.Curves
// over KSWidths.Curves (its KS check on samples of its own); fig8 by
// render.Plane over StopGrid.Plane, whose check beyond γ = 0.5 carries
// the known disagreement shapednet.Fig8Beyond (a result.Disagreement).
// rendered_test.go makes those views as the cells do, for the tests.
package shapedview
