package activation

import (
	"fmt"
	"math"
	"math/cmplx"
	"sync"

	"github.com/sigprop/sigprop/lib/gauss"
)

// Func is a nonlinearity φ with its derivative, the properties that decide
// how the theories treat it (smoothness, kinks, oddness, homogeneity, an
// analytic continuation of φ′), and optional closed-form Gaussian moments.
// Construct one with ByName, the named constructors, FromDual (φ′ by
// automatic differentiation) or New (a given φ′ checked); a Func is a value
// and safe for concurrent use.
//
// Every capability is read from these fields, never from Name: a Func
// built by a user with the same properties takes the same routes
// (TestNoNameSwitches keeps it so across lib/).
type Func struct {
	Name  string  // a label for messages and tables; ByName's names for the shipped ones
	Param float64 // the value of the parameter named ParamName; 0 if none
	// ParamName names Param ("a" of shtanh, "slope" of leaky_relu, "beta"
	// of swish); "" when φ takes no parameter.
	ParamName string
	Phi       func(h float64) float64
	DPhi      func(h float64) float64
	// PhiDPhi, if set, returns φ(h) and φ′(h) together (faster when they
	// share work, as for tanh); use the method Both, which falls back to
	// Phi and DPhi.
	PhiDPhi func(h float64) (phi, dphi float64)
	// Kinks are the points where φ or φ′ is not smooth (quadrature
	// breakpoints for φ, φ², φ′, φ′^{2k} alike).
	Kinks []float64
	// Scale is the smoothness length handed to gauss.Settings.Scale:
	// the distance of φ′'s nearest complex singularity from the real axis
	// over π (1 for tanh, SiLU), or +Inf for piecewise-linear φ (see
	// PiecewiseLinear).
	Scale float64
	Odd   bool // φ(−h) = −φ(h)
	// Degree is k when φ is positively homogeneous, φ(λh) = λ^k φ(h) for
	// every λ > 0 (1 for linear, ReLU, leaky ReLU), and 0 when it is not:
	// then E φ(√q z)²/q^k and μ_j do not depend on q (see Homogeneous).
	Degree float64
	// DPhiC is φ′ continued analytically to ℂ, nil if none is given; with
	// it jacspectrum integrates the law of φ′² along a path off the real
	// axis (ContourD2). ContourMaxQ is the largest q for which that path
	// is valid (0: every q). Odd φ uses a rotated line, which needs φ′²
	// decreasing in |h| (tanh, erf); other φ a shifted line, which needs
	// φ′² increasing on the Gaussian's range |h| ≲ 6√q (SiLU: q ≤ 0.5).
	// Leave it nil otherwise (sin: cos² oscillates).
	DPhiC       func(h complex128) complex128
	ContourMaxQ float64

	// Closed forms; nil where none exists. Arguments are variances q ≥ 0
	// and a correlation c ∈ [−1, 1]; see the package documentation.
	ClosedSecondMoment func(q float64) float64 // E φ(√q z)²
	// ClosedDSecondMoment is d/dq E φ(√q z)² = E[u φ(u) φ′(u)]/q, u ~ N(0, q)
	// (= E[φ′² + φφ″] by Stein's lemma): the slope χ_q/σ_w² of the q-map.
	ClosedDSecondMoment func(q float64) float64
	ClosedMu            func(q float64, k int) float64  // E φ′(√q z)^{2k}
	ClosedMu1           func(q float64) float64         // E φ′(√q z)² alone, where only k = 1 has one
	ClosedKernel        func(q1, q2, c float64) float64 // E φ(u)φ(v)
	ClosedDKernel       func(q1, q2, c float64) float64 // E φ′(u)φ′(v)
	// QForMuRatio, if set, inverts q ↦ μ₂(q)/μ₁(q)² − 1 in closed form:
	// the q with μ₂/μ₁² = 1 + t (for t > 0), at which a depth-L critical
	// network has spectrum variance σ²_{JJᵀ} = L·t (P18 §5).
	QForMuRatio func(t float64) float64
}

