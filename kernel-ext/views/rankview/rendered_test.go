package rankview

import (
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/attnspec"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// The views notebook 03 shows for the results rendered by kind
// (kernel-ext/render over rankexp's result methods), as its cells make
// them; the tests below read them as they read the builders'.

func propagationView(r rankexp.Propagations) show.View {
	return append(render.Curves(show.Figure{ID: "fig8-rho", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right, uniform attention"}, r.Rho(), render.Legend(show.TopLeft)),
		render.Curves(show.Figure{ID: "fig8-norm", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "left, uniform attention"}, r.Norm(), render.Legend(show.TopLeft))...)
}

func rhoLimitsView(c rankexp.Eq15Curves) show.View {
	return render.Curves(show.Figure{ID: "eq15-limit", PaperNote: "Noci et al. 2022, Thm 3.3, eq. (15)"}, c.Limits(), render.Legend(show.TopLeft))
}

func feedForwardView(f rankexp.FeedForward) show.View {
	return render.Curves(show.Figure{ID: "fig10-relu", Paper: papers.Claim(papers.Noci2022Fig10), PaperNote: "uniform attention"}, f.Curves(), render.Legend(show.TopLeft))
}

func uniformityView(u rankexp.Uniformity) show.View {
	return render.Curves(show.Figure{ID: "fig7-uniformity", Paper: papers.Claim(papers.Noci2022Fig7)}, u.Curves())
}

func gradsVsRhoView(rhos []float64, mc rankexp.GradsRun) (show.View, error) {
	c, err := mc.RhoCurves(rhos)
	if err != nil {
		return nil, err
	}
	return render.Curves(show.Figure{ID: "eq17-18-rho", PaperNote: "Noci et al. 2022, §3.3, eqs. (17)–(18)"}, c, render.Legend(show.BottomLeft)), nil
}

func gradsVsNView(ns []int, mc rankexp.GradsRun) (show.View, error) {
	c, err := mc.NCurves(ns)
	if err != nil {
		return nil, err
	}
	return render.Curves(show.Figure{ID: "eq17-18-n-d", PaperNote: "Noci et al. 2022, eqs. (17)–(18); App. B.3"}, c, render.Legend(show.TopLeft), render.Height(340)), nil
}

func lemma31View(names []string, rows []rankexp.Lemma31) show.View {
	return render.Table(bundle.Table{ID: "lemma31-fixed"}, rankexp.Lemma31Table(names, rows))
}

func thm32View(rows []rankexp.Collapsed) show.View {
	return render.Table(bundle.Table{ID: "thm32"}, rankexp.Thm32Table(rows), render.After())
}

func tauTableView(pts []rankexp.Point) (show.View, error) {
	t, err := rankexp.TauTable(pts)
	if err != nil {
		return nil, err
	}
	return render.Table(bundle.Table{ID: "tau-c3"}, t), nil
}

func tauBalanceView(b rankexp.TauBalance) show.View {
	return render.Checks("tau-c3", b.Checks(), b.Record())
}

func dongView(r attnspec.DongRun) show.View {
	const note = "Noci et al. 2022, Sec. 2 (Dong et al. 2021; no figure in the paper)"
	return append(render.Curves(show.Figure{ID: "dong-depth", PaperNote: note}, r.DepthCurves(), render.Legend(show.BottomLeft)),
		render.Curves(show.Figure{ID: "dong-contraction", PaperNote: note}, r.ContractionCurves(), render.Legend(show.BottomRight), render.After())...)
}

func ffPlacementsView(f rankexp.FFPlacements) show.View {
	var v show.View
	for i, c := range f.Curves() {
		v = append(v, render.Curves(show.Figure{ID: []string{"fig10-full-nonorm", "fig10-full-postln", "fig10-full-preln"}[i], Paper: papers.Claim(papers.Noci2022Fig10), PaperNote: "as Fig. 4: true softmax"},
			c, render.Legend(show.TopLeft), render.Height(300))...)
	}
	return v
}

func smallNView(g rankexp.Grads) (show.View, error) {
	s, err := rankexp.SmallNAt(g)
	if err != nil {
		return nil, err
	}
	return append(show.View{show.Text(s.Remark())}, render.Checks("", s.Checks(), s.Record())...), nil
}

func softmaxDepthsView(deep rankexp.DeepRuns) show.View {
	v := render.Table(bundle.Table{ID: "fig8-deep-last"}, deep.Table())
	v = append(v, render.Curves(show.Figure{ID: "fig8-deep-cos", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "right, at depth with true softmax"}, deep.RhoCurves(), render.Legend(show.BottomRight), render.Height(340))...)
	return append(v, render.Curves(show.Figure{ID: "fig8-deep-norm", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: "left, at depth with true softmax"}, deep.NormCurves(), render.Legend(show.TopLeft), render.Height(340))...)
}

func placementsView(p rankexp.Placements) show.View {
	return append(render.Table(bundle.Table{ID: "fig4-last", Paper: papers.Claim(papers.Noci2022Fig4)}, p.Table()),
		render.Curves(show.Figure{ID: "fig4-ln", Paper: papers.Claim(papers.Noci2022Fig4)}, p.Curves(), render.Legend(show.TopLeft), render.Height(340))...)
}

func normLawsView(l rankexp.NormLaws, ids, names []string) show.View {
	var v show.View
	for i, c := range l.Curves(names) {
		v = append(v, render.Curves(show.Figure{ID: "fig11-" + ids[i], Paper: papers.Claim(papers.Noci2022Fig11), PaperNote: names[i], Width: 520}, c, render.Legend(show.TopRight))...)
	}
	return v
}

func gridView(r rankexp.GridRun) show.View {
	v := render.CheckList("fig12-grid", r.Notes())
	v = append(v, render.Curves(show.Figure{ID: "fig12-grid", Paper: papers.Claim(papers.Noci2022Fig12)}, r.Curves(), render.Legend(show.TopLeft))...)
	for i, p := range r.Planes() {
		v = append(v, render.Plane(show.Figure{ID: []string{"fig13-grid", "fig14-grid"}[i], Paper: papers.Claim([]*papers.Figure{papers.Noci2022Fig13, papers.Noci2022Fig14}[i])}, p, render.Width(480), render.Height(400))...)
	}
	return v
}

// table2View is notebook 03's cell of Figs. 3, 9 and 1 on the runs post
// (drawn from postSeed) and pre (from preSeed).
func table2View(post, pre []rankblock.Profile, postSeed, preSeed uint64) show.View {
	runs := rankexp.Table2Runs{Post: post, Pre: pre, PostSeed: postSeed, PreSeed: preSeed}
	var v show.View
	for i, f := range []rankexp.Table2Figure{runs.Fig3(), runs.Fig9()} {
		id, paper := []string{"fig3", "fig9"}[i], []*papers.Figure{papers.Noci2022Fig3, papers.Noci2022Fig9}[i]
		for j, p := range f.Panels {
			figs := []*papers.Figure{paper}
			if i == 0 && j == 0 {
				figs = append(figs, papers.Noci2022Fig1)
			}
			v = append(v, render.Curves(show.Figure{ID: id + "abc"[j:j+1], Paper: papers.Claim(figs...), PaperNote: "panel " + "abc"[j:j+1]}, p, render.Legend([]show.Corner{show.TopLeft, show.BottomLeft, show.BottomLeft}[j]))...)
		}
		for _, c := range f.Checks {
			v = append(v, render.CheckList(id+"abc"[c.Panel:c.Panel+1], c.List)...)
		}
		if f.Table != nil {
			v = append(v, render.Table(bundle.Table{ID: "fig1-init", Paper: papers.Claim(papers.Noci2022Fig1)}, *f.Table, render.After())...)
		}
	}
	return v
}
