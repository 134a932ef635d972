package tokennet

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
)

// The paper's block built by compose.Cowsik is PaperTransformer, and a
// run from it has the bits of a run from PaperTransformer (4 networks of
// Fig. 2's size, one seed: every per-layer mean and SE bit for bit).
func TestFromBlockPaper(t *testing.T) {
	for _, c := range []struct{ alpha, sigmaW float64 }{{1 / math.Sqrt(8), 1}, {1 / math.Sqrt(8), 5}, {0.5, 1.5}} {
		b := compose.Cowsik(256, 64, 16, c.alpha, c.alpha, c.sigmaW, 1, 2, activation.Tanh())
		got, err := FromBlock(b)
		if err != nil {
			t.Fatal(err)
		}
		want := PaperTransformer(c.alpha, c.sigmaW)
		if got != want {
			t.Fatalf("FromBlock(Cowsik(α = %v, σ_w = %v)) = %+v, want PaperTransformer %+v", c.alpha, c.sigmaW, got, want)
		}
		if c.sigmaW != 5 {
			continue
		}
		a, err := SimulateLayerGeometry(got, 64, 0, 4, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		w, err := SimulateLayerGeometry(want, 64, 0, 4, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, w) {
			t.Errorf("a run from the block differs from PaperTransformer's:\n%+v\n%+v", a, w)
		}
	}
}

// A configuration's Block runs as the configuration: FromBlock(c.Block())
// is c (Act compared by what it computes), causal and for another φ.
func TestBlockRoundTrip(t *testing.T) {
	gelu := activation.GELU()
	for _, c := range []TransformerConfig{
		PaperTransformer(0.3, 2),
		{N: 5, D: 8, Layers: 3, MLPLayers: 0, AlphaA: 0.9, AlphaM: 0.1, SigmaW: 0.7, SigmaA2: 4, Causal: true},
		{N: 6, D: 4, Layers: 2, MLPLayers: 3, AlphaA: 1, AlphaM: 0, SigmaW: 1.3, SigmaA2: 0, Act: &gelu},
	} {
		got, err := FromBlock(c.Block())
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		if (got.Act == nil) != (c.Act == nil) || got.Act != nil && got.Act.Phi(0.7) != c.Act.Phi(0.7) {
			t.Errorf("%+v: Act %v, want %v", c, got.Act, c.Act)
		}
		got.Act, c.Act = nil, nil
		if got != c {
			t.Errorf("FromBlock(Block()) = %+v, want %+v", got, c)
		}
	}
	// 1/√L branches run at their depth's weight, skips √(1 − α²/L).
	b := compose.Cowsik(4, 8, 9, 0.6, 0.9, 1, 1, 1, activation.Tanh())
	b.ResA = compose.Residual{Skip: math.Sqrt(1 - 0.6*0.6/9), Branch: 0.6, Scaling: compose.InvSqrtDepth}
	got, err := FromBlock(b)
	if _, a := b.ResA.Weights(9); err != nil || got.AlphaA != a || got.AlphaM != 0.9 {
		t.Errorf("1/√L attention branch: %+v, %v; want α_A = 0.2, α_M = 0.9", got, err)
	}
	// A decimal skip beside its branch: √(1 − 0.36) is 0.8 to SkipTol.
	b.ResA = compose.Residual{Skip: 0.8, Branch: 0.6}
	if _, err := FromBlock(b); err != nil {
		t.Errorf("skip 0.8, branch 0.6: %v", err)
	}
}

// What the transformer cannot run is refused, naming the block's field.
func TestFromBlockRefuses(t *testing.T) {
	base := compose.Cowsik(4, 8, 3, 0.5, 0.5, 1, 1, 2, activation.Tanh())
	cases := []struct {
		field string
		edit  func(b *compose.Block)
	}{
		{"norm", func(b *compose.Block) { b.Norm = compose.Post; b.NormKind = compose.LN }},
		{"norm", func(b *compose.Block) { b.Norm = compose.NoNorm }},
		{"norm_kind", func(b *compose.Block) { b.NormKind = compose.LN }},
		{"attn", func(b *compose.Block) { b.Attn.Kind = compose.Uniform }},
		{"attn", func(b *compose.Block) { b.Attn.Kind = compose.Shaped }},
		{"heads", func(b *compose.Block) { b.Attn.Heads = 2 }},
		{"sigma_v2", func(b *compose.Block) { b.Attn.SigmaV2 = 2 }},
		{"hidden", func(b *compose.Block) { b.FF.Hidden = 16 }},
		{"sigma_out", func(b *compose.Block) { b.FF.SigmaOut = 2 }},
		{"no_attention", func(b *compose.Block) { b.NoAttention = true }},
		{"no_mlp", func(b *compose.Block) { b.NoMLP = true }},
		{"skip_attn", func(b *compose.Block) { b.ResA.Skip = 1 }},
		{"skip_mlp", func(b *compose.Block) { b.ResM.Skip *= 1 + 1e-9 }},
		{"branch_mlp", func(b *compose.Block) { b.ResM = compose.Residual{Skip: 0, Branch: 1.5} }},
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
	bad.N = 1
	if _, err := FromBlock(bad); !errors.Is(err, compose.ErrParam) {
		t.Errorf("an invalid block: err = %v, want compose.Block.Validate's", err)
	}
}

// The cross-simulator check: one compose.Block (Cowsik's, α_A = 0.6,
// α_M = 0.7, σ_w = 1.5, σ_A² = 2; n = 12, d = 32, L = 6) simulated by
// compose.Simulate and by the transformer FromBlock returns (the same law
// drawn in another order, independent seeds). Per layer q and ρ from 96
// networks each (the network is the unit: one q, one ρ per network and
// layer), two-sample z below 4 over the 7 layers × 2 statistics (a false
// alarm under the null has probability < 1e-3).
func TestFromBlockMatchesComposeSimulate(t *testing.T) {
	const nets, n, d, L = 96, 12, 32, 6
	b := compose.Cowsik(n, d, L, 0.6, 0.7, 1.5, 2, 2, activation.Tanh())
	run, err := compose.Simulate(b, compose.SimSettings{Nets: nets, Seed: 11, Rho0: 0.3})
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
		rng := rand.New(rand.NewPCG(77, uint64(i)))
		tr := NewTransformer(cfg, rng)
		empirical.Equicorrelated(x0, rng, n, d, 0.3, 1)
		if _, err := tr.Forward(x0); err != nil {
			t.Fatal(err)
		}
		for l := range L + 1 {
			q, p := TokenGeometry(tr.Layer(l))
			qs[l], rs[l] = append(qs[l], q), append(rs[l], p/q)
		}
	}
	for _, c := range []struct {
		name string
		st   compose.Stat
		per  [][]float64
	}{{"q", run.Q, qs}, {"ρ", run.Rho, rs}} {
		for l := range L + 1 {
			m, se := empirical.MeanSE(c.per[l])
			if z := math.Abs(m-c.st.Mean[l]) / math.Hypot(se, c.st.SE[l]); z > 4 {
				t.Errorf("layer %d: %s = %v ± %v (tokennet), %v ± %v (compose): z = %.2f", l, c.name, m, se, c.st.Mean[l], c.st.SE[l], z)
			}
		}
	}
}
