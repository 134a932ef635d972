package quantity

import (
	"math"
	"testing"
)

func TestTokengeomQuantities(t *testing.T) {
	// lib/sources/cowsik2024.md#checks reference values through the registry (1e-9 relative).
	cases := []struct {
		name string
		args map[string]string
		key  string
		want float64
	}{
		{"tokengeom.att_map", map[string]string{"q": "64", "p": "32"}, "q", 32.205569232534},
		{"tokengeom.att_map", map[string]string{"q": "64", "p": "0", "sigma_a2": "25"}, "p", 0.25},
		{"tokengeom.layer_map", map[string]string{"q": "64", "p": "32", "sigma_w": "1"}, "q", 54.414087418803},
		{"tokengeom.qstar", map[string]string{"sigma_w": "2"}, "", 64 * 1.664748026013},
		{"tokengeom.lambda_a", map[string]string{"sigma_w": "2"}, "", 0.1220181483},
		{"tokengeom.lambda_a", map[string]string{"alpha_a": "0.3", "alpha_m": "0.6", "sigma_w": "2"}, "", 0.4360670766},
		{"tokengeom.lambda_g", map[string]string{"sigma_w": "2"}, "lambda_g", 0.1157927297},
		{"tokengeom.lambda_g", map[string]string{"sigma_w": "2", "variant": "paper"}, "lambda_g", -0.1615304413},
		{"tokengeom.lambda_g", map[string]string{"sigma_w": "1"}, "lambda_g_inf", 0.0123986471},
	}
	for _, c := range cases {
		q, err := Lookup(c.name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := q.Parse(c.args)
		if err != nil {
			t.Fatalf("%s %v: %v", c.name, c.args, err)
		}
		out, err := q.Eval(v)
		if err != nil {
			t.Fatalf("%s %v: %v", c.name, c.args, err)
		}
		var got float64
		switch o := out.(type) {
		case float64:
			got = o
		case map[string]float64:
			got = o[c.key]
		default:
			t.Fatalf("%s: unexpected type %T", c.name, out)
		}
		if math.Abs(got-c.want) > 1e-9*math.Max(1, math.Abs(c.want)) {
			t.Errorf("%s %v = %.12f, want %.12f", c.name, c.args, got, c.want)
		}
	}
}

func TestTokengeomQuantityErrors(t *testing.T) {
	// Bad input is an error naming the parameter, never a panic or NaN.
	checkEvalErrors(t, []evalError{
		{"tokengeom.att_map", map[string]string{"q": "1", "p": "2"}, "p"},
		{"tokengeom.lambda_g", map[string]string{"variant": "printed"}, "variant"},
		{"tokengeom.lambda_a", map[string]string{"alpha_a": "1.5"}, "alpha_a"},
		{"tokengeom.qstar", map[string]string{"alpha_a": "0", "alpha_m": "0"}, ""}, // any error
	})
}
