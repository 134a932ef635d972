// Package meanfieldview holds the tests of the views of notebook
// 01-mean-field (Tanner's lecture, after Poole et al. 2016, Schoenholz et
// al. 2017 and Pennington et al. 2018): it has no builder left. Every
// figure and table of the notebook is drawn by the renderer of its kind
// (kernel-ext/render) over a result method of lib/meanfield or
// lib/randmlp, which formats the caption, Params and seed from the
// settings the result records, carries the claims (papers.TannerQMap,
// TannerCMap, TannerChi1, TannerSlopeLaw, TannerAtoms) and decides the
// paper claim (the Lecture… settings' Ran and At, SameNets,
// LectureQStars):
//
//	qmap              render.Curves      meanfield.QMapCurves
//	qmap-iteration    render.Curves      randmlp.LayerChecks.QCurves
//	cmap              render.Curves      meanfield.CMapCurves
//	cmap-iteration    render.Curves      randmlp.LayerChecks.CCurves
//	fig1-phase-diagram, fig1-qstar
//	                  render.Curves      meanfield.CriticalLineCurves
//	chi1-sim          render.Curves      randmlp.Chi1Points.Curves
//	depth-scales      render.Curves      meanfield.Scan.Curves
//	tanh-table        render.Table       meanfield.Scan.VersusTable
//	xi-c-decay        render.Curves      randmlp.LayerCheck.XiCCurves
//	fig3-<φ>          render.Curves      randmlp.SlopeLawCurves
//	fig3-atoms        render.Table       meanfield.AtomsTable
//	fig3-phi          render.Curves      meanfield.ActivationCurves
//	beyond-phases     render.Plane       meanfield.PhasesPlane
//	beyond-chi1       render.Curves      randmlp.Chi1Points.EdgeCurves
//	beyond-divergent  render.Curves      randmlp.LayerCheck.DivergentCurves
//	beyond-spectrum   render.Curves      randmlp.CriticalCurves
//
// rendered_test.go builds each view as the notebook's cell does; the
// tests read them (ids, claims at and away from the lecture's settings,
// check values from their inputs, mutations a referee would try).
package meanfieldview
