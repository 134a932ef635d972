package quantity

import (
	"math"
	"testing"
)

// TestComposeFiniteWidth: a chain of linear layers (no attention, no norm,
// skip 0, branch 1, φ = id with no hidden layer: X' = X W, W ~ N(0, 1/d))
// from tokens with ρ0 = 0 has, to O(1/d), Var q̂^ℓ = (ℓ + 1)·2q²/(n d):
// each layer's Wishart noise 2q²/(nd) (its tokens' norms uncorrelated at
// ρ = 0) and the input's, carried with Jacobian 1 (the 1/n term of the
// scale-invariant class's exact (S) with c = 2 for one token,
// lib/sources/finitewidth.md#scale-invariant), 1e-9 relative; ρ stays 0.
func TestComposeFiniteWidth(t *testing.T) {
	const n, d, l = 4, 50, 6
	v, err := evalNamed(t, "compose.finite_width", map[string]string{
		"n": "4", "d": "50", "depth": "10", "layer": "6", "norm": "none", "no_attention": "true",
		"phi": "linear", "mlp_layers": "0", "sigma_out": "1", "skip_mlp": "0", "branch_mlp": "1", "rho0": "0"})
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	q := float64(d)
	want := float64(l+1) * 2 * q * q / (n * d)
	if got := m["var_q"].(float64); math.Abs(got-want) > 1e-9*want {
		t.Errorf("var_q = %.12g, want %.12g", got, want)
	}
	if got := m["mean_rho_infinite_width"].(float64); got != 0 {
		t.Errorf("rho = %g, want 0", got)
	}
	checkEvalErrors(t, []evalError{
		{"compose.finite_width", map[string]string{"depth": "4", "layer": "5"}, "layer = 5"},
		{"compose.finite_width", map[string]string{"rho0": "-0.05"}, "BlockSettings.Rho0"},
	})
}
