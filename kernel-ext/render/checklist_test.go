package render

import (
	"slices"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/result"
)

// TestCheckList: the notes come first, in order, then the checks of the
// figure id, the failing one with its declared disagreement a known
// disagreement carrying its seeds; a MaxZ check (no data to read) panics.
func TestCheckList(t *testing.T) {
	d := &result.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: result.Declaration{Commit: "abc1234"}}
	l := result.CheckList{Notes: []string{"first\n", "second\n"}, Checks: []result.Check{
		{Name: "pass", Value: 1, Tol: 2, Rule: result.AtMost, Basis: "b"},
		{Name: "known", Value: 5, Tol: 3, Basis: "b", Disagreement: d.WithDataSeeds(7)}}}
	v := CheckList("fig", l)
	if len(v) != 4 || !slices.Equal(v.Texts(), []string{"first\n", "second\n"}) {
		t.Fatalf("view of %d items, texts %q", len(v), v.Texts())
	}
	if s, ok := v[1].Text(); !ok || s != "second\n" {
		t.Errorf("item 1 is not the second note")
	}
	as := v.Agreements()
	m0, m1 := metric(t, as[0]), metric(t, as[1])
	if m0.Figure != "fig" || !m0.Pass || m1.Pass || m1.Outcome() != bundle.Known || m1.Disagreement == nil || !slices.Equal(m1.Disagreement.Declared.DataSeeds, []uint64{7}) {
		t.Errorf("metrics %+v, %+v", m0, m1)
	}
	defer func() {
		if recover() == nil {
			t.Error("a MaxZ check in a check list did not panic")
		}
	}()
	CheckList("fig", result.CheckList{Checks: []result.Check{{Name: "z", Test: result.MaxZ}}})
}
