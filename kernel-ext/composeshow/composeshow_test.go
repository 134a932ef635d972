package composeshow

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	rd "github.com/sigprop/sigprop/kernel-ext/render"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/result"
)

// render renders every figure, table and agreement of v as a notebook
// would and returns the figure and table ids and metric names.
func render(t *testing.T, v show.View) (ids []string) {
	t.Helper()
	for _, x := range v.Figures() {
		if _, _, err := show.RenderFigure(x); err != nil {
			t.Errorf("figure %s: %v", x.ID, err)
		}
		ids = append(ids, x.ID)
	}
	for _, x := range v.Tables() {
		if _, _, err := show.RenderTable(x); err != nil {
			t.Errorf("table %s: %v", x.ID, err)
		}
		ids = append(ids, x.ID)
	}
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil {
			t.Errorf("metric %q: %v", a.Name, err)
		}
		if float64(m.Value) != a.Value {
			t.Errorf("metric %q value %v, agreement %v", a.Name, m.Value, a.Value)
		}
		ids = append(ids, a.Name)
	}
	return ids
}

func small() compose.Block {
	b := compose.DefaultBlock()
	b.N, b.D, b.Depth, b.FF.Hidden = 4, 16, 3, 16
	return b
}

func TestViews(t *testing.T) {
	b := small()
	s := compose.SimSettings{Nets: 6, Seed: 1, Rho0: 0.3}
	c, err := compose.Compare(b, s)
	if err != nil {
		t.Fatal(err)
	}
	depth := func(id string, c *compose.Comparison) show.View {
		rho, q := c.Curves(id)
		return append(rd.Curves(show.Figure{ID: id}, rho, rd.After()), rd.Curves(show.Figure{ID: id + "-q"}, q, rd.After())...)
	}
	ids := render(t, depth("pre-ln", c))
	if strings.Join(ids, "|") != "pre-ln|pre-ln-q|pre-ln: max |z| of ρ over depth|pre-ln: max |z| of q over depth" { // figures, then metrics
		t.Errorf("Depth shows %q", ids)
	}
	if v := depth("pre-ln", c).Agreements()[0].Value; v != c.MaxZRho {
		t.Errorf("the check shows %v, the comparison's max |z| is %v", v, c.MaxZRho)
	}
	wc, err := compose.CheckWidths(b, []int{8, 16, 32}, s)
	if err != nil {
		t.Fatal(err)
	}
	widths := rd.Curves(show.Figure{ID: "w"}, wc.Curves("w"), rd.After())
	render(t, widths)
	if a := widths.Agreements()[0]; a.Value != wc.Z || a.Rule != show.AtMost {
		t.Errorf("width check %+v, Z %v", a, wc.Z)
	}
	tv := rd.Table(bundle.Table{ID: "tab"}, compose.WidthTable([]compose.Row{{Name: "a", Check: wc}, {Name: "b", Check: wc, Disagreement: &result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abcdef0"}}}}), rd.After())
	render(t, tv)
	if tb := tv.Tables()[0]; len(tb.Rows) != 2 || len(tv.Agreements()) != 4 {
		t.Errorf("table %d rows, %d checks", len(tb.Rows), len(tv.Agreements()))
	}
	if d := tv.Agreements()[2].Disagreement; d == nil || !slices.Equal(d.Declared.DataSeeds, []uint64{s.Seed}) || d.Declared.Commit != "abcdef0" {
		t.Errorf("the limitation's record %+v: want the run's seed %d as its data seeds", d, s.Seed)
	}
	pb := b
	pb.ResA.Skip, pb.ResM.Skip = 0.7, 0.7 // a finite collapsed point (skips 1: none)
	ph, err := compose.PhaseLambdaA(pb, "branch_mlp", []float64{0.2, 0.6, 1}, "sigma_w", []float64{0.5, 2, 4}, 1)
	if err != nil {
		t.Fatal(err)
	}
	render(t, rd.Plane(show.Figure{ID: "phase"}, ph.Plane()))
}

// The special cases as notebook 07 shows them (render.Checks over
// compose.SpecialCases.Checks): four checks that pass; a composed map off
// by 1e-9 fails its check.
func TestSpecialCases(t *testing.T) {
	sc, err := compose.CheckSpecialCases()
	if err != nil {
		t.Fatal(err)
	}
	v := rd.Checks("", sc.Checks(), result.Record{NoPaperFigure: true})
	render(t, v)
	if len(v.Agreements()) != 4 {
		t.Fatalf("%d checks, want 4", len(v.Agreements()))
	}
	for _, a := range v.Agreements() {
		if m, _ := a.Metric(); !m.Pass {
			t.Errorf("%s: %v > %v", a.Name, a.Value, a.Tol)
		}
	}
	sc.Map = 1e-9
	if m, _ := rd.Checks("", sc.Checks(), result.Record{NoPaperFigure: true}).Agreements()[0].Metric(); m.Pass {
		t.Errorf("a composed map off by 1e-9 passes: %+v", m)
	}
}
