package quantity

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// tokenPhiQuantities are the tokengeom and tokennet quantities whose MLP
// takes phi=.
var tokenPhiQuantities = []string{"tokengeom.layer_map", "tokengeom.qstar", "tokengeom.lambda_a",
	"tokengeom.lambda_g", "tokennet.lambda_a_numeric", "tokennet.lambda_g_numeric"}

// Every activation name is a choice of phi= of every token quantity (the
// registry's list, not a fixed one); each evaluates to a value or an
// error, never a panic; a name outside the registry is an error naming
// the parameter.
func TestTokenQuantitiesTakeEveryPhi(t *testing.T) {
	small := map[string]string{"n": "4", "d": "4", "depth": "2", "networks": "2"}
	for _, name := range tokenPhiQuantities {
		q, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, phi := range activation.Names() {
			args := map[string]string{"phi": phi}
			for _, p := range q.Params {
				if s, ok := small[p.Name]; ok {
					args[p.Name] = s
				}
			}
			v, err := q.Parse(args)
			if err != nil {
				t.Errorf("%s phi=%s: %v", name, phi, err)
				continue
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s phi=%s panics: %v", name, phi, r)
					}
				}()
				q.Eval(v) // a value or an error naming the failure
			}()
		}
		if _, err := q.Parse(map[string]string{"phi": "mish"}); err == nil || !strings.Contains(err.Error(), "phi") {
			t.Errorf("%s phi=mish: error %v, want one naming phi", name, err)
		}
	}
}

// phi= reaches the theory and the simulator: tokengeom.lambda_a with
// phi=gelu is tokengeom.LambdaA of the GELU model, leaky_relu's slope=
// reaches φ, and tokennet.lambda_a_numeric with phi=gelu is the estimator
// on TransformerConfig.Act = GELU with the quantity's seed.
func TestTokenQuantitiesPhiReachesModel(t *testing.T) {
	eval := func(name string, args map[string]string) any {
		q, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := q.Parse(args)
		if err != nil {
			t.Fatal(err)
		}
		out, err := q.Eval(v)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, c := range []struct {
		args map[string]string
		act  activation.Func
	}{
		{map[string]string{"phi": "gelu", "sigma_w": "1.5"}, activation.GELU()},
		{map[string]string{"phi": "leaky_relu", "slope": "0.3", "sigma_w": "1.5"}, activation.LeakyReLU(0.3)},
	} {
		m := tokengeom.NewModel(0.3535533905932738, 0.3535533905932738, 1.5) // the defaults of alpha_a, alpha_m
		m.Act = c.act
		if got, want := eval("tokengeom.lambda_a", c.args), tokengeom.LambdaA(m); got != want {
			t.Errorf("tokengeom.lambda_a %v = %v, want LambdaA %v", c.args, got, want)
		}
		tanh := m
		tanh.Act = activation.Tanh()
		if tokengeom.LambdaA(tanh) == tokengeom.LambdaA(m) {
			t.Errorf("%v: LambdaA equals tanh's; the comparison above cannot tell", c.act)
		}
	}
	got := eval("tokennet.lambda_a_numeric", map[string]string{"phi": "gelu", "n": "8", "d": "8", "networks": "3", "seed": "5"}).(map[string]float64)
	gelu := activation.GELU()
	cfg := tokennet.PaperTransformer(0.3535533905932738, 2)
	cfg.N, cfg.D, cfg.Layers, cfg.Act = 8, 8, 1, &gelu
	want, err := tokennet.NumericAngleExponent(cfg, 8, 0.99*8, 3, rand.New(rand.NewPCG(5, tnStream)))
	if err != nil {
		t.Fatal(err)
	}
	if got["mean"] != want.Mean || got["se"] != want.SE {
		t.Errorf("tokennet.lambda_a_numeric phi=gelu = %v, want the estimator's %+v", got, want)
	}
	cfg.Act = nil
	tanh, err := tokennet.NumericAngleExponent(cfg, 8, 0.99*8, 3, rand.New(rand.NewPCG(5, tnStream)))
	if err != nil {
		t.Fatal(err)
	}
	if tanh.Mean == want.Mean {
		t.Errorf("the GELU estimate equals tanh's (%v): the comparison cannot tell", tanh.Mean)
	}
}
