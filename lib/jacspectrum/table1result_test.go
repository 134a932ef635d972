package jacspectrum

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestTable1Result: rows formatted to 7 decimals from Table1 (ReLU's μ₁ =
// ½ in closed form, erf's Gaussian σ²/L as Table1 gives it); the quadrature
// check holds, and erf's σ²/L at the notes' q* = 0.25 agrees with their
// printed 0.1135283 to its rounding; at q* = 0.7 that check is not
// applicable and would be far off (the value moves by ≫ 5e-8). A bad q*
// is an ErrParam error.
func TestTable1Result(t *testing.T) {
	tab, err := Table1Result([]activation.Func{activation.ReLU(), activation.Erf()}, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	e := Table1(activation.Erf(), 0.25, Gaussian)
	if err := tab.Wellformed(); err != nil || len(tab.Rows) != 2 || tab.Rows[0][0] != "relu" || tab.Rows[0][1] != "0.5000000" || tab.Rows[1][7] != fmt.Sprintf("%.7f", e.VarPerL) ||
		tab.Caption != "P18 Table 1 at q* = 0.25: closed form vs quadrature." || !tab.Record.AtPaper {
		t.Fatalf("table %+v, %v", tab, err)
	}
	for _, c := range tab.Checks {
		if c.NotApplicable != "" || !(c.Value <= c.Tol && -c.Value <= c.Tol) {
			t.Errorf("q* = 0.25: check %q = %v (tol %v), not applicable %q", c.Name, c.Value, c.Tol, c.NotApplicable)
		}
	}
	far, err := Table1Result([]activation.Func{activation.ReLU()}, 0.7)
	if err != nil {
		t.Fatal(err)
	}
	if c := far.Checks[1]; c.NotApplicable != "the notes print σ²/L at q* = 0.25; here q* = 0.7" || -c.Value < 1e-3 && c.Value < 1e-3 {
		t.Errorf("q* = 0.7: printed check %+v", c)
	}
	if _, err := Table1Result(nil, 0); !errors.Is(err, ErrParam) {
		t.Errorf("q* = 0: %v, want ErrParam", err)
	}
}