// String is the name, with the parameter if any: "shtanh(a=2)".
func (f Func) String() string {
	if f.ParamName != "" {
		return fmt.Sprintf("%s(%s=%g)", f.Name, f.ParamName, f.Param)
	}
	return f.Name
}

// PiecewiseLinear reports whether φ is piecewise linear (Scale = +Inf):
// φ′ is piecewise constant, its breaks at Kinks.
func (f Func) PiecewiseLinear() bool { return math.IsInf(f.Scale, 1) }

// Homogeneous reports whether φ is positively homogeneous (Degree > 0).
func (f Func) Homogeneous() bool { return f.Degree > 0 }

// Both returns φ(h) and φ′(h).
func (f Func) Both(h float64) (phi, dphi float64) {
	if f.PhiDPhi != nil {
		return f.PhiDPhi(h)
	}
	return f.Phi(h), f.DPhi(h)
}

// Quad returns the gauss settings describing φ (and φ′).
func (f Func) Quad() *gauss.Settings {
	return &gauss.Settings{Breakpoints: f.Kinks, Scale: f.Scale}
}

// WithoutClosedForms returns f with every closed form removed, so that the
// methods below use quadrature (for cross-checks and benchmarks).
func (f Func) WithoutClosedForms() Func {
	f.ClosedSecondMoment, f.ClosedMu, f.ClosedMu1, f.ClosedKernel, f.ClosedDKernel = nil, nil, nil, nil, nil
	f.QForMuRatio, f.ClosedDSecondMoment = nil, nil
	return f
}

func checkQ(name string, q float64) {
	if !(q >= 0) || math.IsInf(q, 1) {
		panic(fmt.Sprintf("activation: %s must be a finite variance >= 0, got %v", name, q))
	}
}

func checkC(c float64) float64 {
	if math.IsNaN(c) || c < -1-1e-12 || c > 1+1e-12 {
		panic(fmt.Sprintf("activation: correlation c must be in [-1, 1], got %v", c))
	}
	return math.Max(-1, math.Min(1, c))
}

// SecondMoment returns E φ(√q z)² (closed form if any, else quadrature).
// F1 of lib/sources/tanner2024.md#formulas: the q-map is σ_w² SecondMoment(q) + σ_b².
//
//sigprop:eq tanner2024 F1
func (f Func) SecondMoment(q float64) float64 {
	checkQ("q", q)
	if f.ClosedSecondMoment != nil {
		return f.ClosedSecondMoment(q)
	}
	phi := f.Phi
	return gauss.Expect(func(h float64) float64 { v := phi(h); return v * v }, q, f.Quad())
}

// DSecondMoment returns d/dq E φ(√q z)² = E[u φ(u) φ′(u)]/q for q > 0
// (closed form if any, else quadrature), the slope of the q-map over σ_w²
// (Net.ChiQ). It panics unless q is finite and > 0.
//
//sigprop:eq tanner2024 F6
func (f Func) DSecondMoment(q float64) float64 {
	if !(q > 0) || math.IsInf(q, 1) {
		panic(fmt.Sprintf("activation: DSecondMoment needs q in (0, +inf), got %v", q))
	}
	if f.ClosedDSecondMoment != nil {
		return f.ClosedDSecondMoment(q)
	}
	phi, d := f.Phi, f.DPhi
	return gauss.Expect(func(u float64) float64 { return u * phi(u) * d(u) }, q, f.Quad()) / q
}

// Mu returns μ_k = E φ′(√q z)^{2k}, k ≥ 1 (P18 eq. (20); lib/sources/tanner2024.md#network).
//
// Without a closed form it is computed by quadrature with the length scale
// f.Scale/√k: φ′^{2k} has φ′'s poles raised to order 2k times theirs, and
// at f.Scale the rule loses accuracy as k grows (tanh: 2e-11 relative at
// k = 3, 3e-6 at k = 8; see gauss.Settings.Scale). TestMuHighPowers checks
// k ≤ 8 against mpmath.
//
//sigprop:eq pennington2018 eq20
func (f Func) Mu(q float64, k int) float64 {
	checkQ("q", q)
	if k < 1 {
		panic(fmt.Sprintf("activation: moment order k must be >= 1, got %d", k))
	}
	if f.ClosedMu != nil {
		return f.ClosedMu(q, k)
	}
	if k == 1 && f.ClosedMu1 != nil {
		return f.ClosedMu1(q)
	}
	d := f.DPhi
	return gauss.Expect(func(h float64) float64 { return powInt(d(h)*d(h), k) }, q, f.powerQuad(k))
}

