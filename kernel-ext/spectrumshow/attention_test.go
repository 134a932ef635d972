package spectrumshow

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// ReLUOrthogonal's checks pass (the closed form and m₃ = 10) and it lists
// the atom ½ at 0.
func TestReLUOrthogonal(t *testing.T) {
	v, err := ReLUOrthogonal(show.Figure{ID: "relu-orth-L2"}, empirical.Linspace(0.05, 3.9, 8), freeprob.Continuation{Eps: 1e-10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	v.Show()
	for _, a := range v.Agreements() {
		m, err := a.Metric()
		if err != nil || !m.Pass {
			t.Errorf("%s: %+v, %v", a.Name, m, err)
		}
	}
	if txt := v.Texts(); len(txt) != 1 || !strings.HasPrefix(txt[0], "atoms: ") {
		t.Errorf("texts %q, want the atoms line", txt)
	}
}
