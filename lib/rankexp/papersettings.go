package rankexp

import (
	"fmt"
	"math"
	"slices"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/result"
)

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
	return GradsRhoAt([]float64{-0.1, 0, 0.2, 0.4, 0.6, 0.8, 0.95}, 0.5)
}

// GradsSmallN returns the settings of the check of eq. (18) at a small
// sequence, where its exact and printed forms differ most (SmallNAt): one
// point n = 4, d = 3, ρ = 0.2, σ_x² = 2, with 20000 draws. The paper
// states no point: sigprop's choice.
func GradsSmallN() GradsSettings {
	return GradsSettings{Points: []Point{{N: 4, D: 3, Rho: 0.2, Sx2: 2}}, Draws: 20000}
}

// GradsRhoAt returns GradsRho's check (n = 10, d = 16, 1000 draws per
// point) at the correlations rhos, one point each in order, and the entry
// variance sx2: GradsRho's own are GradsRho().Rhos() and its points' Sx2.
// It claims what GradsRho does only at GradsRho's values (Matches).
func GradsRhoAt(rhos []float64, sx2 float64) GradsSettings {
	pts := make([]Point, len(rhos))
	for i, r := range rhos {
		pts[i] = Point{N: 10, D: 16, Rho: r, Sx2: sx2}
	}
	return GradsSettings{Points: pts, Draws: 1000}
}

// Rhos returns the correlation ρ of each of s's points, in order.
func (s GradsSettings) Rhos() []float64 {
	out := make([]float64, len(s.Points))
	for i, p := range s.Points {
		out[i] = p.Rho
	}
	return out
}

// At returns s with every point at correlation rho and entry variance sx2
// (s's own points are not changed): GradsN's check at other ρ, σ_x².
func (s GradsSettings) At(rho, sx2 float64) GradsSettings {
	s.Points = slices.Clone(s.Points)
	for i := range s.Points {
		s.Points[i].Rho, s.Points[i].Sx2 = rho, sx2
	}
	return s
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

// Eq15Settings are the settings of the depth-scaled curves of Thm 3.3:
// ρ^L under α₁² = α̃₁/L at each depth L of Depths, for each α̃₁ of At, n
// tokens from input correlation ρ⁰, against the limit eq. (15)
// (rankcollapse.RhoDepthScaled).
type Eq15Settings struct {
	N      int
	Rho0   float64
	At     []float64
	Depths []int
}

// Eq15 returns the settings of notebook 03's check of eq. (15): n = 50
// (as Fig8), ρ⁰ = 0, α̃₁ = 0.5, 1, 2 and L = 1, 2, 4, …, 1024, whose
// deepest 1/L = 1e-3 is the check's tolerance. The paper draws no such
// figure: sigprop's choice.
func Eq15() Eq15Settings {
	s := Eq15Settings{N: 50, Rho0: 0, At: []float64{0.5, 1, 2}}
	for L := 1; L <= 1024; L *= 2 {
		s.Depths = append(s.Depths, L)
	}
	return s
}

// Validate returns an error wrapping ErrParam for no α̃₁ or no depth, a
// depth < 1, an α̃₁ outside rankcollapse.VarianceRange ([0, ∞)), n < 2
// or a ρ⁰ that is not a correlation of n tokens (rankcollapse.CheckRho).
func (s Eq15Settings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(At)", len(s.At), 1), param.Min("len(Depths)", len(s.Depths), 1)); err != nil {
		return err
	}
	for i, at := range s.At {
		if err := rankcollapse.VarianceRange.Check(ErrParam, fmt.Sprintf("At[%d]", i), at); err != nil {
			return err
		}
	}
	for i, L := range s.Depths {
		if err := param.AtLeast(ErrParam, param.Min(fmt.Sprintf("Depths[%d]", i), L, 1)); err != nil {
			return err
		}
	}
	return rankcollapse.CheckRho("Rho0", s.N, s.Rho0)
}