// MuSecondMoment returns Mu(q, 1) and SecondMoment(q), E φ′(√q z)² and
// E φ(√q z)², with their bits: where neither has a closed form both are
// sums over the same quadrature rule (powerQuad(1) and Quad resolve to the
// same settings), which it builds once instead of twice
// (TestMuSecondMomentBits). A layer of a mean-field map needs both at the
// same q (lib/compose). It panics as Mu and SecondMoment do.
func (f Func) MuSecondMoment(q float64) (mu1, m2 float64) {
	if f.ClosedMu != nil || f.ClosedMu1 != nil || f.ClosedSecondMoment != nil {
		return f.Mu(q, 1), f.SecondMoment(q)
	}
	checkQ("q", q)
	r := rulePool.Get().(*gauss.Rule)
	defer rulePool.Put(r)
	r.Reset(q, f.powerQuad(1))
	phi, d := f.Phi, f.DPhi
	mu1 = r.Expect(func(h float64) float64 { return powInt(d(h)*d(h), 1) })
	m2 = r.Expect(func(h float64) float64 { v := phi(h); return v * v })
	return mu1, m2
}

// rulePool holds the quadrature rules of MuSecondMoment.
var rulePool = sync.Pool{New: func() any { return new(gauss.Rule) }}

// powerQuad returns the gauss settings for φ′^{2k} (or φ^{2k}): f's kinks,
// and f's length scale divided by √k (gauss.Settings.Scale).
func (f Func) powerQuad(k int) *gauss.Settings {
	s := f.Quad()
	if s.Scale == 0 {
		s.Scale = 1 // gauss's default
	}
	if k > 1 {
		s.Scale /= math.Sqrt(float64(k))
	}
	return s
}

// Kernel returns E φ(u)φ(v), (u, v) Gaussian with variances q1, q2 and
// correlation c (F3 of lib/sources/tanner2024.md#formulas).
//
//sigprop:eq tanner2024 F3,4
func (f Func) Kernel(q1, q2, c float64) float64 {
	return f.kernel(f.Phi, f.ClosedKernel, q1, q2, c)
}

// DKernel returns E φ′(u)φ′(v) (F8 of lib/sources/tanner2024.md#formulas: χ_c = σ_w² DKernel(q*, q*, c)).
//
//sigprop:eq tanner2024 F8
func (f Func) DKernel(q1, q2, c float64) float64 {
	return f.kernel(f.DPhi, f.ClosedDKernel, q1, q2, c)
}

// kernel returns E g(u)g(v) for Kernel (g = φ) and DKernel (g = φ′): the
// closed form when f has one, else gauss.Expect2 with f's quadrature.
func (f Func) kernel(g func(float64) float64, closed func(q1, q2, c float64) float64, q1, q2, c float64) float64 {
	checkQ("q1", q1)
	checkQ("q2", q2)
	c = checkC(c)
	if closed != nil {
		return closed(q1, q2, c)
	}
	s := f.Quad()
	return gauss.Expect2(g, g, q1, q2, c, s, s)
}

