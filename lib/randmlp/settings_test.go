package randmlp

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
)

// Each settings' Run draws what the positional call with the same
// generators draws, and records its settings (start, q*, seed, stream).
func TestSettingsRun(t *testing.T) {
	m := MLP{Width: 20, Depth: 3, Phi: tanh(t), SigmaW2: 2, SigmaB2: 0.05}
	qs, err := QCheckSettings{MLP: m, Q1: []float64{0.1, 2.5}, Nets: 2, Seed: 10, Stream: 7}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for k, q1 := range []float64{0.1, 2.5} {
		want := m.qCheck(q1, 2, empirical.Rand(uint64(10+k), 7))
		want.Seed, want.Stream = uint64(10+k), 7
		if !sameCheck(qs[k], want) || qs[k].Start != q1 {
			t.Errorf("QCheckSettings.Run start %d differs from qCheck: %+v", k, qs[k])
		}
	}
	cs, err := CCheckSettings{MLP: m, SigmaW2: []float64{1.5, 2.5}, C1: []float64{0.1, 0.9}, Gap: true, Nets: 2, Seed: 20, Stream: 7}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for k, w := range []float64{1.5, 2.5} {
		mk := m
		mk.SigmaW2 = w
		want, err := mk.cCheck([]float64{0.1, 0.9}[k], 2, true, empirical.Rand(uint64(20+k), 7))
		want.Seed, want.Stream = uint64(20+k), 7
		if err != nil || !sameCheck(cs[k], want) || cs[k].MLP.SigmaW2 != w {
			t.Errorf("CCheckSettings.Run case %d differs from cCheck (%v): %+v", k, err, cs[k])
		}
	}
	p, err := Chi1Settings{Phi: tanh(t), SigmaB2: []float64{0.05}, Offset: 0.3, Width: 20, Depth: 2, Nets: 2, Seed: 30, Stream: 7}.Run()
	want, errB := chi1Beside(tanh(t), []float64{0.05}, 0.3, 20, 2, 2, 30, 7, 1)
	if err != nil || errB != nil || !reflect.DeepEqual(p, want) || p.Seed != 30 || p.Stream != 7 {
		t.Errorf("Chi1Settings.Run differs from chi1Beside or lacks its seed (%v, %v): %+v", err, errB, p)
	}
	relu, err := activation.ByName("relu")
	if err != nil {
		t.Fatal(err)
	}
	ts := empirical.Linspace(-0.15, 1.15, 14)
	laws, err := SlopeLawSettings{Phi: relu, Q: []float64{1, 0.5}, T: ts, Width: 10, Depth: 2, Nets: 2, Seed: 50, Stream: 7}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for j, q := range []float64{1, 0.5} {
		want, err := slopeLawAt(relu, q, ts, 10, 2, 2, empirical.Rand(uint64(50+j), 7))
		want.Seed, want.Stream = uint64(50+j), 7
		if err != nil || !reflect.DeepEqual(laws[j], want) || laws[j].Q != q {
			t.Errorf("SlopeLawSettings.Run law %d differs from slopeLawAt (%v): %+v", j, err, laws[j])
		}
	}
	// two activations, run at once: each is criticalSpectrumAt from its own generator
	phis := []activation.Func{tanh(t), activation.Erf()}
	spec, err := CriticalSpectrumSettings{Phis: phis, SigmaB2: 0.3, Depth: 2, Width: 20, Seed: 80, Stream: 7}.Run()
	if err != nil || len(spec) != 2 {
		t.Fatalf("CriticalSpectrumSettings.Run: %d spectra, %v", len(spec), err)
	}
	for k, phi := range phis {
		wantSpec, errB := criticalSpectrumAt(phi, 0.3, 2, 20, empirical.Rand(80+uint64(k), 7))
		wantSpec.Seed, wantSpec.Stream = 80+uint64(k), 7
		if errB != nil || !reflect.DeepEqual(spec[k], wantSpec) {
			t.Errorf("CriticalSpectrumSettings.Run spectrum %d differs from criticalSpectrumAt (%v)", k, errB)
		}
	}
}

