package activation

import (
	"fmt"
	"math"
	"math/cmplx"
)

// This file: the activations researchers use beyond the papers' family
// (GELU, softplus, ELU, SELU, sin, leaky ReLU, swish), with the Gaussian
// closed forms that exist. Each closed form is checked against quadrature
// in more_test.go.

// GELU is the exact Gaussian error linear unit of Hendrycks & Gimpel 2016,
// φ(h) = h Φ(h), φ′(h) = Φ(h) + h ϕ(h) (Φ, ϕ the standard normal CDF and
// density). With u ~ N(0, q), Stein's lemma and the orthant probability
// E Φ(u)² = ¼ + asin(q/(1+q))/(2π) give
//
//	E φ(u)²  = q/4 + q asin(q/(1+q))/(2π) + q²/(π(1+q)√(1+2q)),
//	E φ′(u)² = 1/4 + asin(q/(1+q))/(2π) + q/(π(1+q)√(1+2q)) + q/(2π(1+2q)^{3/2})
//
// and the q-derivative of the first (μ₁ only; μ_k for k ≥ 2 by
// quadrature). φ′(0) = ½, as for SiLU.
func GELU() Func {
	return Func{
		Name: "gelu",
		Phi:  func(h float64) float64 { return h * normCDF(h) },
		DPhi: func(h float64) float64 { return normCDF(h) + h*invSqrt2Pi*math.Exp(-h*h/2) },
		PhiDPhi: func(h float64) (float64, float64) {
			p := normCDF(h)
			return h * p, p + h*invSqrt2Pi*math.Exp(-h*h/2)
		},
		Scale: 1, // entire; Φ varies on the unit scale
		ClosedSecondMoment: func(q float64) float64 {
			a := math.Asin(q / (1 + q))
			return q/4 + q*a/(2*math.Pi) + q*q/(math.Pi*(1+q)*math.Sqrt(1+2*q))
		},
		ClosedMu1: func(q float64) float64 {
			a := math.Asin(q / (1 + q))
			s := math.Sqrt(1 + 2*q)
			return 0.25 + a/(2*math.Pi) + q/(math.Pi*(1+q)*s) + q/(2*math.Pi*s*s*s)
		},
		// d/dq of E φ², with d asin(q/(1+q))/dq = 1/((1+q)√(1+2q)) = r.
		ClosedDSecondMoment: func(q float64) float64 {
			a := math.Asin(q / (1 + q))
			r := 1 / ((1 + q) * math.Sqrt(1+2*q))
			df := (2*q*r - q*q*r*(1/(1+q)+1/(1+2*q))) / math.Pi // d/dq q²r/π
			return 0.25 + a/(2*math.Pi) + q*r/(2*math.Pi) + df
		},
	}
}

// Softplus is φ(h) = log(1 + e^h), φ′ = σ(h) (the logistic function);
// no Gaussian closed forms.
func Softplus() Func {
	return Func{
		Name:  "softplus",
		Phi:   LogOnePlusExp,
		DPhi:  logistic,
		Scale: 1, // poles of σ at ±iπ
	}
}

func logistic(h float64) float64 {
	if h >= 0 {
		return 1 / (1 + math.Exp(-h))
	}
	e := math.Exp(h)
	return e / (1 + e)
}

// expNormTail returns e^{x²/2} Φ(−x) for x ≥ 0 without overflow: the
// direct product for x ≤ 25, else the asymptotic series
// ϕ(x)/x · Σ_j (−1)^j (2j−1)!!/x^{2j} · e^{x²/2}, whose 14 terms leave an
// error below 27!!/25^28 ≈ 1e-30 relative.
func expNormTail(x float64) float64 {
	if x <= 25 {
		return 0.5 * math.Exp(x*x/2) * math.Erfc(x/math.Sqrt2)
	}
	x2 := x * x
	s, t := 1.0, 1.0
	for j := 1; j <= 14; j++ {
		t *= -float64(2*j-1) / x2
		s += t
	}
	return invSqrt2Pi / x * s
}

