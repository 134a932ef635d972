package tokencheck

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// The settings' methods run the experiments with the draws of Seeds.Rand(0)
// (same seed, same results), and the figure constructors start from the
// inputs the paper states relative to d.
func TestSettingsMethods(t *testing.T) {
	m := tokengeom.NewModel(0.5, 0.5, 1.5)
	m.N, m.D = 8, 6
	s := Layers{Model: m, L: 2, Q0: 6, P0: 1, Networks: 3, Seeds: Seeds{Seed: 1, Stream: 2}}
	a, errA := s.Curves()
	b, errB := layerCurves(m, 2, 6, 1, 3, empirical.Rand(1, 2))
	if b.Seeds = s.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
		t.Errorf("Layers.Curves differs from layerCurves (errors %v, %v)", errA, errB)
	}
	r := tokennet.HistogramRanges{NormLo: 0, NormHi: 3, CosLo: -1, CosHi: 1, Bins: 5}
	s.Seeds.Seed = 3
	h, errA := s.Histograms(r)
	g, errB := layerHistograms(m, 2, 6, 1, 3, r, empirical.Rand(3, 2))
	if g.Seeds = s.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(h, g) {
		t.Errorf("Layers.Histograms differs from layerHistograms (errors %v, %v)", errA, errB)
	}
	pa, errA := s.Portrait([]float64{0.5, 1}, []float64{0.1, 0.9})
	pb, errB := tokengeom.PhasePortrait(m, []float64{0.5, 1}, []float64{0.1, 0.9}, 6, 1, 2)
	if errA != nil || errB != nil || !reflect.DeepEqual(pa, pb) || len(pa.TrajX) != 3 {
		t.Errorf("Layers.Portrait differs from PhasePortrait or has not L+1 points (errors %v, %v, %d points)", errA, errB, len(pa.TrajX))
	}
	m.SigmaW = 2
	rs := Restoration{Model: m, L: 2, Q: 6, P1: 4.5, P2: 3, Networks: 3, Seeds: Seeds{Seed: 4, Stream: 2}}
	x, errA := rs.Run()
	y, errB := symmetryRestoration(m, 2, 6, 4.5, 3, 3, empirical.Rand(4, 2))
	if y.Seeds = rs.Seeds; errA != nil || errB != nil || !reflect.DeepEqual(x, y) || x.Seeds.Seed != 4 {
		t.Errorf("Restoration.Run differs from symmetryRestoration (errors %v, %v)", errA, errB)
	}
	if f := Fig2(5); f.Q0 != f.Model.D || f.P0 != 0 || f.Model.SigmaW != 5 {
		t.Errorf("Fig2(5) = %+v, want (q, p) = (d, 0) at σ_w = 5", f)
	}
	if f := Fig3(); f.P1 != 1.5*f.P2 || f.P1 != 0.75*f.Model.D || f.Q != f.Model.D {
		t.Errorf("Fig3() = %+v, want p1 = 1.5 p2 = 0.75d, q = d", f)
	}
}

// A setting out of range is an ErrParam error naming the field, from every
// method, before anything runs: `-p Fig2Depth=0` on notebook 02 reaches
// Layers.L = 0, and a model a user types is validated, not a panic.
func TestSettingsValidate(t *testing.T) {
	fig2 := Fig2(1)
	fig2.Model.N, fig2.Model.D, fig2.Q0, fig2.Networks = 8, 6, 6, 2
	r := tokennet.HistogramRanges{NormLo: 0, NormHi: 3, CosLo: -1, CosHi: 1, Bins: 5}
	for field, mod := range map[string]func(*Layers){
		"Layers.L = 0":                 func(s *Layers) { s.L = 0 },
		"Layers.Networks = 0":          func(s *Layers) { s.Networks = 0 },
		"Model.SigmaW = 0":             func(s *Layers) { s.Model.SigmaW = 0 },
		"Model.N = 1":                  func(s *Layers) { s.Model.N = 1 },
		"Model.AlphaA = 1.5":           func(s *Layers) { s.Model.AlphaA = 1.5 },
		"p = 7, want in [-q/(n-1), q]": func(s *Layers) { s.P0 = 7 },
	} {
		s := fig2
		mod(&s)
		errs := []error{s.Validate()}
		_, err := s.Curves()
		errs = append(errs, err)
		_, err = s.Portrait([]float64{0.5}, []float64{0.5})
		errs = append(errs, err)
		_, err = s.Histograms(r)
		errs = append(errs, err)
		for i, err := range errs {
			if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), field) {
				t.Errorf("%s, method %d: %v, want ErrParam naming %q", field, i, err, field)
			}
		}
	}
	if err := fig2.Validate(); err != nil {
		t.Errorf("Fig2 resized: %v", err)
	}
	one := fig2
	one.Networks = 1
	if _, err := one.Curves(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Layers.Networks = 1") {
		t.Errorf("Curves with one network: %v, want ErrParam (Histograms takes one, Curves needs an SE)", err)
	}
	fig3 := Fig3()
	fig3.Networks = 1
	if _, err := fig3.Run(); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Restoration.Networks = 1") {
		t.Errorf("Restoration with one network: %v", err)
	}
}
