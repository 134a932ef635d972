package tokengeom

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// Model holds the parameters of one block of the random transformer of
// Cowsik et al. 2024 (eq. 4) as they enter the (q, p) maps. α_A, α_M, σ_w,
// σ_A² and ℓ are all physically meaningful at zero, so apart from Act there
// are no zero-value defaults; NewModel returns the paper's settings.
type Model struct {
	AlphaA, AlphaM float64 // branch strengths in [0, 1]; skips α̃² = 1 − α²
	SigmaW         float64 // MLP weight scale σ_w > 0, W^k_{μν} ~ N(0, σ_w²/d)
	MLPLayers      int     // ℓ >= 0 nonlinear layers, ℓ+1 weight matrices
	N              int     // tokens n >= 2
	D              float64 // embedding dimension d > 0
	SigmaA2        float64 // σ_A² >= 0, variance d·Var((QᵀK)_{μν})
	// Act is the MLP nonlinearity φ; the zero value (nil Phi) means tanh,
	// the paper's choice.
	Act activation.Func
}

// NewModel returns the paper's block with α_A, α_M, σ_w as given and
// ℓ = 2, n = 256, d = 64, σ_A² = 1 (σ_A is unstated in the paper, lib/sources/cowsik2024.md
// lib/sources/cowsik2024.md#init-ensemble), tanh.
func NewModel(alphaA, alphaM, sigmaW float64) Model {
	return Model{AlphaA: alphaA, AlphaM: alphaM, SigmaW: sigmaW, MLPLayers: 2,
		N: 256, D: 64, SigmaA2: 1}
}

func (m Model) act() activation.Func {
	if m.Act.Phi == nil {
		return activation.Tanh()
	}
	return m.Act
}

// ErrParam is wrapped by the errors of a setting out of its range
// (Model.Validate, CheckQP, the settings' Validate methods); the message
// names the field and its allowed range, and errors.Is matches any lib
// package's ErrParam (lib/internal/param).
var ErrParam = param.New("tokengeom")

// The ranges of Model's fields and of the (q, p) domain, declared once:
// Model.Validate and CheckQP check them, and lib/quantity's tokengeom and
// tokennet parameters take their bounds from them (narrowed to what
// `sigprop eval` budgets, never widened).
var (
	AlphaRange     = param.Range{Min: 0, Max: 1}                                         // α_A, α_M
	PositiveRange  = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true} // σ_w, d, q
	MLPLayersRange = param.Range{Min: 0, Max: math.Inf(1), Integer: true}                // ℓ
	NRange         = param.Range{Min: 2, Max: math.Inf(1), Integer: true}                // n
	SigmaA2Range   = param.Range{Min: 0, Max: math.Inf(1), MaxOpen: true}                // σ_A²
)

// Validate returns ErrParam naming the first field out of its range:
// α_A, α_M in [0, 1], σ_w finite and > 0, ℓ >= 0, n >= 2, d finite and
// > 0, σ_A² finite and >= 0, and an activation with both φ and φ′ when
// one is set. The functions that return an error return this one; the
// others panic with it (a caller holding a user's model validates first).
func (m Model) Validate() error {
	if err := AlphaRange.Check(ErrParam, "Model.AlphaA", m.AlphaA); err != nil {
		return err
	}
	if err := AlphaRange.Check(ErrParam, "Model.AlphaM", m.AlphaM); err != nil {
		return err
	}
	if err := PositiveRange.Check(ErrParam, "Model.SigmaW", m.SigmaW); err != nil {
		return err
	}
	if err := MLPLayersRange.CheckInt(ErrParam, "Model.MLPLayers", m.MLPLayers); err != nil {
		return err
	}
	if err := NRange.CheckInt(ErrParam, "Model.N", m.N); err != nil {
		return err
	}
	if err := PositiveRange.Check(ErrParam, "Model.D", m.D); err != nil {
		return err
	}
	if err := SigmaA2Range.Check(ErrParam, "Model.SigmaA2", m.SigmaA2); err != nil {
		return err
	}
	if m.Act.Phi != nil && m.Act.DPhi == nil {
		return param.Err(ErrParam, "Model.Act", m.Act.Name, "an activation with both Phi and DPhi")
	}
	return nil
}

// validate panics with Validate's error, on a caller bug.
func (m Model) validate() {
	if err := m.Validate(); err != nil {
		panic(err.Error())
	}
}
