package rankexp

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// This file holds the settings of the one-layer gradient experiments of
// grads.go (Lemma 3.1, Thm 3.2, eqs. 17–18 and 47, App. B.2): every size,
// number of draws and seed is a named field, and each result records the
// settings it ran with.

// ErrParam is wrapped by the errors of the settings' Run methods for a
// size, count or list out of range; the message names the field and its
// allowed range, so callers can test errors.Is(err, ErrParam).
var ErrParam = param.New("rankexp")

func paramErr(name string, got any, allowed string) error {
	return param.Err(ErrParam, name, got, allowed)
}

// Lemma31Case is one row of the check of Lemma 3.1: an input X (n tokens
// as rows) and the key width d_k.
type Lemma31Case struct {
	X  mat.Matrix
	DK int
}

// Lemma31Settings are the settings of the check of Lemma 3.1 (eqs. 6–8)
// at fixed inputs under uniform attention (Lemma31At for each case).
//
//sigprop:eq noci2022 lemma3.1
//sigprop:eq noci2022 eq6-8 erratum=lib/sources/noci2022.md#erratum-1
type Lemma31Settings struct {
	// Cases are the inputs and key widths, one row each; the notes'
	// (lib/sources/noci2022.md) fixed inputs X_a, X_b = X_a + 5 (n = 3,
	// d_v = 2) at d_k = 2 and 4 in notebook 03.
	Cases []Lemma31Case
	// Draws is the number of weight draws of the Monte Carlo estimate of
	// E‖∂S/∂X‖²; the paper states none (sigprop's choice: 20000).
	Draws int
	// Seed and Stream choose the generators: case i draws from
	// empirical.Rand(Seed+i, Stream).
	Seed, Stream uint64
}

// Run returns Lemma31At(Cases[i].X, Cases[i].DK, Draws,
// empirical.Rand(Seed+i, Stream)) for each case, each recording its seed
// and stream.
//
// Errors: those of Validate.
func (s Lemma31Settings) Run() ([]Lemma31, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]Lemma31, len(s.Cases))
	for i, c := range s.Cases {
		out[i] = Lemma31At(c.X, c.DK, s.Draws, empirical.Rand(s.Seed+uint64(i), s.Stream))
		out[i].Seed, out[i].Stream = s.Seed+uint64(i), s.Stream
	}
	return out, nil
}

// Validate returns ErrParam for no case, Draws < 2 or a key width below 1.
func (s Lemma31Settings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(Cases)", len(s.Cases), 1), param.Min("Draws", s.Draws, 2)); err != nil {
		return err
	}
	for i, c := range s.Cases {
		if c.DK < 1 {
			return paramErr(fmt.Sprintf("Cases[%d].DK", i), c.DK, "an integer >= 1")
		}
	}
	return nil
}

// Thm32Settings are the settings of the check of Thm 3.2 (identical
// tokens: the query and key gradients vanish) at several sizes
// (IdenticalTokens).
//
//sigprop:eq noci2022 thm3.2
type Thm32Settings struct {
	// N and D are the sizes of the rows: n = N[i] identical tokens of
	// width d = D[i]. The theorem holds at every size; the paper runs
	// none (notebook 03: (4, 8), (7, 5), (50, 32), sigprop's choice).
	N, D []int
	// Tau is the inverse temperature τ of the true softmax (notebook 03:
	// 1.5, away from the uniform limit τ = 0).
	Tau float64
	// Draws is the number of weight draws per size (the zero is exact, so
	// a few suffice; notebook 03: 2).
	Draws int
	// Seed and Stream choose the generators: size i draws from
	// empirical.Rand(Seed+i, Stream).
	Seed, Stream uint64
}

// Run returns IdenticalTokens at the sizes (N[i], D[i]); each row records
// τ, its seed and stream.
//
// Errors: those of Validate.
func (s Thm32Settings) Run() ([]Collapsed, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	sizes := make([][2]int, len(s.N))
	for i := range s.N {
		sizes[i] = [2]int{s.N[i], s.D[i]}
	}
	return IdenticalTokens(sizes, s.Tau, s.Draws, s.Seed, s.Stream), nil
}

