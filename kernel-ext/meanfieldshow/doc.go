// Package meanfieldshow renders the results of lib/meanfield (the mean-field
// theory of deep random networks) and lib/randmlp (the finite networks
// that check it) as the figures, tables and theory-vs-simulation checks of
// notebook 01-mean-field (Tanner's lecture, after Poole et al. 2016,
// Schoenholz et al. 2017 and Pennington et al. 2018).
//
// Each function builds one cell's show.View, pure and deterministic, and
// the notebook shows it with View.Show, so a function's figures, tables
// and metrics keep their place in the report. The figure ids and
// tolerances are the notebook's; captions, Params, sample counts and seeds
// are formatted from the settings the results record (randmlp's
// QCheckSettings, CCheckSettings, Chi1Settings, SlopeLawSettings and
// CriticalSpectrumSettings record them), so any setting runs: a
// figure claims its paper figure only at the paper's settings (at others
// its caption says "at your settings"), a claim that holds only there is
// shown as not applicable with the reason (show.PaperCheck), and the z, KS
// and DKW checks, whose tolerances come from the run's own sample sizes,
// apply at any settings. A function panics only on a caller bug (results
// of one call at different settings, an argument that disagrees with the
// settings a result records).
//
// Figures that are only curves with their checks are drawn by the renderer
// of their kind (kernel-ext/render) over the result methods of lib, which
// carry the claims (papers.TannerQMap, TannerCMap, TannerChi1) and decide
// the paper claim (the Lecture… settings' Ran and At):
//
//	qmap-iteration  render.Curves  randmlp.LayerChecks.QCurves
//	cmap-iteration  render.Curves  randmlp.LayerChecks.CCurves
//	xi-c-decay      render.Curves  randmlp.LayerCheck.XiCCurves
//	chi1-sim        render.Curves  randmlp.Chi1Points.Curves
//	depth-scales    render.Curves  meanfield.Scan.Curves
//	fig3-<φ>        render.Curves  randmlp.SlopeLawCurves
//	beyond-chi1     render.Curves  randmlp.Chi1Points.EdgeCurves
//	beyond-divergent render.Curves randmlp.LayerCheck.DivergentCurves
//	beyond-spectrum render.Curves  randmlp.CriticalCurves
//	beyond-phases   render.RangedPlane meanfield.PhasesPlane
//	fig3-phi        render.Curves  meanfield.ActivationCurves
//	tanh-table      render.Table   meanfield.Scan.VersusTable
//	fig3-atoms      render.Table   meanfield.AtomsTable
//
// The builders left here, and why: QMap and CMap check roots and a finite
// difference computed per network (the theory's own consistency, with
// tolerances in ulps), and PhaseDiagram reads the notes' printed critical
// line: plumbing too, not yet moved to result methods (they would need
// the maps' curves and root checks, and the critical line's two figures,
// in lib).
package meanfieldshow
