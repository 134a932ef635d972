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
func Lemma31(names []string, rows []rankexp.Lemma31) View {
	want(len(names) == len(rows), "Lemma31: %d names for %d rows", len(names), len(rows))
	t := bundle.Table{ID: "lemma31-fixed", Caption: "Lemma 3.1 at the spec's fixed inputs (n = 3, d_v = 2); MC over 20000 weight draws, uniform attention",
		Header: []string{"input", "d_k", "eq. 6", "eq. 7", "exact E‖∂S/∂X‖²", "MC ± SE", "eq. 8 bound", "bound holds"}}
	var v View
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
func IdenticalTokens(rows []rankexp.Collapsed) View {
	t := bundle.Table{ID: "thm32", Caption: "Identical tokens, true softmax (τ = 1.5), one random weight draw",
		Header: []string{"n", "d", "‖∂S/∂W^Q‖²", "‖∂S/∂W^K‖²", "‖∂S/∂W^V‖²", "d_v n‖x‖²"}}
	worst := 0.0
	for _, g := range rows {
		worst = math.Max(worst, math.Max(g.WQ, g.WK))
		t.Rows = append(t.Rows, []string{fmt.Sprint(g.N), fmt.Sprint(g.D), show.FormatFloat(g.WQ), show.FormatFloat(g.WK), show.FormatFloat(g.WV), show.FormatFloat(float64(g.D*g.N) * g.X2)})
	}
	return View{t, show.Agreement{Name: "thm32-exact-zero", Kind: show.TheoryVsSimulation, Value: worst, Tol: 0, Rule: show.AtMost, Figure: "thm32",
		Basis: "exact zero in floating point: the softmax pullback in centred form vanishes term by term for identical rows",
		Note:  "largest query/key Jacobian norm² with identical tokens, true softmax"}}
}

// GradsVsRho shows figure eq17-18-rho: eqs. (17) and (18) (exact and as
// printed) on the correlations rhos against the Monte Carlo points mc (all
// at n = 10, d = 16, σ_x² = 0.5, 1000 draws each, drawn from seed), after
// the z checks of each against the exact forms.
func GradsVsRho(rhos []float64, mc []rankexp.Grads, seed uint64) (View, error) {
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
	return View{
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
func GradsVsN(ns []int, mc []rankexp.Grads, seed uint64) (View, error) {
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
	var v View
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
