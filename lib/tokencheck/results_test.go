package tokencheck

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/tokengeom"
)

// The ordered phase's rate check on the map itself, 300 layers from
// (d, 0) at α = 8^{-1/2}: at σ_w = 1.4 (the notebook's) δ runs from 8.6e-8
// to 1.2e-11 over [200, 300] and the fitted rate is ln(1 + λ_a) within
// 1e-6; at σ_w = 1.3 δ reaches 1e-15 (the fit is off by 1.4e-3, rounding)
// and at σ_w = 1.6 it is still 4e-3 at L = 200 (off by 3e-4, the quadratic
// term): there the check is not applicable rather than failed.
func TestOrderedCheckWindow(t *testing.T) {
	a := 1 / math.Sqrt(8)
	for _, c := range []struct {
		sw    float64
		apply bool
	}{{1.4, true}, {1.3, false}, {1.6, false}} {
		m := tokengeom.NewModel(a, a, c.sw)
		or, err := tokengeom.AngleApproach(m, m.D, 0, 300)
		if err != nil {
			t.Fatal(err)
		}
		k := orderedCheck(or, m, 200, 300)
		if (k.NotApplicable == "") != c.apply || (c.apply && !(math.Abs(k.Value) <= k.Tol)) || (!c.apply && !(math.Abs(k.Value) > k.Tol)) {
			t.Errorf("σ_w = %g: value %.2g (tol %g), not applicable %q; want applicable %v", c.sw, k.Value, k.Tol, k.NotApplicable, c.apply)
		}
	}
}
