package activation

import (
	"fmt"
	"math"
	"sort"
)

// Spec describes one activation shipped by name: what ByName builds and
// what a command line offers. Param is "" for an activation without a
// parameter; otherwise New needs one finite value in the math range from
// Lo to Hi (Lo excluded when OpenLo, as a > 0 for shtanh; Hi may be +Inf),
// [Min, Max] is the closed range a CLI accepts (inside it), and Default a
// value a CLI may offer.
type Spec struct {
	Name     string
	Doc      string
	Param    string
	ParamDoc string
	Default  float64
	Min, Max float64
	Lo, Hi   float64
	OpenLo   bool
	New      func(p float64) Func
}

var specs = []Spec{
	{Name: "linear", Doc: "φ(h) = h", New: noParam(Linear)},
	{Name: "relu", Doc: "φ(h) = max(h, 0)", New: noParam(ReLU)},
	{Name: "shifted_relu", Doc: "φ(h) = max(h, −½) (P18)", New: noParam(ShiftedReLU)},
	{Name: "smoothed_relu", Doc: "SiLU φ(h) = h σ(h) (P18's smoothed ReLU)", New: noParam(SmoothedReLU)},
	{Name: "tanh", Doc: "φ(h) = tanh h", New: noParam(Tanh)},
	{Name: "hardtanh", Doc: "φ(h) = clip(h, −1, 1)", New: noParam(HardTanh)},
	{Name: "erf", Doc: "φ(h) = erf(√π h/2)", New: noParam(Erf)},
	{Name: "shtanh", Doc: "φ(h) = clip(h, −a, a) (Murray et al. 2021)", Param: "a",
		ParamDoc: "linear-region width a > 0 of shtanh", Default: 1, Min: 1e-6, Max: 1e6, Lo: 0, Hi: math.Inf(1), OpenLo: true, New: Shtanh},
	{Name: "gelu", Doc: "φ(h) = h Φ(h), Φ the standard normal CDF (exact GELU)", New: noParam(GELU)},
	{Name: "softplus", Doc: "φ(h) = log(1 + e^h)", New: noParam(Softplus)},
	{Name: "elu", Doc: "φ(h) = h (h > 0), e^h − 1 (h ≤ 0) (α = 1)", New: noParam(ELU)},
	{Name: "selu", Doc: "φ(h) = λ·elu_α(h) with the self-normalising α, λ of Klambauer et al. 2017", New: noParam(SELU)},
	{Name: "sin", Doc: "φ(h) = sin h", New: noParam(Sin)},
	{Name: "leaky_relu", Doc: "φ(h) = max(h, a h), slope a in [0, 1] for h < 0", Param: "slope",
		ParamDoc: "slope a in [0, 1] of leaky_relu for h < 0", Default: 0.01, Min: 0, Max: 1, Lo: 0, Hi: 1, New: LeakyReLU},
	{Name: "swish", Doc: "φ(h) = h σ(βh) (β = 1: SiLU)", Param: "beta",
		ParamDoc: "beta > 0 of swish", Default: 1, Min: 1e-3, Max: 1e3, Lo: 0, Hi: math.Inf(1), OpenLo: true, New: Swish},
}

func noParam(f func() Func) func(float64) Func { return func(float64) Func { return f() } }

// Specs returns the activations shipped by name, sorted by name.
func Specs() []Spec {
	out := append([]Spec(nil), specs...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names lists the names ByName accepts, sorted.
func Names() []string {
	n := make([]string, 0, len(specs))
	for _, s := range Specs() {
		n = append(n, s.Name)
	}
	return n
}

// Lookup returns the Spec called name.
func Lookup(name string) (Spec, error) {
	for _, s := range specs {
		if s.Name == name {
			return s, nil
		}
	}
	return Spec{}, fmt.Errorf("activation: unknown activation %q (one of %v)", name, Names())
}

// ByName returns the activation called name. One with a parameter (shtanh:
// width a > 0; leaky_relu: slope a in [0, 1]; swish: β > 0) takes exactly
// one, finite and in its range; the others take none.
func ByName(name string, params ...float64) (Func, error) {
	s, err := Lookup(name)
	if err != nil {
		return Func{}, err
	}
	if s.Param == "" {
		if len(params) != 0 {
			return Func{}, fmt.Errorf("activation: %s takes no parameters, got %d", name, len(params))
		}
		return s.New(0), nil
	}
	if len(params) != 1 {
		return Func{}, fmt.Errorf("activation: %s takes one parameter, the %s; got %d parameters", name, s.ParamDoc, len(params))
	}
	if err := s.check(params[0]); err != nil {
		return Func{}, err
	}
	return s.New(params[0]), nil
}

// check returns an error naming the parameter and its mathematical range
// (not the CLI's [Min, Max]) if p is outside it.
func (s Spec) check(p float64) error {
	ok := !math.IsNaN(p) && !math.IsInf(p, 0) && p >= s.Lo && p <= s.Hi && !(s.OpenLo && p == s.Lo)
	if ok {
		return nil
	}
	lb, rb := "[", "]"
	if s.OpenLo {
		lb = "("
	}
	if math.IsInf(s.Hi, 1) {
		rb = ")"
	}
	return fmt.Errorf("activation: %s %s must be in %s%g, %g%s, got %v", s.Name, s.Param, lb, s.Lo, s.Hi, rb, p)
}

// WithDefault returns the activation at its Default parameter (shtanh
// with a = 1, leaky_relu with slope 0.01, swish with β = 1).
func (s Spec) WithDefault() Func { return s.New(s.Default) }
