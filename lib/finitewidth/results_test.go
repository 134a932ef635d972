package finitewidth

import (
	"strings"
	"testing"
)

// TestResultKinds: the mean shift and the table of a small run (two
// cases, widths 16 and 32, 100 networks) are well formed, one width's
// theory and simulation share a Pair, the check names start with the
// name given, and MeanShift of a two-case result (a caller bug) panics.
func TestResultKinds(t *testing.T) {
	cs, err := MustShowCases()
	if err != nil {
		t.Fatal(err)
	}
	r, err := CheckSettings{Cases: cs[:2], Widths: []int{16, 32}, Fracs: []float64{1.0 / 16, 0.25}, Networks: 100, Seed: 1, Workers: 2}.Run()
	if err != nil {
		t.Fatal(err)
	}
	tab := r.Table("t")
	if err := tab.Wellformed(); err != nil || len(tab.Rows) != 4 || !strings.HasPrefix(tab.Checks[0].Name, "t: ") {
		t.Errorf("table: %v, %d rows, check %q", err, len(tab.Rows), tab.Checks[0].Name)
	}
	one := r
	one.Settings.Cases = cs[:1]
	one.Rows = nil
	for _, row := range r.Rows {
		if row.Case == cs[0].Name {
			one.Rows = append(one.Rows, row)
		}
	}
	m := one.MeanShift("m")
	if err := m.Wellformed(); err != nil || len(m.Lines) != 4 || m.Lines[2].Pair != 2 || m.Lines[3].Pair != 2 || !strings.HasPrefix(m.Checks[1].Name, "m: ") {
		t.Errorf("mean shift: %v, %d lines, pairs %+v", err, len(m.Lines), m.Lines)
	}
	defer func() {
		if recover() == nil {
			t.Error("MeanShift of two cases did not panic")
		}
	}()
	r.MeanShift("m")
}
