package trainshow

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// Gap is the paper's claim "A trains better than B" (Better) or "A trains
// as well as B", at depths L (A) and LB (B; 0 means L). Paper, required,
// is the source's statement the gap tests, with where it stands; Central
// marks the claim of the figure's main statement. Seen says whether the
// stored runs show it; a claim not seen is a known disagreement: Why,
// required then, says why the analogue differs, and Declared records what
// was known when it was declared (its commit and where the result was
// seen; GapClaims sets its DataSeeds from the stored runs it reads).
type Gap struct {
	A, B         string
	L, LB        int
	Better, Seen bool
	Central      bool
	Paper, Why   string
	Declared     bundle.Declaration
}

// seedsOf are the seeds of the stored runs of n of variant v at depth L.
func seedsOf(n ts.NociSet, v string, L int) []uint64 {
	var s []uint64
	for _, r := range ts.NociSelect(n.Runs, v, L) {
		s = append(s, r.Seed)
	}
	return s
}

// GapClaims judges each gap of the stored runs n at 2 on the normal scale, paired by seed (every
// variant is trained from the same seeds, so the seed is the sample unit):
// t = mean of the per-seed test-loss differences A − B over their SE
// (trainsweep.NociPairedGap), z = t brought to the normal scale with the
// pairs' k − 1 degrees of freedom (empirical.NormalZ: the same two-sided
// tail); a "better" claim holds at z <= −2, an "as well as" claim at
// z <= 2. Every metric checks the
// paper's claim; one declared not seen carries its Disagreement, so that
// its failing check is the outcome "known disagreement" (and a pass, the
// disagreement gone). The view holds one Claim agreement per gap
// (checking the figure fig), then the table id with caption. A gap not
// seen without a Why, or a gap without Paper, panics.
func GapClaims(n ts.NociSet, id, caption, fig string, gaps ...Gap) show.View {
	var v show.View
	var rows [][]string
	for _, g := range gaps {
		if !g.Seen && strings.TrimSpace(g.Why) == "" {
			panic(fmt.Sprintf("trainshow: GapClaims: the known disagreement %s vs %s declares no reason (Gap.Why)", g.A, g.B))
		}
		if strings.TrimSpace(g.Paper) == "" {
			panic(fmt.Sprintf("trainshow: GapClaims: the claim %s vs %s quotes no source statement (Gap.Paper)", g.A, g.B))
		}
		lb := g.LB
		if lb == 0 {
			lb = g.L
		}
		a, b := n.Stat(g.A, g.L), n.Stat(g.B, lb)
		d, tt, dof := ts.NociPairedGap(n.Runs, g.A, g.L, g.B, lb)
		z := math.NaN()
		if dof > 0 && !math.IsNaN(tt) {
			z = math.Copysign(math.Abs(empirical.NormalZ(tt, dof)), tt)
		}
		verb, lim := "as well as", 2.0
		if g.Better {
			verb, lim = "better than", -2.0
		}
		claim := fmt.Sprintf("%s trains %s %s (L = %d)", a.Variant, verb, b.Variant, a.Layers)
		if a.Layers != b.Layers {
			claim = fmt.Sprintf("%s: L = %d trains %s L = %d", a.Variant, a.Layers, verb, b.Layers)
		}
		ag := show.Agreement{Name: "paper's ordering: " + claim, Kind: show.Claim, Value: z, Tol: lim, Rule: show.AtMost, Figure: fig,
			Basis: fmt.Sprintf("paired by seed: t = mean Δ/SE over %d seeds' differences (%d degrees of freedom), on the normal scale, at 2", dof+1, dof),
			Note:  fmt.Sprintf("Δ test loss = %+.3f nats, t = %+.2f", d, tt), Central: g.Central}
		if g.Seen {
			ag.Paper = g.Paper
		} else {
			decl := g.Declared
			decl.DataSeeds = append(seedsOf(n, g.A, g.L), seedsOf(n, g.B, lb)...)
			slices.Sort(decl.DataSeeds)
			decl.DataSeeds = slices.Compact(decl.DataSeeds)
			ag.Disagreement = &show.Disagreement{Paper: g.Paper,
				Measured: fmt.Sprintf("%s: the test-loss gap z = (%s − %s)/SE over the stored seeds of the analogue, above %g", claim, a.Variant, b.Variant, lim),
				Why:      g.Why, Declared: decl}
		}
		m, err := ag.Metric()
		show.Must(err)
		verdict := map[bundle.Outcome]string{bundle.Passed: "seen", bundle.Known: "not seen (known disagreement)", bundle.Failed: "not seen"}[m.Outcome()]
		v = append(v, show.Agree(ag))
		rows = append(rows, []string{claim, fmt.Sprintf("%+.3f", d), fmt.Sprintf("%+.2f", z), verdict})
	}
	return append(v, show.Tab(bundle.Table{ID: id, Caption: caption, Header: []string{"claim (paper)", "Δ test loss", "z (paired by seed)", "at |z| = 2"}, Rows: rows}))
}
