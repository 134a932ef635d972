package nbparams

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
)

func notebook(src string) *ipynb.Notebook {
	return &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{
		{CellType: "markdown", Source: "# t"},
		{CellType: "code", Metadata: map[string]any{"tags": []any{"parameters"}}, Source: ipynb.MultiString(src)},
		{CellType: "code", Source: "%%\nuse()"},
	}}
}

// TestInject: the injected cell follows the parameters cell, declares a
// lone const, a typed var and a whole const group (other members as
// written), keeps a float constant floating-point, and leaves the
// notebook it was given alone.
func TestInject(t *testing.T) {
	nb := notebook("%env X=1\nconst Depth = 3\nconst (\n\tA = 1.5 // a\n\tB = \"b\"\n)\nvar Seed uint64 = 7\nvar pair, other = 1, 2\nvar T = time.Second\n")
	got, err := Inject(nb, map[string]string{"Depth": " 5", "A": "2", "Seed": "9"})
	if err != nil {
		t.Fatal(err)
	}
	if len(nb.Cells) != 3 || len(got.Cells) != 4 {
		t.Fatalf("cells: given %d (want 3), injected %d (want 4)", len(nb.Cells), len(got.Cells))
	}
	c := got.Cells[2]
	if !hasTag(c, InjectedTag) || string(got.Cells[3].Source) != "%%\nuse()" {
		t.Fatalf("injected cell misplaced: %+v", got.Cells)
	}
	src := string(c.Source)
	for _, want := range []string{"\nconst Depth = 5\n", "\nconst (\n\tA = 2.0\n\tB = \"b\"\n)\n", "\nvar Seed uint64 = 9\n", "//   A = 2.0\n"} {
		if !strings.Contains(src, want) {
			t.Errorf("injected cell lacks %q:\n%s", want, src)
		}
	}
	for _, tc := range []struct {
		values map[string]string
		want   string
	}{
		{map[string]string{"Width": "1"}, "parameter Width is not declared in the parameters cell (cell 2); it declares A, B, Depth, Seed"},
		{map[string]string{"Depth": "3.5"}, "parameter Depth: \"3.5\" is not an integer of 64 bits (declared const Depth = 3"},
		{map[string]string{"Seed": "-2"}, "parameter Seed: \"-2\" is not a non-negative integer"},
		{map[string]string{"A": "Inf"}, "parameter A: \"Inf\" is not a finite number"},
		{map[string]string{"pair": "3"}, "parameter pair cannot be set: it is declared together with other names"},
		{map[string]string{"T": "3"}, "parameter T cannot be set: its type (not stated, and its value is not a literal)"},
	} {
		if _, err := Inject(nb, tc.values); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.values, err, tc.want)
		}
	}
	two := notebook("const A = 1")
	two.Cells[2].Metadata = map[string]any{"tags": []any{"parameters"}}
	if _, err := Inject(two, map[string]string{"A": "2"}); err == nil || !strings.Contains(err.Error(), "both tagged") {
		t.Errorf("two parameters cells: %v", err)
	}
	if h1, h2 := Hash(map[string]string{"A": "1", "B": "2"}), Hash(map[string]string{"A": "12", "B": ""}); h1 == h2 || len(h1) != 12 {
		t.Errorf("Hash: %s, %s", h1, h2)
	}
}
