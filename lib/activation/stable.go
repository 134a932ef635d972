package activation

import (
	"math"

	"gonum.org/v1/gonum/num/dual"
)

// This file: numerically stable building blocks for activations a user
// defines (FromDual, New), so that a φ written from them is exact where the
// naive formula overflows or cancels. Each is tested against the naive
// formula where that is exact, and against its large-|x| limits.

// LogOnePlusExp is softplus, log(1 + eˣ), computed as x + log1p(e^{−x})
// for x > 0 and log1p(eˣ) otherwise: no overflow at large x (the naive
// form is +Inf beyond x ≈ 709) and full relative precision at large −x
// (where it is ≈ eˣ). Special cases: LogOnePlusExp(+Inf) = +Inf,
// LogOnePlusExp(−Inf) = 0, NaN gives NaN.
func LogOnePlusExp(x float64) float64 {
	if x > 0 {
		return x + math.Log1p(math.Exp(-x))
	}
	return math.Log1p(math.Exp(x))
}

// Sigmoid is the logistic function 1/(1 + e^{−x}), computed without
// overflow for either sign (eˣ/(1 + eˣ) for x < 0). Sigmoid(±Inf) = 1, 0.
func Sigmoid(x float64) float64 { return logistic(x) }

// LogSigmoid is log σ(x) = −softplus(−x), exact for large −x (≈ x) and
// large x (≈ −e^{−x}), where log(Sigmoid(x)) loses every digit.
func LogSigmoid(x float64) float64 { return -LogOnePlusExp(-x) }

// DualSoftplus is LogOnePlusExp on a dual number: value softplus(x),
// derivative σ(x)·x′. With FromDual it makes, e.g., Mish:
//
//	φ(x) = x·tanh(softplus(x)):
//	activation.FromDual("mish", func(x dual.Number) dual.Number {
//		return dual.Mul(x, dual.Tanh(activation.DualSoftplus(x)))
//	}, activation.Props{Scale: 1})
func DualSoftplus(x dual.Number) dual.Number {
	return dual.Number{Real: LogOnePlusExp(x.Real), Emag: x.Emag * Sigmoid(x.Real)}
}

// DualSigmoid is Sigmoid on a dual number: derivative σ(x)(1 − σ(x))·x′,
// with 1 − σ(x) computed as σ(−x) (no cancellation at large x).
func DualSigmoid(x dual.Number) dual.Number {
	return dual.Number{Real: Sigmoid(x.Real), Emag: x.Emag * Sigmoid(x.Real) * Sigmoid(-x.Real)}
}

// DualLogSigmoid is LogSigmoid on a dual number: derivative σ(−x)·x′.
func DualLogSigmoid(x dual.Number) dual.Number {
	return dual.Number{Real: LogSigmoid(x.Real), Emag: x.Emag * Sigmoid(-x.Real)}
}
