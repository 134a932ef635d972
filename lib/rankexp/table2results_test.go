package rankexp

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/rankblock"
)

// madeTable2 is four runs of depth L with draws each, the cosine rising
// 0.05 per layer from 0.2 (SE 0.01), gradient norms 1 at every block
// with SE 0.1.
func madeTable2(L, draws int) []rankblock.Profile {
	var out []rankblock.Profile
	for range 4 {
		p := flatProfile(L, draws, 0.2, 0.05)
		for range L {
			p.GradWQ, p.GradWK, p.GradWV = append(p.GradWQ, 1), append(p.GradWK, 1), append(p.GradWV, 1)
			p.GradWQSE, p.GradWVSE = append(p.GradWQSE, 0.1), append(p.GradWVSE, 0.1)
		}
		out = append(out, p)
	}
	return out
}

// TestTable2Figures: at the paper's depth and draws Fig. 3 has its three
// panels, the α-order check of panel a then three claims (panels b, c,
// b, the last after its note) and Fig. 1's table; Fig. 9 its panels and
// four checks of panels a, a, b, c; the value rise of Fig. 3(c) carries
// Fig3Values with the POST-LN seed. At depth 1 there is nothing to
// compare: Fig. 3 keeps its panels, order check and table (whose claim
// is not applicable), Fig. 9 is empty. Runs at two settings panic.
func TestTable2Figures(t *testing.T) {
	r := Table2Runs{Post: madeTable2(12, 50), Pre: madeTable2(12, 50), PostSeed: 50, PreSeed: 60}
	panels := func(f Table2Figure) (s string) {
		for _, c := range f.Checks {
			s += strings.Repeat("n", len(c.List.Notes)) + string("abc"[c.Panel])
		}
		return s
	}
	f3, f9 := r.Fig3(), r.Fig9()
	if len(f3.Panels) != 3 || panels(f3) != "abcnb" || f3.Table == nil || len(f9.Panels) != 3 || panels(f9) != "aabc" || f9.Table != nil {
		t.Fatalf("Fig. 3: %d panels, checks of %q, table %v; Fig. 9: %d panels, checks of %q", len(f3.Panels), panels(f3), f3.Table != nil, len(f9.Panels), panels(f9))
	}
	for _, f := range append(f3.Panels, f9.Panels...) {
		if err := f.Wellformed(); err != nil || !f.Record.AtPaper {
			t.Errorf("%q: %v, at paper %v", f.Caption, err, f.Record.AtPaper)
		}
	}
	if d := f3.Checks[2].List.Checks[0].Disagreement; d == nil || len(d.Declared.DataSeeds) != 1 || d.Declared.DataSeeds[0] != 50 || f3.Panels[0].Record.Seed != 50 || f9.Panels[0].Record.Seed != 60 {
		t.Errorf("Fig. 3(c) disagreement %+v; seeds %d, %d", d, f3.Panels[0].Record.Seed, f9.Panels[0].Record.Seed)
	}
	if f3.Checks[0].List.Checks[0].Name != "fig3-alpha-order" || f9.Checks[0].List.Checks[0].Name != "fig9-alpha-order" || f9.Checks[0].List.Checks[0].Statement != nil {
		t.Errorf("order checks %+v, %+v", f3.Checks[0].List.Checks[0], f9.Checks[0].List.Checks[0])
	}
	one := Table2Runs{Post: madeTable2(1, 2), Pre: madeTable2(1, 2)}
	f3, f9 = one.Fig3(), one.Fig9()
	if len(f3.Panels) != 3 || panels(f3) != "a" || f3.Table == nil || f3.Table.Checks[0].NotApplicable == "" || len(f9.Panels) != 0 || len(f9.Checks) != 0 || f3.Panels[0].Record.AtPaper {
		t.Errorf("depth 1: Fig. 3 checks of %q, table %+v; Fig. 9 %d panels", panels(f3), f3.Table, len(f9.Panels))
	}
	mustpanic.WithPrefix(t, "runs at two depths", "rankexp: Table2Runs:", func() { Table2Runs{Post: madeTable2(12, 50), Pre: madeTable2(6, 50)}.Fig3() })
}
