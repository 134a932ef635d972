package rankshow

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// Lemma31 shows table lemma31-fixed (Lemma 3.1 at the notes' (lib/sources/noci2022.md) fixed inputs,
// one row per input named by names) after one z check per row of the Monte
// Carlo against the exact E‖∂S/∂X‖², over the rows' weight draws.
func Lemma31(names []string, rows []rankexp.Lemma31) show.View {
	want(len(names) == len(rows) && len(rows) > 0, "Lemma31: %d names for %d rows", len(names), len(rows))
	draws := rows[0].Draws
	for _, r := range rows {
		want(r.Draws == draws, "Lemma31: rows with %d and %d weight draws", draws, r.Draws)
	}
	t := bundle.Table{ID: "lemma31-fixed", Caption: fmt.Sprintf("Lemma 3.1 at the notes' (lib/sources/noci2022.md) fixed inputs (n = 3, d_v = 2); MC over %d weight draws, uniform attention", draws),
		Header: []string{"input", "d_k", "eq. 6", "eq. 7", "exact E‖∂S/∂X‖²", "MC ± SE", "eq. 8 bound", "bound holds"}}
	var v show.View
	for i, r := range rows {
		t.Rows = append(t.Rows, []string{names[i], fmt.Sprint(r.DK), show.FormatFloat(r.GradWV), show.FormatFloat(r.GradWQ),
			show.FormatFloat(r.Exact), show.FormatFloat(r.MC) + " ± " + show.FormatFloat(r.SE), show.FormatFloat(r.Bound), fmt.Sprint(r.MC <= r.Bound)})
		v = append(v, show.Agree(show.Agreement{Name: fmt.Sprintf("lemma31-gradX-z-%d", i), Kind: show.TheoryVsSimulation, Value: (r.MC - r.Exact) / r.SE, Tol: 5,
			Basis: fmt.Sprintf("5 SE, SE from %d weight draws (heavy-tailed norms, per-draw relative SD ≈ 1.5)", draws), Figure: "lemma31-fixed",
			Note: "(MC − corrected exact E‖∂S/∂X‖²)/SE for " + names[i]}))
	}
	return append(v, show.Tab(t))
}

// IdenticalTokens shows table thm32 (Thm 3.2 at each size, true softmax at
// the τ the rows record, from rankexp.Thm32Settings) and checks that every
// query/key Jacobian norm is exactly zero.
func IdenticalTokens(rows []rankexp.Collapsed) show.View {
	want(len(rows) > 0, "IdenticalTokens: no rows")
	draws, tau := rows[0].Draws, rows[0].Tau
	for _, g := range rows {
		want(g.Draws == draws && g.Tau == tau, "IdenticalTokens: rows with %d and %d weight draws, τ = %g and %g", draws, g.Draws, tau, g.Tau)
	}
	t := bundle.Table{ID: "thm32", Caption: fmt.Sprintf("Identical tokens, true softmax (τ = %g), norms averaged over %d random weight draws", tau, draws),
		Header: []string{"n", "d", "‖∂S/∂W^Q‖²", "‖∂S/∂W^K‖²", "‖∂S/∂W^V‖²", "d_v n‖x‖²"}}
	worst := 0.0
	for _, g := range rows {
		worst = math.Max(worst, math.Max(g.WQ, g.WK))
		t.Rows = append(t.Rows, []string{fmt.Sprint(g.N), fmt.Sprint(g.D), show.FormatFloat(g.WQ), show.FormatFloat(g.WK), show.FormatFloat(g.WV), show.FormatFloat(float64(g.D*g.N) * g.X2)})
	}
	return show.View{show.Tab(t), show.Agree(show.Agreement{Name: "thm32-exact-zero", Kind: show.TheoryVsSimulation, Value: worst, Tol: 0, Rule: show.AtMost, Figure: "thm32", Paper: papers.Noci2022Thm32.Text,
		Basis: "exact zero in floating point: the softmax pullback in centred form vanishes term by term for identical rows",
		Note:  "largest query/key Jacobian norm² with identical tokens, true softmax"})}
}

