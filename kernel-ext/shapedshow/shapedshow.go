package shapedshow

import (
	"fmt"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/shapednet"
)

// want panics with a "shapedshow:" message unless ok: a caller bug, such as
// runs of one call at different settings. It never pins a setting: at
// settings other than the paper's a figure claims nothing (show.AtPaper).
func want(ok bool, format string, args ...any) { show.Want(ok, "shapedshow", format, args...) }

// ks checks that network samples x follow the SDE's law y: the KS distance
// against its critical value at level 0.1%.
// paper is the claim of the source the check tests (its Paper), central
// whether it is the figure's main claim.
func ks(fig, name string, x, y []float64, note, paper string, central bool) show.Agreement {
	return show.KS(show.Agreement{Name: name, Kind: show.SimulationVsSimulation, Figure: fig, Note: note, Paper: paper, Central: central}, x, y, 0.001)
}

// Fig1Right shows figure fig1-right-m<m> (Fig. 1 right: the law of ρ¹²_T
// of the shaped-attention networks nn against the Theorem 4.2 SDE paths r)
// with its KS check; for m = 2 also figure fig7 (the law of V¹²) and the
// KS checks of V¹² and V¹¹. The figures claim Figs. 1 and 7 only at the
// paper's setting (n = 200, d = 150, γ = 1/√8, τ₀ = 1, 4096 networks and
// paths, h = 0.01, ρ₀ = 0.2); the KS checks apply at any setting. The width, γ and seed
// shown are nn's.
func Fig1Right(nn *shapednet.Run, r *sde.Result) show.View {
	m, depth, nets := nn.M, nn.Depth, nn.Nets
	width, gamma, seed := nn.Config.Width, nn.Config.Gamma, nn.Seed
	want(r.M == m, "Fig1Right: m = %d and %d", m, r.M)
	rho0 := nn.InitialCorr(0, 1)
	tau0 := nn.Config.Tau0
	paper := shapednet.Fig1RightSizes{Width: width, Depth: depth, Nets: nets, Paths: r.Paths, Step: r.Step, T: r.T, Rho0: rho0, Gamma: gamma, Tau0: tau0} == shapednet.Fig1Right()
	x, y := nn.FinalCorr(0, 1), r.FiniteCorr(0, 1)
	// At other settings the captions say the γ and τ₀ run (the paper's
	// captions do not state them).
	at := ""
	if !paper {
		at = fmt.Sprintf(", γ = %s, τ₀ = %g", shapednet.GammaText(gamma), tau0)
	}
	id, stops := fmt.Sprintf("fig1-right-m%d", m), fmt.Sprintf("SDE: %d of %d paths stopped, %d with PSD projections", r.NumStopped(), r.Paths, r.NumPSDViolating())
	v := show.View{show.Fig(show.AtPaper(show.Figure{ID: id, Paper: papers.Claim(papers.Noci2023Fig1), PaperNote: "right",
		Caption: fmt.Sprintf("Density of ρ¹²_T, shaped-attention network (n = %d, d = %d) vs Theorem 4.2 SDE (h = %g), m = %d tokens, T = %g%s. %s.", width, depth, r.Step, m, r.T, at, stops),
		XLabel:  "ρ¹²", YLabel: "density", Legend: show.TopLeft, Series: show.Densities("network", "SDE", x, y, -1, 1),
		Params: map[string]float64{"width": float64(width), "depth": float64(depth), "gamma": gamma, "tau0": tau0, "rho0": rho0, "m": float64(m), "step": r.Step, "samples": float64(nets)}, Seed: show.Seed(seed)}, paper)),
		show.Agree(ks(id, fmt.Sprintf("Fig. 1 right, m = %d: KS(network ρ, SDE ρ)", m), x, y, stops, papers.Noci2023Fig1Right.Text, m == 2))}
	if m == 2 {
		v12, s12 := nn.FinalEntry(0, 1), r.Entry(0, 1)
		v = append(v, show.Fig(show.AtPaper(show.Figure{ID: "fig7", Paper: papers.Claim(papers.Noci2023Fig7), Caption: fmt.Sprintf("Density of the covariance V¹²_T (not the correlation), network vs SDE, m = 2, T = %g%s.", r.T, at),
			XLabel: "V¹²", YLabel: "density", Series: show.Densities("network", "SDE", v12, s12, -1, 2), Params: map[string]float64{"width": float64(width), "depth": float64(depth), "gamma": gamma, "samples": float64(nets)}, Seed: show.Seed(seed)}, paper)),
			show.Agree(ks("fig7", "Fig. 7: KS(network V¹², SDE V¹²)", v12, s12, stops, papers.Noci2023Fig7Law.Text, true)),
			show.Agree(ks("fig7", "Fig. 7: KS(network V¹¹, SDE V¹¹)", nn.FinalEntry(0, 0), r.Entry(0, 0), stops, papers.Noci2023Fig7Law.Text, false)))
	}
	return v
}