// Curves returns rankcollapse.RhoDepthScaled(s.N, s.Rho0, at, s.Depths)
// for each at of s.At. Errors: Validate's, and those of RhoDepthScaled
// (rankcollapse.ErrParam).
func (s Eq15Settings) Curves() (Eq15Curves, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]rankcollapse.DepthScaled, len(s.At))
	for i, at := range s.At {
		c, err := rankcollapse.RhoDepthScaled(s.N, s.Rho0, at, s.Depths)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

// Matches reports whether c was computed at s's n, ρ⁰ and depths (at any
// α̃₁).
func (s Eq15Settings) Matches(c rankcollapse.DepthScaled) bool {
	return c.N == s.N && c.Rho0 == s.Rho0 && slices.Equal(c.Depths, s.Depths)
}

// TauPoints are the input laws at which table tau-c3 evaluates eq. (47)
// as printed, as parallel lists: point i is n = N[i] tokens of width d =
// D[i], correlation Rho[i] and entry variance Sx2[i].
type TauPoints struct {
	N, D     []int
	Rho, Sx2 []float64
}

// IWSLT returns the points of table tau-c3: n = 25 tokens of width d =
// 512 (the IWSLT settings of App. C.3) at ρ = 0, 0.05, 0.1 with σ_x² = 1
// and at ρ = 0 with σ_x² = 0.5; n = 50, d = 32 (Fig. 8's sizes) at ρ =
// 0, σ_x² = 1; and at n = 25, d = 512 the σ_x² ≈ 0.115 (ρ = 0) and the ρ
// ≈ 0.55 (σ_x² = 1) at which eq. (47) gives about the paper's τ_final =
// 8.5. The paper states no ρ or σ_x²: sigprop's choice.
func IWSLT() TauPoints {
	return TauPoints{N: []int{25, 25, 25, 25, 50, 25, 25}, D: []int{512, 512, 512, 512, 32, 512, 512},
		Rho: []float64{0, 0.05, 0.1, 0, 0, 0, 0.55}, Sx2: []float64{1, 1, 1, 0.5, 1, 0.115, 1}}
}

// Validate returns ErrParam for no point or lists of different lengths
// (each named as TauPoints.D, .Rho or .Sx2 against len(N)), and
// rankcollapse.ErrParam for a point where eq. (47) is undefined
// (rankcollapse.Tau's range: n >= 2, d >= 1, ρ ∈ [−1/(n−1), 1), σ_x² > 0),
// wrapped with the point's place.
func (t TauPoints) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(TauPoints.N)", len(t.N), 1)); err != nil {
		return err
	}
	for _, l := range []struct {
		name string
		n    int
	}{{"TauPoints.D", len(t.D)}, {"TauPoints.Rho", len(t.Rho)}, {"TauPoints.Sx2", len(t.Sx2)}} {
		if l.n != len(t.N) {
			return paramErr(l.name, fmt.Sprintf("%d values", l.n), fmt.Sprintf("one per n: %d", len(t.N)))
		}
	}
	for i, p := range t.points() {
		if _, err := rankcollapse.Tau(p.N, p.D, p.Rho, p.Sx2, rankcollapse.FormPaper); err != nil {
			return fmt.Errorf("TauPoints point %d: %w", i+1, err)
		}
	}
	return nil
}

// Table is TauTable at t's points. Errors: those of Validate.
func (t TauPoints) Table() (result.Table, error) {
	if err := t.Validate(); err != nil {
		return result.Table{}, err
	}
	return TauTable(t.points())
}

// points is t as a list of points; t's lists have one length.
func (t TauPoints) points() []Point {
	pts := make([]Point, len(t.N))
	for i := range pts {
		pts[i] = Point{N: t.N[i], D: t.D[i], Rho: t.Rho[i], Sx2: t.Sx2[i]}
	}
	return pts
}

// WarmupSettings are the linear τ warm-up of App. C.3 that notebook 03
// prints: τ = TauFinal · min(1, step/Steps) (rankcollapse.TauWarmup, the
// printed max corrected: lib/sources/noci2022.md#erratum-4).
type WarmupSettings struct {
	TauFinal float64 // the final inverse temperature τ_final
	Steps    int     // the warm-up's length in training steps
}

// Warmup returns the paper's warm-up: τ_final = 8.5 over 1000 steps
// (App. C.3).
func Warmup() WarmupSettings { return WarmupSettings{TauFinal: 8.5, Steps: 1000} }

// Validate returns ErrParam for a negative or infinite TauFinal or Steps
// < 1.
func (w WarmupSettings) Validate() error {
	if !(w.TauFinal >= 0 && w.TauFinal <= math.MaxFloat64) {
		return paramErr("WarmupSettings.TauFinal", w.TauFinal, "a finite value >= 0")
	}
	return param.AtLeast(ErrParam, param.Min("WarmupSettings.Steps", w.Steps, 1))
}

// At returns τ at each of steps (rankcollapse.TauWarmup). Errors: those
// of Validate.
func (w WarmupSettings) At(steps ...int) ([]float64, error) {
	if err := w.Validate(); err != nil {
		return nil, err
	}
	out := make([]float64, len(steps))
	for i, s := range steps {
		out[i] = rankcollapse.TauWarmup(w.TauFinal, s, w.Steps)
	}
	return out, nil
}