// scaledELU is φ(h) = λh (h > 0), λα(e^h − 1) (h ≤ 0). With u ~ N(0, q),
// E[e^{tu} 1{u<0}] = e^{t²q/2} Φ(−t√q), so
//
//	E φ(u)²  = λ² [q/2 + α² (g(2√q) − 2 g(√q) + ½)],
//	μ_k      = λ^{2k} [½ + α^{2k} g(2k√q)],   g(x) = e^{x²/2} Φ(−x).
func scaledELU(name string, alpha, lambda float64) Func {
	return Func{
		Name: name,
		Phi: func(h float64) float64 {
			if h > 0 {
				return lambda * h
			}
			return lambda * alpha * math.Expm1(h)
		},
		DPhi: func(h float64) float64 {
			if h > 0 {
				return lambda
			}
			return lambda * alpha * math.Exp(h)
		},
		Kinks: []float64{0},
		Scale: 1, // each piece is entire
		ClosedSecondMoment: func(q float64) float64 {
			return lambda * lambda * (q/2 + alpha*alpha*eluNegSquare(math.Sqrt(q)))
		},
		ClosedMu: func(q float64, k int) float64 {
			l2k, a2k := math.Pow(lambda, float64(2*k)), math.Pow(alpha, float64(2*k))
			return l2k * (0.5 + a2k*expNormTail(float64(2*k)*math.Sqrt(q)))
		},
	}
}

// eluNegSquare returns E[(e^u − 1)² 1{u<0}] = g(2s) − 2g(s) + ½ for
// u ~ N(0, s²), g(x) = e^{x²/2} Φ(−x). For small s the three terms are
// O(1) and their sum O(s²), so the direct form loses ~1/s² of relative
// precision (at q = s² = 2e-8 σ_b² = q − E φ²/μ₁ came out −1e-16, and the
// edge of chaos of ELU at σ_b = 0 failed); below s = ½ it is summed from
// the power series of g instead: g′ = x g − 1/√(2π), so g = Σ a_n x^n with
// a₀ = ½, a₁ = −1/√(2π), a_{n+1} = a_{n−1}/(n+1), and
// g(2s) − 2g(s) + ½ = Σ_{n≥2} a_n (2^n − 2) s^n, every term of one sign
// per parity and the sum O(s²) without cancellation of its leading term.
func eluNegSquare(s float64) float64 {
	if s >= 0.5 {
		return expNormTail(2*s) - 2*expNormTail(s) + 0.5
	}
	aPrev, a := 0.5, -invSqrt2Pi // a_{n−1}, a_n at n = 1
	sum, sn, p2 := 0.0, s, 2.0   // s^n, 2^n at n = 1
	for n := 1; n < 80; n++ {
		aPrev, a = a, aPrev/float64(n+1)
		sn *= s
		p2 *= 2
		t := a * (p2 - 2) * sn
		sum += t
		if math.Abs(t) <= 1e-18*math.Abs(sum) {
			break
		}
	}
	return sum
}

// ELU is the exponential linear unit with α = 1 (Clevert et al. 2015):
// φ(h) = h (h > 0), e^h − 1 (h ≤ 0); φ′ = 1, e^h is continuous at 0.
// Closed forms as scaledELU with α = λ = 1.
func ELU() Func { return scaledELU("elu", 1, 1) }

// SELU constants of Klambauer et al. 2017 (eq. 14), to float64 precision:
// the fixed point (mean 0, variance 1) of their self-normalising map.
const (
	SELUAlpha  = 1.6732632423543772848170429916717
	SELULambda = 1.0507009873554804934193349852946
)

// SELU is φ(h) = λ h (h > 0), λα(e^h − 1) (h ≤ 0) with the
// self-normalising α, λ (SELUAlpha, SELULambda); φ′ jumps at 0 from λα to
// λ. Closed forms as scaledELU. With σ_w² = 1, σ_b = 0 its q-map has the
// fixed point q* = 1 (E φ(z)² = 1, Klambauer et al.'s normalisation),
// checked in TestSELUFixedPoint.
func SELU() Func { return scaledELU("selu", SELUAlpha, SELULambda) }

