package composeshow

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
)

// MaxZTol is the tolerance of the max |z| over the layers of a depth
// comparison. Each z has its SE from the networks, so it follows Student's
// t with networks − 1 degrees of freedom: with 24 networks and 25 layers
// P(max |z| > 4) ≤ 25·5.6e-4 ≈ 1.4e-2 under sampling error alone
// (Bonferroni; the basis states it for the run's own counts).
const MaxZTol = 4

// SlopeTol is the one-sided tolerance of the width check's Z (compose.WidthCheck).
const SlopeTol = 3

func want(ok bool, format string, args ...any) { show.Want(ok, "composeshow", format, args...) }

func params(b compose.Block, nets int) map[string]float64 {
	return map[string]float64{"n": float64(b.N), "d": float64(b.D), "depth": float64(b.Depth), "networks": float64(nets)}
}

// Depth shows figure id (ρ against layer: the theory's trajectory and the
// simulation's mean ± SE) and figure id+"-q" (q/d likewise), then the
// checks max |z| of ρ and of q against MaxZTol.
func Depth(id string, c *compose.Comparison) show.View {
	want(c != nil && c.Run != nil && len(c.Theory) == len(c.Run.Rho.Mean), "Depth: a comparison without its run")
	b, r := c.Block, c.Run
	layers := empirical.Ints(0, b.Depth)
	nets, seed := r.Settings.Nets, r.Settings.Seed
	fd := float64(b.D)
	scaled := func(x []float64) []float64 { return show.Map(x, func(v float64) float64 { return v / fd }) }
	what := fmt.Sprintf("%s; n = %d, d = %d, %d networks, ρ⁰ = %g", b.Summary(), b.N, b.D, nets, r.Settings.Rho0)
	figRho := show.Figure{ID: id, XLabel: "layer ℓ", YLabel: "token correlation ρ",
		Caption: "Token correlation over depth, mean-field theory (line) and simulation (mean ± SE): " + what + ".",
		Series: []show.Series{{Name: "theory", X: layers, Y: c.TheoryRho()},
			show.Scatter("simulation", layers, r.Rho.Mean, r.Rho.SE)},
		Params: params(b, nets), Seed: show.Seed(seed)}
	figQ := show.Figure{ID: id + "-q", XLabel: "layer ℓ", YLabel: "squared token norm q/d",
		Caption: "Squared token norm over depth, theory and simulation: " + what + ".",
		Series: []show.Series{{Name: "theory", X: layers, Y: scaled(c.TheoryQ())},
			show.Scatter("simulation", layers, scaled(r.Q.Mean), scaled(r.Q.SE))},
		Params: params(b, nets), Seed: show.Seed(seed)}
	basis := fmt.Sprintf("z from the SE over %d networks (Student's t, %d degrees of freedom); %g bounds the max of %d |z| at %.2g (Bonferroni)", nets, nets-1, float64(MaxZTol), len(layers), bonferroniT(MaxZTol, nets-1, len(layers)))
	return show.View{show.Fig(figRho), show.Fig(figQ),
		show.Agree(show.Agreement{Name: id + ": max |z| of ρ over depth", Kind: show.TheoryVsSimulation, Value: c.MaxZRho, Tol: MaxZTol,
			Rule: show.AtMost, Basis: basis, Figure: id, Note: "theory at infinite width, simulation at d = " + strconv.Itoa(b.D)}),
		show.Agree(show.Agreement{Name: id + ": max |z| of q over depth", Kind: show.TheoryVsSimulation, Value: c.MaxZQ, Tol: MaxZTol,
			Rule: show.AtMost, Basis: basis + "; z = 0 where q is exact (after a post-norm) and agrees to 1e-9", Figure: id + "-q"})}
}

// Widths shows figure id (the mean squared deviation of ρ from the theory
// against d, log-log, with the fitted power law and the expected 1/d
// through the fit's middle) and the one-sided check Z <= SlopeTol.
func Widths(id string, wc *compose.WidthCheck) show.View {
	want(wc != nil && len(wc.Widths) == len(wc.MSD) && len(wc.Comparisons) == len(wc.Widths), "Widths: an incomplete width check")
	ds := make([]float64, len(wc.Widths))
	for i, d := range wc.Widths {
		ds[i] = float64(d)
	}
	// The fitted line and 1/d, both through the weighted centre of the fit.
	line := wc.Line
	b := wc.Block
	nets := wc.Comparisons[0].Run.Settings.Nets
	fig := show.Figure{ID: id, XLabel: "width d", YLabel: "mean squared deviation of ρ from theory", LogX: true, LogY: true,
		Caption: fmt.Sprintf("Width convergence: %s; n = %d, L = %d, %d networks per width. Fitted slope %.3f ± %.3f; 1/d expected.",
			b.Summary(), b.N, b.Depth, nets, wc.Slope, wc.SlopeSE),
		Series: []show.Series{show.Scatter("simulation", ds, wc.MSD, wc.MSDSE),
			show.Curve("fit", ds, line(wc.Slope)), show.Curve("1/d", ds, line(-1))},
		Params: map[string]float64{"n": float64(b.N), "depth": float64(b.Depth), "networks": float64(nets)},
		Seed:   show.Seed(wc.Comparisons[0].Run.Settings.Seed)}
	return show.View{show.Fig(fig), show.Agree(show.Agreement{Name: id + ": slope of the deviation against 1/d", Kind: show.TheoryVsSimulation,
		Value: wc.Z, Tol: SlopeTol, Rule: show.AtMost, Figure: id,
		Basis: fmt.Sprintf("one-sided: (slope + 1)/SE, SE of the weighted log-log fit over %d widths (χ² %.2f on %d dof)", len(ds), wc.Chi2, len(ds)-2),
		Note:  "the deviation must shrink at least like 1/d (steeper: the O(1/d) bias of the means); a plateau means the theory misses the block"})}
}

