package render

import (
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// normals are n draws of N(shift, 1).
func normals(rng *rand.Rand, n int, shift float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = rng.NormFloat64() + shift
	}
	return x
}

// TestDensities: two pairs in one figure, each with its KS check, and a
// check on samples of its own. Pair "same" (N(0,1) against N(0,1), 2000
// each) passes (the distance exceeds the 1e-3 critical value ≈ 0.062
// with chance 1e-3); pair "shifted" (its reference planted at mean 0.5:
// distance ≈ 0.2) and the own-sample check of the same shift fail. The
// first pair draws histogram and KDE, the second its KDE; each reference
// is dashed in the colour of its sample's last series.
func TestDensities(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ks := func(name, key string, s *result.Samples) result.Check {
		return result.Check{Name: name, Kind: result.SimulationVsSimulation, Test: result.KS, Sim: key, Samples: s, Alpha: 1e-3}
	}
	r := result.Densities{Caption: "laws", X: result.Axis{Label: "ρ"}, Lo: -4, Hi: 4, Bins: 40,
		Pairs: []result.DensityPair{{Key: "same", Name: "network", Sample: normals(rng, 2000, 0), Draw: result.DrawBoth, RefName: "SDE (KDE)", Ref: normals(rng, 2000, 0)},
			{Key: "shifted", Name: "network 2", Sample: normals(rng, 2000, 0), Draw: result.DrawKDE, RefName: "SDE 2", Ref: normals(rng, 2000, 0.5)}},
		Checks: []result.Check{ks("same", "same", nil), ks("shifted", "shifted", nil), ks("own", "", &result.Samples{X: normals(rng, 2000, 0), Y: normals(rng, 2000, 0.5)})},
		Record: result.Record{NoPaperFigure: true}}
	v := Densities(show.Figure{ID: "d"}, r, After())
	if len(v) != 4 || len(v.Figures()) != 1 {
		t.Fatalf("%d items, %d figures; want the figure then 3 checks", len(v), len(v.Figures()))
	}
	for i, pass := range []bool{true, false, false} {
		if m := metric(t, v.Agreements()[i]); m.Pass != pass || m.Figure != "d" {
			t.Errorf("check %q: KS %v against %v, pass %v, want %v", m.Name, m.Value, m.Tolerance, m.Pass, pass)
		}
	}
	f := v.Figures()[0]
	want := []struct {
		name   string
		style  show.Style
		colour int
		n      int
	}{{"network", show.Points, 0, 40}, {"network (KDE)", show.Line, 0, 161}, {"SDE (KDE)", show.Dashed, 2, 161}, {"network 2", show.Line, 0, 161}, {"SDE 2", show.Dashed, 4, 161}}
	if len(f.Series) != len(want) || f.YLabel != "density" || f.XLabel != "ρ" {
		t.Fatalf("series %d, labels %q %q", len(f.Series), f.XLabel, f.YLabel)
	}
	for i, w := range want {
		if s := f.Series[i]; s.Name != w.name || s.Style != w.style || s.Colour != w.colour || len(s.X) != w.n {
			t.Errorf("series %d: %q style %v colour %d, %d points; want %+v", i, s.Name, s.Style, s.Colour, len(s.X), w)
		}
	}
}

// TestCurvesKSOwnSamples: a KS check of a Curves reads its own samples.
func TestCurvesKSOwnSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	c := curves(1, true)
	c.Checks = []result.Check{{Name: "ks", Kind: result.SimulationVsSimulation, Test: result.KS, Alpha: 1e-3, Samples: &result.Samples{X: normals(rng, 2000, 0), Y: normals(rng, 2000, 0.5)}}}
	if m := metric(t, Curves(show.Figure{ID: "c"}, c).Agreements()[0]); m.Pass || !(m.Value > 0.1) {
		t.Errorf("KS of shifted own samples: %v against %v, pass %v", m.Value, m.Tolerance, m.Pass)
	}
}
