package trainsweep

import (
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// storedNociSet reads notebook 06's stored Noci et al. runs.
func storedNociSet(t *testing.T) NociSet {
	t.Helper()
	n, err := ReadNociSet(os.DirFS("../../notebooks/data/noci-training"))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// verdicts is the verdict column of a gap table.
func verdicts(tb result.Table) []string {
	var v []string
	for _, r := range tb.Rows {
		v = append(v, r[3])
	}
	return v
}

// statement is a made-up statement of text.
func statement(text string) *papers.Statement {
	return &papers.Statement{Source: papers.Noci2022, Text: text}
}

// Stat finds a variant and depth (and panics on an absent one); the gap
// table pairs the runs by seed (NociPairedGap), brings t to the normal
// scale with the pairs' degrees of freedom and turns "better" into z ≤
// −GapZ and "as well as" into z ≤ GapZ; a claim declared not seen still
// checks the source's claim, with its disagreement and the seeds of the
// runs it reads, so that its failed check is a known disagreement (and
// one that holds is seen).
func TestNociGaps(t *testing.T) {
	n := testNociSet(t)
	a2 := n.Stat("a", 2)
	if a2.Seeds != 3 || math.Abs(a2.Loss-1.1) > 1e-12 || n.Stat("a", 4).Layers != 4 {
		t.Fatalf("stats %+v", n.Stats)
	}
	mustpanic.WithPrefix(t, "absent depth", "trainsweep: no stored runs of b at L = 4", func() { n.Stat("b", 4) })
	// Paired by seed, b − a = −0.45, −0.5, −0.55: mean −0.5, SD 0.05, SE
	// 0.05/√3, t = −17.3 with 2 degrees of freedom, z = −2.94 on the
	// normal scale (unpaired, the groups' SDs 0.1 and 0.05 would give
	// −7.7: the pairing matters).
	z := -empirical.NormalZ(0.5/(0.05/math.Sqrt(3)), 2)
	if math.Abs(z+2.94) > 0.01 {
		t.Fatalf("z = %v, want ≈ −2.94", z)
	}
	known := result.Disagreement{Paper: "P2", Measured: "m", Why: "a test reason", Declared: result.Declaration{Commit: "abcdef0"}}
	tb := NociGaps{Set: n, Caption: "cap", Gaps: []Gap{{A: "b", B: "a", L: 2, Better: true, Statement: statement("P1"), Central: true},
		{A: "a", B: "b", L: 2, Statement: statement("P2"), Known: &known},
		{A: "a", B: "a", L: 4, LB: 2, Better: true, Statement: statement("P3")}}}.Table()
	if err := tb.Wellformed(); err != nil || len(tb.Checks) != 3 || len(tb.Rows) != 3 || tb.Caption != "cap" || !tb.Record.AtPaper {
		t.Fatalf("table %+v (%v): want 3 checks and 3 rows", tb, err)
	}
	c := tb.Checks
	if math.Abs(c[0].Value-z) > 1e-9 || c[0].Tol != -GapZ || c[0].Rule != result.AtMost || c[0].Kind != result.Claim || c[0].Statement.Text != "P1" || !c[0].Central ||
		c[0].Name != "paper's ordering: b trains better than a (L = 2)" || tb.Rows[0][3] != "seen" {
		t.Errorf("b better than a: %+v, row %q (z want %v)", c[0], tb.Rows[0], z)
	}
	if c[1].Tol != GapZ || c[1].Value <= GapZ || c[1].Statement != nil || c[1].Disagreement == nil || c[1].Disagreement.Why != "a test reason" ||
		!slices.Equal(c[1].Disagreement.Declared.DataSeeds, []uint64{12, 13, 14}) || known.Declared.DataSeeds != nil ||
		tb.Rows[1][3] != "not seen (known disagreement)" || c[1].Name != "paper's ordering: a trains as well as b (L = 2)" {
		t.Errorf("a as well as b (declared): %+v, row %q", c[1], tb.Rows[1])
	}
	if d, tt, dof := NociPairedGap(n.Runs, "a", 4, "a", 2); tb.Rows[2][0] != "a: L = 4 trains better than L = 2" || math.Abs(c[2].Value+empirical.NormalZ(-tt, dof)) > 1e-12 ||
		tb.Rows[2][1] != "-0.100" || d > 0 || dof != 2 || tb.Rows[2][3] != "seen" {
		t.Errorf("across depths: %+v, row %q", c[2], tb.Rows[2])
	}
	// The same declaration on a claim that holds: seen, the disagreement gone.
	back := NociGaps{Set: n, Gaps: []Gap{{A: "b", B: "a", L: 2, Better: true, Statement: statement("P2"), Known: &known}}}.Table()
	if back.Rows[0][3] != "seen" || back.Checks[0].Value > back.Checks[0].Tol {
		t.Errorf("declared disagreement whose claim holds: row %q", back.Rows[0])
	}
	mustpanic.WithPrefix(t, "no statement", "trainsweep: NociGaps: the claim a vs b quotes no source statement", func() { NociGaps{Set: n, Gaps: []Gap{{A: "a", B: "b", L: 2}}}.Table() })
	mustpanic.WithPrefix(t, "another statement", "trainsweep: NociGaps: the claim a vs b declares a disagreement with another statement", func() {
		NociGaps{Set: n, Gaps: []Gap{{A: "a", B: "b", L: 2, Statement: statement("P1"), Known: &known}}}.Table()
	})
}

// TestNociGapsDeclared: the three declarations are well formed, quote
// their statements, were declared in commit 9dd26dc with no data seeds of
// their own, and say what the stored runs' checks measure: each Measured
// begins with the claim of the check that carries it.
func TestNociGapsDeclared(t *testing.T) {
	n := storedNociSet(t)
	for _, g := range []NociGaps{n.Table1Gaps(), n.ShapedGaps()} {
		tb := g.Table()
		for i, gp := range g.Gaps {
			if gp.Known == nil {
				continue
			}
			d := *gp.Known
			if err := d.Wellformed(); err != nil || d.Paper != gp.Statement.Text || d.Declared.Commit != "9dd26dc" || d.Declared.DataSeeds != nil ||
				!strings.HasPrefix(d.Measured, tb.Rows[i][0]+": ") {
				t.Errorf("%q: %v, commit %s, data seeds %v, measured %q for the claim %q", d.Paper, err, d.Declared.Commit, d.Declared.DataSeeds, d.Measured, tb.Rows[i][0])
			}
			if got := tb.Checks[i].Disagreement.Declared.DataSeeds; !slices.Equal(got, n.Prov.Settings.Seeds) {
				t.Errorf("%s: data seeds %v, want the stored seeds %v", tb.Rows[i][0], got, n.Prov.Settings.Seeds)
			}
		}
	}
}

// TestNociFig5Mutation: the claim checks of Noci et al. 2022's Fig. 5 on
// the stored runs pass (SGD with res-scale and τ trains as well as Adam
// PRE-LN at every depth, and as well at L = 16 as at L = 2) and fail
// under two perturbations: the paper's failing variant (SGD with
// POST-LN) in place of the remedy, where the paper's figure separates
// them (at L = 16 and across depth), and the remedy's test loss raised by
// 0.25 nats in every run (above the largest shift the paired rule allows,
// 0.247 at L = 2: with three seeds the pairs have 2 degrees of freedom and
// z = 2 on the normal scale needs |t| > 4.53; the unpaired rule it
// replaced failed from 0.116).
func TestNociFig5Mutation(t *testing.T) {
	n := storedNociSet(t)
	depths := n.Prov.Settings.Depths
	g := n.Fig5Gaps()
	if len(g.Gaps) != len(depths)+1 {
		t.Fatalf("%d gaps for %d depths", len(g.Gaps), len(depths))
	}
	for i, v := range verdicts(g.Table()) {
		if v != "seen" {
			t.Errorf("stored runs, Fig. 5 claim %d: %q, want the pass the report shows", i, v)
		}
	}
	// SGD POST-LN in place of the remedy: at L = 16 and across depth the checks fail.
	post := g
	post.Gaps = slices.Clone(g.Gaps)
	for i := range post.Gaps {
		post.Gaps[i].A = sgdPostLN
		if i == len(depths) {
			post.Gaps[i].B = sgdPostLN
		}
	}
	if po := verdicts(post.Table()); po[len(depths)-1] != "not seen" || po[len(depths)] != "not seen" {
		t.Errorf("SGD POST-LN as the remedy: %q, want the L = %d and the depth check not seen", po, depths[len(depths)-1])
	}
	// The remedy's test loss raised by 0.25 nats: every "as well as Adam" check fails.
	shifted := n
	shifted.Runs = append([]NociRun(nil), n.Runs...)
	for i, r := range shifted.Runs {
		if r.Variant == resTau && r.TestLoss != nil {
			x := *r.TestLoss + 0.25
			shifted.Runs[i].TestLoss = &x
		}
	}
	shifted.Stats = NociStats(shifted.Runs)
	for i, v := range verdicts(shifted.Fig5Gaps().Table())[:len(depths)] {
		if v != "not seen" {
			t.Errorf("remedy + 0.25 nats at L = %d: %q, want not seen", depths[i], v)
		}
	}
}

// TestNociTable1Mutation: the Table 1 orderings that pass on the stored
// runs fail when the variants are swapped (the paper's worse variant
// claimed better), except the "as well as" one, which fails when the
// remedy's loss is raised by 0.25 nats (TestNociFig5Mutation); the
// declared one (+ τ better than res-scale alone) is a known disagreement.
func TestNociTable1Mutation(t *testing.T) {
	n := storedNociSet(t)
	g := n.Table1Gaps()
	if got := verdicts(g.Table()); !slices.Equal(got, []string{"not seen (known disagreement)", "seen", "seen", "seen"}) {
		t.Errorf("stored runs, Table 1 orderings: %q", got)
	}
	sw := g
	sw.Gaps = slices.Clone(g.Gaps[1:])
	for i := range sw.Gaps {
		sw.Gaps[i].A, sw.Gaps[i].B = sw.Gaps[i].B, sw.Gaps[i].A
	}
	if got := verdicts(sw.Table()); !slices.Equal(got, []string{"not seen", "not seen", "not seen"}) {
		t.Errorf("swapped orderings: %q, want all not seen", got)
	}
	if got := verdicts(n.ShapedGaps().Table()); !slices.Equal(got, []string{"not seen (known disagreement)", "not seen (known disagreement)"}) {
		t.Errorf("stored runs, Noci et al. 2023's claims: %q", got)
	}
}
