package rankexp

import "slices"

// This file holds the settings notebook 03 runs the one-layer gradient
// checks at (eqs. 17–18, 47; Figs. 12–14), each as a constructor beside
// its settings type's, and the comparisons a display uses to say whether
// a run is at them: a run claims its paper figure or equation only when
// its settings are these, compared here, never re-typed as numbers.

// GradsRho returns the settings of the check of eqs. (17)–(18) against
// the correlation: n = 10 tokens of width d = 16, σ_x² = 0.5, at ρ =
// −0.1, 0, 0.2, 0.4, 0.6, 0.8, 0.95, with 1000 draws per point. The paper
// states no point: sigprop's choice.
func GradsRho() GradsSettings {
	var pts []Point
	for _, r := range []float64{-0.1, 0, 0.2, 0.4, 0.6, 0.8, 0.95} {
		pts = append(pts, Point{N: 10, D: 16, Rho: r, Sx2: 0.5})
	}
	return GradsSettings{Points: pts, Draws: 1000}
}

// GradsN returns the settings of the check of eqs. (17)–(18) against the
// sequence length: ρ = 0.2, σ_x² = 1 at (n, d) = (4, 8), (16, 8), (4, 32),
// (16, 32), with 800 draws per point (sigprop's choice).
func GradsN() GradsSettings {
	return GradsSettings{Points: []Point{{N: 4, D: 8, Rho: 0.2, Sx2: 1}, {N: 16, D: 8, Rho: 0.2, Sx2: 1}, {N: 4, D: 32, Rho: 0.2, Sx2: 1}, {N: 16, D: 32, Rho: 0.2, Sx2: 1}}, Draws: 800}
}

// Ran returns the settings mc ran at (its points and draws; the seed and
// stream of the first point): what Matches compares.
func Ran(mc []Grads) GradsSettings {
	s := GradsSettings{Points: make([]Point, len(mc))}
	for i, g := range mc {
		s.Points[i] = g.Point
		s.Draws = g.Draws
	}
	if len(mc) > 0 {
		s.Seed, s.Stream = mc[0].Seed, mc[0].Stream
	}
	return s
}

// Matches reports whether s and p have the same points, in order, and
// the same draws; the seed and stream do not count.
func (s GradsSettings) Matches(p GradsSettings) bool {
	return slices.Equal(s.Points, p.Points) && s.Draws == p.Draws
}

// Matches reports whether s and p have the same axes and draws; the seed
// and stream do not count.
func (s GridSettings) Matches(p GridSettings) bool {
	return slices.Equal(s.Rho, p.Rho) && slices.Equal(s.Sx2, p.Sx2) && slices.Equal(s.N, p.N) && slices.Equal(s.D, p.D) && s.Draws == p.Draws
}

// TauC3 returns the settings of the check that τ of eq. (47) balances the
// gradients (App. C.3's aim): n = 10, d = 16, ρ = 0.3, σ_x² = 0.5, 2000
// draws. The paper runs no such check: sigprop's choice.
func TauC3() TauSettings {
	return TauSettings{Point: Point{N: 10, D: 16, Rho: 0.3, Sx2: 0.5}, Draws: 2000}
}

// Matches reports whether s and p have the same point and draws; the
// seed and stream do not count.
func (s TauSettings) Matches(p TauSettings) bool { return s.Point == p.Point && s.Draws == p.Draws }
