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

// Validate returns ErrParam naming the first field out of its range:
// α_A, α_M in [0, 1], σ_w finite and > 0, ℓ >= 0, n >= 2, d finite and
// > 0, σ_A² finite and >= 0, and an activation with both φ and φ′ when
// one is set. The functions that return an error return this one; the
// others panic with it (a caller holding a user's model validates first).
func (m Model) Validate() error {
	switch {
	case !(m.AlphaA >= 0 && m.AlphaA <= 1):
		return param.Err(ErrParam, "Model.AlphaA", m.AlphaA, "in [0, 1]")
	case !(m.AlphaM >= 0 && m.AlphaM <= 1):
		return param.Err(ErrParam, "Model.AlphaM", m.AlphaM, "in [0, 1]")
	case !(m.SigmaW > 0) || math.IsInf(m.SigmaW, 0):
		return param.Err(ErrParam, "Model.SigmaW", m.SigmaW, "finite and > 0")
	case m.MLPLayers < 0:
		return param.Err(ErrParam, "Model.MLPLayers", m.MLPLayers, "an integer >= 0")
	case m.N < 2:
		return param.Err(ErrParam, "Model.N", m.N, "an integer >= 2")
	case !(m.D > 0) || math.IsInf(m.D, 0):
		return param.Err(ErrParam, "Model.D", m.D, "finite and > 0")
	case !(m.SigmaA2 >= 0) || math.IsInf(m.SigmaA2, 0):
		return param.Err(ErrParam, "Model.SigmaA2", m.SigmaA2, "finite and >= 0")
	case m.Act.Phi != nil && m.Act.DPhi == nil:
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
