package rankblock

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
)

// The paper's blocks built by compose's constructors are the networks
// rankexp runs (Table 2; Fig. 8's uniform, Fig. 4's softmax and Fig. 10's
// ReLU blocks as rankexp's depth experiments spell them), and a run from
// one has the bits of a run from the other (a profile with gradients, 3
// draws: every field bit for bit).
func TestFromBlockPaper(t *testing.T) {
	const n, d, L = 50, 32, 6
	scales := map[bool]compose.Scaling{false: compose.Const, true: compose.InvSqrtDepth}
	norms := map[block.Norm]compose.NormPlace{block.NoNorm: compose.NoNorm, block.PreLN: compose.Pre, block.PostLN: compose.Post}
	type pair struct {
		b    compose.Block
		want Config
	}
	var cases []pair
	for _, scaled := range []bool{false, true} {
		for bn, cn := range norms {
			cases = append(cases,
				pair{compose.Noci2022Table2(L, cn, 0.7, scales[scaled]), Table2(bn, L, 0.7, scaled)},
				pair{compose.Noci2022Softmax(n, d, L, 1, 1, scales[scaled], cn, 1),
					Config{N: n, DV: d, Layers: L, Norm: bn, Alpha1: 1, Alpha2: 1, DepthScaled: scaled, Tau: 1}})
		}
		cases = append(cases, pair{compose.Noci2022(n, d, L, 1, 1, scales[scaled], compose.NoNorm),
			Config{N: n, DV: d, Layers: L, Alpha1: 1, Alpha2: 1, DepthScaled: scaled, Tau: 1, Attention: block.Uniform}})
	}
	relu := compose.Noci2022(n, d, L, 1, 1, compose.Const, compose.NoNorm)
	relu.FF = compose.Noci2022ReLU(d)
	cases = append(cases, pair{relu, Config{N: n, DV: d, Layers: L, ReLU: true, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: block.Uniform}})
	for i, c := range cases {
		got, err := FromBlock(c.b)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got != c.want {
			t.Errorf("case %d: FromBlock = %+v, want %+v", i, got, c.want)
		}
		if back, err := got.Block(); err != nil || !reflect.DeepEqual(back.Format(), c.b.Format()) {
			t.Errorf("case %d: Block() = %v, %v; want the constructor's block", i, back, err)
		}
	}
	got, _ := FromBlock(compose.Noci2022Table2(L, compose.Pre, 0.7, compose.InvSqrtDepth))
	s := ProfileSettings{Draws: 3, Gradients: true}
	a, err := Simulate(got, GaussianInput(1), s, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := Simulate(Table2(block.PreLN, L, 0.7, true), GaussianInput(1), s, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, w) {
		t.Error("a run from compose.Noci2022Table2 differs from Table2's")
	}
}

// A configuration's Block runs as the configuration: FromBlock(c.Block())
// is c, at another τ, d_F and head count; what no block describes is
// refused.
func TestConfigBlockRoundTrip(t *testing.T) {
	for _, c := range []Config{
		{N: 5, DV: 8, DF: 12, Layers: 3, Norm: block.PostLN, ReLU: true, Alpha1: 0.3, Alpha2: 1.7, Tau: 0.7, Heads: 2},
		{N: 4, DV: 6, Layers: 2, Norm: block.PreLN, Alpha1: 0, Alpha2: 2, DepthScaled: true, Tau: 1.3},
		{N: 3, DV: 4, Layers: 1, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: block.Uniform, Heads: 2},
	} {
		b, err := c.Block()
		if err != nil {
			t.Fatal(err)
		}
		if got, err := FromBlock(b); err != nil || got != c {
			t.Errorf("FromBlock(Block()) = %+v, %v; want %+v", got, err, c)
		}
	}
	for field, c := range map[string]Config{
		"Config.DK":             {N: 3, DV: 4, DK: 2, Layers: 1, Tau: 1},
		"Config.LNEps":          {N: 3, DV: 4, LNEps: 1e-3, Layers: 1, Tau: 1},
		"Config.Tau":            {N: 3, DV: 4, Layers: 1, Tau: -1},
		"Config.Alpha1, Alpha2": {N: 3, DV: 4, Layers: 1, Alpha1: -0.5, Tau: 1},
		"Config.N":              {N: 1, DV: 4, Layers: 1, Tau: 1},
	} {
		_, err := c.Block()
		var f interface{ Field() string }
		if !errors.Is(err, ErrParam) || !errors.As(err, &f) || f.Field() != field {
			t.Errorf("%s: err = %v, want ErrParam naming it", field, err)
		}
	}
}

// What the network cannot run is refused, naming the block's field.
func TestFromBlockRefuses(t *testing.T) {
	base := compose.Noci2022Table2(3, compose.Post, 0.5, compose.Const)
	cases := []struct {
		field string
		edit  func(b *compose.Block)
	}{
		{"norm_kind", func(b *compose.Block) { b.NormKind = compose.RMS; b.Norm = compose.Pre }},
		{"attn", func(b *compose.Block) { b.Attn.Kind = compose.Shaped }},
		{"causal", func(b *compose.Block) { b.Attn.Causal, b.Attn.Heads = true, 1 }},
		{"sigma_v2", func(b *compose.Block) { b.Attn.SigmaV2 = 2 }},
		{"mlp_layers", func(b *compose.Block) { b.FF.Layers = 2 }},
		{"mlp_layers", func(b *compose.Block) { b.FF.Layers = 0 }},
		{"phi", func(b *compose.Block) { b.FF.Act = activation.Tanh() }},
		{"phi", func(b *compose.Block) { b.FF.Act = activation.LeakyReLU(0.1) }},
		{"sigma_w", func(b *compose.Block) { b.FF.SigmaW = 1 }},
		{"sigma_w", func(b *compose.Block) { b.FF.Act = activation.Linear() }},
		{"sigma_out", func(b *compose.Block) { b.FF.SigmaOut = 2 }},
		{"skip_attn", func(b *compose.Block) { b.ResA.Skip = 0.5 }},
		{"skip_mlp", func(b *compose.Block) { b.ResM.Skip = 0 }},
		{"scaling_mlp", func(b *compose.Block) { b.ResM.Scaling = compose.InvSqrtDepth }},
		{"no_attention", func(b *compose.Block) { b.NoAttention = true }},
		{"no_mlp", func(b *compose.Block) { b.NoMLP = true }},
	}
	for _, c := range cases {
		b := base
		c.edit(&b)
		_, err := FromBlock(b)
		var f interface{ Field() string }
		if !errors.Is(err, ErrParam) || !errors.As(err, &f) || f.Field() != c.field {
			t.Errorf("%s: err = %v, want ErrParam naming %q", c.field, err, c.field)
		}
	}
	bad := base
	bad.Depth = 0
	if _, err := FromBlock(bad); !errors.Is(err, compose.ErrParam) {
		t.Errorf("an invalid block: err = %v, want compose.Block.Validate's", err)
	}
}

// The cross-simulator check: one compose.Block (Noci et al. 2022's
// post-LN block with true softmax, τ = 1, and the ReLU feed-forward;
// α₁ = 0.8, α₂ = 0.6, n = 10, d = 32, L = 6) simulated by compose.Simulate
// and by the network FromBlock returns (the same law drawn in another
// order, independent seeds): per layer ρ from 96 networks each (one ρ per
// network and layer), two-sample z below 4 over the 7 layers (a false
// alarm under the null has probability < 1e-3). rankblock's LN has
// ε = 1e-5, which moves a token of squared norm ~d by ~1e-5 relative, far
// below the SEs; after a post-LN every token has |x|² = d·var/(var + ε)
// exactly, so q has no sampling error and agrees to 1e-4.
func TestFromBlockMatchesComposeSimulate(t *testing.T) {
	const nets, n, d, L = 96, 10, 32, 6
	b := compose.Noci2022Softmax(n, d, L, 0.8, 0.6, compose.Const, compose.Post, 1)
	b.FF = compose.Noci2022ReLU(d)
	run, err := compose.Simulate(b, compose.SimSettings{Nets: nets, Seed: 12, Rho0: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := FromBlock(b)
	if err != nil {
		t.Fatal(err)
	}
	qs, rs := make([][]float64, L+1), make([][]float64, L+1)
	x0 := mat.NewDense(n, d, nil)
	for i := range nets {
		rng := rand.New(rand.NewPCG(78, uint64(i)))
		nt := New(cfg, rng)
		empirical.Equicorrelated(x0, rng, n, d, 0.2, 1)
		if _, err := nt.Forward(x0); err != nil {
			t.Fatal(err)
		}
		for l := range L + 1 {
			q, p := empirical.TokenGeometry(nt.Layer(l))
			qs[l], rs[l] = append(qs[l], q), append(rs[l], p/q)
		}
	}
	for l := range L + 1 {
		m, se := empirical.MeanSE(rs[l])
		if z := math.Abs(m-run.Rho.Mean[l]) / math.Hypot(se, run.Rho.SE[l]); z > 4 {
			t.Errorf("layer %d: ρ = %v ± %v (rankblock), %v ± %v (compose): z = %.2f", l, m, se, run.Rho.Mean[l], run.Rho.SE[l], z)
		}
		if q, _ := empirical.MeanSE(qs[l]); l > 0 && math.Abs(q-run.Q.Mean[l]) > 1e-4*run.Q.Mean[l] {
			t.Errorf("layer %d: q = %v (rankblock), %v (compose)", l, q, run.Q.Mean[l])
		}
	}
}

// compose's width check takes the paper's block as the simulator
// describes it (Config.Block), without re-describing it: rankexp's Fig. 8
// network (uniform attention, linear FF, no LN, α = 1 under 1/√L) at
// n = 10, L = 4 over widths 16, 32, 64, 48 networks each. Lemma 3.2's map
// is exact for the mean, so each network's deviation from it shrinks as
// d^{−1/2}: the check's one-sided z of the fitted slope against −1 is
// below 3 (a false alarm has probability ~1e-3).
func TestPaperBlockInWidthCheck(t *testing.T) {
	cfg := Config{N: 10, DV: 16, Layers: 4, Alpha1: 1, Alpha2: 1, DepthScaled: true, Tau: 1, Attention: block.Uniform}
	b, err := cfg.Block()
	if err != nil {
		t.Fatal(err)
	}
	wc, err := compose.CheckWidths(b, []int{16, 32, 64}, compose.SimSettings{Nets: 48, Seed: 9, Rho0: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("slope %.3f ± %.3f, z = %.2f", wc.Slope, wc.SlopeSE, wc.Z)
	if wc.Z > 3 {
		t.Errorf("width check of the Fig. 8 block: slope %.3f ± %.3f, z = %.2f against −1", wc.Slope, wc.SlopeSE, wc.Z)
	}
}
