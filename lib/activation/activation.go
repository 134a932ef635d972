package activation

import (
	"fmt"
	"math"
	"sort"

	"github.com/sigprop/sigprop/lib/gauss"
)

// Func is a nonlinearity φ with its derivative, the description of its
// smoothness needed by package gauss, and optional closed-form Gaussian
// moments. Construct one with ByName or the named constructors; a Func is
// a value and safe for concurrent use.
type Func struct {
	Name  string  // canonical name, one of Names()
	Param float64 // the width a of shtanh; 0 for the others
	Phi   func(h float64) float64
	DPhi  func(h float64) float64
	// PhiDPhi, if set, returns φ(h) and φ′(h) together (faster when they
	// share work, as for tanh); use the method Both, which falls back to
	// Phi and DPhi.
	PhiDPhi func(h float64) (phi, dphi float64)
	// Kinks are the points where φ or φ′ is not smooth (quadrature
	// breakpoints for φ, φ², φ′, φ′^{2k} alike).
	Kinks []float64
	// Scale is the smoothness length handed to gauss.Settings.Scale
	// (+Inf for piecewise-linear φ).
	Scale float64
	Odd   bool // φ(−h) = −φ(h)

	// Closed forms; nil where none exists. Arguments are variances q ≥ 0
	// and a correlation c ∈ [−1, 1]; see the package documentation.
	ClosedSecondMoment func(q float64) float64         // E φ(√q z)²
	ClosedMu           func(q float64, k int) float64  // E φ′(√q z)^{2k}
	ClosedKernel       func(q1, q2, c float64) float64 // E φ(u)φ(v)
	ClosedDKernel      func(q1, q2, c float64) float64 // E φ′(u)φ′(v)
}

// String is the name, with the width for shtanh: "shtanh(a=2)".
func (f Func) String() string {
	if f.Name == "shtanh" {
		return fmt.Sprintf("shtanh(a=%g)", f.Param)
	}
	return f.Name
}

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
	f.ClosedSecondMoment, f.ClosedMu, f.ClosedKernel, f.ClosedDKernel = nil, nil, nil, nil
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
// Eq. (F1) of the spec: the q-map is σ_w² SecondMoment(q) + σ_b².
func (f Func) SecondMoment(q float64) float64 {
	checkQ("q", q)
	if f.ClosedSecondMoment != nil {
		return f.ClosedSecondMoment(q)
	}
	phi := f.Phi
	return gauss.Expect(func(h float64) float64 { v := phi(h); return v * v }, q, f.Quad())
}

// Mu returns μ_k = E φ′(√q z)^{2k}, k ≥ 1 (P18 eq. (20); spec §2.1).
//
// Without a closed form it is computed by quadrature with the length scale
// f.Scale/√k: φ′^{2k} has φ′'s poles raised to order 2k times theirs, and
// at f.Scale the rule loses accuracy as k grows (tanh: 2e-11 relative at
// k = 3, 3e-6 at k = 8; see gauss.Settings.Scale). TestMuHighPowers checks
// k ≤ 8 against mpmath.
func (f Func) Mu(q float64, k int) float64 {
	checkQ("q", q)
	if k < 1 {
		panic(fmt.Sprintf("activation: moment order k must be >= 1, got %d", k))
	}
	if f.ClosedMu != nil {
		return f.ClosedMu(q, k)
	}
	d := f.DPhi
	return gauss.Expect(func(h float64) float64 { return powInt(d(h)*d(h), k) }, q, f.powerQuad(k))
}

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
// correlation c (spec F3).
func (f Func) Kernel(q1, q2, c float64) float64 {
	return f.kernel(f.Phi, f.ClosedKernel, q1, q2, c)
}

// DKernel returns E φ′(u)φ′(v) (spec F8: χ_c = σ_w² DKernel(q*, q*, c)).
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

// Names lists the names ByName accepts, sorted.
func Names() []string {
	n := make([]string, 0, len(constructors)+1)
	for k := range constructors {
		n = append(n, k)
	}
	n = append(n, "shtanh")
	sort.Strings(n)
	return n
}

var constructors = map[string]func() Func{
	"linear":        Linear,
	"relu":          ReLU,
	"shifted_relu":  ShiftedReLU,
	"smoothed_relu": SmoothedReLU,
	"tanh":          Tanh,
	"hardtanh":      HardTanh,
	"erf":           Erf,
}

// ByName returns the activation called name. Only "shtanh" takes a
// parameter, its width a > 0 (finite); the others take none.
func ByName(name string, params ...float64) (Func, error) {
	if name == "shtanh" {
		if len(params) != 1 {
			return Func{}, fmt.Errorf("activation: shtanh takes one parameter, the width a > 0; got %d parameters", len(params))
		}
		a := params[0]
		if !(a > 0) || math.IsInf(a, 1) {
			return Func{}, fmt.Errorf("activation: shtanh width a must be in (0, +inf), got %v", a)
		}
		return Shtanh(a), nil
	}
	c, ok := constructors[name]
	if !ok {
		return Func{}, fmt.Errorf("activation: unknown activation %q (one of %v)", name, Names())
	}
	if len(params) != 0 {
		return Func{}, fmt.Errorf("activation: %s takes no parameters, got %d", name, len(params))
	}
	return c(), nil
}

// Linear is φ(h) = h.
func Linear() Func {
	return Func{
		Name:  "linear",
		Phi:   func(h float64) float64 { return h },
		DPhi:  func(float64) float64 { return 1 },
		Scale: math.Inf(1),
		Odd:   true,

		ClosedSecondMoment: func(q float64) float64 { return q },
		ClosedMu:           func(float64, int) float64 { return 1 },
		ClosedKernel:       func(q1, q2, c float64) float64 { return c * math.Sqrt(q1*q2) },
		ClosedDKernel:      func(_, _, _ float64) float64 { return 1 },
	}
}

// ReLU is φ(h) = max(h, 0), with φ′(0) = 0.
func ReLU() Func {
	return Func{
		Name:  "relu",
		Phi:   func(h float64) float64 { return math.Max(h, 0) },
		DPhi:  stepAbove(0),
		Kinks: []float64{0},
		Scale: math.Inf(1),

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
// φ′ = 1{h > −½}; P(φ′ = 1) = Φ(1/(2√q)) (spec §2.3).
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
	}
}

// Tanh is φ = tanh, φ′ = 1 − tanh² (no cosh overflow, spec §8 pitfall 24).
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
	}
}

// HardTanh is φ(h) = clip(h, −1, 1), φ′ = 1{|h| < 1}.
func HardTanh() Func {
	f := Shtanh(1)
	f.Name, f.Param = "hardtanh", 0
	return f
}

// Shtanh is the scaled-bounded activation of Murray et al. 2021 with k = 1:
// φ(h) = clip(h, −a, a) = a·htanh(h/a), φ′ = 1{|h| < a} (spec §2.3
// [reconstructed], F31). It panics unless a is finite and > 0.
func Shtanh(a float64) Func {
	if !(a > 0) || math.IsInf(a, 1) {
		panic(fmt.Sprintf("activation: shtanh width a must be in (0, +inf), got %v", a))
	}
	return Func{
		Name:  "shtanh",
		Param: a,
		Phi:   func(h float64) float64 { return math.Max(-a, math.Min(a, h)) },
		DPhi:  insideBand(a),
		Kinks: []float64{-a, a},
		Scale: math.Inf(1),
		Odd:   true,

		// Spec F5 with q → q/a², times a².
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
	}
}
