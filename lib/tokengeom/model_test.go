package tokengeom

import (
	"errors"
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
		{"Model.AlphaA = -0.1, want in [0, 1]", func(m *Model) { m.AlphaA = -0.1 }},
		{"Model.AlphaM = NaN", func(m *Model) { m.AlphaM = math.NaN() }},
		{"Model.SigmaW = 0, want in (0, +inf)", func(m *Model) { m.SigmaW = 0 }},
		{"Model.MLPLayers = -1", func(m *Model) { m.MLPLayers = -1 }},
		{"Model.N = 1, want an integer >= 2", func(m *Model) { m.N = 1 }},
		{"Model.D = +Inf", func(m *Model) { m.D = math.Inf(1) }},
		{"Model.SigmaA2 = -1", func(m *Model) { m.SigmaA2 = -1 }},
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
		// Validate returns the same text as an ErrParam error, and so do
		// the functions that return an error: the model a user types is an
		// error, not a panic.
		_, errQ := QStar(m)
		_, errT := Trajectory(m, 1, 0, 2)
		_, errF := NonCollapsedFixedPoint(m, FixedPointSettings{})
		for _, err := range []error{m.Validate(), errQ, errT, errF} {
			if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.param) {
				t.Errorf("%s: error %v, want ErrParam naming it", c.param, err)
			}
		}
	}
	if _, err := Trajectory(good, 1, 2, 3); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "p = 2, want in [-q/(n-1), q]") {
		t.Errorf("Trajectory from p > q: %v, want CheckQP's ErrParam", err)
	}
	if _, err := Trajectory(good, 1, 0, -1); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "steps = -1") {
		t.Errorf("Trajectory with steps = -1: %v", err)
	}
	// Domain errors of the maps are panics too (caller bugs), naming p.
	func() {
		defer func() {
			if r, _ := recover().(string); !strings.Contains(r, "p = 2, want in") {
				t.Errorf("F with p > q: panic %q", r)
			}
		}()
		F(good, 1, 2)
	}()
}
