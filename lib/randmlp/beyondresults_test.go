package randmlp

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// The figures beyond tanh: each is well formed, claims no paper figure,
// its z checks read the simulated line against the theory over the
// networks (MaxZNets), and a caller bug panics; the KS check's tolerance
// is 2·D12 + 10/N (2·0.01 + 10/400 = 0.045).
func TestBeyondCurves(t *testing.T) {
	p := Chi1Points{SigmaW2: []float64{1, 2, 3}, Mean: []float64{1, 1.2, 1}, SE: []float64{0.1, 0.1, 0.1}, Theory: []float64{1, 1, 1}, Offset: 0.02, Width: 1000, Depth: 3, Nets: 3, Phi: "gelu", Seed: 60}
	e := p.EdgeCurves()
	if err := e.Wellformed(); err != nil || !e.Record.NoPaperFigure || e.Checks[0].Test != result.MaxZNets || e.Checks[0].Nets != 3 || e.Record.Seed != 60 || !strings.HasPrefix(e.Caption, "χ₁ for gelu at 1 points") {
		t.Errorf("edge: %+v (%v)", e, err)
	}
	p.SigmaW2 = p.SigmaW2[:2]
	mustpanic.WithPrefix(t, "2 points", "randmlp:", func() { p.EdgeCurves() })
	gelu, err := activation.ByName("gelu")
	if err != nil {
		t.Fatal(err)
	}
	c := LayerCheck{Layers: []float64{1, 2}, Theory: []float64{1, 2}, Mean: []float64{1, 2.3}, SE: []float64{0.1, 0.1}, MLP: MLP{Width: 1000, Phi: gelu, SigmaW2: 3, SigmaB2: 0.04}, Nets: 6}
	d := c.DivergentCurves()
	if err := d.Wellformed(); err != nil || !d.Y.Log || d.Checks[0].Unit != BothInputs || !strings.Contains(d.Caption, "from 1 to 2 over 2 layers") {
		t.Errorf("divergent: %+v (%v)", d, err)
	}
	s := CriticalSpectrum{SigmaB2: 0.3, QStar: 8.8, X: []float64{1, 2}, Theory: []float64{0.5, 1}, Empirical: []float64{0.52, 1}, KS: 0.02, D12: 0.01, Samples: 800, Width: 400, Depth: 8}
	k := CriticalCurves([]string{"gelu", "tanh"}, []CriticalSpectrum{s, s})
	if err := k.Wellformed(); err != nil || len(k.Lines) != 4 || k.Checks[1].Value != 0.02 || math.Abs(k.Checks[1].Tol-0.045) > 1e-15 || !strings.HasPrefix(k.Checks[1].Name, "tanh:") {
		t.Errorf("spectra: %+v (%v)", k, err)
	}
	s2 := s
	s2.Width = 300
	mustpanic.WithPrefix(t, "widths 400 and 300", "randmlp:", func() { CriticalCurves([]string{"gelu", "tanh"}, []CriticalSpectrum{s, s2}) })
}

// SlopeLawCurves: the check is the largest |CDF − ECDF| over the laws
// (0.02 here) against the DKW bound for their samples; the figure claims
// Fig. 3 at the lecture's q* = 2, 1, 0.5, 0.2 with 2 networks of width
// 1000, and not with one q* fewer.
func TestSlopeLawCurves(t *testing.T) {
	var laws []SlopeLaw
	for _, q := range meanfield.LectureQStars() {
		laws = append(laws, SlopeLaw{T: []float64{0, 1}, CDF: []float64{0.5, 1}, ECDF: []float64{0.5 + 0.005*q, 1}, Samples: 2000, Q: q, Width: 1000, Depth: 3, Nets: 2, Seed: 50})
	}
	c := SlopeLawCurves("relu", laws)
	k := c.Checks[0]
	if err := c.Wellformed(); err != nil || math.Abs(k.Value-0.01) > 1e-15 || k.Tol != empirical.DKW(2000, SlopeLawLevel) || k.Statement != papers.TannerSlopeLaw || !c.Record.AtPaper || c.Record.Seed != 50 {
		t.Errorf("at the lecture's settings: %+v (%v)", c, err)
	}
	if SlopeLawCurves("relu", laws[1:]).Record.AtPaper {
		t.Error("three q* claim Fig. 3")
	}
	laws[1].Width = 500
	mustpanic.WithPrefix(t, "widths 1000 and 500", "randmlp:", func() { SlopeLawCurves("relu", laws) })
}