// Row is one composition of the table. Disagreement marks a composition
// whose theory is known to miss the simulation (a known limitation of
// the ansatz: the max |z| check is then a known disagreement, see
// show.Agreement); its Declared record is the caller's, except DataSeeds,
// which Table sets to the seed of the run the check reads.
type Row struct {
	Name         string
	Check        *compose.WidthCheck
	Disagreement *show.Disagreement
}

// Table shows table id, one row per composition: its block, ρ at the last
// layer in theory and simulation (largest width), the max |z| over depth
// there, the width slope ± SE and Z, and whether both checks pass; then one
// check per row for each.
func Table(id string, rows []Row) show.View {
	t := bundle.Table{ID: id, Header: []string{"composition", "block", "ρ^L theory", "ρ^L simulated (largest d)",
		"max |z| (largest d)", "slope of MSD vs d", "Z", "agrees"}}
	var checks show.View
	for _, r := range rows {
		wc := r.Check
		want(wc != nil && len(wc.Comparisons) > 0, "Table: row %q has no width check", r.Name)
		c := wc.Comparisons[len(wc.Comparisons)-1]
		L := c.Block.Depth
		ok := c.MaxZRho <= MaxZTol && wc.Z <= SlopeTol
		var d *show.Disagreement
		if r.Disagreement != nil {
			dd := *r.Disagreement
			dd.Declared.DataSeeds = []uint64{c.Run.Settings.Seed}
			d = &dd
		}
		t.Rows = append(t.Rows, []string{r.Name, c.Block.Summary(), fmt.Sprintf("%.4f", c.TheoryRho()[L]),
			fmt.Sprintf("%.4f ± %.4f", c.Run.Rho.Mean[L], c.Run.Rho.SE[L]), fmt.Sprintf("%.2f", c.MaxZRho),
			fmt.Sprintf("%.3f ± %.3f", wc.Slope, wc.SlopeSE), fmt.Sprintf("%.2f", wc.Z), strconv.FormatBool(ok)})
		checks = append(checks,
			show.Agree(show.Agreement{Name: r.Name + ": max |z| of ρ over depth at d = " + strconv.Itoa(c.Block.D), Kind: show.TheoryVsSimulation,
				Value: c.MaxZRho, Tol: MaxZTol, Rule: show.AtMost, Figure: id, Disagreement: d,
				Basis: fmt.Sprintf("z from the SE over %d networks, max over %d layers (Bonferroni ~1.6e-3)", c.Run.Settings.Nets, L+1)}),
			show.Agree(show.Agreement{Name: r.Name + ": width slope against 1/d", Kind: show.TheoryVsSimulation,
				Value: wc.Z, Tol: SlopeTol, Rule: show.AtMost, Figure: id,
				Basis: fmt.Sprintf("one-sided (slope + 1)/SE over widths %v", wc.Widths)}))
	}
	t.Caption = fmt.Sprintf("Theory against simulation for %d compositions no source analysed: ρ at the last layer, the max |z| over depth at the largest width, and the width-convergence slope of the mean squared deviation (expected −1, steeper allowed).", len(rows))
	return append(show.View{show.Tab(t)}, checks...)
}

// Phase shows figure id: λ_a over the plane of the phase diagram as a
// heat map, with the λ_a = 0 contour (edge of chaos) as points where the
// sign changes along each row.
func Phase(id string, ph *compose.Phase) show.View { return show.View{show.Fig(phaseFigure(id, ph))} }

// phaseFigure is Phase's figure.
func phaseFigure(id string, ph *compose.Phase) show.Figure {
	want(ph != nil && len(ph.Z) == len(ph.X)*len(ph.Y), "Phase: an incomplete phase diagram")
	var ex, ey []float64
	for iy, y := range ph.Y {
		for ix := 0; ix+1 < len(ph.X); ix++ {
			a, c := ph.At(ix, iy), ph.At(ix+1, iy)
			if a*c < 0 {
				ex, ey = append(ex, ph.X[ix]+(ph.X[ix+1]-ph.X[ix])*a/(a-c)), append(ey, y)
			}
		}
	}
	fig := show.Figure{ID: id, XLabel: ph.XKey, YLabel: ph.YKey,
		Caption: fmt.Sprintf("Angle exponent λ_a of %s over (%s, %s), %d × %d points; λ_a = 0 (edge of chaos) marked. Blank: no collapsed fixed point.",
			ph.Base.Summary(), ph.XKey, ph.YKey, len(ph.X), len(ph.Y)),
		Heat: &show.Heat{Name: "λ_a", X: ph.X, Y: ph.Y, Z: ph.Z, ZLabel: "λ_a"}}
	if len(ex) > 0 {
		fig.Series = []show.Series{{Name: "λ_a = 0", X: ex, Y: ey, Style: show.Points}}
	}
	return fig
}

// bonferroniT bounds P(max of k |t_dof| > tol) by k·P(|t_dof| > tol).
func bonferroniT(tol float64, dof, k int) float64 {
	if dof < 1 {
		return 1
	}
	return min(1, float64(k)*empirical.TTail2(tol, dof))
}
