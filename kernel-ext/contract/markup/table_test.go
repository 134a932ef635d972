package markup

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestRenderTableGolden(t *testing.T) {
	tab := bundle.Table{
		ID:      "fixed-points",
		Caption: "Fixed points q* for σ_w² in {1, 2} & <escaped> text",
		Header:  []string{"σ_w²", "q*", "χ₁"},
		Rows:    [][]string{{"1", "0.0", "1.000"}, {"2", "0.512", "<1>"}},
	}
	htm, b, err := RenderTable(tab)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "table.html.golden", htm)
	if b.Kind != bundle.KindTable || b.Table.Rows[1][2] != "<1>" {
		t.Errorf("bundle does not carry the raw table: %+v", b)
	}
	// The bundle is a copy: changing the input afterwards leaves it alone.
	tab.Rows[0][0] = "changed"
	if b.Table.Rows[0][0] != "1" {
		t.Error("bundle aliases the caller's rows")
	}
}

func TestRenderTableErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		tab  bundle.Table
		want string
	}{
		{"no header", bundle.Table{ID: "t"}, "empty header"},
		{"short row", bundle.Table{ID: "t", Header: []string{"a", "b"}, Rows: [][]string{{"1"}}}, "row 0 has 1 cells, header has 2"},
	} {
		_, _, err := RenderTable(tc.tab)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want error containing %q", tc.name, err, tc.want)
		}
	}
}
