package quantity

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
)

// TestMeanfieldDefaults: every quantity evaluates at its defaults, is
// JSON-encodable, and the defaults (tanh, σ_w² = 2, σ_b² = 0.05) give the
// lib/sources/tanner2024.md#check-9 row (q* = 0.7217619, χ₁ = 1.047666, c* = 0.744082,
// ξ_c = 25.2134, ξ_q = 1.3880); μ₁ of tanh at q* = 0.25 against
// E sech⁴ by the independent trapezoid rule in this test (1e-9).
func TestMeanfieldDefaults(t *testing.T) {
	want := map[string]float64{
		"meanfield.qstar": 0.7217619, "meanfield.chi1": 1.047666, "meanfield.cstar": 0.744082,
		"meanfield.xi_c": 25.2134, "meanfield.xi_q": 1.3880,
	}
	tol := map[string]float64{"meanfield.xi_c": 5e-4, "meanfield.xi_q": 5e-4}
	for _, q := range All() {
		if !strings.HasPrefix(q.Name, "meanfield.") {
			continue
		}
		val, err := evalNamed(t, q.Name, nil)
		if err != nil {
			t.Errorf("%s at defaults: %v", q.Name, err)
			continue
		}
		if _, err := json.Marshal(val); err != nil {
			t.Errorf("%s: value %v not JSON-encodable: %v", q.Name, val, err)
		}
		if w, ok := want[q.Name]; ok {
			tl := tol[q.Name]
			if tl == 0 {
				tl = 5e-7
			}
			if x, ok := val.(float64); !ok || math.Abs(x-w) > tl {
				t.Errorf("%s = %v, want %v", q.Name, val, w)
			}
		}
	}
	// μ₁(0.25) for tanh: trapezoid rule, step 0.01 on |z| ≤ 10.
	var ref float64
	for i := -1000; i <= 1000; i++ {
		z := float64(i) * 0.01
		s := 1 - math.Pow(math.Tanh(0.5*z), 2)
		ref += 0.01 * s * s * math.Exp(-z*z/2) / math.Sqrt(2*math.Pi)
	}
	if v, _ := evalNamed(t, "meanfield.mu", nil); math.Abs(v.(float64)-ref) > 1e-9 {
		t.Errorf("meanfield.mu default = %v, trapezoid %v", v, ref)
	}
	// EoC at σ_b² = 0.05: lib/sources/tanner2024.md#check-8 (σ_w² = 1.7609546, q* = 0.570048).
	v, _ := evalNamed(t, "meanfield.eoc_sigma_w", map[string]string{"sigma_b": strconv.FormatFloat(math.Sqrt(0.05), 'g', -1, 64)})
	m := v.(map[string]float64)
	if math.Abs(m["sigma_w2"]-1.7609546) > 5e-8 || math.Abs(m["qstar"]-0.570048) > 5e-7 {
		t.Errorf("eoc_sigma_w = %v", m)
	}
	// The inverse problem at that σ_w gives σ_b² = 0.05 back (the two
	// solvers are independent root finds; 1e-7 covers both tolerances).
	v, _ = evalNamed(t, "meanfield.eoc_sigma_b", map[string]string{"sigma_w": strconv.FormatFloat(m["sigma_w"], 'g', -1, 64)})
	b := v.(map[string]float64)
	if math.Abs(b["sigma_b2"]-0.05) > 1e-7 || math.Abs(b["sigma_b"]-math.Sqrt(0.05)) > 1e-6 || math.Abs(b["qstar"]-m["qstar"]) > 1e-6 {
		t.Errorf("eoc_sigma_b at sigma_w = %v: %v, want sigma_b2 = 0.05, qstar %v", m["sigma_w"], b, m["qstar"])
	}
}

// TestMeanfieldErrors: out-of-range and unknown parameters name the
// parameter and its range; data-dependent failures are errors.
func TestMeanfieldErrors(t *testing.T) {
	checkEvalErrors(t, []evalError{
		{"meanfield.qstar", map[string]string{"sigma_w": "0"}, "sigma_w=0 out of range: real in [0.001, 10]"},
		{"meanfield.qstar", map[string]string{"sigma_b": "-1"}, "sigma_b=-1 out of range"},
		{"meanfield.chi1", map[string]string{"phi": "sigmoid"}, "phi=\"sigmoid\" out of range: one of"},
		{"meanfield.mu", map[string]string{"k": "0"}, "k=0 out of range: integer in [1, 64]"},
		{"meanfield.mu", map[string]string{"qstar": "-0.1"}, "qstar=-0.1 out of range"},
		{"meanfield.eoc_sigma_w", map[string]string{"sigma_w": "1"}, "unknown parameter \"sigma_w\""},
		{"meanfield.xi_c", map[string]string{"a": "0", "phi": "shtanh"}, "a=0 out of range"},
		// data-dependent: ReLU with σ_w² = 4 > 2 and σ_b > 0 diverges.
		{"meanfield.qstar", map[string]string{"phi": "relu", "sigma_w": "2", "sigma_b": "0.1"}, "diverges"},
		{"meanfield.eoc_sigma_w", map[string]string{"phi": "relu", "sigma_b": "0.1"}, "no edge-of-chaos point"},
		{"meanfield.eoc_sigma_b", map[string]string{"phi": "tanh", "sigma_w": "0.9"}, "no edge-of-chaos point"},
		// issue 27: SiLU at σ_b = 0.1 has χ₁ = 1 only at a repelling q*.
		{"meanfield.eoc_sigma_w", map[string]string{"phi": "smoothed_relu", "sigma_b": "0.1"}, "divergent region"},
		{"meanfield.phase", map[string]string{"q0": "0"}, "q0=0 out of range"},
	})
}

