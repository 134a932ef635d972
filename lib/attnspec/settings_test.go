package attnspec

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// RadiusSettings.Run is SpectralGap of RandomMarkov drawn from
// empirical.Rand(Seed+i, Stream), bit for bit, and records its settings;
// WidthSettings.Run is ResidualsByWidth with the same generators.
func TestSettingsRun(t *testing.T) {
	rs := RadiusSettings{Ts: []int{16, 32}, S: 1, Seed: 5, Stream: 3}
	r, err := rs.Run()
	if err != nil {
		t.Fatal(err)
	}
	for i, T := range rs.Ts {
		g, err := SpectralGap(RandomMarkov(T, 1, empirical.Rand(5+uint64(i), 3)))
		if err != nil || r.Lambda2[i] != g.Lambda2 {
			t.Errorf("T = %d: |λ₂| %v, SpectralGap %v (%v)", T, r.Lambda2[i], g.Lambda2, err)
		}
	}
	if !reflect.DeepEqual(r.Settings, rs) || len(r.Lambda2) != 2 {
		t.Errorf("settings recorded %+v, %d values", r.Settings, len(r.Lambda2))
	}
	ws := WidthSettings{Ts: []int{16, 32}, D: 8, L: 2, S: 1, Seed: 7, Stream: 3}
	w, err := ws.Run()
	if err != nil {
		t.Fatal(err)
	}
	want := ResidualsByWidth(ws.Ts, 8, 2, 1, func(i int) *rand.Rand { return empirical.Rand(7+uint64(i), 3) })
	if !reflect.DeepEqual(w.Residual, want) || !reflect.DeepEqual(w.Settings, ws) {
		t.Errorf("WidthSettings.Run = %+v, ResidualsByWidth %v", w, want)
	}
	if r, w := Radius(), Widths(); !reflect.DeepEqual(r.Ts, []int{64, 128, 256, 512}) || r.S != 1 || w.D != 64 || w.L != 3 || !reflect.DeepEqual(w.Ts, []int{128, 256, 512}) {
		t.Errorf("Radius() = %+v, Widths() = %+v", r, w)
	}
}

// Settings out of range are errors wrapping ErrParam that name the field.
func TestSettingsValidate(t *testing.T) {
	for _, c := range []struct {
		name  string
		err   error
		field string
	}{
		{"one T", RadiusSettings{Ts: []int{16}, S: 1}.Validate(), "RadiusSettings.Ts"},
		{"T = 1", RadiusSettings{Ts: []int{16, 1}, S: 1}.Validate(), "RadiusSettings.Ts[1]"},
		{"s < 0", RadiusSettings{Ts: []int{16, 32}, S: -1}.Validate(), "RadiusSettings.S"},
		{"s = NaN", RadiusSettings{Ts: []int{16, 32}, S: math.NaN()}.Validate(), "RadiusSettings.S"},
		{"d = 0", WidthSettings{Ts: []int{16, 32}, L: 2, S: 1}.Validate(), "WidthSettings.D"},
		{"L = 0", WidthSettings{Ts: []int{16, 32}, D: 4, S: 1}.Validate(), "WidthSettings.L"},
		{"s = Inf", WidthSettings{Ts: []int{16, 32}, D: 4, L: 2, S: math.Inf(1)}.Validate(), "WidthSettings.S"},
		{"no Ts", WidthSettings{D: 4, L: 2, S: 1}.Validate(), "WidthSettings.Ts"},
	} {
		if !errors.Is(c.err, ErrParam) || !strings.Contains(c.err.Error(), c.field) {
			t.Errorf("%s: %v, want ErrParam naming %s", c.name, c.err, c.field)
		}
	}
	if _, err := (RadiusSettings{Ts: []int{1, 2}, S: 1}).Run(); !errors.Is(err, ErrParam) {
		t.Errorf("Run at T = 1: %v, want ErrParam", err)
	}
	if _, err := (WidthSettings{Ts: []int{8, 16}, S: 1, L: 1}).Run(); !errors.Is(err, ErrParam) {
		t.Errorf("Run at d = 0: %v, want ErrParam", err)
	}
	if err := Radius().Validate(); err != nil {
		t.Errorf("Radius(): %v", err)
	}
	if err := Widths().Validate(); err != nil {
		t.Errorf("Widths(): %v", err)
	}
}

