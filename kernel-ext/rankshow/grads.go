package rankshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// Lemma31 shows table lemma31-fixed (Lemma 3.1 at the spec's fixed inputs,
// one row per input named by names) after one z check per row of the Monte
// Carlo against the exact E‖∂S/∂X‖², over 20000 weight draws.
func Lemma31(names []string, rows []rankexp.Lemma31) show.View {
	want(len(names) == len(rows), "Lemma31: %d names for %d rows", len(names), len(rows))
	t := bundle.Table{ID: "lemma31-fixed", Caption: "Lemma 3.1 at the spec's fixed inputs (n = 3, d_v = 2); MC over 20000 weight draws, uniform attention",
		Header: []string{"input", "d_k", "eq. 6", "eq. 7", "exact E‖∂S/∂X‖²", "MC ± SE", "eq. 8 bound", "bound holds"}}
	var v show.View
	for i, r := range rows {
		t.Rows = append(t.Rows, []string{names[i], fmt.Sprint(r.DK), show.FormatFloat(r.GradWV), show.FormatFloat(r.GradWQ),
			show.FormatFloat(r.Exact), show.FormatFloat(r.MC) + " ± " + show.FormatFloat(r.SE), show.FormatFloat(r.Bound), fmt.Sprint(r.MC <= r.Bound)})
		v = append(v, show.Agreement{Name: fmt.Sprintf("lemma31-gradX-z-%d", i), Kind: show.TheoryVsSimulation, Value: (r.MC - r.Exact) / r.SE, Tol: 5,
			Basis: "5 SE, SE from 20000 weight draws (heavy-tailed norms, per-draw relative SD ≈ 1.5)", Figure: "lemma31-fixed",
			Note: "(MC − corrected exact E‖∂S/∂X‖²)/SE for " + names[i]})
	}
	return append(v, t)
}

// IdenticalTokens shows table thm32 (Thm 3.2 at each size, true softmax at
// τ = 1.5) and checks that every query/key Jacobian norm is exactly zero.
func IdenticalTokens(rows []rankexp.Collapsed) show.View {
	draws := 0
	for _, g := range rows {
		want(draws == 0 || g.Draws == draws, "IdenticalTokens: rows with %d and %d weight draws", draws, g.Draws)
		draws = g.Draws
	}
	t := bundle.Table{ID: "thm32", Caption: fmt.Sprintf("Identical tokens, true softmax (τ = 1.5), norms averaged over %d random weight draws", draws),
		Header: []string{"n", "d", "‖∂S/∂W^Q‖²", "‖∂S/∂W^K‖²", "‖∂S/∂W^V‖²", "d_v n‖x‖²"}}
	worst := 0.0
	for _, g := range rows {
		worst = math.Max(worst, math.Max(g.WQ, g.WK))
		t.Rows = append(t.Rows, []string{fmt.Sprint(g.N), fmt.Sprint(g.D), show.FormatFloat(g.WQ), show.FormatFloat(g.WK), show.FormatFloat(g.WV), show.FormatFloat(float64(g.D*g.N) * g.X2)})
	}
	return show.View{t, show.Agreement{Name: "thm32-exact-zero", Kind: show.TheoryVsSimulation, Value: worst, Tol: 0, Rule: show.AtMost, Figure: "thm32",
		Basis: "exact zero in floating point: the softmax pullback in centred form vanishes term by term for identical rows",
		Note:  "largest query/key Jacobian norm² with identical tokens, true softmax"}}
}