func powInt(x float64, k int) float64 {
	r := 1.0
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

// Linear is φ(h) = h.
func Linear() Func {
	return Func{
		Name:   "linear",
		Phi:    func(h float64) float64 { return h },
		DPhi:   func(float64) float64 { return 1 },
		Scale:  math.Inf(1),
		Odd:    true,
		Degree: 1,

		ClosedSecondMoment: func(q float64) float64 { return q },
		ClosedMu:           func(float64, int) float64 { return 1 },
		ClosedKernel:       func(q1, q2, c float64) float64 { return c * math.Sqrt(q1*q2) },
		ClosedDKernel:      func(_, _, _ float64) float64 { return 1 },
	}
}

// ReLU is φ(h) = max(h, 0), with φ′(0) = 0.
func ReLU() Func {
	return Func{
		Name:   "relu",
		Phi:    func(h float64) float64 { return math.Max(h, 0) },
		DPhi:   stepAbove(0),
		Kinks:  []float64{0},
		Scale:  math.Inf(1),
		Degree: 1,

		ClosedSecondMoment: func(q float64) float64 { return q / 2 },
		ClosedMu:           func(float64, int) float64 { return 0.5 },
		// Arc-cosine kernels of degree 1 and 0 (Cho & Saul 2009).
		ClosedKernel: func(q1, q2, c float64) float64 {
			return math.Sqrt(q1*q2) / (2 * math.Pi) * (math.Sqrt((1-c)*(1+c)) + (math.Pi-math.Acos(c))*c)
		},
		ClosedDKernel: func(_, _, c float64) float64 { return (math.Pi - math.Acos(c)) / (2 * math.Pi) },
	}
}

func stepAbove(t float64) func(float64) float64 {
	return func(h float64) float64 {
		if h > t {
			return 1
		}
		return 0
	}
}

func insideBand(a float64) func(float64) float64 {
	return func(h float64) float64 {
		if h > -a && h < a {
			return 1
		}
		return 0
	}
}

// normCDF is the standard normal CDF Φ.
func normCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

const invSqrt2Pi = 0.3989422804014326779399460599343818684758586311649

// ShiftedReLU is φ(h) = [h + ½]₊ − ½ = max(h, −½) of P18, with
// φ′ = 1{h > −½}; P(φ′ = 1) = Φ(1/(2√q)) (lib/sources/tanner2024.md#activations).
func ShiftedReLU() Func {
	return Func{
		Name:  "shifted_relu",
		Phi:   func(h float64) float64 { return math.Max(h, -0.5) },
		DPhi:  stepAbove(-0.5),
		Kinks: []float64{-0.5},
		Scale: math.Inf(1),

		// E max(u,−a)² = q Φ(t) − a√q ϕ(t) + a² Φ(−t), t = a/√q, a = ½.
		ClosedSecondMoment: func(q float64) float64 {
			if q == 0 {
				return 0
			}
			s := math.Sqrt(q)
			t := 0.5 / s
			return q*normCDF(t) - 0.5*s*invSqrt2Pi*math.Exp(-t*t/2) + 0.25*normCDF(-t)
		},
		ClosedMu: func(q float64, _ int) float64 {
			if q == 0 {
				return 1
			}
			return normCDF(0.5 / math.Sqrt(q))
		},
		// Bernoulli law: p = Φ(1/(2√q)) = 1/(1+t).
		QForMuRatio: func(t float64) float64 {
			e := math.Sqrt2 * math.Erfinv(2/(1+t)-1) // Φ⁻¹(p)
			return 1 / (4 * e * e)
		},
	}
}

// SmoothedReLU is the SiLU φ(h) = h σ(h), σ the logistic function, the
// "smoothed ReLU" of P18 Fig. 3/4; φ′(0) = ½.
func SmoothedReLU() Func {
	sig := func(h float64) float64 { return 1 / (1 + math.Exp(-h)) }
	return Func{
		Name: "smoothed_relu",
		Phi:  func(h float64) float64 { return h * sig(h) },
		DPhi: func(h float64) float64 {
			s := sig(h)
			return s * (1 + h*(1-s))
		},
		Scale: 1, // poles of σ at ±iπ
		DPhiC: func(h complex128) complex128 {
			s := 1 / (1 + cmplx.Exp(-h))
			return s * (1 + h*(1-s))
		},
		// φ′ is increasing on the Gaussian's effective range only for
		// q ≤ 0.5, which the shifted path Γ = ℝ − iδ needs.
		ContourMaxQ: 0.5,
	}
}

// Tanh is φ = tanh, φ′ = 1 − tanh² (no cosh overflow, lib/sources/tanner2024.md#erratum-24).
func Tanh() Func {
	return Func{
		Name: "tanh",
		Phi:  math.Tanh,
		DPhi: func(h float64) float64 {
			t := math.Tanh(h)
			return 1 - t*t
		},
		PhiDPhi: func(h float64) (float64, float64) {
			t := math.Tanh(h)
			return t, 1 - t*t
		},
		Scale: 1, // poles at ±iπ/2
		Odd:   true,
		DPhiC: func(h complex128) complex128 {
			t := cmplx.Tanh(h)
			return 1 - t*t
		},
	}
}

// HardTanh is φ(h) = clip(h, −1, 1), φ′ = 1{|h| < 1}.
func HardTanh() Func {
	f := Shtanh(1)
	f.Name, f.Param, f.ParamName = "hardtanh", 0, ""
	return f
}

// Shtanh is the scaled-bounded activation of Murray et al. 2021 with k = 1:
// φ(h) = clip(h, −a, a) = a·htanh(h/a), φ′ = 1{|h| < a} (lib/sources/tanner2024.md#activations
// [reconstructed], F31). It panics unless a is finite and > 0.
func Shtanh(a float64) Func {
	if !(a > 0) || math.IsInf(a, 1) {
		panic(fmt.Sprintf("activation: shtanh width a must be in (0, +inf), got %v", a))
	}
	return Func{
		Name:      "shtanh",
		Param:     a,
		ParamName: "a",
		Phi:       func(h float64) float64 { return math.Max(-a, math.Min(a, h)) },
		DPhi:      insideBand(a),
		Kinks:     []float64{-a, a},
		Scale:     math.Inf(1),
		Odd:       true,

		// F5 of lib/sources/tanner2024.md#formulas with q → q/a², times a².
		ClosedSecondMoment: func(q float64) float64 {
			if q == 0 {
				return 0
			}
			r := q / (a * a)
			t := 1 / math.Sqrt(2*r)
			return a * a * (r*math.Erf(t) - math.Sqrt(2*r/math.Pi)*math.Exp(-1/(2*r)) + math.Erfc(t))
		},
		ClosedMu: func(q float64, _ int) float64 {
			if q == 0 {
				return 1
			}
			return math.Erf(a / math.Sqrt(2*q))
		},
		// Bernoulli law: μ₂/μ₁² = 1/p, p = erf(a/√(2q)) = 1/(1+t).
		QForMuRatio: func(t float64) float64 {
			e := math.Erfinv(1 / (1 + t))
			return a * a / (2 * e * e)
		},
	}
}

// Erf is φ(h) = erf(√π h/2), normalised so that φ′(0) = 1 (P18 main text).
func Erf() Func {
	k := math.Sqrt(math.Pi) / 2
	return Func{
		Name:  "erf",
		Phi:   func(h float64) float64 { return math.Erf(k * h) },
		DPhi:  func(h float64) float64 { return math.Exp(-math.Pi * h * h / 4) },
		Scale: 1,
		Odd:   true,
		DPhiC: func(h complex128) complex128 { return cmplx.Exp(-math.Pi * h * h / 4) },

		ClosedSecondMoment: func(q float64) float64 {
			return 2 / math.Pi * math.Asin(math.Pi*q/(2+math.Pi*q))
		},
		ClosedMu: func(q float64, k int) float64 { return 1 / math.Sqrt(1+math.Pi*float64(k)*q) },
		ClosedKernel: func(q1, q2, c float64) float64 {
			x := math.Pi * c * math.Sqrt(q1*q2) / math.Sqrt((2+math.Pi*q1)*(2+math.Pi*q2))
			return 2 / math.Pi * math.Asin(math.Max(-1, math.Min(1, x)))
		},
		ClosedDKernel: func(q1, q2, c float64) float64 {
			a, b := 1+math.Pi*q1/2, 1+math.Pi*q2/2
			return 1 / math.Sqrt(a*b-math.Pi*math.Pi*q1*q2*c*c/4)
		},
		// (1+πq)/√(1+2πq) = 1+t ⇔ x² − 2sx − s = 0, x = πq, s = 2t + t²
		// (corrects P18 SM S39; TestQStarForSigma0).
		QForMuRatio: func(t float64) float64 {
			s := 2*t + t*t
			return (s + math.Sqrt(s*s+s)) / math.Pi
		},
	}
}
