package jacspectrum

import (
	"errors"
	"math"
	"testing"
)

// TestMurrayScan: the notes' Shtanh table as a result. At the notes' y the
// table claims their figure, its printed-values check holds (the rows
// agree with lib/sources/tanner2024.md#check-24 to its rounding) and the
// cells are formatted as the notes print them (q*/a² = 2.38781 at y = 1,
// μ₂/μ₁² − 1 = 0.2634 at y = 0.1); a row moved by 1e-3 fails that check.
// Murray's theorem holds (both deviations fall by more than 10 between
// y = 1 and 0.001) and fails on deviations held at their y = 1 values. At
// other y the claim is dropped and the printed check applies to the
// printed y among them only. Bad settings are ErrParam errors.
func TestMurrayScan(t *testing.T) {
	r, err := MurrayNotes().Run()
	if err != nil {
		t.Fatal(err)
	}
	tab := r.Table()
	if err := tab.Wellformed(); err != nil || !tab.Record.AtPaper || tab.Rows[0][1] != "2.38781" || tab.Rows[2][4] != "0.2634" || tab.Header[6] != "σ²_JJᵀ (L=8, orth)" {
		t.Fatalf("table %+v, %v", tab, err)
	}
	if c := tab.Checks[0]; c.NotApplicable != "" || !(c.Value <= c.Tol) || c.Value < 1e-7 {
		t.Errorf("printed check %+v: want a rounding-sized deviation within %g", c, MurrayPrintedTol)
	}
	moved := MurrayResult{Settings: r.Settings, Rows: append([]MurrayRow(nil), r.Rows...)}
	moved.Rows[3].QStar *= 1.001
	if c := moved.Table().Checks[0]; c.Value <= c.Tol {
		t.Errorf("q*/a² moved by 1e-3 passes the printed check: %v", c.Value)
	}
	v := r.Vanish()
	if !(v.Value <= v.Tol) || v.Name != "Murray's theorem: deviations at y = 0.001 over those at y = 1 (the larger ratio)" {
		t.Errorf("vanish %+v", v)
	}
	flat := MurrayResult{Settings: r.Settings, Rows: append([]MurrayRow(nil), r.Rows...)}
	for i := range flat.Rows {
		flat.Rows[i].Dev, flat.Rows[i].R0 = r.Rows[0].Dev, r.Rows[0].R0
	}
	if v := flat.Vanish(); math.Abs(v.Value-1) > 1e-15 {
		t.Errorf("flat deviations: ratio %v, want 1 (> tol)", v.Value)
	}
	c := r.Curves()
	if err := c.Wellformed(); err != nil || !c.Record.AtPaper || c.Lines[0].Y[2] != r.Rows[2].Dev || c.Lines[1].Y[5] != r.Rows[5].R0 || !c.X.Log || !c.Y.Log {
		t.Errorf("curves %+v, %v", c, err)
	}
	other, err := MurraySettings{Ys: []float64{0.5, 0.05}, L: 3}.Run()
	if err != nil {
		t.Fatal(err)
	}
	if tb := other.Table(); tb.Record.AtPaper || tb.Checks[0].NotApplicable == "" || tb.Header[6] != "σ²_JJᵀ (L=3, orth)" {
		t.Errorf("at y = 0.5, 0.05: %+v", tb)
	}
	for _, s := range []MurraySettings{{Ys: []float64{1}, L: 8}, {Ys: []float64{1, 0}, L: 8}, {Ys: []float64{1, math.Inf(1)}, L: 8}, {Ys: []float64{1, 0.1}, L: 0}} {
		if _, err := s.Run(); !errors.Is(err, ErrParam) {
			t.Errorf("%+v: %v, want ErrParam", s, err)
		}
	}
}