// GradsVsRho shows figure eq17-18-rho: eqs. (17) and (18) (exact and as
// printed) on the correlations rhos against the Monte Carlo points mc (all
// at one n, d, σ_x² and number of draws, from rankexp.GradsSettings; the
// figure's seed is the one mc[0] records), after the z
// checks of each against the exact forms. The figure claims eqs. (17)–(18)
// only at the settings of rankexp.GradsRho.
func GradsVsRho(rhos []float64, mc []rankexp.Grads) (show.View, error) {
	want(len(mc) > 0, "GradsVsRho: no Monte Carlo points")
	n, d, sx2, draws, seed := mc[0].N, mc[0].D, mc[0].Sx2, mc[0].Draws, mc[0].Seed
	for _, g := range mc {
		want(g.N == n && g.D == d && g.Sx2 == sx2 && g.Draws == draws, "GradsVsRho: points at n=%d d=%d σ_x²=%g with %d draws and %+v with %d draws", n, d, sx2, draws, g.Point, g.Draws)
	}
	paper := rankexp.Ran(mc).Matches(rankexp.GradsRho())
	tv, tq, tp, err := rankcollapse.EquicorrGrads(n, d, rhos, sx2)
	if err != nil {
		return nil, err
	}
	var values, queries show.Estimates
	for _, g := range mc {
		values.Add(g.Rho, g.WV, g.WVSE, g.V)
		queries.Add(g.Rho, g.WQ, g.WQSE, g.Q)
	}
	return show.View{
		show.Agree(values.MaxZ(show.Agreement{Name: "eq17-maxz", Tol: 5, Figure: "eq17-18-rho", Paper: papers.Noci2022Eq17.Text, Basis: fmt.Sprintf("SE from %d draws per ρ, uniform attention", draws)})),
		show.Agree(queries.MaxZ(show.Agreement{Name: "eq18exact-maxz", Tol: 5, Figure: "eq17-18-rho", Basis: fmt.Sprintf("SE from %d draws per ρ, uniform attention; exact form of eq. 18", draws)})),
		show.Fig(show.AtPaper(show.Figure{ID: "eq17-18-rho", PaperNote: "Noci et al. 2022, §3.3, eqs. (17)–(18)",
			Caption: fmt.Sprintf("Gradient norms² vs token correlation, n = %d, d = %d, σ_x² = %g, uniform attention", n, d, sx2), XLabel: "ρ", YLabel: "E‖∂S/∂W‖²",
			LogY: true, Legend: show.BottomLeft, Seed: show.Seed(seed), Series: []show.Series{
				{Name: "values, eq. 17", X: rhos, Y: tv}, {Name: "queries, exact", X: rhos, Y: tq}, {Name: "queries, eq. 18 as printed", X: rhos, Y: tp},
				values.Scatter("values, MC"), queries.Scatter("queries, MC")}}, paper)),
	}, nil
}

// GradsVsN shows figure eq17-18-n-d: eqs. (17) and (18) (exact) over the
// sequence lengths ns at each width of mc (all at one ρ, σ_x² and number
// of draws) with the Monte Carlo points mc (drawn from seed, grouped by
// width in order of first appearance), after one z check per width. The
// figure claims eqs. (17)–(18) only at the settings of rankexp.GradsN.
func GradsVsN(ns []int, mc []rankexp.Grads) (show.View, error) {
	want(len(mc) > 0, "GradsVsN: no Monte Carlo points")
	rho, sx2, draws, seed := mc[0].Rho, mc[0].Sx2, mc[0].Draws, mc[0].Seed
	var ds []int
	byD := map[int][]rankexp.Grads{}
	for _, g := range mc {
		want(g.Rho == rho && g.Sx2 == sx2 && g.Draws == draws, "GradsVsN: points at ρ=%g σ_x²=%g with %d draws and %+v with %d draws", rho, sx2, draws, g.Point, g.Draws)
		if _, ok := byD[g.D]; !ok {
			ds = append(ds, g.D)
		}
		byD[g.D] = append(byD[g.D], g)
	}
	paper := rankexp.Ran(mc).Matches(rankexp.GradsN())
	dlist := make([]string, len(ds))
	for i, d := range ds {
		dlist[i] = fmt.Sprint(d)
	}
	x := make([]float64, len(ns))
	for i, n := range ns {
		x[i] = float64(n)
	}
	var v show.View
	var series []show.Series
	for _, d := range ds {
		tv, tq, err := rankcollapse.GradsVsN(ns, d, rho, sx2)
		if err != nil {
			return nil, err
		}
		var values, queries show.Estimates
		for _, g := range byD[d] {
			values.Add(float64(g.N), g.WV, g.WVSE, g.V)
			queries.Add(float64(g.N), g.WQ, g.WQSE, g.Q)
		}
		v = append(v, show.Agree(show.MaxZ(show.Agreement{Name: fmt.Sprintf("eq17-18-n-d%d-maxz", d), Tol: 5, Figure: "eq17-18-n-d",
			Basis: fmt.Sprintf("SE from %d draws per point, values and queries, uniform attention", draws)}, append(values.Mean, queries.Mean...), append(values.SE, queries.SE...), append(values.Theory, queries.Theory...))))
		series = append(series, show.Series{Name: fmt.Sprintf("values, d = %d", d), X: x, Y: tv}, show.Series{Name: fmt.Sprintf("queries, d = %d", d), X: x, Y: tq},
			values.Scatter(fmt.Sprintf("MC values, d = %d", d)), queries.Scatter(fmt.Sprintf("MC queries, d = %d", d)))
	}
	return append(v, show.Fig(show.AtPaper(show.Figure{ID: "eq17-18-n-d", PaperNote: "Noci et al. 2022, eqs. (17)–(18); App. B.3",
		Caption: fmt.Sprintf("Gradient norms² vs sequence length n for d = %s (ρ = %g, σ_x² = %g, uniform attention)", strings.Join(dlist, ", "), rho, sx2), XLabel: "n", YLabel: "E‖∂S/∂W‖²",
		LogX: true, LogY: true, Legend: show.TopLeft, Seed: show.Seed(seed), Series: series, Height: 340}, paper))), nil
}

