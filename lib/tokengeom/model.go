package tokengeom

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
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

// validate panics with the parameter name and range on a caller bug.
func (m Model) validate() {
	tgCheckAlpha("alpha_a", m.AlphaA)
	tgCheckAlpha("alpha_m", m.AlphaM)
	tgCheckPos("sigma_w", m.SigmaW)
	if m.MLPLayers < 0 {
		panic(fmt.Sprintf("tokengeom: mlp_layers must be >= 0, got %d", m.MLPLayers))
	}
	if m.N < 2 {
		panic(fmt.Sprintf("tokengeom: n must be >= 2, got %d", m.N))
	}
	tgCheckPos("d", m.D)
	tgCheckNonNeg("sigma_a2", m.SigmaA2)
	if m.Act.Phi != nil && m.Act.DPhi == nil {
		panic("tokengeom: activation needs both Phi and DPhi")
	}
	if math.IsNaN(m.SigmaA2) {
		panic("tokengeom: sigma_a2 is NaN")
	}
}
