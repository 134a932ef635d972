package figure

import (
	"reflect"
	"strings"
	"testing"
)

func captionFigure(caption string, params map[string]float64) Figure {
	return Figure{ID: "f", Caption: caption, Params: params,
		Series: []Series{{Name: "sim", X: []float64{0, 1}, Y: []float64{1, 2}}}}
}

func TestCaptionAgreesWithParams(t *testing.T) {
	cases := []struct {
		name    string
		caption string
		params  map[string]float64
		wantErr string // substring of the error; "" means no error
	}{
		{"issue example: caption kept σ_w² = 3 after the code moved to 2.5",
			"Correlation map at σ_w² = 3, σ_b² = 0.05", map[string]float64{"sigma_w2": 2.5, "sigma_b2": 0.05},
			`caption states σ_w² = 3 but Params["sigma_w2"] = 2.5`},
		{"rounded caption is fine", "fixed point q* = 0.26", map[string]float64{"qstar": 0.2597}, ""},
		{"rounded the wrong way", "fixed point q* = 0.25", map[string]float64{"qstar": 0.2597}, `Params["qstar"] = 0.2597`},
		{"exact %g formatting", "at σ_w² = 1.7606, σ_b² = 0.05", map[string]float64{"sigma_w2": 1.7606, "sigma_b2": 0.05}, ""},
		{"key itself", "width n = 100, depth L = 50", map[string]float64{"n": 100, "L": 40}, `caption states L = 50 but Params["L"] = 40`},
		{"integer caption does not round a fraction away", "n = 100", map[string]float64{"n": 100.6}, `Params["n"] = 100.6`},
		{"exponent form", "ε = 1e-3", map[string]float64{"eps": 0.001}, ""},
		{"exponent form disagrees", "ε = 1e-3", map[string]float64{"eps": 0.002}, "ε = 1e-3"},
		{"unicode minus", "γ = −0.5", map[string]float64{"gamma": -0.5}, ""},
		{"unrelated numbers not flagged", "P(φ′ = 1) = μ₁ over 200 networks, χ₁ = 1 at q¹ = 1",
			map[string]float64{"sigma_w2": 2.5, "networks": 200}, ""},
		{"longer symbol not read as the key's: σ_w² is not σ_w", "σ_w² = 4", map[string]float64{"sigma_w": 2}, ""},
		{"key inside a word not read", "min = 3, d_in = 5", map[string]float64{"n": 7, "d": 1}, ""},
		{"expression, not a number", "α = 8^{-1/2}, ρ₀ = 1/√2", map[string]float64{"alpha": 0.35355, "rho0": 0.7071}, ""},
		{"a product is not a stated value (notebook 02's Fig. 3 caption)",
			"Two-group initial condition (eq. 12), p1 = 1.5 p2 = 0.75d, q = d, σ_w = 2, α = 8^{-1/2}: the ratio p1/p2",
			map[string]float64{"p1": 48, "p2": 32, "q": 64, "sigma_w": 2, "alpha": 0.35355339}, ""},
		{"products with one-letter or operator factors", "L = 2 π, n = 4 d, N = 2 × 10^3, ε = 1 / √8",
			map[string]float64{"L": 6.28, "n": 256, "N": 2000, "eps": 0.35}, ""},
		{"number followed by prose is read", "at σ_w² = 3 and σ_b² = 0.05", map[string]float64{"sigma_w2": 2.5}, "σ_w² = 3 but"},
		{"number followed by a parenthesis is read", "σ_w = 2 (the paper's)", map[string]float64{"sigma_w": 1}, "σ_w = 2 but"},
		{"number at sentence end", "at τ₀ = 2.", map[string]float64{"tau0": 3}, "τ₀ = 2 but"},
		{"second mention disagrees", "σ_w = 1.5 (left); σ_w = 2 (right)", map[string]float64{"sigma_w": 1.5}, "σ_w = 2 but"},
		{"no Params", "σ_w² = 3", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := captionFigure(c.caption, c.params).Check()
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("caption %q, Params %v: unexpected error %v", c.caption, c.params, err)
			case c.wantErr != "" && err == nil:
				t.Fatalf("caption %q, Params %v: no error, want one containing %q", c.caption, c.params, c.wantErr)
			case c.wantErr != "" && !strings.Contains(err.Error(), c.wantErr):
				t.Fatalf("error %q, want it to contain %q", err, c.wantErr)
			}
		})
	}
}

func TestUnusedParams(t *testing.T) {
	cases := []struct {
		name   string
		f      Figure
		unused []string
	}{
		{"all mentioned by caption alias, label and series name",
			Figure{Caption: "at σ_w² = 2", XLabel: "depth L", Params: map[string]float64{"sigma_w2": 2, "L": 10, "networks": 5},
				Series: []Series{{Name: "mean of networks"}}}, nil},
		{"seed-like key never mentioned",
			Figure{Caption: "at σ_b² = 0.05", Params: map[string]float64{"sigma_b2": 0.05, "draws": 30, "d": 64}},
			[]string{"d", "draws"}},
		{"a key inside another word is not a mention",
			Figure{Caption: "index of the deepest layer", Params: map[string]float64{"d": 1}}, []string{"d"}},
		{"heat colour-bar label counts", Figure{Heat: &Heat{ZLabel: "γ"}, Params: map[string]float64{"gamma": 1}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.f.UnusedParams(); !reflect.DeepEqual(got, c.unused) {
				t.Fatalf("UnusedParams = %v, want %v", got, c.unused)
			}
		})
	}
}
