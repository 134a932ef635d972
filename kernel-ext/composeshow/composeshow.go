package composeshow

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
)

// MaxZTol and SlopeTol are the tolerances of the table's checks, those of
// the figures (compose.MaxZTol, compose.SlopeTol).
const (
	MaxZTol  = compose.MaxZTol
	SlopeTol = compose.SlopeTol
)

func want(ok bool, format string, args ...any) { show.Want(ok, "composeshow", format, args...) }

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