// GradsVsRho shows figure eq17-18-rho: eqs. (17) and (18) (exact and as
// printed) on the correlations rhos against the Monte Carlo points mc (all
// at n = 10, d = 16, σ_x² = 0.5, 1000 draws each, drawn from seed), after
// the z checks of each against the exact forms.
func GradsVsRho(rhos []float64, mc []rankexp.Grads, seed uint64) (show.View, error) {
	for _, g := range mc {
		want(g.N == 10 && g.D == 16 && g.Sx2 == 0.5, "GradsVsRho: point %+v, want n = 10, d = 16, σ_x² = 0.5", g.Point)
	}
	tv, tq, tp, err := rankcollapse.EquicorrGrads(10, 16, rhos, 0.5)
	if err != nil {
		return nil, err
	}
	var values, queries show.Estimates
	for _, g := range mc {
		values.Add(g.Rho, g.WV, g.WVSE, g.V)
		queries.Add(g.Rho, g.WQ, g.WQSE, g.Q)
	}
	return show.View{
		values.MaxZ(show.Agreement{Name: "eq17-maxz", Tol: 5, Figure: "eq17-18-rho", Basis: "SE from 1000 draws per ρ, uniform attention"}),
		queries.MaxZ(show.Agreement{Name: "eq18exact-maxz", Tol: 5, Figure: "eq17-18-rho", Basis: "SE from 1000 draws per ρ, uniform attention; exact form of eq. 18"}),
		show.Figure{ID: "eq17-18-rho", PaperFigure: "Noci et al. 2022, §3.3, eqs. (17)–(18)",
			Caption: "Gradient norms² vs token correlation, n = 10, d = 16, σ_x² = 0.5, uniform attention", XLabel: "ρ", YLabel: "E‖∂S/∂W‖²",
			LogY: true, Legend: show.BottomLeft, Seed: show.Seed(seed), Series: []show.Series{
				{Name: "values, eq. 17", X: rhos, Y: tv}, {Name: "queries, exact", X: rhos, Y: tq}, {Name: "queries, eq. 18 as printed", X: rhos, Y: tp},
				values.Scatter("values, MC"), queries.Scatter("queries, MC")}},
	}, nil
}

// GradsVsN shows figure eq17-18-n-d: eqs. (17) and (18) (exact) over the
// sequence lengths ns at each width of mc (ρ = 0.2, σ_x² = 1) with the
// Monte Carlo points mc (800 draws each, drawn from seed, grouped by width
// in order of first appearance), after one z check per width.
func GradsVsN(ns []int, mc []rankexp.Grads, seed uint64) (show.View, error) {
	var ds []int
	byD := map[int][]rankexp.Grads{}
	for _, g := range mc {
		want(g.Rho == 0.2 && g.Sx2 == 1, "GradsVsN: point %+v, want ρ = 0.2, σ_x² = 1", g.Point)
		if _, ok := byD[g.D]; !ok {
			ds = append(ds, g.D)
		}
		byD[g.D] = append(byD[g.D], g)
	}
	want(len(ds) == 2 && ds[0] == 8 && ds[1] == 32, "GradsVsN: widths %v, want [8 32]", ds)
	x := make([]float64, len(ns))
	for i, n := range ns {
		x[i] = float64(n)
	}
	var v show.View
	var series []show.Series
	for _, d := range ds {
		tv, tq, err := rankcollapse.GradsVsN(ns, d, 0.2, 1)
		if err != nil {
			return nil, err
		}
		var values, queries show.Estimates
		for _, g := range byD[d] {
			values.Add(float64(g.N), g.WV, g.WVSE, g.V)
			queries.Add(float64(g.N), g.WQ, g.WQSE, g.Q)
		}
		v = append(v, show.MaxZ(show.Agreement{Name: fmt.Sprintf("eq17-18-n-d%d-maxz", d), Tol: 5, Figure: "eq17-18-n-d",
			Basis: "SE from 800 draws per point, values and queries, uniform attention"}, append(values.Mean, queries.Mean...), append(values.SE, queries.SE...), append(values.Theory, queries.Theory...)))
		series = append(series, show.Series{Name: fmt.Sprintf("values, d = %d", d), X: x, Y: tv}, show.Series{Name: fmt.Sprintf("queries, d = %d", d), X: x, Y: tq},
			values.Scatter(fmt.Sprintf("MC values, d = %d", d)), queries.Scatter(fmt.Sprintf("MC queries, d = %d", d)))
	}
	return append(v, show.Figure{ID: "eq17-18-n-d", PaperFigure: "Noci et al. 2022, eqs. (17)–(18); App. B.3",
		Caption: "Gradient norms² vs sequence length n for d = 8, 32 (ρ = 0.2, σ_x² = 1, uniform attention)", XLabel: "n", YLabel: "E‖∂S/∂W‖²",
		LogX: true, LogY: true, Legend: show.TopLeft, Seed: show.Seed(seed), Series: series, Height: 340}), nil
}

