package quantity

import (
	"testing"

	"github.com/sigprop/sigprop/lib/finitewidth"
	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/meanfield"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/tokencheck"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// TestRangesFromLib: the parameters whose bounds repeat a bound of the
// package that validates the setting take that package's Range (Domain),
// so a range is typed once: each named parameter of each quantity has
// the lib's Range as its domain, and its [Min, Max] lies inside it.
func TestRangesFromLib(t *testing.T) {
	for _, c := range []struct {
		quantity, param string
		lib             param.Range
	}{
		{"tokennet.lambda_a_numeric", "n", tokengeom.NRange},
		{"tokennet.lambda_a_numeric", "d", tokennet.DRange},
		{"tokennet.lambda_g_numeric", "networks", tokencheck.NetworksRange},
		{"sde.drift", "m", sde.TokensRange},
		{"sde.correlation_stats", "paths", sde.PathsRange},
		{"sde.correlation_stats", "step", sde.StepRange},
		{"meanfield.finite_width", "layer", finitewidth.DepthRange},
		{"meanfield.finite_width", "width", finitewidth.WidthRange},
		{"meanfield.finite_width", "sigma_w", meanfield.SigmaW2Range},
		{"meanfield.qstar", "sigma_b", meanfield.SigmaB2Range},
		{"rankcollapse.rho", "rho0", rankcollapse.CorrelationRange},
		{"rankcollapse.rho", "alpha1", rankcollapse.VarianceRange},
		{"rankcollapse.rho", "depth", rankcollapse.DepthRange},
		{"rankcollapse.grad_v", "rho", rankcollapse.CorrelationRange},
		{"jacspectrum.moments", "depth", jacspectrum.DepthRange},
	} {
		q, err := Lookup(c.quantity)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, p := range q.Params {
			if p.Name != c.param {
				continue
			}
			found = true
			if p.domain == nil || *p.domain != c.lib {
				t.Errorf("%s %s: domain %v, want the lib's %v", c.quantity, c.param, p.domain, c.lib)
			}
			if err := c.lib.Within(p.Min, p.Max); err != nil || p.Integer != c.lib.Integer {
				t.Errorf("%s %s: [%v, %v] integer %v: %v", c.quantity, c.param, p.Min, p.Max, p.Integer, err)
			}
		}
		if !found {
			t.Errorf("%s has no parameter %s", c.quantity, c.param)
		}
	}
}
