package compose

import "testing"

// TestCheckSpecialCases: the composition reproduces the papers' own
// functions to rounding (1e-12, the package's bound for identities that
// differ only in the order of arithmetic); each difference is against
// code that shares nothing with the composition (tokengeom, rankcollapse,
// sde).
func TestCheckSpecialCases(t *testing.T) {
	sc, err := CheckSpecialCases()
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]float64{"map": sc.Map, "λ_a": sc.LambdaA, "ρ^ℓ": sc.Rho, "drift": sc.Drift} {
		if !(v >= 0 && v <= 1e-12) {
			t.Errorf("%s: composed vs the paper's function differ by %v", name, v)
		}
	}
}
