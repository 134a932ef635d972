package nbdefaults

import (
	"strconv"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/nbparams"
)

// Equal loads the notebook at path and reports, through t, every name of
// want that its parameters cell does not declare or declares with another
// numeric value. It returns the notebook, for checks of other cells.
func Equal(t testing.TB, path string, want map[string]float64) *ipynb.Notebook {
	t.Helper()
	nb, err := ipynb.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	cell, err := nbparams.Find(nb)
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range want {
		p, ok := cell.Params[name]
		if !ok {
			t.Errorf("the notebook's parameters cell has no %s", name)
			continue
		}
		if v, err := strconv.ParseFloat(p.Value, 64); err != nil || v != w {
			t.Errorf("the notebook's %s = %s, the generator's %v", name, p.Value, w)
		}
	}
	return nb
}
