package attnspec

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// ErrParam is wrapped by the errors of the settings types (GapSettings,
// RadiusSettings, DepthSettings, WidthSettings, DongSettings) for a setting
// out of range; the message names the field and the range allowed.
var ErrParam = param.New("attnspec")

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

// GapSettings are the settings of the spectrum of one random softmax
// matrix (F34): a T×T matrix of iid N(0, s²) logits (RandomMarkov), whose
// eigenvalues are 1 and a bulk in the disc of radius
// r_T = √((e^{s²}−1)/T) (BulkRadius). GapNotes returns the notes' parameters.
//
//sigprop:eq tanner2024 F34
type GapSettings struct {
	// T is the context length, at least 2: the notes' T = 512
	// (lib/sources/tanner2024.md#figures, "suggested parameters"; their
	// bands, #check-26, are stated for T >= 256).
	T int
	// S is the logit scale s, finite and > 0 (at s = 0 every row is the
	// uniform average and r_T = 0): the notes' s = 1.
	S float64
	// Seed and Stream choose the generator: the matrix draws from
	// empirical.Rand(Seed, Stream). Not stated: sigprop's choice.
	Seed, Stream uint64
}

// GapNotes returns the notes' T = 512 and s = 1 (seeds left to the caller).
func GapNotes() GapSettings { return GapSettings{T: 512, S: 1} }

// At reports whether s has p's T and s, the settings that define the
// figure (the seeds aside): a run claims the notes' figure when
// s.At(GapNotes()).
func (s GapSettings) At(p GapSettings) bool { return s.T == p.T && s.S == p.S }

// GapResult is a GapSettings run: the eigenvalues Eigs and singular
// values SV of the matrix, as Spectrum returns them.
type GapResult struct {
	Settings GapSettings
	Eigs     []complex128
	SV       []float64
}

// Validate returns an error wrapping ErrParam naming the first field out of
// its range, or nil.
func (s GapSettings) Validate() error {
	if s.T < 2 {
		return fmt.Errorf("%w: GapSettings.T = %d, want >= 2", ErrParam, s.T)
	}
	return positiveScale("GapSettings", s.S)
}

// Run is Spectrum(RandomMarkov(s.T, s.S, empirical.Rand(s.Seed,
// s.Stream))). Errors: a setting out of range (ErrParam), a failed
// eigendecomposition.
func (s GapSettings) Run() (GapResult, error) {
	if err := s.Validate(); err != nil {
		return GapResult{}, err
	}
	eigs, sv, err := Spectrum(RandomMarkov(s.T, s.S, empirical.Rand(s.Seed, s.Stream)))
	if err != nil {
		return GapResult{}, err
	}
	return GapResult{Settings: s, Eigs: eigs, SV: sv}, nil
}

// DepthModes are the attention modes of a DepthSettings run, in the order
// their stacks draw from the generator.
var DepthModes = []block.Attention{block.Softmax, block.Centered, block.Projected, block.Differential}

// DepthSettings are the settings of the token residual and norm through L
// random attention layers (Stack, F36, F38), one stack per attention mode
// of DepthModes from the same tokens: softmax collapses the residual at
// rate r_T per layer; centred, projected and differential attention keep
// it while the norm shrinks like r_T^ℓ. Depth returns the notes' check
// (lib/sources/tanner2024.md#check-27).
//
//sigprop:eq tanner2024 F36,38
type DepthSettings struct {
	// T is the number of tokens, at least 2: the notes' T = 256.
	T int
	// D is the token width d, at least 1: the notes' d = 64.
	D int
	// L is the number of layers, at least 1. Not stated: 6 are chosen
	// (the notes' per-layer ratio is checked "after layer 1").
	L int
	// S is the logit scale s, finite and > 0 (at s = 0, r_T = 0 and the
	// residual is 0 after one softmax layer): the notes' s = 1.
	S float64
	// Seed and Stream choose the generator: one empirical.Rand(Seed,
	// Stream) draws the tokens (RandomTokens, no shared mean), then the
	// stacks of DepthModes in order. Not stated: sigprop's choice.
	Seed, Stream uint64
}

// Depth returns the notes' T = 256, d = 64, s = 1 and sigprop's L = 6
// (seeds left to the caller).
func Depth() DepthSettings { return DepthSettings{T: 256, D: 64, L: 6, S: 1} }

// At reports whether s has p's T, d and s, the settings the notes state
// their check at (the depth L, sigprop's choice, and the seeds aside): a
// run claims the notes' figure when s.At(Depth()).
func (s DepthSettings) At(p DepthSettings) bool { return s.T == p.T && s.D == p.D && s.S == p.S }

// DepthResult is a DepthSettings run: Stacks[m] is the Stack of mode m,
// for each of DepthModes.
type DepthResult struct {
	Settings DepthSettings
	Stacks   map[block.Attention]StackResult
}

// Validate returns an error wrapping ErrParam naming the first field out of
// its range, or nil.
func (s DepthSettings) Validate() error {
	if s.T < 2 {
		return fmt.Errorf("%w: DepthSettings.T = %d, want >= 2", ErrParam, s.T)
	}
	if s.D < 1 {
		return fmt.Errorf("%w: DepthSettings.D = %d, want >= 1", ErrParam, s.D)
	}
	if s.L < 1 {
		return fmt.Errorf("%w: DepthSettings.L = %d, want >= 1", ErrParam, s.L)
	}
	return positiveScale("DepthSettings", s.S)
}

// Run draws the tokens and the stacks of DepthModes from one generator
// empirical.Rand(s.Seed, s.Stream), in that order. Errors: a setting out
// of range (ErrParam).
func (s DepthSettings) Run() (DepthResult, error) {
	if err := s.Validate(); err != nil {
		return DepthResult{}, err
	}
	rng := empirical.Rand(s.Seed, s.Stream)
	x := RandomTokens(s.T, s.D, false, rng)
	r := DepthResult{Settings: s, Stacks: map[block.Attention]StackResult{}}
	for _, m := range DepthModes {
		r.Stacks[m] = Stack(x, s.L, s.S, m, rng)
	}
	return r, nil
}

func positiveScale(typ string, s float64) error {
	if !(s > 0) || math.IsInf(s, 0) {
		return fmt.Errorf("%w: %s.S = %v, want a finite s > 0", ErrParam, typ, s)
	}
	return nil
}
