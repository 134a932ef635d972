package meanfield

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/papers"
)

// VersusTable: against its own rows the deviation is 0; a reference 1e-4
// off in relative terms fails PrintedRelTol; a reference of the wrong
// shape panics.
func TestVersusTable(t *testing.T) {
	tanh, err := activation.ByName("tanh")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ScanSigmaW2(tanh, []float64{1, 2}, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	tab := sc.VersusTable(sc.Rows())
	if err := tab.Wellformed(); err != nil || tab.Checks[0].Value != 0 || tab.Rows[1][0] != "2" || !strings.HasPrefix(tab.Caption, "tanh, σ_b² = 0.05") {
		t.Errorf("against itself: %+v (%v)", tab, err)
	}
	off := sc.Rows()
	off[1][4] *= 1 + 1e-4
	if v := sc.VersusTable(off).Checks[0].Value; !(v > PrintedRelTol) || math.Abs(v-1e-4/(1+1e-4)) > 1e-12 {
		t.Errorf("a reference 1e-4 off: deviation %v", v)
	}
	mustpanic.WithPrefix(t, "one reference row for two", "meanfield:", func() { sc.VersusTable(off[:1]) })
}

// AtomsTable: ReLU's μ₁ is ½ at every q*; at the lecture's q* the check
// reads the largest |μ₁ − printed| (0.001 with one value planted off by
// it) against PrintedAbsTol and quotes TannerAtoms; at q* = 1.5 the table
// claims nothing and the check is not applicable.
func TestAtomsTable(t *testing.T) {
	relu, err := activation.ByName("relu")
	if err != nil {
		t.Fatal(err)
	}
	tab := AtomsTable([]activation.Func{relu}, LectureQStars(), [][]float64{{0.5, 0.5, 0.501, 0.5}})
	k := tab.Checks[0]
	if err := tab.Wellformed(); err != nil || !tab.Record.AtPaper || math.Abs(k.Value-0.001) > 1e-12 || k.Statement != papers.TannerAtoms || tab.Rows[0][3] != "0.5000 (0.501)" {
		t.Errorf("lecture's q*: %+v (%v)", tab, err)
	}
	other := AtomsTable([]activation.Func{relu}, []float64{1.5}, nil)
	if other.Record.AtPaper || other.Checks[0].NotApplicable == "" || other.Rows[0][1] != "0.5000" || other.Header[1] != "q*=1.5" {
		t.Errorf("q* = 1.5: %+v", other)
	}
}

// TestVersus: each cell is the value with its reference by the format,
// the largest deviations are the absolute and relative ones of the worst
// cell (0.5 against 0.4: 0.1 and 0.25), and a missing reference row is a
// caller bug.
func TestVersus(t *testing.T) {
	rows, maxAbs, maxRel := versus([]string{"x", "y"}, [][]float64{{1.00002, 2}, {0.5, 3}}, [][]float64{{1, 2}, {0.4, 3}}, "%.4f (%g)")
	if rows[0][1] != "1.0000 (1)" || rows[1][1] != "0.5000 (0.4)" || rows[1][0] != "y" {
		t.Errorf("rows %q", rows)
	}
	if math.Abs(maxAbs-0.1) > 1e-15 || math.Abs(maxRel-0.25) > 1e-15 {
		t.Errorf("maxAbs %v, maxRel %v; want 0.1, 0.25", maxAbs, maxRel)
	}
	mustpanic.WithPrefix(t, "a missing reference row", "meanfield:", func() { versus([]string{"x"}, [][]float64{{1}}, nil, "%g") })
}
