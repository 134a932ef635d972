package tokencheck

import (
	"errors"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/result"
)

// TestField: the portrait's lines are the trajectory then the fixed points
// named by their stability (one stable point at σ_w = 1, ordered; an
// unstable and a stable one at σ_w = 5, chaotic: λ_a > 0 there, Fig. 2's
// rows); the field is the grid's arrows in tokengeom.VectorField's order;
// the result claims Fig. 2 at the paper's n = 256, d = 64 and not at
// n = 32, d = 16; a zero extent is a parameter error.
func TestField(t *testing.T) {
	xs, ys := empirical.Linspace(0.1, 1, 3), empirical.Linspace(0.1, 0.9, 3)
	for _, c := range []struct {
		sw    float64
		names []string
	}{{1, []string{"trajectory", "stable FP"}}, {5, []string{"trajectory", "unstable FP", "stable FP, p < q"}}} {
		s := Fig2(c.sw)
		s.L = 4
		f, err := s.Field(xs, ys, 0.05, 0.05)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Wellformed(); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, l := range f.Lines {
			names = append(names, l.Name)
		}
		if strings.Join(names, "|") != strings.Join(c.names, "|") || f.Lines[0].Role != result.TheoryLinePoints || len(f.Lines[0].X) != 5 {
			t.Errorf("σ_w = %g: lines %q (trajectory of %d points), want %q and 5 points", c.sw, names, len(f.Lines[0].X), c.names)
		}
		pt, _ := s.Portrait(xs, ys)
		for i, a := range pt.Field {
			if f.Xs[i] != a.X || f.Ys[i] != a.Y || f.DX[i] != a.DX || f.DY[i] != a.DY {
				t.Fatalf("σ_w = %g: arrow %d is (%g, %g, %g, %g), the portrait's %+v", c.sw, i, f.Xs[i], f.Ys[i], f.DX[i], f.DY[i], a)
			}
		}
		if !f.Record.AtPaper || !strings.Contains(f.Caption, "α = 8^{-1/2}") || !strings.Contains(f.Caption, "the 4-block trajectory") {
			t.Errorf("σ_w = %g at the paper's sizes: AtPaper %v, caption %q", c.sw, f.Record.AtPaper, f.Caption)
		}
		s.Model.N, s.Model.D, s.Q0 = 32, 16, 16
		if f, err := s.Field(xs, ys, 0.05, 0.05); err != nil || f.Record.AtPaper || f.Record.Params["n"] != 32 || f.Record.Params["d"] != 16 {
			t.Errorf("σ_w = %g at n = 32, d = 16: %v, AtPaper %v, Params %v", c.sw, err, f.Record.AtPaper, f.Record.Params)
		}
	}
	if _, err := Fig2(1).Field(xs, ys, 0.05, 0); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "ly") {
		t.Errorf("ly = 0: %v, want ErrParam naming ly", err)
	}
}
