package rankshow

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/rankexp"
)

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