// TestMeanfieldNoNaN: property test, 300 random parameter sets drawn
// uniformly (log-uniformly for sigma_w, qstar) within the declared ranges:
// each quantity returns a finite value (or "+Inf" for a depth scale) or an
// error, never NaN or ±Inf as a number.
func TestMeanfieldNoNaN(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	var names []string
	for _, q := range All() {
		if strings.HasPrefix(q.Name, "meanfield.") {
			names = append(names, q.Name)
		}
	}
	phis := mfPhi.Choices
	errs := 0
	defer func() {
		// Errors are legitimate (diverging q-maps, no EoC point) but must
		// not dominate, or the property is vacuous.
		if errs > 150 {
			t.Errorf("%d of 300 evaluations failed", errs)
		}
	}()
	for i := 0; i < 300; i++ {
		args := map[string]string{
			"phi":     phis[rng.IntN(len(phis))],
			"sigma_w": strconv.FormatFloat(math.Exp(math.Log(1e-3)+rng.Float64()*math.Log(1e4)), 'g', -1, 64),
			"sigma_b": strconv.FormatFloat(10*rng.Float64()*rng.Float64(), 'g', -1, 64),
			"a":       strconv.FormatFloat(math.Exp(rng.NormFloat64()), 'g', -1, 64),
			"slope":   strconv.FormatFloat(rng.Float64(), 'g', -1, 64),
			"beta":    strconv.FormatFloat(math.Exp(rng.NormFloat64()), 'g', -1, 64),
			"qstar":   strconv.FormatFloat(math.Exp(math.Log(1e-6)+rng.Float64()*math.Log(1e10)), 'g', -1, 64),
			"k":       strconv.Itoa(1 + rng.IntN(64)),
			"q0":      strconv.FormatFloat(math.Exp(math.Log(1e-6)+rng.Float64()*math.Log(1e6)), 'g', -1, 64),
		}
		name := names[rng.IntN(len(names))]
		q, _ := Lookup(name)
		use := map[string]string{}
		for _, p := range q.Params {
			if a, ok := args[p.Name]; ok { // others (finite_width's layer, width) at their defaults
				use[p.Name] = a
			}
		}
		val, err := evalNamed(t, name, use)
		if err != nil {
			errs++
			t.Logf("%s %v: %v", name, use, err)
			continue
		}
		if !mfFinite(val) {
			t.Errorf("%s %v = %v", name, use, val)
		}
	}
}

func mfFinite(v any) bool {
	switch x := v.(type) {
	case float64:
		return !math.IsNaN(x) && !math.IsInf(x, 0)
	case string:
		return x == "+Inf" || x == "-Inf"
	case map[string]float64:
		for _, y := range x {
			if !mfFinite(y) {
				return false
			}
		}
		return true
	case map[string]any:
		for k, y := range x {
			if k == "phase" || k == "stability" { // names, not numbers
				continue
			}
			if !mfFinite(y) {
				return false
			}
		}
		return true
	}
	return false
}