// Grid shows the grid of App. B.2–B.3 (rankexp.GridSettings over nr
// correlations, ns entry variances, nn lengths and nd widths, drawn from
// the seed run records): the
// true-softmax over uniform-theory ratios at n = 10, d = 16, σ_x = 1 (when
// the grid has that point); a z check of the query gradient against
// eq. (18) exact at the first σ_x; figure fig12-grid (simulation against
// theory, one series per σ_x); Fig. 13's claim that the measured ln ratio
// falls as ρ grows (from the smallest ρ of the grid to the largest, ≥ 4
// SE in every cell); and the heat maps fig13-grid (measured) and
// fig14-grid (eqs. 18/17 as printed) of ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²). The
// figures claim Figs. 12–14 only at the grid and draws of rankexp.Fig12.
func Grid(run rankexp.GridRun) show.View {
	grid, seed := run.Points, run.Seed
	nr, ns, nn, nd := len(run.Rho), len(run.Sx2), len(run.N), len(run.D)
	want(nr > 0 && ns > 0 && nn > 0 && nd > 0 && len(grid) == nr*ns*nn*nd, "Grid: %d points on a %d×%d×%d×%d grid", len(grid), nr, ns, nn, nd)
	at := func(ir, is, in, id int) rankexp.GridPoint { return grid[((ir*ns+is)*nn+in)*nd+id] }
	axis := func(k int, f func(i int) float64) (vals []float64, text string) {
		parts := make([]string, k)
		for i := range k {
			vals = append(vals, f(i))
			parts[i] = fmt.Sprint(vals[i])
		}
		return vals, strings.Join(parts, ", ")
	}
	rhos, rhoText := axis(nr, func(i int) float64 { return at(i, 0, 0, 0).Rho })
	sx2s, _ := axis(ns, func(i int) float64 { return at(0, i, 0, 0).Sx2 })
	_, sxText := axis(ns, func(i int) float64 { return math.Sqrt(at(0, i, 0, 0).Sx2) })
	_, nText := axis(nn, func(i int) float64 { return float64(at(0, 0, i, 0).N) })
	_, dText := axis(nd, func(i int) float64 { return float64(at(0, 0, 0, i).D) })
	draws := grid[0].Draws
	paper := run.GridSettings.Matches(rankexp.Fig12())
	runs := ""
	if draws == rankexp.Fig12().Draws {
		runs = " (the paper's 20 runs)"
	}
	var v show.View
	series := make([]show.Series, ns)
	var sim, se, th []float64
	for i, g := range grid {
		k := i / (nn * nd) % ns
		series[k].Name, series[k].Style = fmt.Sprintf("σ_x = %g", math.Sqrt(g.Sx2)), show.Points
		series[k].X, series[k].Y = append(series[k].X, g.Q), append(series[k].Y, g.WQ)
		if k == 0 {
			sim, se, th = append(sim, g.WQ), append(se, g.WQSE), append(th, g.Q)
		}
		if g.N == 10 && g.D == 16 && g.Sx2 == 1 {
			v = append(v, show.Text(fmt.Sprintf("n = 10, d = 16, σ_x = 1, ρ = %g: true softmax / uniform theory: queries %.2f, values %.2f\n", g.Rho, g.WQ/g.Q, g.WV/g.V)))
		}
	}
	series = append(series, show.Series{Name: "theory = simulation", X: []float64{1e-3, 1e6}, Y: []float64{1e-3, 1e6}})
	v = append(v, show.Agree(show.MaxZ(show.Agreement{Name: "fig12-small-std-maxz", Kind: show.Claim, Tol: 5, Figure: "fig12-grid", Paper: papers.Noci2022Grid.Text, Central: true,
		Basis: fmt.Sprintf("SE from %d draws per point%s, %d grid points at σ_x = %g", draws, runs, len(sim), math.Sqrt(sx2s[0]))}, sim, se, th)),
		show.Fig(show.AtPaper(show.Figure{ID: "fig12-grid", Paper: papers.Claim(papers.Noci2022Fig12),
			Caption: fmt.Sprintf("Query gradient norm², true softmax (%d draws) vs uniform-attention theory (eq. 18, exact form), over n, d, ρ and σ_x", draws),
			XLabel:  "theory E‖∂S/∂W^Q‖²", YLabel: "simulation", LogX: true, LogY: true, Legend: show.TopLeft, Seed: show.Seed(seed), Series: series}, paper)))
	if lo, hi := slices.Index(rhos, slices.Min(rhos)), slices.Index(rhos, slices.Max(rhos)); lo != hi {
		zmin, where := math.Inf(1), ""
		for is := range ns {
			for in := range nn {
				for id := range nd {
					a, b := at(lo, is, in, id), at(hi, is, in, id)
					if z := (logRatio(a) - logRatio(b)) / math.Hypot(logRatioSE(a), logRatioSE(b)); z < zmin {
						zmin, where = z, fmt.Sprintf("σ_x = %g, n = %d, d = %d", math.Sqrt(a.Sx2), a.N, a.D)
					}
				}
			}
		}
		v = append(v, show.PaperCheck(show.Agreement{Name: "fig13-falls-with-rho", Kind: show.Claim, Rule: show.AtLeast, Value: zmin, Tol: 4, Figure: "fig13-grid", Paper: papers.Noci2022GridRatio.Text, Central: true,
			Basis: fmt.Sprintf("4 SE of the difference of two independent grid points (%d draws each); each point's SE of ln(Q/V) bounded by the sum of the two norms' relative SEs (same draws)", draws),
			Note:  fmt.Sprintf("smallest fall, in SE, of the measured ln(‖∂S/∂W^Q‖²/‖∂S/∂W^V‖²) from ρ = %g to ρ = %g over the %d cells (σ_x, n, d); smallest at %s", rhos[lo], rhos[hi], ns*nn*nd, where)},
			paper, fmt.Sprintf("a claim of the paper read on our grid of the text with 20 draws; here %d draws on ρ = %s", draws, rhoText)))
	}
	for _, c := range []struct {
		id    string
		paper *papers.Figure
		what  string
		z     func(g rankexp.GridPoint) float64
	}{
		{"fig13-grid", papers.Noci2022Fig13, fmt.Sprintf("measured, true softmax, %d draws", draws), logRatio},
		{"fig14-grid", papers.Noci2022Fig14, "theory, eqs. (18)/(17)", func(g rankexp.GridPoint) float64 { return g.LogRatioPaper }},
	} {
		h := show.NestedHeat(c.what, "ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²)", nr, ns, nn, nd, func(ox, oy, ix, iy int) float64 {
			return c.z(grid[((ox*ns+oy)*nn+ix)*nd+iy])
		})
		v = append(v, show.Fig(show.AtPaper(show.Figure{ID: c.id, Paper: papers.Claim(c.paper), Heat: h, Seed: show.Seed(seed),
			Caption: "ln ratio of squared query to value gradient norms, " + c.what + fmt.Sprintf(". Blocks: ρ = %s left to right, σ_x = %s bottom to top; inside a block n = %s left to right, d = %s bottom to top", rhoText, sxText, nText, dText),
			XLabel:  "ρ block × n", YLabel: "σ_x block × d", Width: 480, Height: 400}, paper)))
	}
	return v
}