// TransformerT shows the KS checks and figure transformer-T: the full
// shaped Transformer nets[i] (all of one width and γ) against the
// Corollary 4.3 SDE paths sdes[i] at their time T. The width, γ and seed
// shown are nets[0]'s.
func TransformerT(nets []*shapednet.Run, sdes []*sde.Result) show.View {
	want(len(nets) == len(sdes) && len(sdes) > 0, "TransformerT: %d runs, %d SDE results", len(nets), len(sdes))
	c, m, rho0 := nets[0].Config, nets[0].M, nets[0].InitialCorr(0, 1)
	width, gamma, seed := c.Width, c.Gamma, nets[0].Seed
	Ts := make([]float64, len(sdes))
	for i, r := range sdes {
		Ts[i] = r.T
	}
	var v show.View
	var series []show.Series
	for i, T := range Ts {
		nn, r := nets[i], sdes[i]
		want(nn.Config.Width == width && nn.Config.Gamma == gamma, "TransformerT: run %d has width %d, γ = %g; run 0 %d, %g", i, nn.Config.Width, nn.Config.Gamma, width, gamma)
		x, y := nn.FinalCorr(0, 1), r.FiniteCorr(0, 1)
		series = show.Pair(series, show.HistSeries(fmt.Sprintf("network, T = %g", T), x, -1, 1, 40, show.Points), show.KDESeries(fmt.Sprintf("SDE, T = %g", T), y, -1, 1, 161, show.Dashed))
		v = append(v, show.Agree(ks("transformer-T", fmt.Sprintf("shaped Transformer, T = %g: KS(network, SDE)", T), x, y,
			fmt.Sprintf("n = %d, d = %d; SDE h = %g, stopped %d, PSD-projected %d of %d paths", width, nn.Depth, r.Step, r.NumStopped(), r.NumPSDViolating(), r.Paths), papers.Noci2023Cor43.Text, false)))
	}
	paper := shapednet.TransformerTSizes{Width: width, M: m, Gamma: gamma, Tau0: c.Tau0, CMinus: c.CMinus, Step: sdes[0].Step, Ts: Ts}.At(shapednet.TransformerT())
	caption := fmt.Sprintf("Shaped Transformer (Eq. 11, histograms) vs Corollary 4.3 SDE (KDE, dashed) at %d depth-to-width ratios, width %d, m = %d, γ = %s, τ₀ = %g, c₋ = %g.", len(Ts), width, m, shapednet.GammaText(gamma), c.Tau0, c.CMinus)
	if paper {
		caption = "Shaped Transformer (Eq. 11, histograms) vs Corollary 4.3 SDE (KDE, dashed) at three depth-to-width ratios, width 100, m = 2, γ = 1/√8, c₋ = −1."
	}
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "transformer-T", Caption: caption,
		XLabel: "ρ¹²_T", YLabel: "density", Series: series, Legend: show.TopLeft,
		Params: map[string]float64{"width": float64(width), "gamma": gamma, "tau0": c.Tau0, "c_minus": c.CMinus, "rho0": rho0}, Seed: show.Seed(seed)}, paper)))
}

// KSByWidth shows figure ks-vs-width: the KS distance k.KS between the
// laws of ρ_T of the networks at each width (shaped attention, γ) and the
// SDE paths k.SDE (whose defined correlations are k.Ref), with the 0.1%
// critical value, then the KS check at the last width (sample k.Last).
// Widths, γ, the number of networks and the seed (the SDE's) come from k.
func KSByWidth(k shapednet.KSWidths) show.View {
	ksd, last, ref, r, nets := k.KS, k.Last, k.Ref, k.SDE, k.Settings.Nets
	gamma, seed := k.Settings.Config.Gamma, r.Seed
	widths := make([]float64, len(k.Settings.Widths))
	for i, w := range k.Settings.Widths {
		widths[i] = float64(w)
	}
	want(len(ksd) == len(widths) && len(widths) > 0, "KSByWidth: %d distances for %d widths", len(ksd), len(widths))
	T, paths, wl := r.T, r.Paths, widths[len(widths)-1]
	paper := k.Settings.At(shapednet.KSVersusWidth())
	crit := show.Map(widths, func(float64) float64 { return empirical.KSCritical(nets, len(ref), 0.001) })
	stops := fmt.Sprintf("SDE: %d of %d paths stopped (finite-time explosion), %d PSD-projected", r.NumStopped(), paths, r.NumPSDViolating())
	params := map[string]float64{"T": T, "gamma": gamma, "networks": float64(nets), "paths": float64(paths)}
	if md, ok := r.Process.(sde.Model); ok {
		params["tau0"] = md.Tau0
	}
	return show.View{show.Fig(show.AtPaper(show.Figure{ID: "ks-vs-width", Caption: fmt.Sprintf("KS distance between network and SDE laws of ρ_T at T = %g vs width (depth = %g·width), shaped attention, γ = %s. %s.", T, T, shapednet.GammaText(gamma), stops),
		XLabel: "width n", YLabel: "KS distance", LogX: true,
		Series: []show.Series{{Name: "KS(network, SDE)", X: widths, Y: ksd, Style: show.LinePoints}, {Name: "0.1% critical value", X: widths, Y: crit, Style: show.Dashed}},
		Params: params, Seed: show.Seed(seed)}, paper)),
		show.Agree(ks("ks-vs-width", fmt.Sprintf("KS(network, SDE) at width %g", wl), last, ref, fmt.Sprintf("T = %g; KS by width %g…%g: %.3f", T, widths[0], wl, ksd), papers.Noci2023Width.Text, false))}
}

