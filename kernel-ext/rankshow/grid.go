package rankshow

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/rankexp"
)

// Grid shows the grid of App. B.2–B.3 (rankexp.Grid over nr correlations,
// ns entry variances, nn lengths and nd widths, 20 draws per point, drawn
// from seed): the true-softmax over uniform-theory ratios at n = 10,
// d = 16, σ_x = 1; a z check of the query gradient against eq. (18) exact
// at the smallest σ_x; figure fig12-grid (simulation against theory, one
// series per σ_x) and the heat maps fig13-grid (measured) and fig14-grid
// (eqs. 18/17 as printed) of ln(‖∂S/∂W^Q‖² / ‖∂S/∂W^V‖²).
func Grid(grid []rankexp.GridPoint, nr, ns, nn, nd int, seed uint64) View {
	want(nr == 4 && ns == 3 && nn == 4 && nd == 4 && len(grid) == nr*ns*nn*nd, "Grid: %d points on a %d×%d×%d×%d grid, want the 4×3×4×4 grid of the caption", len(grid), nr, ns, nn, nd)
	var v View
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
func TauTable(settings [][4]float64) (View, error) {
	t := bundle.Table{ID: "tau-c3", Caption: "τ from eq. 47 (as printed) at the IWSLT settings of App. C.3", Header: []string{"d", "n", "ρ", "σ_x²", "τ"}}
	for _, c := range settings {
		tau, err := rankcollapse.Tau(int(c[1]), int(c[0]), c[2], c[3], rankcollapse.FormPaper)
		if err != nil {
			return nil, err
		}
		t.Rows = append(t.Rows, []string{show.FormatFloat(c[0]), show.FormatFloat(c[1]), show.FormatFloat(c[2]), show.FormatFloat(c[3]), show.FormatFloat(tau)})
	}
	return View{t}, nil
}
