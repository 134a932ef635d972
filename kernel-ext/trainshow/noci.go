package trainshow

import (
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"

	"github.com/sigprop/sigprop/lib/empirical"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// Noci is a directory of stored Noci et al. training runs
// (`sigprop sweep generate noci-training`) with their seed statistics (trainsweep.NociStats).
type Noci struct {
	Runs  []ts.NociRun
	Prov  ts.NociProvenance
	Stats []ts.NociStat // by (variant, depth), in the order of first appearance
}

// ReadNoci reads the runs and provenance of fsys (trainsweep.ReadNoci).
func ReadNoci(fsys fs.FS) (Noci, error) {
	runs, prov, err := ts.ReadNoci(fsys)
	if err != nil {
		return Noci{}, err
	}
	return Noci{Runs: runs, Prov: prov, Stats: ts.NociStats(runs)}, nil
}

// Stat returns the seed statistics of variant v at depth L. It panics if
// no run of them is stored (a bug in the notebook).
func (n Noci) Stat(v string, L int) ts.NociStat {
	for _, s := range n.Stats {
		if s.Variant == v && s.Layers == L {
			return s
		}
	}
	panic(fmt.Sprintf("no stored runs of %s at L = %d", v, L))
}

// pm formats a mean ± SD over seeds.
func pm(m, sd float64) string { return fmt.Sprintf("%.3f ± %.3f", m, sd) }

// ProvenanceTable is the table "noci-training-provenance".
func (n Noci) ProvenanceTable() bundle.Table {
	s, inv := n.Prov.Settings, n.Prov.Invocation
	return bundle.Table{ID: "noci-training-provenance", Caption: "Provenance of the stored runs (notebooks/data/noci-training)", Header: []string{"", ""}, Rows: [][]string{
		{"model", fmt.Sprintf("ViT, 28×28 images in %d×%d patches (n = 17), d = %d, ℓ = 2 MLP, L ∈ %v (Table 1: L = %d)", s.Patch, s.Patch, s.D, s.Depths, s.TableDepth)},
		{"training", fmt.Sprintf("%d steps of batch %d; Adam lr %g; SGD lr %g, momentum %g", s.Steps, s.Batch, s.AdamLR, s.SGDLR, s.Momentum)},
		{"data", fmt.Sprintf("%s: %d validation images split off (seed %d, unused), the other 5000 for training; test on its %d test images", s.Data, s.NVal, s.SplitSeed, s.NTest)},
		{"seeds", fmt.Sprintf("%v: each run draws its initialisation from PCG(seed, 1) and its batch order from PCG(seed, 2)", s.Seeds)},
		{"runs", fmt.Sprintf("%d, %s on one core", len(n.Runs), n.Prov.Elapsed)},
		{"command", inv.Summary()},
	}}
}

// RunsTable is the table "noci-training-runs": every stored variant and
// depth with its test loss and accuracy over the seeds and the τ of its
// first seed.
func (n Noci) RunsTable() bundle.Table {
	var rows [][]string
	for _, st := range n.Stats {
		tau := ts.NociSelect(n.Runs, st.Variant, st.Layers)[0].Tau
		rows = append(rows, []string{st.Variant, fmt.Sprint(st.Layers), pm(st.Loss, st.LossSD), pm(st.Acc, st.AccSD), fmt.Sprintf("%d of %d", st.Diverged, st.Seeds), fmt.Sprintf("%.2f", tau)})
	}
	return bundle.Table{ID: "noci-training-runs", Caption: "Every stored variant and depth: test loss and accuracy, mean ± SD over the seeds (a diverged run counts ln 10 and accuracy 0.1); τ of the first seed",
		Header: []string{"variant", "L", "test loss", "test accuracy", "diverged", "τ (seed 12)"}, Rows: rows}
}

// Rows are, for each variant of names at depth L, the row: name, paper[i]
// (the paper's number), test loss and accuracy as mean ± SD, and the
// diverged runs.
func (n Noci) Rows(names, paper []string, L int) [][]string {
	var rows [][]string
	for i, name := range names {
		s := n.Stat(name, L)
		rows = append(rows, []string{name, paper[i], pm(s.Loss, s.LossSD), pm(s.Acc, s.AccSD), fmt.Sprintf("%d of %d", s.Diverged, s.Seeds)})
	}
	return rows
}

// DepthSeries is, for the stored variants among names, the seed-mean test
// loss (or test accuracy if acc) against the depth L with seed-SD error
// bars, one line per variant, in the order of n.Stats.
func (n Noci) DepthSeries(names []string, acc bool) []show.Series {
	var keys []string
	var xs, y, sd []float64
	for _, st := range n.Stats {
		if slices.Contains(names, st.Variant) {
			keys, xs = append(keys, st.Variant), append(xs, float64(st.Layers))
			if acc {
				y, sd = append(y, st.Acc), append(sd, st.AccSD)
			} else {
				y, sd = append(y, st.Loss), append(sd, st.LossSD)
			}
		}
	}
	series := show.GroupSeries(keys, xs, y, sd)
	for i := range series {
		series[i].Style = show.LinePoints
	}
	return series
}

// meanCurves is one line per variant of names at depth L: get(run)
// averaged over its seeds (trainsweep.NociMeanCurve), against the step
// every·(i+1), the last at trainsweep.NociSteps.
func (n Noci) meanCurves(names []string, L, every int, get func(ts.NociRun) []float64) []show.Series {
	var out []show.Series
	for _, name := range names {
		y := ts.NociMeanCurve(n.Runs, name, L, get)
		x := make([]float64, len(y))
		for i := range x {
			x[i] = float64(min(every*(i+1), ts.NociSteps))
		}
		out = append(out, show.Series{Name: name, X: x, Y: y, Style: show.LinePoints})
	}
	return out
}

// Curves is the training loss (means over windows of
// trainsweep.NociWindow steps) of each variant of names at depth L,
// averaged over the seeds.
func (n Noci) Curves(names []string, L int) []show.Series {
	return n.meanCurves(names, L, ts.NociWindow, func(r ts.NociRun) []float64 { return r.Curve })
}

// Entropy is the mean softmax entropy of each recorded layer
// (trainsweep.NociEntropyLayers) of each variant of names at depth L,
// averaged over the seeds, every trainsweep.NociEvery steps; series are
// named "<short[j]>, layer <l>", layer by layer.
func (n Noci) Entropy(names, short []string, L int) []show.Series {
	var ent []show.Series
	for k, l := range ts.NociEntropyLayers(L) {
		for j, s := range n.meanCurves(names, L, ts.NociEvery, func(r ts.NociRun) []float64 { return r.Entropy[k] }) {
			s.Name = fmt.Sprintf("%s, layer %d", short[j], l+1)
			ent = append(ent, s)
		}
	}
	return ent
}

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

// seedsOf are the seeds of the stored runs of variant v at depth L.
func (n Noci) seedsOf(v string, L int) []uint64 {
	var s []uint64
	for _, r := range ts.NociSelect(n.Runs, v, L) {
		s = append(s, r.Seed)
	}
	return s
}

// GapClaims judges each gap at 2 on the normal scale, paired by seed (every
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
func (n Noci) GapClaims(id, caption, fig string, gaps ...Gap) show.View {
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
			decl.DataSeeds = append(n.seedsOf(g.A, g.L), n.seedsOf(g.B, lb)...)
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
