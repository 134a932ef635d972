package rankexp

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Matches ignores the seed and stream and nothing else.
func TestMatches(t *testing.T) {
	g := GradsRho()
	g.Seed, g.Stream = 60, 7
	if !g.Matches(GradsRho()) {
		t.Error("GradsRho with a seed does not match GradsRho")
	}
	for name, change := range map[string]func(*GradsSettings){
		"draws":      func(s *GradsSettings) { s.Draws++ },
		"a point":    func(s *GradsSettings) { s.Points[2].Rho = 0.3 },
		"one less":   func(s *GradsSettings) { s.Points = s.Points[1:] },
		"other list": func(s *GradsSettings) { *s = GradsN() },
	} {
		h := GradsRho()
		change(&h)
		if h.Matches(GradsRho()) {
			t.Errorf("%s: still matches", name)
		}
	}
	mc := []Grads{{Point: Point{N: 4, D: 8, Rho: 0.2, Sx2: 1}, Draws: 800, Seed: 70}, {Point: Point{N: 16, D: 8, Rho: 0.2, Sx2: 1}, Draws: 800, Seed: 71}}
	if r := Ran(mc); len(r.Points) != 2 || r.Draws != 800 || r.Seed != 70 || r.Matches(GradsN()) {
		t.Errorf("Ran = %+v; want 2 points, 800 draws, seed 70, not GradsN (4 points)", r)
	}
	grid := Fig12()
	grid.Seed = 140
	if !grid.Matches(Fig12()) {
		t.Error("Fig12 with a seed does not match Fig12")
	}
	grid.D = grid.D[:3]
	if grid.Matches(Fig12()) {
		t.Error("a grid without d = 64 matches Fig12")
	}
	tau := TauC3()
	tau.Seed = 100
	if !tau.Matches(TauC3()) {
		t.Error("TauC3 with a seed does not match TauC3")
	}
	tau.Rho = 0.2
	if tau.Matches(TauC3()) {
		t.Error("TauC3 at ρ = 0.2 matches TauC3")
	}
}

// Eq15's curves are RhoDepthScaled's at its settings and match them;
// another n does not; an empty list is an ErrParam.
func TestEq15(t *testing.T) {
	s := Eq15()
	if len(s.Depths) != 11 || s.Depths[10] != 1024 || len(s.At) != 3 {
		t.Fatalf("Eq15 = %+v", s)
	}
	cs, err := s.Curves()
	if err != nil {
		t.Fatal(err)
	}
	want, err := rankcollapse.RhoDepthScaled(50, 0, 1, s.Depths)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 3 || !slices.Equal(cs[1].Rho, want.Rho) || cs[1].Limit != want.Limit || !s.Matches(cs[0]) {
		t.Errorf("curve α̃₁ = 1: %+v, want %+v", cs[1], want)
	}
	o := s
	o.N = 20
	if other, err := o.Curves(); err != nil || s.Matches(other[0]) {
		t.Errorf("n = 20: %v, matches Eq15 %v", err, err == nil && s.Matches(other[0]))
	}
	o.At = nil
	if _, err := o.Curves(); !errors.Is(err, ErrParam) {
		t.Errorf("no α̃₁: %v, want ErrParam", err)
	}
}

// TestSettingsValidateValues: the settings notebook 03's parameters reach
// refuse values out of the library's ranges, naming the field: a ρ below
// −1/(n−1) (at GradsRho's n = 10: −1/9) or above 1, a negative σ_x², a
// negative α̃₁ of Eq15, a ρ⁰ out of range, a depth < 1; the constructors'
// own values pass, and the edge ρ = −1/(n−1) is accepted.
func TestSettingsValidateValues(t *testing.T) {
	for _, s := range []GradsSettings{GradsRho(), GradsN()} {
		if err := s.Validate(); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
	}
	if err := Eq15().Validate(); err != nil {
		t.Errorf("Eq15: %v", err)
	}
	if err := Fig12().Validate(); err != nil {
		t.Errorf("Fig12: %v", err)
	}
	edge := GradsRho()
	edge.Points[0].Rho = -1.0 / 9
	if err := edge.Validate(); err != nil {
		t.Errorf("ρ = −1/9 at n = 10: %v", err)
	}
	grads := func(f func(*Point)) GradsSettings { s := GradsRho(); f(&s.Points[1]); return s }
	eq15 := func(f func(*Eq15Settings)) Eq15Settings { s := Eq15(); f(&s); return s }
	for _, tc := range []struct {
		err  error
		want string
	}{
		{grads(func(p *Point) { p.Rho = -0.12 }).Validate(), "rho = -0.12, want a correlation in [-1/(n-1), 1] = [-0.111111, 1] for n = 10"},
		{grads(func(p *Point) { p.Rho = 1.01 }).Validate(), "rho = 1.01"},
		{grads(func(p *Point) { p.Sx2 = -1 }).Validate(), "sigma_x2 = -1"},
		{eq15(func(s *Eq15Settings) { s.At[1] = -0.5 }).Validate(), "At[1] = -0.5"},
		{eq15(func(s *Eq15Settings) { s.Rho0 = -0.5 }).Validate(), "Rho0 = -0.5"},
		{eq15(func(s *Eq15Settings) { s.Depths[0] = 0 }).Validate(), "Depths[0] = 0"},
		{GridSettings{Rho: []float64{0, -0.2}, Sx2: []float64{1}, N: []int{5, 10}, D: []int{8}, Draws: 2}.Validate(), "rho = -0.2, want a correlation in [-1/(n-1), 1] = [-0.111111, 1] for n = 10"},
		{GridSettings{Rho: []float64{0}, Sx2: []float64{1, -1}, N: []int{5}, D: []int{8}, Draws: 2}.Validate(), "sigma_x2 = -1"},
	} {
		if !errors.Is(tc.err, ErrParam) || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want ErrParam naming %q", tc.err, tc.want)
		}
	}
}

// TestGradsAt: GradsRhoAt at GradsRho's own ρ and σ_x² is GradsRho (so a
// notebook that passes its parameters' defaults claims what it claims),
// at another ρ list or σ_x² it does not match; At sets every point's ρ
// and σ_x², leaving the settings it was called on alone.
func TestGradsAt(t *testing.T) {
	p := GradsRho()
	if got := GradsRhoAt(p.Rhos(), p.Points[0].Sx2); !got.Matches(p) || !slices.Equal(got.Rhos(), []float64{-0.1, 0, 0.2, 0.4, 0.6, 0.8, 0.95}) {
		t.Errorf("GradsRhoAt at GradsRho's values = %+v, want %+v", got, p)
	}
	if GradsRhoAt(p.Rhos()[:3], 0.5).Matches(p) || GradsRhoAt(p.Rhos(), 1).Matches(p) {
		t.Error("GradsRhoAt at other ρ or σ_x² matches GradsRho")
	}
	n := GradsN()
	if !n.At(n.Points[0].Rho, n.Points[0].Sx2).Matches(n) {
		t.Error("GradsN at its own ρ, σ_x² does not match it")
	}
	m := n.At(0.5, 2)
	for i, q := range m.Points {
		if q.Rho != 0.5 || q.Sx2 != 2 || q.N != n.Points[i].N || q.D != n.Points[i].D {
			t.Errorf("At(0.5, 2) point %d = %+v", i, q)
		}
	}
	if m.Matches(n) || n.Points[0].Rho != 0.2 {
		t.Error("At matched GradsN or changed the settings it was called on")
	}
}