// Fig3Left shows the KS checks and figure fig3-left (densities of ρ_T of
// the shaped-ReLU ResNet and of the 1-D correlation SDE, a pair per γ);
// fig3-right is drawn by render over CorrLaws.Q95Curves. The figure
// claims Fig. 3 only at the sizes of shapednet.Fig3 (CorrLaws.At).
// Width, depth and the seed shown (the networks') come from l.
func Fig3Left(l shapednet.CorrLaws) show.View {
	want(len(l.Net) == len(l.Gamma) && len(l.Net) > 0, "Fig3Left: %d laws for %d γ", len(l.Net), len(l.Gamma))
	width, depth, seed := l.Config.Width, l.Config.Depth, l.NetSeed
	nets, paths := len(l.Net[0]), len(l.SDE[0])
	paper := l.At(shapednet.Fig3())
	var v show.View
	var kde []show.Series
	for i, g := range l.Gamma {
		kde = show.Pair(kde, show.KDESeries(fmt.Sprintf("network, γ = %.3g", g), l.Net[i], -1, 1, 161, show.Line), show.KDESeries(fmt.Sprintf("SDE, γ = %.3g", g), l.SDE[i], -1, 1, 161, show.Dashed))
		v = append(v, show.Agree(ks("fig3-left", fmt.Sprintf("Fig. 3, γ = %.3g: KS(network ρ, 1-D SDE ρ)", g), l.Net[i], l.SDE[i], fmt.Sprintf("n = %d, d = %d; SDE h = %g", width, depth, l.Step), papers.Noci2023Fig3SDE.Text, false)))
	}
	params := map[string]float64{"width": float64(width), "depth": float64(depth), "rho0": l.Rho0, "c_plus": l.Config.CPlus, "c_minus": l.Config.CMinus, "networks": float64(nets), "paths": float64(paths)}
	left := fmt.Sprintf("KDE of ρ_T for the shaped-ReLU ResNet (solid, %d networks per γ) and the 1-D correlation SDE (dashed, %s paths, h = %g).", nets, shapednet.Spaced(paths), l.Step)
	if paper {
		left = "KDE of ρ_T for the shaped-ReLU ResNet (solid, 8192 networks per γ) and the 1-D correlation SDE (dashed, 20 000 paths, h = 0.001); larger γ spreads the correlations towards ±1."
	}
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "fig3-left", Paper: papers.Claim(papers.Noci2023Fig3), PaperNote: "left",
		Caption: left, XLabel: "ρ_T", YLabel: "density", Series: kde, Legend: show.TopLeft, Params: params, Seed: show.Seed(seed)}, paper)))
}

