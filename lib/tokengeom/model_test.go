package tokengeom

import (
	"math"
	"strings"
	"testing"
)

func TestModelValidatePanicsNamingParameter(t *testing.T) {
	good := NewModel(0.5, 0.5, 1.5)
	cases := []struct {
		param string
		mod   func(*Model)
	}{
		{"alpha_a", func(m *Model) { m.AlphaA = -0.1 }},
		{"alpha_m", func(m *Model) { m.AlphaM = math.NaN() }},
		{"sigma_w", func(m *Model) { m.SigmaW = 0 }},
		{"mlp_layers", func(m *Model) { m.MLPLayers = -1 }},
		{"n", func(m *Model) { m.N = 1 }},
		{"d", func(m *Model) { m.D = math.Inf(1) }},
		{"sigma_a2", func(m *Model) { m.SigmaA2 = -1 }},
	}
	for _, c := range cases {
		m := good
		c.mod(&m)
		func() {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if r == nil || !strings.HasPrefix(msg, "tokengeom: ") || !strings.Contains(msg, c.param) {
					t.Errorf("%s: panic %v, want a tokengeom panic naming %s", c.param, r, c.param)
				}
			}()
			LambdaA(m)
		}()
	}
	// Domain errors of the maps are panics too (caller bugs), naming p.
	func() {
		defer func() {
			if r, _ := recover().(string); !strings.Contains(r, "p must") {
				t.Errorf("F with p > q: panic %q", r)
			}
		}()
		F(good, 1, 2)
	}()
}