// GapSettings.Run is Spectrum of RandomMarkov drawn from
// empirical.Rand(Seed, Stream), and DepthSettings.Run the tokens and the
// four stacks drawn in turn from one empirical.Rand(Seed, Stream), as
// notebook 04 called them positionally; both record their settings.
func TestGapDepthRun(t *testing.T) {
	gs := GapSettings{T: 24, S: 0.7, Seed: 90, Stream: 3}
	g, err := gs.Run()
	if err != nil {
		t.Fatal(err)
	}
	eigs, sv, err := Spectrum(RandomMarkov(24, 0.7, empirical.Rand(90, 3)))
	if err != nil || !reflect.DeepEqual(g.Eigs, eigs) || !reflect.DeepEqual(g.SV, sv) || g.Settings != gs {
		t.Errorf("GapSettings.Run = %+v, Spectrum %v %v (%v)", g, eigs, sv, err)
	}
	ds := DepthSettings{T: 16, D: 4, L: 3, S: 1, Seed: 110, Stream: 3}
	d, err := ds.Run()
	if err != nil {
		t.Fatal(err)
	}
	rng := empirical.Rand(110, 3)
	x := RandomTokens(16, 4, false, rng)
	for _, m := range []block.Attention{block.Softmax, block.Centered, block.Projected, block.Differential} {
		if want := Stack(x, 3, 1, m, rng); !reflect.DeepEqual(d.Stacks[m], want) {
			t.Errorf("%v: %+v, Stack %+v", m, d.Stacks[m], want)
		}
	}
	if len(d.Stacks) != 4 || d.Settings != ds {
		t.Errorf("DepthSettings.Run: %d stacks, settings %+v", len(d.Stacks), d.Settings)
	}
	if g, d := GapNotes(), Depth(); g != (GapSettings{T: 512, S: 1}) || d != (DepthSettings{T: 256, D: 64, L: 6, S: 1}) {
		t.Errorf("GapNotes() = %+v, Depth() = %+v", g, d)
	}
	for _, c := range []struct {
		name  string
		err   error
		field string
	}{
		{"T = 1", GapSettings{T: 1, S: 1}.Validate(), "GapSettings.T"},
		{"s = 0", GapSettings{T: 8}.Validate(), "GapSettings.S"},
		{"s = Inf", GapSettings{T: 8, S: math.Inf(1)}.Validate(), "GapSettings.S"},
		{"T = 1", DepthSettings{T: 1, D: 4, L: 3, S: 1}.Validate(), "DepthSettings.T"},
		{"d = 0", DepthSettings{T: 8, L: 3, S: 1}.Validate(), "DepthSettings.D"},
		{"L = 0", DepthSettings{T: 8, D: 4, S: 1}.Validate(), "DepthSettings.L"},
		{"s = NaN", DepthSettings{T: 8, D: 4, L: 3, S: math.NaN()}.Validate(), "DepthSettings.S"},
	} {
		if !errors.Is(c.err, ErrParam) || !strings.Contains(c.err.Error(), c.field) {
			t.Errorf("%s: %v, want ErrParam naming %s", c.name, c.err, c.field)
		}
	}
	if _, err := (DepthSettings{T: 8, D: 4, S: 1}).Run(); !errors.Is(err, ErrParam) {
		t.Errorf("DepthSettings.Run at L = 0: %v, want ErrParam", err)
	}
	if _, err := (GapSettings{T: 1, S: 1}).Run(); !errors.Is(err, ErrParam) {
		t.Errorf("GapSettings.Run at T = 1: %v, want ErrParam", err)
	}
}

// The notes' settings are at the notes whatever the seeds (and, for
// Depth, the depth); each defining field perturbed is not.
func TestSettingsAt(t *testing.T) {
	g := GapNotes()
	g.Seed, g.Stream = 5, 6
	if !g.At(GapNotes()) {
		t.Error("GapNotes with seeds is not at GapNotes")
	}
	for name, change := range map[string]func(*GapSettings){"T": func(s *GapSettings) { s.T = 256 }, "s": func(s *GapSettings) { s.S = 2 }} {
		s := GapNotes()
		change(&s)
		if s.At(GapNotes()) {
			t.Errorf("GapNotes with another %s is at GapNotes", name)
		}
	}
	d := Depth()
	d.L, d.Seed = 12, 7
	if !d.At(Depth()) {
		t.Error("Depth with another L and seed is not at Depth")
	}
	for name, change := range map[string]func(*DepthSettings){"T": func(s *DepthSettings) { s.T = 128 }, "d": func(s *DepthSettings) { s.D = 32 }, "s": func(s *DepthSettings) { s.S = 2 }} {
		s := Depth()
		change(&s)
		if s.At(Depth()) {
			t.Errorf("Depth with another %s is at Depth", name)
		}
	}
}
