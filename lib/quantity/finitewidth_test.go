package quantity

import (
	"math"
	"testing"
)

// TestFiniteWidth: ReLU at criticality (σ_w² = 2, σ_b = 0, q0 = 0.5 so
// K = 1) has the closed forms of lib/sources/finitewidth.md#scale-invariant:
// variance (5ℓ − 3)/n, no mean shift, and exact variance
// (1 + 2/n)(1 + 5/n)^{ℓ−1} − 1 (1e-12); the defaults (tanh) evaluate to a
// finite map whose mean_shift is the difference mean − kernel.
func TestFiniteWidth(t *testing.T) {
	v, err := evalNamed(t, "meanfield.finite_width", map[string]string{
		"phi": "relu", "sigma_w": "1.4142135623730951", "sigma_b": "0", "q0": "0.5", "layer": "10", "width": "100"})
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	for k, want := range map[string]float64{
		"kernel": 1, "variance": 47.0 / 100, "mean": 1, "mean_shift": 0,
		"exact_variance": (1+2.0/100)*math.Pow(1+5.0/100, 9) - 1, "depth_over_width": 0.1,
		"epsilon": 45.0 / 100, "jacobian_log_variance": 47.0 / 100, // (5(ℓ−1) + 2)/n, Hanin's Σ 5/n_ℓ
	} {
		if got := m[k].(float64); math.Abs(got-want) > 1e-12 {
			t.Errorf("relu %s = %.15g, want %.15g", k, got, want)
		}
	}
	v, err = evalNamed(t, "meanfield.finite_width", nil)
	if err != nil {
		t.Fatal(err)
	}
	m = v.(map[string]any)
	if _, ok := m["exact_variance"]; ok {
		t.Error("tanh has an exact_variance")
	}
	if d := m["mean"].(float64) - m["kernel"].(float64) - m["mean_shift"].(float64); math.Abs(d) > 1e-15 {
		t.Errorf("mean − kernel − mean_shift = %g", d)
	}
}

// TestFiniteWidthErrors: out-of-range parameters name themselves and
// their range; a zero first-layer kernel is refused with its fields.
func TestFiniteWidthErrors(t *testing.T) {
	checkEvalErrors(t, []evalError{
		{"meanfield.finite_width", map[string]string{"layer": "0"}, "layer=0 out of range: integer in [1, 1000]"},
		{"meanfield.finite_width", map[string]string{"width": "0"}, "width=0 out of range: integer in [1, 1e+15]"},
		{"meanfield.finite_width", map[string]string{"q0": "-1"}, "q0=-1 out of range: real in [0, 1e+06]"},
		{"meanfield.finite_width", map[string]string{"q0": "0", "sigma_b": "0"}, "first-layer kernel"},
		// data-dependent: an ordered ReLU net's kernel underflows.
		{"meanfield.finite_width", map[string]string{"phi": "relu", "sigma_w": "0.01", "sigma_b": "0", "layer": "30"}, "out of the representable range"},
	})
}
