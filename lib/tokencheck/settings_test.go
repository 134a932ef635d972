package tokencheck

import (
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The settings' methods run the positional experiments with the same
// draws (same seed, same results), and the figure constructors start
// from the inputs the paper states relative to d.
func TestSettingsMethods(t *testing.T) {
	m := tokengeom.NewModel(0.5, 0.5, 1.5)
	m.N, m.D = 8, 6
	s := Layers{Model: m, L: 2, Q0: 6, P0: 1, Networks: 3, Seeds: Seeds{Seed: 1, Stream: 2}}
	a, errA := s.Curves()
	b, errB := LayerCurves(m, 2, 6, 1, 3, empirical.Rand(1, 2))
	if b.Seeds = s.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("Layers.Curves differs from LayerCurves (errors %v, %v)", errA, errB)
	}
	r := tokennet.HistogramRanges{NormLo: 0, NormHi: 3, CosLo: -1, CosHi: 1, Bins: 5}
	s.Seeds.Seed = 3
	h, errA := s.Histograms(r)
	g, errB := LayerHistograms(m, 2, 6, 1, 3, r, empirical.Rand(3, 2))
	if g.Seeds = s.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(h, g) {
		t.Errorf("Layers.Histograms differs from LayerHistograms (errors %v, %v)", errA, errB)
	}
	pa, errA := s.Portrait([]float64{0.5, 1}, []float64{0.1, 0.9})
	pb, errB := tokengeom.PhasePortrait(m, []float64{0.5, 1}, []float64{0.1, 0.9}, 6, 1, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(pa, pb) || len(pa.TrajX) != 3 {
		t.Errorf("Layers.Portrait differs from PhasePortrait or has not L+1 points (errors %v, %v, %d points)", errA, errB, len(pa.TrajX))
	}
	m.SigmaW = 2
	rs := Restoration{Model: m, L: 2, Q: 6, P1: 4.5, P2: 3, Networks: 3, Seeds: Seeds{Seed: 4, Stream: 2}}
	x, errA := rs.Run()
	y, errB := SymmetryRestoration(m, 2, 6, 4.5, 3, 3, empirical.Rand(4, 2))
	if y.Seeds = rs.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(x, y) || x.Seeds.Seed != 4 {
		t.Errorf("Restoration.Run differs from SymmetryRestoration (errors %v, %v)", errA, errB)
	}
	if f := Fig2(5); f.Q0 != f.Model.D || f.P0 != 0 || f.Model.SigmaW != 5 {
		t.Errorf("Fig2(5) = %+v, want (q, p) = (d, 0) at σ_w = 5", f)
	}
	if f := Fig3(); f.P1 != 1.5*f.P2 || f.P1 != 0.75*f.Model.D || f.Q != f.Model.D {
		t.Errorf("Fig3() = %+v, want p1 = 1.5 p2 = 0.75d, q = d", f)
	}
}
