package jacspectrum

import (
	"fmt"
	"math"
)

// Activation names a nonlinearity of P18 Table 1 and Fig. 3 (spec §2.3);
// the names match package activation.
type Activation string

// The activations whose D² law is provided by D2.
const (
	Linear      Activation = "linear"        // φ = h
	ReLU        Activation = "relu"          // φ = [h]₊
	HardTanh    Activation = "hardtanh"      // φ = clip(h, −1, 1)
	ShiftedReLU Activation = "shifted_relu"  // φ = [h+½]₊ − ½
	Erf         Activation = "erf"           // φ = erf(√π h/2), φ′(0) = 1
	Tanh        Activation = "tanh"          // φ = tanh h
	SiLU        Activation = "smoothed_relu" // φ = h σ(h)
)

// Activations lists every supported name.
var Activations = []Activation{Linear, ReLU, HardTanh, ShiftedReLU, Erf, Tanh, SiLU}

// Phi returns φ and φ′ for act.
func Phi(act Activation) (phi, dphi func(float64) float64) {
	switch act {
	case Linear:
		return func(h float64) float64 { return h }, func(float64) float64 { return 1 }
	case ReLU:
		return func(h float64) float64 { return math.Max(h, 0) }, func(h float64) float64 { return step(h > 0) }
	case HardTanh:
		return func(h float64) float64 { return math.Max(-1, math.Min(1, h)) }, func(h float64) float64 { return step(math.Abs(h) < 1) }
	case ShiftedReLU:
		return func(h float64) float64 { return math.Max(h, -0.5) }, func(h float64) float64 { return step(h > -0.5) }
	case Erf:
		return func(h float64) float64 { return math.Erf(math.Sqrt(math.Pi) / 2 * h) }, func(h float64) float64 { return math.Exp(-math.Pi * h * h / 4) }
	case Tanh:
		return math.Tanh, func(h float64) float64 { t := math.Tanh(h); return 1 - t*t }
	case SiLU:
		sig := func(h float64) float64 { return 1 / (1 + math.Exp(-h)) }
		return func(h float64) float64 { return h * sig(h) }, func(h float64) float64 { s := sig(h); return s * (1 + h*(1-s)) }
	}
	panic(fmt.Sprintf("jacspectrum: unknown activation %q (one of %v)", act, Activations))
}

func step(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// BernoulliP returns P(φ′(√q z) = 1) for the piecewise-linear activations
// with slopes in {0, 1} (Table 1; spec §2.3): 1 (linear), ½ (ReLU),
// erf(1/√(2q)) (hard tanh), Φ(1/(2√q)) (shifted ReLU). ok is false for
// smooth activations.
func BernoulliP(act Activation, qstar float64) (p float64, ok bool) {
	switch act {
	case Linear:
		return 1, true
	case ReLU:
		return 0.5, true
	case HardTanh:
		checkQ(qstar)
		return math.Erf(1 / math.Sqrt(2*qstar)), true
	case ShiftedReLU:
		checkQ(qstar)
		return 0.5 * math.Erfc(-1/(2*math.Sqrt(qstar))/math.Sqrt2), true
	}
	return 0, false
}

func checkQ(q float64) {
	if !(q > 0) || math.IsInf(q, 0) {
		panic(fmt.Sprintf("jacspectrum: q* must be positive and finite (got %g)", q))
	}
}

// D2 returns the law of D² for act at q*: BernoulliD2 for the
// piecewise-linear activations, ContourD2 for erf (with its closed-form
// μ_k = (1+πkq*)^{−1/2}, Table 1), tanh and SiLU (q* ≤ 0.5; above that the
// real-line QuadratureD2, accurate only while Im w ≳ 0.1).
func D2(act Activation, qstar float64) D2Law {
	if p, ok := BernoulliP(act, qstar); ok {
		return BernoulliD2{p}
	}
	checkQ(qstar)
	_, dphi := Phi(act)
	switch act {
	case Erf, Tanh:
		return NewContourD2(act, qstar)
	case SiLU:
		if qstar <= 0.5 {
			return NewContourD2(act, qstar)
		}
		return NewQuadratureD2(dphi, qstar, nil, 2, 0)
	}
	panic(fmt.Sprintf("jacspectrum: unknown activation %q (one of %v)", act, Activations))
}
