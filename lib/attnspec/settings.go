package attnspec

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
)

// ErrParam is wrapped by the errors of the settings types (RadiusSettings,
// WidthSettings, DongSettings) for a setting out of range; the message names
// the field and the range allowed.
var ErrParam = errors.New("attnspec: parameter out of range")

// RadiusSettings are the settings of |λ₂| of random softmax matrices
// against the context length T: one T×T matrix of iid N(0, s²) logits
// (RandomMarkov, F34) per T, whose |λ₂| follows the bulk radius
// r_T = √((e^{s²}−1)/T) (BulkRadius). The lecture describes no figure of
// it (lib/sources/tanner2024.md#figures); Radius returns sigprop's
// choice.
type RadiusSettings struct {
	// Ts are the context lengths T, one matrix each, each at least 2 and
	// at least 2 of them. Not stated: 64, 128, 256 and 512 are chosen (a
	// factor 8, the span the slope check needs).
	Ts []int
	// S is the logit scale s, finite and >= 0: the notes' s = 1
	// (lib/sources/tanner2024.md#check-26 states its bands for s <= 1).
	S float64
	// Seed and Stream choose the generators: the matrix of Ts[i] draws from
	// empirical.Rand(Seed+i, Stream). Not stated: sigprop's choice.
	Seed, Stream uint64
}

// Radius returns the context lengths and logit scale of the notebook's
// attn-radius: T = 64, 128, 256, 512 and s = 1 (seeds left to the caller).
func Radius() RadiusSettings { return RadiusSettings{Ts: []int{64, 128, 256, 512}, S: 1} }

// RadiusResult is a RadiusSettings run: Lambda2[i] is |λ₂| of the matrix
// of context length Settings.Ts[i].
type RadiusResult struct {
	Settings RadiusSettings
	Lambda2  []float64
}

// Validate returns an error wrapping ErrParam naming the first field out of
// its range, or nil.
func (s RadiusSettings) Validate() error {
	if err := validTs("RadiusSettings", s.Ts); err != nil {
		return err
	}
	return validScale("RadiusSettings", s.S)
}

// Run draws one matrix per T and returns |λ₂| of each (SpectralGap).
// Errors: a setting out of range (ErrParam), a failed eigendecomposition.
func (s RadiusSettings) Run() (RadiusResult, error) {
	if err := s.Validate(); err != nil {
		return RadiusResult{}, err
	}
	r := RadiusResult{Settings: s}
	for i, T := range s.Ts {
		g, err := SpectralGap(RandomMarkov(T, s.S, empirical.Rand(s.Seed+uint64(i), s.Stream)))
		if err != nil {
			return RadiusResult{}, err
		}
		r.Lambda2 = append(r.Lambda2, g.Lambda2)
	}
	return r, nil
}

// WidthSettings are the settings of the rank-collapse residual against the
// context length T after ℓ = 1, …, L softmax layers (ResidualsByWidth,
// F36): each layer multiplies it by about r_T ∝ T^{−1/2}. The lecture
// describes no figure of it; the notes (lib/sources/tanner2024.md#figures)
// suggest "the residual against T per depth, with tokens sharing an O(1)
// common mean". Widths returns sigprop's choice.
type WidthSettings struct {
	// Ts are the context lengths T, one draw each, each at least 2 and at
	// least 2 of them. Not stated: 128, 256 and 512 are chosen (a factor 4,
	// the span the slope checks need).
	Ts []int
	// D is the token width d, at least 1: the notes' d = 64 (as in their
	// depth check, lib/sources/tanner2024.md#check-27).
	D int
	// L is the number of softmax layers, at least 1 (the figure's slope
	// checks need 2). Not stated: 3 are chosen.
	L int
	// S is the logit scale s, finite and >= 0: the notes' s = 1.
	S float64
	// Seed and Stream choose the generators: the tokens and weights of
	// Ts[i] draw from empirical.Rand(Seed+i, Stream). Not stated:
	// sigprop's choice.
	Seed, Stream uint64
}

// Widths returns the sizes of the notebook's attn-width: T = 128, 256, 512,
// d = 64, L = 3, s = 1 (seeds left to the caller).
func Widths() WidthSettings {
	return WidthSettings{Ts: []int{128, 256, 512}, D: 64, L: 3, S: 1}
}

// WidthResult is a WidthSettings run: Residual[ℓ−1][i] is the residual
// after layer ℓ at context length Settings.Ts[i].
type WidthResult struct {
	Settings WidthSettings
	Residual [][]float64
}

// Validate returns an error wrapping ErrParam naming the first field out of
// its range, or nil.
func (s WidthSettings) Validate() error {
	if err := validTs("WidthSettings", s.Ts); err != nil {
		return err
	}
	if s.D < 1 {
		return fmt.Errorf("%w: WidthSettings.D = %d, want >= 1", ErrParam, s.D)
	}
	if s.L < 1 {
		return fmt.Errorf("%w: WidthSettings.L = %d, want >= 1", ErrParam, s.L)
	}
	return validScale("WidthSettings", s.S)
}

// Run is ResidualsByWidth(s.Ts, s.D, s.L, s.S, rng) with rng(i) =
// empirical.Rand(s.Seed+i, s.Stream). Errors: a setting out of range
// (ErrParam).
func (s WidthSettings) Run() (WidthResult, error) {
	if err := s.Validate(); err != nil {
		return WidthResult{}, err
	}
	res := ResidualsByWidth(s.Ts, s.D, s.L, s.S, func(i int) *rand.Rand { return empirical.Rand(s.Seed+uint64(i), s.Stream) })
	return WidthResult{Settings: s, Residual: res}, nil
}

func validTs(typ string, Ts []int) error {
	if len(Ts) < 2 {
		return fmt.Errorf("%w: %s.Ts has %d context lengths, want >= 2", ErrParam, typ, len(Ts))
	}
	for i, T := range Ts {
		if T < 2 {
			return fmt.Errorf("%w: %s.Ts[%d] = %d, want >= 2", ErrParam, typ, i, T)
		}
	}
	return nil
}

func validScale(typ string, s float64) error {
	if !(s >= 0) || math.IsInf(s, 0) {
		return fmt.Errorf("%w: %s.S = %v, want a finite s >= 0", ErrParam, typ, s)
	}
	return nil
}