// Grid shows the grid of App. B.2–B.3 (rankexp.Grid over nr correlations,
// ns entry variances, nn lengths and nd widths, 20 draws per point, drawn
// from seed): the true-softmax over uniform-theory ratios at n = 10,
// d = 16, σ_x = 1; a z check of the query gradient against eq. (18) exact
// at the smallest σ_x; figure fig12-grid (simulation against theory, one
// series per σ_x) and the heat maps fig13-grid (measured) and fig14-grid
// (eqs. 18/17 as printed) of ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²).
func Grid(grid []rankexp.GridPoint, nr, ns, nn, nd int, seed uint64) show.View {
	want(nr == 4 && ns == 3 && nn == 4 && nd == 4 && len(grid) == nr*ns*nn*nd, "Grid: %d points on a %d×%d×%d×%d grid, want the 4×3×4×4 grid of the caption", len(grid), nr, ns, nn, nd)
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
			v = append(v, fmt.Sprintf("n = 10, d = 16, σ_x = 1, ρ = %g: true softmax / uniform theory: queries %.2f, values %.2f\n", g.Rho, g.WQ/g.Q, g.WV/g.V))
		}
	}
	series = append(series, show.Series{Name: "theory = simulation", X: []float64{1e-3, 1e6}, Y: []float64{1e-3, 1e6}})
	v = append(v, show.MaxZ(show.Agreement{Name: "fig12-small-std-maxz", Tol: 5, Figure: "fig12-grid",
		Basis: "SE from 20 draws per point (the paper's 20 runs), 64 grid points at σ_x = 0.5"}, sim, se, th),
		show.Figure{ID: "fig12-grid", PaperFigure: "Noci et al. 2022, Fig. 12 (grid values not stated: ours in the text)",
			Caption: "Query gradient norm², true softmax (20 draws) vs uniform-attention theory (eq. 18, exact form), over n, d, ρ and σ_x",
			XLabel:  "theory E‖∂S/∂W^Q‖²", YLabel: "simulation", LogX: true, LogY: true, Legend: show.TopLeft, Seed: show.Seed(seed), Series: series})
	for _, c := range []struct {
		id, paper, what string
		z               func(g rankexp.GridPoint) float64
	}{
		{"fig13-grid", "Noci et al. 2022, Fig. 13", "measured, true softmax, 20 draws", func(g rankexp.GridPoint) float64 { return math.Log(g.WQ / g.WV) }},
		{"fig14-grid", "Noci et al. 2022, Fig. 14", "theory, eqs. (18)/(17)", func(g rankexp.GridPoint) float64 { return g.LogRatioPaper }},
	} {
		h := show.NestedHeat(c.what, "ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²)", nr, ns, nn, nd, func(ox, oy, ix, iy int) float64 {
			return c.z(grid[((ox*ns+oy)*nn+ix)*nd+iy])
		})
		v = append(v, show.Figure{ID: c.id, PaperFigure: c.paper + " (grid values not stated: ours in the text)", Heat: h, Seed: show.Seed(seed),
			Caption: "ln ratio of squared query to value gradient norms, " + c.what + ". Blocks: ρ = 0, 0.3, 0.6, 0.9 left to right, σ_x = 0.5, 1, 2 bottom to top; inside a block n = 5, 10, 20, 40 left to right, d = 8, 16, 32, 64 bottom to top",
			XLabel:  "ρ block × n", YLabel: "σ_x block × d", Width: 480, Height: 400})
	}
	return v
}

// TauTable is table tau-c3: eq. (47) as printed at each setting {d, n, ρ,
// σ_x²} of settings (the IWSLT settings of App. C.3). Errors: a setting
// where eq. (47) is undefined (rankcollapse.Tau).
func TauTable(settings [][4]float64) (show.View, error) {
	t := bundle.Table{ID: "tau-c3", Caption: "τ from eq. 47 (as printed) at the IWSLT settings of App. C.3", Header: []string{"d", "n", "ρ", "σ_x²", "τ"}}
	for _, c := range settings {
		tau, err := rankcollapse.Tau(int(c[1]), int(c[0]), c[2], c[3], rankcollapse.FormPaper)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, []string{show.FormatFloat(c[0]), show.FormatFloat(c[1]), show.FormatFloat(c[2]), show.FormatFloat(c[3]), show.FormatFloat(tau)})
	}
	return show.View{t}, nil
}
