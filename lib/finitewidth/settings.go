package finitewidth

import (
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// ErrParam is wrapped by the error of a setting out of range; the message
// names the field and its allowed range (errors.Is(err, ErrParam)).
var ErrParam = param.New("finitewidth")

// ErrRange is wrapped when the infinite-width kernel K^ℓ leaves
// [KMin, KMax] along depth (an ordered network whose kernel underflows, a
// chaotic unbounded one that overflows): the expansion's coefficients,
// which divide by K², are then not representable.
var ErrRange = errors.New("finitewidth: kernel out of the representable range")

// KMin and KMax bound the kernel K^ℓ the recursions accept. KMax is far
// below float64's range on purpose: the quadratures of unbounded smooth φ
// (softplus, ELU, SELU, GELU) slow down as K grows (≈ 10 ms per layer
// near 1e20), and a kernel of 1e20 is a diverging network, not a regime
// of this theory.
const (
	KMin = 1e-100
	KMax = 1e20
)

// MaxDepth is the largest depth the recursions accept (their cost is a few
// quadratures per layer).
const MaxDepth = 100000

// The ranges of the depth and the width, declared once: Settings.Validate
// and the statistics at width n check them, and lib/quantity's layer and
// width take their bounds from them.
var (
	DepthRange = param.Range{Min: 1, Max: MaxDepth, Integer: true}    // Settings.Depth, the layer ℓ
	WidthRange = param.Range{Min: 1, Max: math.Inf(1), Integer: true} // hidden width n
)

// Settings describe a random MLP on one input:
//
//	h¹ = W¹x + b¹,  h^{ℓ+1} = W^{ℓ+1} φ(h^ℓ) + b^{ℓ+1},
//	W_ij ~ N(0, σ_w²/n_in), b_i ~ N(0, σ_b²),
//
// with hidden width n (given to the Layer methods and to Simulate, not
// here: the recursions do not depend on it) and an input of
// q⁰ = ‖x‖²/n₀, so that the first-layer kernel is K¹ = σ_b² + σ_w² q⁰.
// The zero value is not usable: Phi must be set and Depth ≥ 1.
type Settings struct {
	Phi     activation.Func
	SigmaW2 float64 // σ_w² > 0
	SigmaB2 float64 // σ_b² ≥ 0
	Q0      float64 // q⁰ = ‖x‖²/n₀ ≥ 0, with K¹ = σ_b² + σ_w² q⁰ > 0
	Depth   int     // L ≥ 1: layers ℓ = 1..L are computed
}

// K1 returns the first-layer kernel σ_b² + σ_w² q⁰.
func (s Settings) K1() float64 { return s.SigmaB2 + s.SigmaW2*s.Q0 }

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (s Settings) Validate() error {
	switch {
	case s.Phi.Phi == nil || s.Phi.DPhi == nil:
		return fmt.Errorf("%w: Settings.Phi is not set (use activation.ByName)", ErrParam)
	case !meanfield.SigmaW2Range.Contains(s.SigmaW2):
		return meanfield.SigmaW2Range.Check(ErrParam, "Settings.SigmaW2", s.SigmaW2)
	case !meanfield.SigmaB2Range.Contains(s.SigmaB2):
		return meanfield.SigmaB2Range.Check(ErrParam, "Settings.SigmaB2", s.SigmaB2)
	case !(s.Q0 >= 0) || math.IsInf(s.Q0, 1):
		return param.Err(ErrParam, "Settings.Q0", s.Q0, "in [0, +inf)")
	case !(s.K1() >= KMin) || s.K1() > KMax:
		return param.Err(ErrParam, "Settings.SigmaB2 + SigmaW2·Q0 (the first-layer kernel K¹)", s.K1(), fmt.Sprintf("in [%g, %g]", KMin, KMax))
	case !DepthRange.Contains(float64(s.Depth)):
		return DepthRange.CheckInt(ErrParam, "Settings.Depth", s.Depth)
	}
	return nil
}