// Sin is φ = sin, φ′ = cos; odd and entire. With u, v Gaussian
// (variances q1, q2, correlation c) and s = c√(q1q2),
//
//	E sin(u)sin(v) = e^{−(q1+q2)/2} sinh s,   E cos(u)cos(v) = e^{−(q1+q2)/2} cosh s,
//	E sin(√q z)² = (1 − e^{−2q})/2,
//	μ_k = E cos^{2k} = 4^{−k} [C(2k,k) + 2 Σ_{j<k} C(2k,j) e^{−2(k−j)² q}].
func Sin() Func {
	half := func(q1, q2, c, sign float64) float64 {
		s := c * math.Sqrt(q1*q2)
		m := -(q1 + q2) / 2
		return 0.5 * (math.Exp(m+s) + sign*math.Exp(m-s))
	}
	return Func{
		Name:    "sin",
		Phi:     math.Sin,
		DPhi:    math.Cos,
		PhiDPhi: func(h float64) (float64, float64) { return math.Sincos(h) },
		Scale:   1,
		Odd:     true,
		DPhiC:   cmplx.Cos,

		ClosedSecondMoment:  func(q float64) float64 { return -math.Expm1(-2*q) / 2 },
		ClosedDSecondMoment: func(q float64) float64 { return math.Exp(-2 * q) },
		ClosedMu: func(q float64, k int) float64 {
			c := 1.0 // C(2k, j), j = 0, 1, ...
			var sum float64
			for j := 0; j < k; j++ {
				d := float64(k - j)
				sum += 2 * c * math.Exp(-2*d*d*q)
				c = c * float64(2*k-j) / float64(j+1)
			}
			return (sum + c) * math.Pow(0.25, float64(k))
		},
		ClosedKernel:  func(q1, q2, c float64) float64 { return half(q1, q2, c, -1) },
		ClosedDKernel: func(q1, q2, c float64) float64 { return half(q1, q2, c, 1) },
	}
}

// LeakyReLU is φ(h) = h (h > 0), a h (h ≤ 0) with slope a ∈ [0, 1]
// (a = 0: ReLU, a = 1: linear); positively homogeneous of degree 1. With
// φ = a·id + (1−a)·ReLU and the arc-cosine kernels (Cho & Saul 2009)
// k₁(c) = (√(1−c²) + (π − arccos c) c)/(2π), k₀(c) = (π − arccos c)/(2π):
//
//	E φ(√q z)² = q(1+a²)/2,        μ_k = (1 + a^{2k})/2,
//	E φ(u)φ(v)   = √(q1q2) [a c + (1−a)² k₁(c)],
//	E φ′(u)φ′(v) = a + (1−a)² k₀(c).
//
// It panics unless a ∈ [0, 1].
func LeakyReLU(a float64) Func {
	if !(a >= 0 && a <= 1) {
		panic(fmt.Sprintf("activation: leaky_relu slope must be in [0, 1], got %v", a))
	}
	b := (1 - a) * (1 - a)
	return Func{
		Name:      "leaky_relu",
		Param:     a,
		ParamName: "slope",
		Phi: func(h float64) float64 {
			if h > 0 {
				return h
			}
			return a * h
		},
		DPhi: func(h float64) float64 {
			if h > 0 {
				return 1
			}
			return a
		},
		Kinks:  []float64{0},
		Scale:  math.Inf(1),
		Degree: 1,
		Odd:    a == 1,

		ClosedSecondMoment:  func(q float64) float64 { return q * (1 + a*a) / 2 },
		ClosedDSecondMoment: func(float64) float64 { return (1 + a*a) / 2 },
		ClosedMu:            func(_ float64, k int) float64 { return (1 + math.Pow(a, float64(2*k))) / 2 },
		ClosedKernel: func(q1, q2, c float64) float64 {
			k1 := (math.Sqrt((1-c)*(1+c)) + (math.Pi-math.Acos(c))*c) / (2 * math.Pi)
			return math.Sqrt(q1*q2) * (a*c + b*k1)
		},
		ClosedDKernel: func(_, _, c float64) float64 { return a + b*(math.Pi-math.Acos(c))/(2*math.Pi) },
	}
}

// Swish is φ(h) = h σ(βh) (Ramachandran et al. 2017), β > 0, with
// φ′ = σ(βh)(1 + βh(1 − σ(βh))); β = 1 is SiLU (SmoothedReLU). φ′(βh)
// is SiLU's φ′ at βh, so its poles sit at ±iπ/β (Scale 1/β) and its
// deformed-path rule holds for q ≤ 0.5/β². It panics unless β is finite
// and > 0.
func Swish(beta float64) Func {
	if !(beta > 0) || math.IsInf(beta, 1) {
		panic(fmt.Sprintf("activation: swish beta must be in (0, +inf), got %v", beta))
	}
	bc := complex(beta, 0)
	return Func{
		Name:      "swish",
		Param:     beta,
		ParamName: "beta",
		Phi:       func(h float64) float64 { return h * logistic(beta*h) },
		DPhi: func(h float64) float64 {
			s := logistic(beta * h)
			return s * (1 + beta*h*(1-s))
		},
		Scale: 1 / beta,
		DPhiC: func(h complex128) complex128 {
			s := 1 / (1 + cmplx.Exp(-bc*h))
			return s * (1 + bc*h*(1-s))
		},
		ContourMaxQ: 0.5 / (beta * beta),
	}
}
