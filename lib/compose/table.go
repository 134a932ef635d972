package compose

import (
	"fmt"
	"strconv"

	"github.com/sigprop/sigprop/lib/result"
)

// Row is one composition of WidthTable: its Name, its width check, and,
// for a composition whose theory is known to miss the simulation (a
// known limitation of the ansatz), the Disagreement its max |z| check
// carries, as declared (WidthTable sets its DataSeeds to the seed of the
// run the check reads).
type Row struct {
	Name         string
	Check        *WidthCheck
	Disagreement *result.Disagreement
}

// ConcentratedSoftmax is the known disagreement of the pre-LN softmax
// composition at σ_A² = 4 with two tanh MLP layers (notebook 07's table):
// Assumption 3.2 of Cowsik et al. 2024 breaks where the attention
// concentrates on few tokens. No pilot decided it; WidthTable sets its
// DataSeeds from the run.
var ConcentratedSoftmax = result.Disagreement{
	Paper:    "Cowsik et al. 2024 eq. (10) under Assumption 3.2 gives the softmax attention's (q, p) map",
	Measured: "at σ_A² = 4, n = 16 the composed theory's ρ at layer 24 is ~0.04 below the simulation, a gap that grows in z with d",
	Why:      "Assumption 3.2 treats a query's logits as independent of the values' geometry; at σ_A² = 4 the attention concentrates on few tokens and the approximation breaks (the MLP alone agrees)",
	Declared: result.Declaration{Commit: "2ba6b34",
		Seen: "a run at d = 128 and 256 (32 networks each, seeds not recorded: ρ²⁴ 0.742 ± 0.007 and 0.755 ± 0.005 against the theory's 0.708) and the reported run, deterministic at the notebook's Seed, in the commit that declared it"}}

// WidthTable is the table of compositions, one row per composition: its
// block, ρ at the last layer in theory and simulation (largest width),
// the max |z| over depth there, the width slope ± SE and Z, and whether
// both checks pass (max |z| ≤ MaxZTol, Z ≤ SlopeTol); then one check per
// row for each, the first carrying the row's Disagreement with the seed
// of the run it reads. No composition is a paper table
// (Record.NoPaperFigure). It panics on a row without a width check (a
// caller bug).
func WidthTable(rows []Row) result.Table {
	t := result.Table{Header: []string{"composition", "block", "ρ^L theory", "ρ^L simulated (largest d)",
		"max |z| (largest d)", "slope of MSD vs d", "Z", "agrees"}, Record: result.Record{NoPaperFigure: true}}
	for _, r := range rows {
		wc := r.Check
		if wc == nil || len(wc.Comparisons) == 0 {
			panic(fmt.Sprintf("compose: WidthTable: row %q has no width check", r.Name))
		}
		c := wc.Comparisons[len(wc.Comparisons)-1]
		L := c.Block.Depth
		ok := c.MaxZRho <= MaxZTol && wc.Z <= SlopeTol
		t.Rows = append(t.Rows, []string{r.Name, c.Block.Summary(), fmt.Sprintf("%.4f", c.TheoryRho()[L]),
			fmt.Sprintf("%.4f ± %.4f", c.Run.Rho.Mean[L], c.Run.Rho.SE[L]), fmt.Sprintf("%.2f", c.MaxZRho),
			fmt.Sprintf("%.3f ± %.3f", wc.Slope, wc.SlopeSE), fmt.Sprintf("%.2f", wc.Z), strconv.FormatBool(ok)})
		t.Checks = append(t.Checks,
			result.Check{Name: r.Name + ": max |z| of ρ over depth at d = " + strconv.Itoa(c.Block.D), Kind: result.TheoryVsSimulation,
				Value: c.MaxZRho, Tol: MaxZTol, Rule: result.AtMost, Disagreement: r.Disagreement.WithDataSeeds(c.Run.Settings.Seed),
				Basis: fmt.Sprintf("z from the SE over %d networks, max over %d layers (Bonferroni ~1.6e-3)", c.Run.Settings.Nets, L+1)},
			result.Check{Name: r.Name + ": width slope against 1/d", Kind: result.TheoryVsSimulation,
				Value: wc.Z, Tol: SlopeTol, Rule: result.AtMost,
				Basis: fmt.Sprintf("one-sided (slope + 1)/SE over widths %v", wc.Widths)})
	}
	t.Caption = fmt.Sprintf("Theory against simulation for %d compositions no source analysed: ρ at the last layer, the max |z| over depth at the largest width, and the width-convergence slope of the mean squared deviation (expected −1, steeper allowed).", len(rows))
	return t
}
