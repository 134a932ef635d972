package render

import (
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// TestSpectrumLines: the histogram, the density and then each further
// line in its role's style; the KS check is the Spectrum's (it passes on
// two draws of one law and fails on a planted shift of 0.5 SD, 2000 draws
// each: the critical value at 1e-3 is ≈ 0.062, the shift moves the CDF by
// ≈ 0.2); After puts the figure first; a line of unequal lengths panics.
func TestSpectrumLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	draw := func(shift float64) []float64 {
		x := make([]float64, 2000)
		for i := range x {
			x[i] = rng.NormFloat64() + shift
		}
		return x
	}
	xs := []float64{-1, 0, 1}
	for _, c := range []struct {
		shift float64
		pass  bool
	}{{0, true}, {0.5, false}} {
		r := result.SpectrumLines{Spectrum: result.Spectrum{Caption: "law", X: result.Axis{Label: "x"}, SampleName: "networks", Sample: draw(0), TheoryName: "SDE", TheorySample: draw(c.shift),
			Density: &result.Line{Name: "mixture", Role: result.Theory, X: xs, Y: xs}, Lo: -4, Hi: 4, Bins: 40,
			Checks: []result.Check{{Name: "KS", Kind: result.TheoryVsSimulation, Test: result.KS, Alpha: 1e-3, Basis: "2000 draws"}}, Record: result.Record{NoPaperFigure: true}},
			Lines: []result.Line{{Name: "gaussian", Role: result.Theory, X: xs, Y: xs}, {Name: "reference", Role: result.Reference, X: xs, Y: xs}}}
		v := SpectrumLines(show.Figure{ID: "law"}, r, After())
		if _, isFig := v[0].Figure(); !isFig || len(v) != 2 {
			t.Fatalf("shift %g: %d items, the figure first %v", c.shift, len(v), isFig)
		}
		if m := metric(t, v.Agreements()[0]); m.Pass != c.pass || m.Figure != "law" {
			t.Errorf("shift %g: KS %v against %v, pass %v, want %v", c.shift, m.Value, m.Tolerance, m.Pass, c.pass)
		}
		s := v.Figures()[0].Series
		if len(s) != 4 || s[0].Name != "networks" || s[1].Name != "mixture" || s[2].Name != "gaussian" || s[2].Style != show.Line || s[3].Style != show.Dashed {
			t.Errorf("shift %g: series %+v", c.shift, s)
		}
		r.Lines[0].Y = xs[:2]
		mustpanic.WithPrefix(t, "a short line", "render:", func() { SpectrumLines(show.Figure{ID: "law"}, r) })
	}
}
