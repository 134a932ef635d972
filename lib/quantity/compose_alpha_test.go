package quantity

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// Every compose quantity takes the phase-plane parameters of tokengeom:
// alpha (skip √(1−α²), branch α on both sub-blocks), alpha_a, alpha_m
// and sigma_ff. compose.lambda_a at alpha_a, alpha_m, sigma_ff over
// Cowsik's block is tokengeom.lambda_a at the same parameters (their
// closed form, 1e-12), and alpha = a is skip/branch typed by hand.
func TestComposeAlphaKeys(t *testing.T) {
	for _, c := range [][3]float64{{0.3, 0.3, 2}, {0.7, 0.4, 1.2}, {0.9, 0.5, 0.8}} {
		args := map[string]string{"norm_kind": "rms", "alpha_a": coFmt(c[0]), "alpha_m": coFmt(c[1]), "sigma_ff": coFmt(c[2]), "mlp_layers": "2"}
		got, err := evalNamed(t, "compose.lambda_a", args)
		if err != nil {
			t.Fatal(err)
		}
		m := tokengeom.NewModel(c[0], c[1], c[2])
		m.MLPLayers = 2
		want := tokengeom.LambdaA(m)
		if math.Abs(got.(float64)-want) > 1e-12 {
			t.Errorf("%v: compose.lambda_a %v, tokengeom %v", c, got, want)
		}
	}
	a := 0.6
	s := coFmt(math.Sqrt(1 - a*a))
	byAlpha, err1 := evalNamed(t, "compose.rho_depth", map[string]string{"alpha": coFmt(a)})
	byHand, err2 := evalNamed(t, "compose.rho_depth", map[string]string{"skip_attn": s, "skip_mlp": s, "branch_attn": coFmt(a), "branch_mlp": coFmt(a)})
	if err1 != nil || err2 != nil || byAlpha != byHand {
		t.Errorf("alpha = %v: %v (%v), by hand %v (%v)", a, byAlpha, err1, byHand, err2)
	}
	for _, bad := range []map[string]string{{"alpha": "0.5", "alpha_a": "0.3"}, {"alpha": "-0.5"}, {"sigma_ff": "0"}} {
		if _, err := evalNamed(t, "compose.lambda_a", bad); !errors.Is(err, compose.ErrParam) {
			t.Errorf("%v: %v, want compose.ErrParam", bad, err)
		}
	}
}

// compose.lambda_g answers for the post-LN GELU block of issue 41 (it
// used to refuse it), and says when the start is outside the regime of
// the collapsed-point exponents.
func TestComposeLambdaGPostLN(t *testing.T) {
	args := map[string]string{"norm": "post", "norm_kind": "ln", "phi": "gelu", "alpha": "0.5", "sigma_ff": "1.2"}
	v, err := evalNamed(t, "compose.lambda_g", args)
	if err != nil {
		t.Fatal(err)
	}
	m := v.(map[string]any)
	if m["in_regime"] != true || m["warning"] != "" || !(m["lambda_g"].(float64) < 0) {
		t.Errorf("at collapse: %v", m)
	}
	args["rho0"] = "0.3"
	v, _ = evalNamed(t, "compose.lambda_g", args)
	if m := v.(map[string]any); m["in_regime"] != false || !strings.Contains(m["warning"].(string), "outside the regime") {
		t.Errorf("from rho0 = 0.3: %v", m)
	}
}

func coFmt(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
