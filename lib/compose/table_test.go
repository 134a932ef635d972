package compose

import (
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/result"
)

// tableCheck is a width check whose last comparison (d = 32, depth 2,
// seed 77, 5 networks) has the theory ρ² = 0.5, the simulated ρ² = 0.52 ±
// 0.01, the given max |z| and slope Z.
func tableCheck(maxZ, z float64) *WidthCheck {
	b := DefaultBlock()
	b.D, b.Depth = 32, 2
	run := &Run{Block: b, Settings: SimSettings{Nets: 5, Seed: 77}, Rho: Stat{Mean: []float64{1, 0.7, 0.52}, SE: []float64{0, 0.01, 0.01}}}
	c := &Comparison{Block: b, Theory: []Point{{1, 1}, {1, 0.7}, {2, 1}}, Run: run, MaxZRho: maxZ}
	return &WidthCheck{Block: b, Widths: []int{8, 16, 32}, Comparisons: []*Comparison{c}, Slope: -1.2, SlopeSE: 0.1, Z: z}
}

// TestWidthTable: a row's cells from its last comparison, "agrees" true
// only when both checks pass (max |z| ≤ MaxZTol and Z ≤ SlopeTol, tried
// on each side of each), two checks per row, the declared disagreement
// on the max |z| check alone with the seed of the run it reads (the
// declaration itself left without seeds), no paper table; a row without
// a width check panics.
func TestWidthTable(t *testing.T) {
	rows := []Row{{Name: "a", Check: tableCheck(3.9, 2.9)}, {Name: "b", Check: tableCheck(4.1, 2.9)},
		{Name: "c", Check: tableCheck(3.9, 3.1), Disagreement: &ConcentratedSoftmax}}
	tb := WidthTable(rows)
	if err := tb.Wellformed(); err != nil || !tb.Record.NoPaperFigure || len(tb.Rows) != 3 || len(tb.Checks) != 6 {
		t.Fatalf("table %v, record %+v, %d rows, %d checks", err, tb.Record, len(tb.Rows), len(tb.Checks))
	}
	if got := strings.Join(tb.Rows[0][2:], "|"); got != "0.5000|0.5200 ± 0.0100|3.90|-1.200 ± 0.100|2.90|true" {
		t.Errorf("row a: %s", got)
	}
	if tb.Rows[1][7] != "false" || tb.Rows[2][7] != "false" {
		t.Errorf("max |z| 4.1 or Z 3.1 agree: %q, %q", tb.Rows[1][7], tb.Rows[2][7])
	}
	if c := tb.Checks[0]; c.Value != 3.9 || c.Tol != MaxZTol || c.Rule != result.AtMost || c.Name != "a: max |z| of ρ over depth at d = 32" || c.Disagreement != nil {
		t.Errorf("row a's max |z| check %+v", c)
	}
	if c := tb.Checks[5]; c.Value != 3.1 || c.Tol != SlopeTol || c.Disagreement != nil {
		t.Errorf("row c's slope check %+v", c)
	}
	d := tb.Checks[4].Disagreement
	if d == nil || !slices.Equal(d.Declared.DataSeeds, []uint64{77}) || d.Why != ConcentratedSoftmax.Why || ConcentratedSoftmax.Declared.DataSeeds != nil {
		t.Errorf("row c's record %+v (the declaration's own seeds %v)", d, ConcentratedSoftmax.Declared.DataSeeds)
	}
	if err := ConcentratedSoftmax.Wellformed(); err != nil {
		t.Error(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("a row without a width check did not panic")
		}
	}()
	WidthTable([]Row{{Name: "x"}})
}
