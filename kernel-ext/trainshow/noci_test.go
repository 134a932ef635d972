package trainshow

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	ts "github.com/sigprop/sigprop/lib/trainsweep"
)

// testNoci: variants a (L = 2 and 4) and b (L = 2), three seeds each,
// curves of two windows and entropy of layer 1 at two records.
func testNoci(t *testing.T) ts.NociSet {
	f := func(v float64) *float64 { return &v }
	var runs []ts.NociRun
	for _, g := range []struct {
		v    string
		L    int
		loss [3]float64
	}{{"a", 2, [3]float64{1, 1.1, 1.2}}, {"b", 2, [3]float64{0.55, 0.6, 0.65}}, {"a", 4, [3]float64{0.9, 1.02, 1.08}}} {
		for k, l := range g.loss {
			runs = append(runs, ts.NociRun{Variant: g.v, Layers: g.L, Seed: uint64(12 + k), Tau: 1, TestLoss: f(l), TestAccuracy: f(1 - l/2),
				Curve: []float64{2, l}, EntropyLayers: []int{0}, Entropy: [][]float64{{2.8, 2 + l}}})
		}
	}
	b, err := json.Marshal(runs)
	if err != nil {
		t.Fatal(err)
	}
	n, err := ts.ReadNociSet(fstest.MapFS{"runs.json": {Data: b}, "provenance.json": {Data: []byte(`{"settings": {"data": "notebooks/data/fashion-mnist-subset", "n_val": 1000, "n_test": 2000, "split_seed": 1, "steps": 250, "batch": 64, "adam_lr": 0.0003, "sgd_lr": 0.01, "sgd_momentum": 0.9, "d": 64, "patch": 7, "depths": [2, 4], "seeds": [12, 13, 14]}, "elapsed": "1m"}`)}})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Stat finds a variant and depth (and panics on an absent one); GapClaims
// pairs the runs by seed (trainsweep.NociPairedGap), brings t to the
// normal scale with the pairs' degrees of freedom and turns "better" into
// z ≤ −2 and "as well as" into z ≤ 2; a claim declared not seen still
// checks the paper's claim, with its disagreement declared, so that its
// failed check is a known disagreement (and one that holds passes).
func TestGapClaims(t *testing.T) {
	n := testNoci(t)
	a2 := n.Stat("a", 2)
	if a2.Seeds != 3 || math.Abs(a2.Loss-1.1) > 1e-12 || n.Stat("a", 4).Layers != 4 {
		t.Fatalf("stats %+v", n.Stats)
	}
	func() {
		defer func() {
			if r := recover(); r == nil || !strings.Contains(r.(string), "no stored runs of b at L = 4") {
				t.Errorf("Stat of an absent depth: panic %v", r)
			}
		}()
		n.Stat("b", 4)
	}()
	// Paired by seed, b − a = −0.45, −0.5, −0.55: mean −0.5, SD 0.05, SE
	// 0.05/√3, t = −17.3 with 2 degrees of freedom, z = −2.94 on the
	// normal scale (unpaired, the groups' SDs 0.1 and 0.05 would give
	// −7.7: the pairing matters).
	z := -empirical.NormalZ(0.5/(0.05/math.Sqrt(3)), 2)
	if math.Abs(z+2.94) > 0.01 {
		t.Fatalf("z = %v, want ≈ −2.94", z)
	}
	v := GapClaims(n, "claims", "cap", "fig", Gap{A: "b", B: "a", L: 2, Better: true, Seen: true, Paper: "P1", Central: true}, Gap{A: "a", B: "b", L: 2, Seen: false, Paper: "P2", Why: "a test reason", Declared: bundle.Declaration{Commit: "abcdef0"}}, Gap{A: "a", B: "a", L: 4, LB: 2, Better: true, Seen: true, Paper: "P3"})
	as, tabs := v.Agreements(), v.Tables()
	if len(v) != 4 || len(as) != 3 || len(tabs) != 1 || len(tabs[0].Rows) != 3 || tabs[0].ID != "claims" {
		t.Fatalf("view %+v: want 3 agreements, then the table", v)
	}
	tab := tabs[0]
	if m, err := as[0].Metric(); err != nil || math.Abs(as[0].Value-z) > 1e-9 || as[0].Tol != -2 || !m.Pass || as[0].Name != "paper's ordering: b trains better than a (L = 2)" {
		t.Errorf("b better than a: %+v (z want %v), metric %+v, %v", as[0], z, m, err)
	}
	if m, _ := as[1].Metric(); as[1].Rule != show.AtMost || as[1].Tol != 2 || m.Pass || m.Outcome() != bundle.Known || m.Disagreement.Why != "a test reason" || m.Disagreement.Paper != "P2" || len(m.Disagreement.Declared.DataSeeds) == 0 || as[1].Paper != "" || as[0].Paper != "P1" || !as[0].Central ||
		tab.Rows[1][3] != "not seen (known disagreement)" || as[1].Name != "paper's ordering: a trains as well as b (L = 2)" {
		t.Errorf("a as well as b (not seen): %+v, row %v", as[1], tab.Rows[1])
	}
	// The same declaration on a claim that holds passes: the disagreement is gone.
	back := GapClaims(n, "claims", "cap", "fig", Gap{A: "b", B: "a", L: 2, Better: true, Paper: "P", Why: "declared, but it holds", Declared: bundle.Declaration{Commit: "abcdef0"}})
	if m, _ := back.Agreements()[0].Metric(); m.Outcome() != bundle.Passed || back.Tables()[0].Rows[0][3] != "seen" {
		t.Errorf("declared disagreement whose claim holds: outcome %q, row %v", m.Outcome(), back.Tables()[0].Rows[0])
	}
	mustpanic.WithPrefix(t, "undeclared reason", "trainshow: GapClaims: the known disagreement a vs b declares no reason", func() { GapClaims(n, "c", "c", "f", Gap{A: "a", B: "b", L: 2, Paper: "P"}) })
	mustpanic.WithPrefix(t, "no claim quoted", "trainshow: GapClaims: the claim a vs b quotes no source statement", func() { GapClaims(n, "c", "c", "f", Gap{A: "a", B: "b", L: 2, Seen: true}) })
	if d, tt, dof := ts.NociPairedGap(n.Runs, "a", 4, "a", 2); tab.Rows[2][0] != "a: L = 4 trains better than L = 2" || math.Abs(as[2].Value+empirical.NormalZ(-tt, dof)) > 1e-12 || tab.Rows[2][1] != "-0.100" || d > 0 || dof != 2 {
		t.Errorf("across depths: %+v, row %v", as[2], tab.Rows[2])
	}
	v.Show() // outside a notebook: validates every item, panics on an invalid one
}
