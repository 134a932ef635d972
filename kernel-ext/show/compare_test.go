package show

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestDensities(t *testing.T) {
	x, y := []float64{0.1, 0.2, 0.3, 0.5}, []float64{0.2, 0.4}
	s := Densities("network", "SDE", x, y, -1, 1)
	if len(s) != 3 || s[0].Name != "network" || s[1].Name != "network (KDE)" || s[2].Name != "SDE (KDE)" {
		t.Fatalf("names %q, want network, network (KDE), SDE (KDE)", []string{s[0].Name, s[1].Name, s[2].Name})
	}
	if s[0].Style != Points || len(s[0].X) != 40 || s[1].Style != Line || len(s[1].X) != 161 || s[2].Style != Dashed || s[2].Colour != 2 {
		t.Errorf("styles %v %v %v, sizes %d %d, colour %d; want 40 points, a 161-point line and a dashed KDE in colour 2", s[0].Style, s[1].Style, s[2].Style, len(s[0].X), len(s[1].X), s[2].Colour)
	}
}

func TestPair(t *testing.T) {
	s := Pair([]Series{{Name: "a"}}, Series{Name: "b"}, Series{Name: "c", Style: Dashed})
	if len(s) != 3 || s[1].Name != "b" || s[2].Colour != 2 || s[1].Colour != 0 {
		t.Errorf("Pair = %+v, want b then c in b's colour (2)", s)
	}
}

func TestColumns(t *testing.T) {
	tab := Columns(bundle.Table{ID: "t", Rows: [][]string{{"old"}}}, []string{"V11", "V12"}, []float64{1, 0.123456}, []float64{2e-7, 3})
	want := [][]string{{"V11", "1", "2e-07"}, {"V12", "0.1235", "3"}}
	for i := range want {
		for j := range want[i] {
			if tab.Rows[i][j] != want[i][j] {
				t.Errorf("row %d col %d = %q, want %q", i, j, tab.Rows[i][j], want[i][j])
			}
		}
	}
	if len(tab.Rows) != 2 {
		t.Errorf("%d rows, want 2 (old rows replaced)", len(tab.Rows))
	}
	defer func() {
		if recover() == nil {
			t.Error("Columns with a short column: no panic")
		}
	}()
	Columns(bundle.Table{}, []string{"a", "b"}, []float64{1})
}
