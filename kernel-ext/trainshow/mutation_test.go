package trainshow

import (
	"os"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// storedNoci reads notebook 06's stored Noci et al. runs.
func storedNoci(t *testing.T) ts.NociSet {
	t.Helper()
	n, err := ts.ReadNociSet(os.DirFS("../../notebooks/data/noci-training"))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// outcomes are the outcomes of v's checks, in order.
func outcomes(t *testing.T, v show.View) []bundle.Outcome {
	t.Helper()
	var out []bundle.Outcome
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m.Outcome())
	}
	return out
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
	n := storedNoci(t)
	tau, adam, post := "SGD, res-scale 1/√L + τ", "Adam, PRE-LN", "SGD, POST-LN"
	depths := n.Prov.Settings.Depths
	deep := depths[len(depths)-1]
	gaps := func(a string) []Gap {
		var g []Gap
		for _, L := range depths {
			g = append(g, Gap{A: a, B: adam, L: L, Seen: true, Paper: "p"})
		}
		return append(g, Gap{A: a, B: a, L: deep, LB: depths[0], Seen: true, Paper: "p"})
	}
	for i, o := range outcomes(t, GapClaims(n, "c", "c", "f", gaps(tau)...)) {
		if o != bundle.Passed {
			t.Errorf("stored runs, Fig. 5 claim %d: %q, want the pass the report shows", i, o)
		}
	}
	// SGD POST-LN in place of the remedy: at L = 16 and across depth the checks fail.
	po := outcomes(t, GapClaims(n, "c", "c", "f", gaps(post)...))
	if po[len(depths)-1] != bundle.Failed || po[len(depths)] != bundle.Failed {
		t.Errorf("SGD POST-LN as the remedy: outcomes %q, want the L = %d and the depth check failed", po, deep)
	}
	// The remedy's test loss raised by 0.25 nats: every "as well as Adam" check fails.
	shifted := n
	shifted.Runs = append([]ts.NociRun(nil), n.Runs...)
	for i, r := range shifted.Runs {
		if r.Variant == tau && r.TestLoss != nil {
			x := *r.TestLoss + 0.25
			shifted.Runs[i].TestLoss = &x
		}
	}
	shifted.Stats = ts.NociStats(shifted.Runs)
	so := outcomes(t, GapClaims(shifted, "c", "c", "f", gaps(tau)[:len(depths)]...))
	for i, o := range so {
		if o != bundle.Failed {
			t.Errorf("remedy + 0.25 nats at L = %d: %q, want failed", depths[i], o)
		}
	}
}

// TestNociTable1Mutation: the Table 1 orderings that pass on the stored
// runs fail when the variants are swapped (the paper's worse variant
// claimed better), except the "as well as" one, which fails when the
// remedy's loss is raised by 0.25 nats.
func TestNociTable1Mutation(t *testing.T) {
	n := storedNoci(t)
	L := n.Prov.Settings.TableDepth
	names := []string{"SGD, POST-LN", "SGD, res-scale 1/√L", "SGD, res-scale 1/√L + τ", "Adam, POST-LN", "Adam, PRE-LN"}
	v := GapClaims(n, "c", "c", "f", Gap{A: names[1], B: names[0], L: L, Better: true, Seen: true, Paper: "p"},
		Gap{A: names[3], B: names[0], L: L, Better: true, Seen: true, Paper: "p"},
		Gap{A: names[2], B: names[3], L: L, Seen: true, Paper: "p"})
	sw := GapClaims(n, "c", "c", "f", Gap{A: names[0], B: names[1], L: L, Better: true, Seen: true, Paper: "p"},
		Gap{A: names[0], B: names[3], L: L, Better: true, Seen: true, Paper: "p"},
		Gap{A: names[3], B: names[2], L: L, Seen: true, Paper: "p"})
	got, swapped := outcomes(t, v), outcomes(t, sw)
	for i := range got {
		if got[i] != bundle.Passed {
			t.Errorf("stored runs, Table 1 ordering %d: %q", i, got[i])
		}
	}
	if swapped[0] != bundle.Failed || swapped[1] != bundle.Failed || swapped[2] != bundle.Failed {
		t.Errorf("swapped orderings: %q, want all failed", swapped)
	}
}