// TestMeanfieldPhase: meanfield.phase at the tanh rows of lib/sources/tanner2024.md#check-9
// (σ_b² = 0.05: σ_w² = 1.5 ordered, 2 chaotic), ReLU past σ_w² = 2
// divergent, and SiLU at (σ_w² = 3, σ_b² = 0.01) ordered from q0 = 0.01
// but divergent from q0 = 1 (its q* ≈ 0.044 attracts, a second one below
// 1 repels).
func TestMeanfieldPhase(t *testing.T) {
	cases := []struct {
		args map[string]string
		want string
	}{
		{map[string]string{"sigma_w": strconv.FormatFloat(math.Sqrt(1.5), 'g', -1, 64)}, "ordered"},
		{nil, "chaotic"},
		{map[string]string{"phi": "relu", "sigma_w": "1.6", "sigma_b": "0.1"}, "divergent"},
		{map[string]string{"phi": "smoothed_relu", "sigma_w": strconv.FormatFloat(math.Sqrt(3), 'g', -1, 64), "sigma_b": "0.1", "q0": "0.01"}, "ordered"},
		{map[string]string{"phi": "smoothed_relu", "sigma_w": strconv.FormatFloat(math.Sqrt(3), 'g', -1, 64), "sigma_b": "0.1"}, "divergent"},
	}
	for _, c := range cases {
		v, err := evalNamed(t, "meanfield.phase", c.args)
		m, _ := v.(map[string]any)
		if err != nil || m["phase"] != c.want {
			t.Errorf("%v: %v %v, want %s", c.args, v, err, c.want)
		}
		if c.want != "divergent" && m["stability"] != "attracting" {
			t.Errorf("%v: %v, want an attracting q*", c.args, v)
		}
	}
}

// TestEveryActivationEvaluates: every activation offered by phi (all of
// activation.Names, with their parameters at the defaults) evaluates
// meanfield.state and meanfield.phase at σ_w² = 0.9, σ_b² = 0.2 and
// jacspectrum.moments at its defaults (q* = 0.25) to finite numbers, or,
// for jacspectrum.moments, to an error naming the edge of chaos (softplus
// would need σ_b² < 0 there).
func TestEveryActivationEvaluates(t *testing.T) {
	sw := strconv.FormatFloat(math.Sqrt(0.9), 'g', -1, 64)
	sb := strconv.FormatFloat(math.Sqrt(0.2), 'g', -1, 64)
	for _, phi := range mfPhi.Choices {
		for _, name := range []string{"meanfield.state", "meanfield.phase"} {
			v, err := evalNamed(t, name, map[string]string{"phi": phi, "sigma_w": sw, "sigma_b": sb})
			if err != nil || !mfFinite(v) {
				t.Errorf("%s phi=%s: %v %v", name, phi, v, err)
			}
		}
		v, err := evalNamed(t, "jacspectrum.moments", map[string]string{"phi": phi})
		if err != nil {
			if !strings.Contains(err.Error(), "edge-of-chaos") {
				t.Errorf("jacspectrum.moments phi=%s: %v", phi, err)
			}
			continue
		}
		m := v.(map[string]any)
		if s, _ := m["qstar_stability"].(string); s == "" || !mfFinite(m["var"]) {
			t.Errorf("jacspectrum.moments phi=%s: %v", phi, v)
		}
	}
}

// TestEoCQuantitiesAtZeroBias: meanfield.eoc_sigma_w at sigma_b = 0 (and
// at sigma_b = 1e-300, whose square is 0) for the activations with an edge
// there is exactly (sigma_w^2 = 1/mu_1(0+), q* = 0), and
// meanfield.eoc_sigma_b at that sigma_w gives sigma_b = 0. Before the
// corner was fixed, elu failed on sigma_b^2 = -1e-16, hardtanh, shtanh and
// shifted_relu on the q-map's sub-rounding approach to q* = 0, and selu
// returned q* = 1.5e-8 (meanfield.TestEoCNearZeroBias covers every
// registered activation and sigma_b near 0).
func TestEoCQuantitiesAtZeroBias(t *testing.T) {
	for _, phi := range []string{"elu", "selu", "hardtanh", "shtanh", "shifted_relu", "tanh", "erf", "sin"} {
		for _, sb := range []string{"0", "1e-300"} {
			v, err := evalNamed(t, "meanfield.eoc_sigma_w", map[string]string{"phi": phi, "sigma_b": sb})
			if err != nil {
				t.Errorf("eoc_sigma_w phi=%s sigma_b=%s: %v", phi, sb, err)
				continue
			}
			m := v.(map[string]float64)
			want := 1.0
			if phi == "selu" {
				want = 2 / (activation.SELULambda * activation.SELULambda * (1 + activation.SELUAlpha*activation.SELUAlpha))
			}
			if m["qstar"] != 0 || math.Abs(m["sigma_w2"]-want) > 1e-15 {
				t.Errorf("eoc_sigma_w phi=%s sigma_b=%s = %v, want sigma_w2 = %.17g, qstar = 0", phi, sb, m, want)
			}
			b, err := evalNamed(t, "meanfield.eoc_sigma_b", map[string]string{"phi": phi, "sigma_w": strconv.FormatFloat(m["sigma_w"], 'g', -1, 64)})
			if err != nil || b.(map[string]float64)["sigma_b"] != 0 {
				t.Errorf("eoc_sigma_b phi=%s sigma_w=%g = %v, %v; want sigma_b = 0", phi, m["sigma_w"], b, err)
			}
		}
	}
}
