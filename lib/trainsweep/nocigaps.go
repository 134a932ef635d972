package trainsweep

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// GapZ is the z, on the normal scale, at which a gap claim of the stored
// Noci runs is judged: "a trains better than b" holds at z ≤ −GapZ, "a
// trains as well as b" at z ≤ GapZ (two-sided 95% on the normal scale;
// with the stored runs' 3 seeds, z = 2 needs |t| > 4.53 over 2 degrees of
// freedom).
const GapZ = 2

// The declared known disagreements of the stored Noci runs' claims, each
// with its record: declared in commit 9dd26dc, which committed the stored
// runs (notebooks/data/noci-training) with the claims. No timing is
// stated: the report computes it from the record. NociGaps.Table sets
// their DataSeeds from the runs each claim reads.
var (
	// TauAtScale: Table 1's "+ τ better than res-scale alone"
	// (papers.Noci2022Table1TauOverRes).
	TauAtScale = result.Disagreement{
		Paper:    papers.Noci2022Table1TauOverRes.Text,
		Measured: "SGD, res-scale 1/√L + τ trains better than SGD, res-scale 1/√L (L = 16): the test-loss gap z = (SGD, res-scale 1/√L + τ − SGD, res-scale 1/√L)/SE over the stored seeds of the analogue, above -2",
		Why:      "with the 1/√L scaling the first block's input tokens are nearly uncorrelated at initialisation (ρ ≈ 0.03–0.09), so eq. 47 gives τ ≈ 0.93–1.20 and the + τ model is almost the res-scale one; the paper's τ acts where ρ is large",
		Declared: storedNociDeclared,
	}
	// ShapedComparableAtScale: Noci et al. 2023's shaped Transformer "as
	// well as" the Pre-LN baseline (papers.Noci2023Table1Comparable).
	ShapedComparableAtScale = result.Disagreement{
		Paper:    papers.Noci2023Table1Comparable.Text,
		Measured: "Adam, shaped (γ = 0.2) trains as well as Adam, PRE-LN (L = 16): the test-loss gap z = (Adam, shaped (γ = 0.2) − Adam, PRE-LN)/SE over the stored seeds of the analogue, above 2",
		Why:      shortRun,
		Declared: storedNociDeclared,
	}
	// ShapedBetterAtScale: shaping trains better than the same block with
	// vanilla softmax (papers.Noci2023ShapedTrains).
	ShapedBetterAtScale = result.Disagreement{
		Paper:    papers.Noci2023ShapedTrains.Text,
		Measured: "Adam, shaped (γ = 0.2) trains better than Adam, vanilla no norm (γ = 0.2) (L = 16): the test-loss gap z = (Adam, shaped (γ = 0.2) − Adam, vanilla no norm (γ = 0.2))/SE over the stored seeds of the analogue, above -2",
		Why:      shortRun,
		Declared: storedNociDeclared,
	}
)

// storedNociDeclared is the record of the stored runs' declarations.
var storedNociDeclared = result.Declaration{Commit: "9dd26dc", Seen: "the stored runs (notebooks/data/noci-training), committed with the declaration"}

// shortRun is why both of Noci et al. 2023's orderings are known
// disagreements at the stored runs' scale.
const shortRun = "at L = 16, 250 Adam steps at lr 3e-4 and γ = 0.2 the un-normalised vanilla block does not degenerate (its √(1−γ²) skip keeps it near the identity), so shaping has nothing to rescue; the paper's advantage is stability at large depth and learning rate over 100K steps of MLM pre-training"

// Gap is a source's claim that variant A at depth L trains better than
// (Better) or as well as variant B at depth LB (0 means L), judged on the
// stored runs' test loss. Statement, required, is the source's statement
// it tests; Central marks the claim of the figure's main statement.
// Known, when set, declares the claim known not to hold in the stored
// runs (its Paper is Statement's Text); it is never set from the result.
type Gap struct {
	A, B      string
	L, LB     int
	Better    bool
	Central   bool
	Statement *papers.Statement
	Known     *result.Disagreement
}