// Fig8 shows figure fig8 (median t* over γ and τ₀) and the three claims on
// it: t* falls from γ index 0 to 5 at every τ₀, rises from the first τ₀ to
// the last pooled over γ indices 2…5, and falls on from γ index 5 to 7 at
// the last τ₀, which is declared a known disagreement (Fig8Beyond). The
// seed shown is the one g ran with.
func Fig8(g shapednet.StopGrid) show.View {
	c, st, seed := g.Config, g.Study, g.Seed
	paper := g.At(shapednet.Fig8())
	caption := fmt.Sprintf("Median stopping time t* (capped at 1) of the shaped-attention network over residual weight γ and temperature τ₀; n = %d, d = %d, m = %d, token SD %g, %d networks per cell.", c.Width, c.Depth, st.M, st.TokenSD, st.Nets)
	if paper {
		caption = "Median stopping time t* (capped at 1) of the shaped-attention network over residual weight γ and temperature τ₀; n = d = 200, m = 2, adversarial initialisation as Fig. 5, 100 networks per cell."
	}
	fig := show.AtPaper(show.Figure{ID: "fig8", Paper: papers.Claim(papers.Noci2023Fig8),
		Caption: caption,
		XLabel:  "γ", YLabel: "τ₀", Heat: &show.Heat{Name: "median t*", X: g.Gammas, Y: g.Tau0s, Z: g.Z, ZLabel: "median t*", Min: 0, Max: 1},
		Params: map[string]float64{"width": float64(c.Width), "depth": float64(c.Depth), "m": float64(st.M), "networks": float64(st.Nets), "token_sd": st.TokenSD}, Seed: show.Seed(seed)}, paper)
	if !paper { // the claims index the paper's grid (γ = 0.05, 0.5, 1; τ₀ = 0.25, 4)
		why := fmt.Sprintf("a claim of the paper read on its grid γ = 0.05…1 × τ₀ = 0.25…4 with 100 networks of width and depth 200; here a %d×%d grid, %d networks of width %d, depth %d", len(g.Gammas), len(g.Tau0s), st.Nets, c.Width, c.Depth)
		return show.View{show.Fig(fig), show.NotApplicable("Fig. 8: t* falls from γ = 0.05 to 0.5 at every τ₀ (least fall, in SE)", why),
			show.NotApplicable("Fig. 8: t* rises from τ₀ = 0.25 to 4 (sum over γ = 0.2…0.5, in SE)", why),
			show.NotApplicable("Fig. 8, known disagreement: t*(γ = 1) − t*(γ = 0.5) at τ₀ = 4, in SE", why)}
	}
	return show.View{show.Fig(fig),
		show.Agree(show.Agreement{Name: "Fig. 8: t* falls from γ = 0.05 to 0.5 at every τ₀ (least fall, in SE)", Kind: show.Claim, Value: g.LeastFall(0, 5), Tol: -4, Rule: show.AtMost,
			Figure: "fig8", Basis: "a fall of at least 4 SE at each τ₀ (SE of each median by empirical.QuantileSE over 100 networks)", Paper: papers.Noci2023Fig8Gamma.Text, Central: true}),
		show.Agree(show.Agreement{Name: "Fig. 8: t* rises from τ₀ = 0.25 to 4 (sum over γ = 0.2…0.5, in SE)", Kind: show.Claim, Value: g.PooledRise(0, 4, 2, 5), Tol: 4, Rule: show.AtLeast,
			Figure: "fig8", Basis: "a rise of at least 4 SE of the summed differences (SE of each median by empirical.QuantileSE)", Paper: papers.Noci2023Fig8Tau.Text}),
		show.Agree(show.Agreement{Name: "Fig. 8: t* falls from γ = 0.5 to 1 at τ₀ = 4, in SE", Kind: show.Claim, Value: g.DiffZ(5, 4, 7, 4),
			Tol: -4, Rule: show.AtMost, Figure: "fig8", Basis: "a fall of at least 4 SE, the rule of the fall from γ = 0.05 to 0.5 (SE of each median by empirical.QuantileSE over 100 networks)",
			Note: "t*(γ = 1) − t*(γ = 0.5) at τ₀ = 4", Disagreement: fig8Beyond(g, 5, 7, 4)})}
}

// Fig8Beyond is the known disagreement of Fig. 8 beyond γ = 0.5 (Fig8
// checks it). Its record: declared in commit caa0d03, from no pilot; the
// Fig. 8 grid it reads is a deterministic run at the notebook's seed,
// drawn in the report since a9e6e75, whose text already described the
// non-monotone median. Fig8 sets DataSeeds from the grid it checks.
var Fig8Beyond = show.Disagreement{
	Paper:    "Noci et al. 2023, Sec. 4.4 and Fig. 8: a smaller γ delays the instability: the median stopping time falls as γ grows, up to γ = 1",
	Measured: "at τ₀ = 4 the median t* rises from γ = 0.5 to γ = 1, by several SE",
	Why:      "without a shortcut (γ = 1) t* is bimodal, a network fails within a few layers or not at all, and a cool softmax keeps more than half stable, so the median jumps to 1; the paper's grid is not stated and may stop near γ = 0.5",
	Declared: bundle.Declaration{Commit: "caa0d03",
		Seen: "the Fig. 8 grid of notebook 05 at the reported seed (a deterministic run, in the report since commit a9e6e75; the notebook's text described the median rising beyond γ = 0.5 before the check existed)"},
}

// fig8Beyond is Fig8Beyond with the seeds of the two cells of g its check
// reads, γ indices i0 and i1 at τ₀ index j (grid point k ran with
// g.Seed + k, k = j·len(Gammas) + i).
func fig8Beyond(g shapednet.StopGrid, i0, i1, j int) *show.Disagreement {
	d := Fig8Beyond
	n := len(g.Gammas)
	d.Declared.DataSeeds = []uint64{g.Seed + uint64(j*n+i0), g.Seed + uint64(j*n+i1)}
	return &d
}
