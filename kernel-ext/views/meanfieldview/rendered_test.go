package meanfieldview

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/randmlp"
)

// The views notebook 01 shows for the results rendered by kind
// (kernel-ext/render over randmlp's and meanfield's result methods), as
// its cells make them; the tests read them as they read the builders'.

func qIterationView(c randmlp.LayerChecks) show.View {
	return render.Curves(show.Figure{ID: "qmap-iteration"}, c.QCurves())
}

func cIterationView(c randmlp.LayerChecks) show.View {
	return render.Curves(show.Figure{ID: "cmap-iteration"}, c.CCurves())
}

func xiCDecayView(r randmlp.LayerCheck, xiC float64) show.View {
	return render.Curves(show.Figure{ID: "xi-c-decay"}, r.XiCCurves(xiC))
}

func chi1View(p randmlp.Chi1Points) show.View {
	return render.Curves(show.Figure{ID: "chi1-sim", Paper: papers.Claim(papers.TannerFig1), PaperNote: "χ₁ = 1 on the critical line, checked against finite networks"}, p.Curves())
}

func depthScalesView(sc meanfield.Scan, wc float64) show.View {
	return render.Curves(show.Figure{ID: "depth-scales"}, sc.Curves(wc))
}

func slopeLawsView(name string, laws []randmlp.SlopeLaw) show.View {
	return render.Curves(show.Figure{ID: "fig3-" + name, Paper: papers.Claim(papers.TannerFig3), PaperNote: "bottom row, as CDFs"}, randmlp.SlopeLawCurves(name, laws))
}

func edgeChi1View(p randmlp.Chi1Points) show.View {
	return render.Curves(show.Figure{ID: "beyond-chi1"}, p.EdgeCurves())
}

func divergentView(r randmlp.LayerCheck) show.View {
	return render.Curves(show.Figure{ID: "beyond-divergent"}, r.DivergentCurves())
}

func criticalSpectraView(names []string, cs []randmlp.CriticalSpectrum) show.View {
	return render.Curves(show.Figure{ID: "beyond-spectrum"}, randmlp.CriticalCurves(names, cs))
}

func phasesView(name string, g meanfield.PhaseGrid, edge, tanhEdge meanfield.EdgeCurve) show.View {
	return render.Plane(show.Figure{ID: "beyond-phases"}, meanfield.PhasesPlane(name, g, edge, tanhEdge))
}

func activationsView(phis []activation.Func, qs, hs []float64) show.View {
	return render.Curves(show.Figure{ID: "fig3-phi", Paper: papers.Claim(papers.TannerFig3), PaperNote: "top row, the five activations in one panel"}, meanfield.ActivationCurves(phis, qs, hs))
}

func tanhTableView(sc meanfield.Scan, ref [][]float64) show.View {
	return render.Table(bundle.Table{ID: "tanh-table"}, sc.VersusTable(ref), render.After())
}

func atomsView(phis []activation.Func, qs []float64, ref [][]float64) show.View {
	return render.Table(bundle.Table{ID: "fig3-atoms", Paper: papers.Claim(papers.TannerFig3)}, meanfield.AtomsTable(phis, qs, ref), render.After())
}

func qMapView(nets []meanfield.Net, qs []float64) (show.View, error) {
	c, err := meanfield.QMapCurves(nets, qs)
	if err != nil {
		return nil, err
	}
	return render.Curves(show.Figure{ID: "qmap"}, c), nil
}

func cMapView(nets []meanfield.Net, cs []float64) (show.View, error) {
	c, err := meanfield.CMapCurves(nets, cs)
	if err != nil {
		return nil, err
	}
	return render.Curves(show.Figure{ID: "cmap"}, c), nil
}

func phaseDiagramView(b2, w2, qs, refB, refW, atRef []float64) show.View {
	line, qstar := meanfield.CriticalLineCurves(b2, w2, qs, refB, refW, atRef)
	return append(render.Curves(show.Figure{ID: "fig1-phase-diagram", Paper: papers.Claim(papers.TannerFig1)}, line),
		render.Curves(show.Figure{ID: "fig1-qstar", Paper: papers.Claim(papers.TannerFig1), PaperNote: "the colour of the critical line: q* along it"}, qstar)...)
}
