package attnspec

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

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
