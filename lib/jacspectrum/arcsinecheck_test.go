package jacspectrum

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
)

// TestArcsineCurves: both checks hold (the closed form and m₃ = 10), the
// remark lists the atom ½ at 0, and the result claims no paper figure;
// the relative-error check can fail: against a closed form 1% high
// (a plausible normalisation slip) its value is ≈ 0.01 ≫ ArcsineRelTol.
func TestArcsineCurves(t *testing.T) {
	lams := empirical.Linspace(0.05, 3.9, 8)
	c, err := ArcsineCurves(lams, freeprob.Continuation{Eps: 1e-10, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range c.Checks {
		if !(k.Value <= k.Tol && -k.Value <= k.Tol) {
			t.Errorf("%s: %v > %v", k.Name, k.Value, k.Tol)
		}
	}
	if len(c.Remarks) != 1 || !strings.HasPrefix(c.Remarks[0], "atoms: ") || !strings.Contains(c.Remarks[0], "0.5") || !c.Record.NoPaperFigure {
		t.Errorf("remarks %q, no paper figure %v", c.Remarks, c.Record.NoPaperFigure)
	}
	high := make([]float64, len(lams))
	for i := range high {
		high[i] = 1.01 * c.Lines[0].Y[i]
	}
	if d := empirical.MaxRelDiff(c.Lines[1].Y, high); d < 100*ArcsineRelTol {
		t.Errorf("a closed form 1%% high reads %v", d)
	}
}