// Validate returns ErrParam for no size, N and D of different lengths,
// n < 2, d < 1, Draws < 1 or a negative or infinite τ.
func (s Thm32Settings) Validate() error {
	if len(s.N) != len(s.D) {
		return paramErr("len(D)", len(s.D), fmt.Sprintf("len(N) = %d", len(s.N)))
	}
	if err := param.AtLeast(ErrParam, param.Min("len(N)", len(s.N), 1), param.Min("Draws", s.Draws, 1)); err != nil {
		return err
	}
	if !(s.Tau >= 0 && s.Tau <= 1e300) {
		return paramErr("Tau", s.Tau, "a finite value >= 0")
	}
	for i := range s.N {
		if err := param.AtLeast(ErrParam, param.Min(fmt.Sprintf("N[%d]", i), s.N[i], 2), param.Min(fmt.Sprintf("D[%d]", i), s.D[i], 1)); err != nil {
			return err
		}
	}
	return nil
}

// GradsSettings are the settings of the Monte Carlo check of eqs. (17)
// and (18) at equicorrelated inputs under uniform attention (GradsMC).
//
//sigprop:eq noci2022 eq17,18 erratum=lib/sources/noci2022.md#erratum-2
type GradsSettings struct {
	// Points are the input laws: n tokens of width d, correlation ρ and
	// entry variance σ_x² (the paper's App. A.2 law; it states no point:
	// sigprop's choice).
	Points []Point
	// Draws is the number of weight and input draws per point; the paper
	// states none (notebook 03: 1000, 800 and 20000, sigprop's choice).
	Draws int
	// Seed and Stream choose the generators: point i draws from
	// empirical.Rand(Seed+i, Stream).
	Seed, Stream uint64
}

// Run is GradsMC(s.Points, s.Draws, s.Seed, s.Stream); each point records
// its seed and stream.
//
// Errors: those of Validate; those of GradsMC (a point outside the law's
// range, rankcollapse.ErrParam).
func (s GradsSettings) Run() (GradsRun, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return GradsMC(s.Points, s.Draws, s.Seed, s.Stream)
}

