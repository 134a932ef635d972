package meanfield

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/result"
)

func nets(t *testing.T, phi string, b2 float64, w2 ...float64) (out []Net) {
	f, err := activation.ByName(phi)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range w2 {
		out = append(out, Net{Phi: f, SigmaW2: w, SigmaB2: b2})
	}
	return out
}

// QMapCurves: each q* drawn is a fixed point of V (the residual check
// reads ≤ a few ulps), V(q) on the abscissae is Net.QMap, the lecture's
// networks claim its figure and others not; no networks panic.
func TestQMapCurves(t *testing.T) {
	c, err := QMapCurves(LectureQMap(), []float64{0, 1, 2})
	if err != nil {
		t.Fatal(err)
	}
	k := c.Checks[0]
	if err := c.Wellformed(); err != nil || !c.Record.AtPaper || !(k.Value <= k.Tol) || k.Tol != QStarResidualTol || c.Lines[1].Y[2] != LectureQMap()[0].QMap(2) || !strings.HasPrefix(k.Name, "tanh, σ_w² = 1, 2, 3:") {
		t.Errorf("lecture's maps: %+v (%v)", c, err)
	}
	q := c.Lines[2].X[0]
	if math.Abs(LectureQMap()[0].QMap(q)-q) > 1e-14 {
		t.Errorf("q* = %v is not a fixed point", q)
	}
	other, err := QMapCurves(nets(t, "erf", 0.1, 2), []float64{0, 1})
	if err != nil || other.Record.AtPaper || other.Record.Params["sigma_b2"] != 0.1 {
		t.Errorf("erf: %+v (%v)", other.Record, err)
	}
	mustpanic.WithPrefix(t, "no networks", "meanfield:", func() { QMapCurves(nil, nil) })
}

// CMapCurves: χ₁ − R′(1) is within Chi1DiffTol for the lecture's tanh
// networks; at σ_w² = 3.5 (outside the bound's range) the check is not
// applicable; the caption sorts the networks by phase (χ₁ < 1 ordered).
func TestCMapCurves(t *testing.T) {
	c, err := CMapCurves(nets(t, "tanh", 0.05, 1.5, 2, 3.5), []float64{0, 0.5, 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Wellformed(); err != nil || c.Record.AtPaper || len(c.Checks) != 3 || c.Checks[2].NotApplicable == "" || c.Checks[0].NotApplicable != "" ||
		!strings.Contains(c.Caption, "ordered (σ_w² = 1.5, c* = 1) and chaotic (σ_w² = 2, 3.5; c* < 1)") {
		t.Fatalf("curves %+v (%v)", c, err)
	}
	for _, k := range c.Checks[:2] {
		if !(math.Abs(k.Value) <= k.Tol) || k.Kind != result.TheoryVsTheory {
			t.Errorf("%s: %v against %v", k.Name, k.Value, k.Tol)
		}
	}
	if l, _ := CMapCurves(LectureCMap(), []float64{1}); !l.Record.AtPaper {
		t.Error("the lecture's networks do not claim its figure")
	}
}

// CriticalLineCurves: the check is the largest |computed − printed| σ_w²
// (2e-5 planted), the q* caption reads the line's ends, the claim holds
// when the line spans the reference σ_b² and not when it stops short.
func TestCriticalLineCurves(t *testing.T) {
	b2, w2, qs := []float64{0, 0.1, 0.25}, []float64{1, 1.9, 2.4}, []float64{0, 0.6, 1.318}
	line, qstar := CriticalLineCurves(b2, w2, qs, []float64{0, 0.25}, []float64{1, 2.4015}, []float64{1, 2.40152})
	if math.Abs(line.Checks[0].Value-2e-5) > 1e-12 || !line.Record.AtPaper || qstar.Caption != "q* along the critical line: it grows from 0 at (1, 0) to 1.318 at σ_b² = 0.25." {
		t.Errorf("line %+v, q* caption %q", line.Checks, qstar.Caption)
	}
	if short, _ := CriticalLineCurves(b2[:2], w2[:2], qs[:2], []float64{0, 0.25}, []float64{1, 2.4015}, []float64{1, 2.4015}); short.Record.AtPaper {
		t.Error("a line to σ_b² = 0.1 claims Fig. 1")
	}
	mustpanic.WithPrefix(t, "two σ_w² for three σ_b²", "meanfield:", func() { CriticalLineCurves(b2, w2[:2], qs, nil, nil, nil) })
}