// NociGaps are claims of a source judged on the stored runs Set, shown
// under Caption.
type NociGaps struct {
	Set     NociSet
	Caption string
	Gaps    []Gap
}

// judged is the caption's note of the rule.
const judged = ", judged paired by seed at |z| = %g"

// Variants of the stored runs the gap claims name.
const (
	adamPreLN  = "Adam, PRE-LN"
	sgdPostLN  = "SGD, POST-LN"
	adamPostLN = "Adam, POST-LN"
	resScale   = "SGD, res-scale 1/√L"
	resTau     = "SGD, res-scale 1/√L + τ"
	shaped     = "Adam, shaped (γ = 0.2)"
	vanilla    = "Adam, vanilla no norm (γ = 0.2)"
)

// Fig5Gaps are Noci et al. 2022's Fig. 5 claims on the stored runs n: SGD
// with res-scale and τ trains as well as Adam PRE-LN at every stored
// depth (the deepest the central claim, papers.Noci2022Fig5KeepsUp), and
// as well at the deepest depth as at the shallowest
// (papers.Noci2022Fig5Deeper).
func (n NociSet) Fig5Gaps() NociGaps {
	depths := n.Prov.Settings.Depths
	deep := depths[len(depths)-1]
	var gaps []Gap
	for _, L := range depths {
		gaps = append(gaps, Gap{A: resTau, B: adamPreLN, L: L, Statement: papers.Noci2022Fig5KeepsUp, Central: L == deep})
	}
	gaps = append(gaps, Gap{A: resTau, B: resTau, L: deep, LB: depths[0], Statement: papers.Noci2022Fig5Deeper})
	return NociGaps{Set: n, Gaps: gaps,
		Caption: fmt.Sprintf("Fig. 5's claims (SGD with res-scale and τ trains deeper models without normalisation and matches Adam)"+judged, float64(GapZ))}
}

// Table1Gaps are the orderings of Noci et al. 2022's Table 1 on the
// stored runs n at their Table 1 depth: + τ better than res-scale alone
// (declared TauAtScale), res-scale better than SGD POST-LN, Adam POST-LN
// better than SGD POST-LN, + τ as well as Adam POST-LN (the central
// claim).
func (n NociSet) Table1Gaps() NociGaps {
	L := n.Prov.Settings.TableDepth
	return NociGaps{Set: n, Gaps: []Gap{
		{A: resTau, B: resScale, L: L, Better: true, Statement: papers.Noci2022Table1TauOverRes, Known: &TauAtScale},
		{A: resScale, B: sgdPostLN, L: L, Better: true, Statement: papers.Noci2022Table1ResOverPost},
		{A: adamPostLN, B: sgdPostLN, L: L, Better: true, Statement: papers.Noci2022Table1AdamOverSGD},
		{A: resTau, B: adamPostLN, L: L, Central: true, Statement: papers.Noci2022Table1TauAsAdam},
	}, Caption: fmt.Sprintf("Table 1's orderings (paper: BLEU; here: test loss, lower is better)"+judged, float64(GapZ))}
}

// ShapedGaps are Noci et al. 2023's claims on the stored runs n at their
// Table 1 depth, both declared known disagreements at this scale: the
// shaped block as well as Adam PRE-LN (the central claim,
// ShapedComparableAtScale) and better than the same block with vanilla
// softmax (ShapedBetterAtScale).
func (n NociSet) ShapedGaps() NociGaps {
	L := n.Prov.Settings.TableDepth
	return NociGaps{Set: n, Gaps: []Gap{
		{A: shaped, B: adamPreLN, L: L, Central: true, Statement: papers.Noci2023Table1Comparable, Known: &ShapedComparableAtScale},
		{A: shaped, B: vanilla, L: L, Better: true, Statement: papers.Noci2023ShapedTrains, Known: &ShapedBetterAtScale},
	}, Caption: fmt.Sprintf("Noci et al. 2023's claims at this scale"+judged, float64(GapZ))}
}