// logRatio is the measured ln(‖∂S/∂W^Q‖²/‖∂S/∂W^V‖²) of a grid point, the
// statistic of Fig. 13.
func logRatio(g rankexp.GridPoint) float64 { return math.Log(g.WQ / g.WV) }

// logRatioSE bounds the SE of logRatio(g): the delta method gives each
// log's SE as the relative SE of its mean, and the SD of their difference
// is at most the sum of the two whatever their correlation (both norms
// come from the same draws).
func logRatioSE(g rankexp.GridPoint) float64 { return g.WQSE/g.WQ + g.WVSE/g.WV }

// TauTable is table tau-c3: eq. (47) as printed at each input law (n, d,
// ρ, σ_x²) of settings (the IWSLT settings of App. C.3). Errors: a setting
// where eq. (47) is undefined (rankcollapse.Tau).
func TauTable(settings []rankexp.Point) (show.View, error) {
	t := bundle.Table{ID: "tau-c3", Caption: "τ from eq. 47 (as printed) at the IWSLT settings of App. C.3", Header: []string{"d", "n", "ρ", "σ_x²", "τ"}}
	for _, c := range settings {
		tau, err := rankcollapse.Tau(c.N, c.D, c.Rho, c.Sx2, rankcollapse.FormPaper)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, []string{show.FormatFloat(float64(c.D)), show.FormatFloat(float64(c.N)), show.FormatFloat(c.Rho), show.FormatFloat(c.Sx2), show.FormatFloat(tau)})
	}
	return show.View{show.Tab(t)}, nil
}

