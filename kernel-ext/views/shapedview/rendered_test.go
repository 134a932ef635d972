package shapedview

import (
	"strconv"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// The views notebook 05 shows for the results rendered by kind
// (kernel-ext/render over shapednet's result methods), as its cells make
// them; the tests read them as they read the builders'.

func preLNView(ln, rms *shapednet.Run) show.View {
	return render.Curves(show.Figure{ID: "fig1-preln"}, shapednet.PreLNCurves(ln, rms), render.Legend(show.BottomRight), render.After())
}

func explosionView(ex []shapednet.Explosion, paths int) show.View {
	return render.Table(bundle.Table{ID: "explosion"}, shapednet.ExplosionCounts(ex, paths))
}

func fig5View(b shapednet.StopByGamma) show.View {
	return append(render.Curves(show.Figure{ID: "fig5-left", Paper: papers.Claim(papers.Noci2023Fig5), PaperNote: "left"}, b.TraceCurves(), render.Legend(show.TopLeft), render.After()),
		render.Curves(show.Figure{ID: "fig5-right", Paper: papers.Claim(papers.Noci2023Fig5), PaperNote: "right"}, b.TimeCurves(), render.Legend(show.BottomLeft), render.After())...)
}

func fig1LeftView(runs []*shapednet.Run) show.View {
	return render.Curves(show.Figure{ID: "fig1-left", Paper: papers.Claim(papers.Noci2023Fig1), PaperNote: "left"}, shapednet.Fig1LeftCurves(runs), render.Legend(show.BottomRight), render.After())
}

func fig3View(l shapednet.CorrLaws) show.View {
	return append(fig3LeftView(l), render.Curves(show.Figure{ID: "fig3-right", Paper: papers.Claim(papers.Noci2023Fig3), PaperNote: "right"}, l.Q95Curves(), render.Legend(show.BottomRight), render.After())...)
}

func fig1RightView(nn *shapednet.Run, r *sde.Result) show.View {
	v := render.Densities(show.Figure{ID: "fig1-right-m" + strconv.Itoa(nn.M), Paper: papers.Claim(papers.Noci2023Fig1), PaperNote: "right"},
		shapednet.Fig1RightDensities(nn, r), render.Legend(show.TopLeft), render.After())
	if nn.M == 2 {
		v = append(v, render.Densities(show.Figure{ID: "fig7", Paper: papers.Claim(papers.Noci2023Fig7)}, shapednet.Fig7Densities(nn, r), render.After())...)
	}
	return v
}

func transformerTView(nets []*shapednet.Run, sdes []*sde.Result) show.View {
	return render.Densities(show.Figure{ID: "transformer-T"}, shapednet.TransformerTDensities(nets, sdes), render.Legend(show.TopLeft))
}

func ksByWidthView(k shapednet.KSWidths) show.View {
	return render.Curves(show.Figure{ID: "ks-vs-width"}, k.Curves(), render.After())
}

func fig8View(g shapednet.StopGrid) show.View {
	return render.Plane(show.Figure{ID: "fig8", Paper: papers.Claim(papers.Noci2023Fig8)}, g.Plane(), render.After())
}

func fig3LeftView(l shapednet.CorrLaws) show.View {
	return render.Densities(show.Figure{ID: "fig3-left", Paper: papers.Claim(papers.Noci2023Fig3), PaperNote: "left"}, l.LeftDensities(), render.Legend(show.TopLeft))
}

func eq21View(o shapednet.Outputs) show.View {
	return render.SpectrumLines(show.Figure{ID: "eq21-output", PaperNote: "Noci et al. 2023, Eq. 21 (no figure in the paper)", LogY: true}, o.Spectrum(), render.After())
}

func oneStepView(o shapednet.OneStepCov) show.View {
	return render.Table(bundle.Table{ID: "one-step-cov"}, o.Table(), render.After())
}

func fig4View(runs []*shapednet.Run) show.View {
	f := shapednet.Fig4Runs(runs)
	return append(render.Curves(show.Figure{ID: "fig4-left", Paper: papers.Claim(papers.Noci2023Fig4), PaperNote: "left"}, f.CorrCurves(), render.Legend(show.BottomRight), render.After()),
		render.Curves(show.Figure{ID: "fig4-right", Paper: papers.Claim(papers.Noci2023Fig4), PaperNote: "right"}, f.CovCurves(), render.Legend(show.TopLeft), render.After())...)
}