// seedsOf are the seeds of the stored runs of n of variant v at depth L.
func (n NociSet) seedsOf(v string, L int) []uint64 {
	var s []uint64
	for _, r := range NociSelect(n.Runs, v, L) {
		s = append(s, r.Seed)
	}
	return s
}

// Table judges each gap of g paired by seed (every variant is trained
// from the same seeds, so the seed is the sample unit): t = mean of the
// per-seed test-loss differences A − B over their SE (NociPairedGap), z =
// t brought to the normal scale with the pairs' k − 1 degrees of freedom
// (empirical.NormalZ: the same two-sided tail); a "better" claim holds at
// z ≤ −GapZ, an "as well as" claim at z ≤ GapZ. Each gap is one Claim
// check of the source's statement, or, when declared, of its Known
// disagreement with the seeds of the runs it reads (a failing check is
// then a known disagreement; a pass, the disagreement gone). The table
// has one row per gap: the claim, Δ test loss, z and the verdict (seen,
// not seen (known disagreement), not seen: the check's outcome). A gap
// without a Statement, or whose Known quotes another text, panics (a
// caller bug), as does a variant and depth with no stored run.
func (g NociGaps) Table() result.Table {
	n := g.Set
	var rows [][]string
	var checks []result.Check
	for _, gp := range g.Gaps {
		if gp.Statement == nil {
			panic(fmt.Sprintf("trainsweep: NociGaps: the claim %s vs %s quotes no source statement", gp.A, gp.B))
		}
		if gp.Known != nil && gp.Known.Paper != gp.Statement.Text {
			panic(fmt.Sprintf("trainsweep: NociGaps: the claim %s vs %s declares a disagreement with another statement", gp.A, gp.B))
		}
		lb := gp.LB
		if lb == 0 {
			lb = gp.L
		}
		a, b := n.Stat(gp.A, gp.L), n.Stat(gp.B, lb)
		d, tt, dof := NociPairedGap(n.Runs, gp.A, gp.L, gp.B, lb)
		z := math.NaN()
		if dof > 0 && !math.IsNaN(tt) {
			z = math.Copysign(math.Abs(empirical.NormalZ(tt, dof)), tt)
		}
		verb, lim := "as well as", float64(GapZ)
		if gp.Better {
			verb, lim = "better than", -float64(GapZ)
		}
		claim := fmt.Sprintf("%s trains %s %s (L = %d)", a.Variant, verb, b.Variant, a.Layers)
		if a.Layers != b.Layers {
			claim = fmt.Sprintf("%s: L = %d trains %s L = %d", a.Variant, a.Layers, verb, b.Layers)
		}
		c := result.Check{Name: "paper's ordering: " + claim, Kind: result.Claim, Value: z, Tol: lim, Rule: result.AtMost,
			Basis: fmt.Sprintf("paired by seed: t = mean Δ/SE over %d seeds' differences (%d degrees of freedom), on the normal scale, at %g", dof+1, dof, float64(GapZ)),
			Note:  fmt.Sprintf("Δ test loss = %+.3f nats, t = %+.2f", d, tt), Central: gp.Central}
		if gp.Known == nil {
			c.Statement = gp.Statement
		} else {
			seeds := append(n.seedsOf(gp.A, gp.L), n.seedsOf(gp.B, lb)...)
			slices.Sort(seeds)
			c.Disagreement = gp.Known.WithDataSeeds(slices.Compact(seeds)...)
		}
		verdict := "seen"
		switch {
		case z <= lim:
		case c.Disagreement != nil && !math.IsNaN(z) && !math.IsInf(z, 0):
			verdict = "not seen (known disagreement)"
		default:
			verdict = "not seen"
		}
		checks = append(checks, c)
		rows = append(rows, []string{claim, fmt.Sprintf("%+.3f", d), fmt.Sprintf("%+.2f", z), verdict})
	}
	return result.Table{Caption: g.Caption, Header: []string{"claim (paper)", "Δ test loss", "z (paired by seed)", fmt.Sprintf("at |z| = %g", float64(GapZ))},
		Rows: rows, Checks: checks, Record: nociStored}
}
