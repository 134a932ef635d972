package quantity

import (
	"math"
	"testing"
)

// Reference values from lib/sources/noci2022.md#check-10, #check-11, #check-12, #check-18, #check-20,
// through the registry.
func TestRankCollapseQuantities(t *testing.T) {
	for _, tc := range []struct {
		name string
		args map[string]string
		want float64
		tol  float64
	}{
		{"rankcollapse.rho", map[string]string{"n": "50", "rho0": "0", "alpha1": "1", "depth": "8"}, 0.836066, 1e-6},
		{"rankcollapse.rho", map[string]string{"n": "50", "depth": "12", "scaling": "sqrtL"}, 0.031252, 1e-6},
		{"rankcollapse.rho_limit", map[string]string{"n": "50", "scaling": "sqrtL"}, 0.033224, 1e-6},
		{"rankcollapse.rho_limit", map[string]string{"n": "8", "rho0": "0.3", "alpha1": "1", "scaling": "sqrtL"}, 0.579790, 1e-6},
		{"rankcollapse.rho_limit", map[string]string{"n": "8", "rho0": "0.3"}, 1, 0},
		{"rankcollapse.grad_v", map[string]string{"n": "10", "d": "16", "rho": "0.5"}, 1408, 1e-9},
		{"rankcollapse.grad_q", map[string]string{"n": "10", "d": "16", "rho": "0.5", "form": "paper"}, 93.6, 1e-9},
		{"rankcollapse.grad_q", map[string]string{"n": "4", "d": "3", "rho": "0.2", "sigma_x2": "2"}, 102.144, 1e-9},
		{"rankcollapse.tau", map[string]string{"n": "25", "d": "512", "rho": "0.05"}, 1.555965, 1e-6},
	} {
		got, err := evalNamed(t, tc.name, tc.args)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.name, tc.args, err)
		}
		if x := got.(float64); math.Abs(x-tc.want) > tc.tol {
			t.Errorf("%s %v = %.8g, want %v", tc.name, tc.args, x, tc.want)
		}
	}
}

func TestRankCollapseQuantityErrors(t *testing.T) {
	checkEvalErrors(t, []evalError{
		{"rankcollapse.grad_q", map[string]string{"n": "1"}, "n=1 out of range"},
		{"rankcollapse.grad_q", map[string]string{"n": "5", "rho": "-0.5"}, "rho = -0.5, want a correlation in [-1/(n-1), 1]"},
		{"rankcollapse.grad_v", map[string]string{"sigma_x2": "-1"}, "sigma_x2=-1 out of range"},
		{"rankcollapse.tau", map[string]string{"rho": "1"}, "rho = 1, want < 1"},
		{"rankcollapse.rho", map[string]string{"n": "4", "rho0": "-0.5"}, "rho0 = -0.5"},
		{"rankcollapse.rho", map[string]string{"scaling": "linear"}, "one of const|sqrtL"},
	})
}
