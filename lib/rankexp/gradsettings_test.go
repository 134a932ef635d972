package rankexp

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// The gradient settings' Run methods draw what the positional calls with
// the same generators draw, and record their settings.
func TestGradSettingsRun(t *testing.T) {
	xa := rankcollapse.Sequence([]float64{1, 0}, []float64{0, 1}, []float64{1, 1})
	rows, err := Lemma31Settings{Cases: []Lemma31Case{{X: xa, DK: 2}, {X: xa, DK: 4}}, Draws: 50, Seed: 10, Stream: 3}.Run()
	if err != nil {
		t.Fatal(err)
	}
	for i, dk := range []int{2, 4} {
		want := Lemma31At(xa, dk, 50, empirical.Rand(uint64(10+i), 3))
		want.Seed, want.Stream = uint64(10+i), 3
		if !reflect.DeepEqual(rows[i], want) {
			t.Errorf("Lemma31Settings.Run row %d = %+v, want %+v", i, rows[i], want)
		}
	}
	c, err := Thm32Settings{N: []int{4, 7}, D: []int{8, 5}, Tau: 1.5, Draws: 2, Seed: 20, Stream: 3}.Run()
	if want := IdenticalTokens([][2]int{{4, 8}, {7, 5}}, 1.5, 2, 20, 3); err != nil || !reflect.DeepEqual(c, want) || c[1].Tau != 1.5 || c[1].Seed != 21 {
		t.Errorf("Thm32Settings.Run = %+v (%v), want %+v with τ and seed 21 recorded", c, err, want)
	}
	pts := []Point{{N: 4, D: 3, Rho: 0.2, Sx2: 2}, {N: 5, D: 3, Rho: 0, Sx2: 1}}
	g, err := GradsSettings{Points: pts, Draws: 40, Seed: 60, Stream: 3}.Run()
	if want, errB := GradsMC(pts, 40, 60, 3); err != nil || errB != nil || !reflect.DeepEqual([]Grads(g), want) || g[1].Seed != 61 || g[1].Stream != 3 {
		t.Errorf("GradsSettings.Run = %+v (%v, %v), want %+v with seed 61 recorded", g, err, errB, want)
	}
	s := GridSettings{Rho: []float64{0, 0.5}, Sx2: []float64{1}, N: []int{3}, D: []int{4, 8}, Draws: 3, Seed: 140, Stream: 3}
	grid, err := s.Run()
	if want, errB := Grid(s.Rho, s.Sx2, s.N, s.D, 3, empirical.Rand(140, 3)); err != nil || errB != nil || !reflect.DeepEqual(grid.Points, want) || !reflect.DeepEqual(grid.GridSettings, s) {
		t.Errorf("GridSettings.Run = %+v (%v, %v), want %+v", grid, err, errB, want)
	}
	p := Point{N: 4, D: 6, Rho: 0.3, Sx2: 0.5}
	tb, err := TauSettings{Point: p, Draws: 30, Seed: 100, Stream: 3}.Run()
	tau, errB := rankcollapse.Tau(4, 6, 0.3, 0.5, rankcollapse.FormExact)
	want := rankblock.AttnGradMC(4, 6, 0, tau, true, rankblock.EquicorrelatedInput(4, 6, 0.3, 0.5), 30, empirical.Rand(100, 3))
	if err != nil || errB != nil || tb.Tau != tau || tb.AttnGrads != want || tb.Point != p || tb.Draws != 30 || tb.Seed != 100 {
		t.Errorf("TauSettings.Run = %+v (%v, %v), want τ = %v and %+v", tb, err, errB, tau, want)
	}
	if f := Fig12(); len(f.Rho)*len(f.Sx2)*len(f.N)*len(f.D) != 192 || f.Draws != 20 {
		t.Errorf("Fig12 = %+v, want the 4×3×4×4 grid and the paper's 20 runs", f)
	}
}

// A setting out of range is an ErrParam error naming the field and its
// range, returned before anything is drawn; a point outside the law's
// range keeps rankcollapse's error.
func TestGradSettingsValidate(t *testing.T) {
	xa := rankcollapse.Sequence([]float64{1, 0}, []float64{0, 1}, []float64{1, 1})
	p := Point{N: 4, D: 3, Rho: 0.2, Sx2: 2}
	for _, c := range []struct {
		what, field string
		run         func() error
	}{
		{"Lemma31, no case", "len(Cases) = 0, want an integer >= 1", func() error { _, err := Lemma31Settings{Draws: 10}.Run(); return err }},
		{"Lemma31, one draw", "Draws = 1, want an integer >= 2", func() error {
			_, err := Lemma31Settings{Cases: []Lemma31Case{{X: xa, DK: 2}}, Draws: 1}.Run()
			return err
		}},
		{"Lemma31, d_k 0", "Cases[0].DK = 0", func() error { _, err := Lemma31Settings{Cases: []Lemma31Case{{X: xa}}, Draws: 10}.Run(); return err }},
		{"Thm32, lengths", "len(D) = 1, want len(N) = 2", func() error {
			_, err := Thm32Settings{N: []int{4, 7}, D: []int{8}, Tau: 1, Draws: 1}.Run()
			return err
		}},
		{"Thm32, one token", "N[0] = 1, want an integer >= 2", func() error {
			_, err := Thm32Settings{N: []int{1}, D: []int{8}, Tau: 1, Draws: 1}.Run()
			return err
		}},
		{"Thm32, negative τ", "Tau = -1", func() error { _, err := Thm32Settings{N: []int{4}, D: []int{8}, Tau: -1, Draws: 1}.Run(); return err }},
		{"Grads, no point", "len(Points) = 0", func() error { _, err := GradsSettings{Draws: 10}.Run(); return err }},
		{"Grads, no draws", "Draws = 0", func() error { _, err := GradsSettings{Points: []Point{p}}.Run(); return err }},
		{"Grid, empty axis", "len(Sx2) = 0", func() error {
			_, err := GridSettings{Rho: []float64{0}, N: []int{3}, D: []int{4}, Draws: 3}.Run()
			return err
		}},
		{"Tau, one draw", "Draws = 1", func() error { _, err := TauSettings{Point: p, Draws: 1}.Run(); return err }},
	} {
		err := c.run()
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want ErrParam naming %q", c.what, err, c.field)
		}
	}
	_, err := GradsSettings{Points: []Point{{N: 4, D: 3, Rho: 2, Sx2: 2}}, Draws: 10}.Run()
	if !errors.Is(err, rankcollapse.ErrParam) {
		t.Errorf("ρ = 2: error %v, want rankcollapse.ErrParam", err)
	}
	_, err = TauSettings{Point: Point{N: 4, D: 3, Rho: 1, Sx2: 2}, Draws: 10}.Run()
	if !errors.Is(err, rankcollapse.ErrParam) {
		t.Errorf("τ at ρ = 1: error %v, want rankcollapse.ErrParam", err)
	}
}