// TauBalance shows the check that the inverse temperature τ of eq. (47) (exact
// form) balances the query and value gradients of one uniform-attention
// layer: ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²) of b's Monte Carlo within 0.06 of 0
// (App. C.3's aim, checked at b's law and draws). The tolerance is about
// 4 SE of the log ratio at rankexp.TauC3's settings; at others the check
// is not applicable.
func TauBalance(b rankexp.TauBalance) show.View {
	se := math.Hypot(b.WQSE/b.WQ, b.WVSE/b.WV)
	paper := b.TauSettings.Matches(rankexp.TauC3())
	return show.View{show.PaperCheck(show.Agreement{Name: "tau-balances", Kind: show.TheoryVsSimulation, Value: math.Log(b.WQ / b.WV), Tol: 0.06, Figure: "tau-c3",
		Basis: fmt.Sprintf("≈ 4 SE: SE of the log ratio %.3f from %d draws", se, b.Draws),
		Note:  fmt.Sprintf("ln(query/value) with τ = %.3f (eq. 47, exact form), n = %d, d = %d, ρ = %g, σ_x² = %g, uniform attention", b.Tau, b.N, b.D, b.Rho, b.Sx2)},
		paper, fmt.Sprintf("the tolerance 0.06 is about 4 SE of 2000 draws at n = 10, d = 16, ρ = 0.3, σ_x² = 0.5; here the SE of the log ratio is %.3f", se))}
}

// SmallN shows, at the one point of g (from rankexp.GradsSettings), the
// line comparing the Monte Carlo query gradient with eq. (18) in its exact
// and printed forms, then the z check of the exact form (5 SE, any
// setting). Errors: those of rankcollapse.GradQ.
func SmallN(g rankexp.Grads) (show.View, error) {
	printed, err := rankcollapse.GradQ(g.N, g.D, g.Rho, g.Sx2, rankcollapse.FormPaper)
	if err != nil {
		return nil, err
	}
	z, zPrinted := (g.WQ-g.Q)/g.WQSE, (g.WQ-printed)/g.WQSE
	return show.View{show.Text(fmt.Sprintf("n = %d, d = %d, ρ = %g, σ_x² = %g: MC %.2f ± %.2f; exact %.3f (%.1f SE); printed eq. 18 %.2f (%.1f SE)\n",
		g.N, g.D, g.Rho, g.Sx2, g.WQ, g.WQSE, g.Q, z, printed, zPrinted)),
		show.Agree(show.Agreement{Name: "eq18-exact-small-n-z", Kind: show.TheoryVsSimulation, Value: z, Tol: 5, Basis: fmt.Sprintf("5 SE, SE from %d draws", g.Draws),
			Note: fmt.Sprintf("(MC − exact eq. 18)/SE at n = %d, d = %d; the printed form is ~%.0f SE away", g.N, g.D, math.Abs(zPrinted))})}, nil
}