// A setting out of range is an ErrParam error naming the field and its
// range, returned before anything is drawn.
func TestSettingsValidate(t *testing.T) {
	m := MLP{Width: 20, Depth: 3, Phi: tanh(t), SigmaW2: 2, SigmaB2: 0.05}
	bad := func(w int) MLP { b := m; b.Width = w; return b }
	for _, c := range []struct {
		what, field string
		run         func() error
	}{
		{"QCheck, width 0", "MLP.Width = 0, want an integer >= 1", func() error { _, err := QCheckSettings{MLP: bad(0), Q1: []float64{1}, Nets: 2}.Run(); return err }},
		{"QCheck, no networks", "Nets = 0", func() error { _, err := QCheckSettings{MLP: m, Q1: []float64{1}}.Run(); return err }},
		{"QCheck, no start", "len(Q1) = 0", func() error { _, err := QCheckSettings{MLP: m, Nets: 2}.Run(); return err }},
		{"QCheck, start below σ_b²", "Q1[1] = 0.01, want >= MLP.SigmaB2 = 0.05", func() error {
			_, err := QCheckSettings{MLP: m, Q1: []float64{1, 0.01}, Nets: 2}.Run()
			return err
		}},
		{"CCheck, σ_w² list too short", "len(SigmaW2) = 1, want len(C1) = 2", func() error {
			_, err := CCheckSettings{MLP: m, SigmaW2: []float64{1}, C1: []float64{0.1, 0.2}, Nets: 2}.Run()
			return err
		}},
		{"CCheck, σ_w² ≤ 0", "MLP.SigmaW2 = -1, want in (0, +inf)", func() error {
			_, err := CCheckSettings{MLP: m, SigmaW2: []float64{-1}, C1: []float64{0.1}, Nets: 2}.Run()
			return err
		}},
		{"CCheck, c¹ > 1", "C1[0] = 1.5", func() error { _, err := CCheckSettings{MLP: m, C1: []float64{1.5}, Nets: 2}.Run(); return err }},
		{"Chi1, depth 0", "Depth = 0", func() error {
			_, err := Chi1Settings{Phi: m.Phi, SigmaB2: []float64{0.05}, Width: 10, Nets: 2}.Run()
			return err
		}},
		{"Chi1, negative offset", "Offset = -0.1, want >= 0", func() error {
			_, err := Chi1Settings{Phi: m.Phi, SigmaB2: []float64{0.05}, Offset: -0.1, Width: 10, Depth: 2, Nets: 2}.Run()
			return err
		}},
		{"SlopeLaw, no points", "len(T) = 0", func() error {
			_, err := SlopeLawSettings{Phi: m.Phi, Q: []float64{1}, Width: 10, Depth: 2, Nets: 2}.Run()
			return err
		}},
		{"SlopeLaw, negative q*", "Q[0] = -1, want >= 0", func() error {
			_, err := SlopeLawSettings{Phi: m.Phi, Q: []float64{-1}, T: []float64{0}, Width: 10, Depth: 2, Nets: 2}.Run()
			return err
		}},
		{"CriticalSpectrum, width 0", "Width = 0", func() error {
			_, err := CriticalSpectrumSettings{Phis: []activation.Func{m.Phi}, SigmaB2: 0.3, Depth: 2}.Run()
			return err
		}},
		{"CriticalSpectrum, σ_b² < 0", "SigmaB2 = -0.3, want >= 0", func() error {
			_, err := CriticalSpectrumSettings{Phis: []activation.Func{m.Phi}, SigmaB2: -0.3, Depth: 2, Width: 10}.Run()
			return err
		}},
	} {
		err := c.run()
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want ErrParam naming %q", c.what, err, c.field)
		}
	}
}

// sameCheck is reflect.DeepEqual of two checks but for the activation's
// functions, which DeepEqual never finds equal: φ is compared by name.
func sameCheck(a, b LayerCheck) bool {
	if a.MLP.Phi.Name != b.MLP.Phi.Name {
		return false
	}
	a.MLP.Phi, b.MLP.Phi = activation.Func{}, activation.Func{}
	return reflect.DeepEqual(a, b)
}