// Validate returns ErrParam for no point or Draws < 2, and the error of
// the first point out of its range (Point.Validate).
func (s GradsSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(Points)", len(s.Points), 1), param.Min("Draws", s.Draws, 2)); err != nil {
		return err
	}
	for _, p := range s.Points {
		if err := p.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// GridSettings are the settings of the grid of App. B.2–B.3 (Figs.
// 12–14): true-softmax Monte Carlo over ρ × σ_x² × n × d (Grid).
type GridSettings struct {
	// Rho, Sx2, N and D are the grid's axes: correlations ρ, entry
	// variances σ_x², sequence lengths n and widths d. The paper states
	// no grid (lib/sources/noci2022.md#erratum-13): Fig12 chooses them.
	Rho, Sx2 []float64
	N, D     []int
	// Draws is the number of draws per point: the paper's "20 runs".
	Draws int
	// Seed and Stream choose the one generator empirical.Rand(Seed,
	// Stream) the whole grid draws from, in its order.
	Seed, Stream uint64
}

// Fig12 returns the grid of Figs. 12–14: ρ = 0, 0.3, 0.6, 0.9, σ_x² =
// 0.25, 1, 4, n = 5, 10, 20, 40, d = 8, 16, 32, 64 (chosen; the paper
// states no grid) and the paper's 20 runs per point.
func Fig12() GridSettings {
	return GridSettings{Rho: []float64{0, 0.3, 0.6, 0.9}, Sx2: []float64{0.25, 1, 4}, N: []int{5, 10, 20, 40}, D: []int{8, 16, 32, 64}, Draws: 20}
}

// GridRun is the grid of GridSettings: Points in the order ρ, σ_x², n, d
// (the last fastest), with the settings it ran with.
type GridRun struct {
	GridSettings
	Points []GridPoint
}

// Run is Grid(s.Rho, s.Sx2, s.N, s.D, s.Draws, empirical.Rand(s.Seed,
// s.Stream)).
//
// Errors: those of Validate and of Grid.
func (s GridSettings) Run() (GridRun, error) {
	if err := s.Validate(); err != nil {
		return GridRun{}, err
	}
	pts, err := Grid(s.Rho, s.Sx2, s.N, s.D, s.Draws, empirical.Rand(s.Seed, s.Stream))
	if err != nil {
		return GridRun{}, err
	}
	return GridRun{GridSettings: s, Points: pts}, nil
}

// Validate returns ErrParam for an empty axis or Draws < 2, and the error
// of the first grid point out of its range (Point.Validate: a ρ that is
// not a correlation of n tokens at some n of the grid, a negative σ_x²,
// n < 2, d < 1).
func (s GridSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("len(Rho)", len(s.Rho), 1), param.Min("len(Sx2)", len(s.Sx2), 1), param.Min("len(N)", len(s.N), 1), param.Min("len(D)", len(s.D), 1), param.Min("Draws", s.Draws, 2)); err != nil {
		return err
	}
	for _, rho := range s.Rho {
		for _, sx2 := range s.Sx2 {
			for _, n := range s.N {
				for _, d := range s.D {
					if err := (Point{N: n, D: d, Rho: rho, Sx2: sx2}).Validate(); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// TauSettings are the settings of the check that the inverse temperature τ of eq.
// (47) balances the query and value gradients (App. C.3): one uniform-
// attention layer at τ (exact form of eq. 18) against the Monte Carlo
// norms.
type TauSettings struct {
	// Point is the input law (n, d, ρ, σ_x²); the paper evaluates eq. (47)
	// at the IWSLT settings and runs no such check (notebook 03: n = 10,
	// d = 16, ρ = 0.3, σ_x² = 0.5, sigprop's choice).
	Point
	// Draws is the number of weight and input draws (notebook 03: 2000).
	Draws int
	// Seed and Stream choose the generator empirical.Rand(Seed, Stream).
	Seed, Stream uint64
}

// TauBalance is the result of TauSettings.Run: τ (eq. 47, exact form)
// and the Monte Carlo Jacobian norms at it, with the settings.
type TauBalance struct {
	TauSettings
	Tau float64
	rankblock.AttnGrads
}

// Run computes τ = rankcollapse.Tau(N, D, ρ, σ_x², FormExact) and the
// Monte Carlo norms of one uniform-attention layer at τ
// (rankblock.AttnGradMC, exact Jacobians, equicorrelated input).
//
// Errors: those of Validate and of rankcollapse.Tau.
func (s TauSettings) Run() (TauBalance, error) {
	if err := s.Validate(); err != nil {
		return TauBalance{}, err
	}
	tau, err := rankcollapse.Tau(s.N, s.D, s.Rho, s.Sx2, rankcollapse.FormExact)
	if err != nil {
		return TauBalance{}, err
	}
	g := rankblock.AttnGradMC(s.N, s.D, 0, tau, true, rankblock.EquicorrelatedInput(s.N, s.D, s.Rho, s.Sx2), s.Draws, empirical.Rand(s.Seed, s.Stream))
	return TauBalance{TauSettings: s, Tau: tau, AttnGrads: g}, nil
}

// Validate returns ErrParam for Draws < 2, and rankcollapse.ErrParam for
// a point where eq. (47) is undefined (rankcollapse.Tau's range: ρ ∈
// [−1/(n−1), 1), σ_x² > 0).
func (s TauSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("Draws", s.Draws, 2)); err != nil {
		return err
	}
	_, err := rankcollapse.Tau(s.N, s.D, s.Rho, s.Sx2, rankcollapse.FormExact)
	return err
}
