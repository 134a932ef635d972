package shapednet

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/compose"
)

// The paper's blocks built by compose's constructors are the networks of
// the paper's constructors and settings (Fig. 1's shaped, vanilla and
// pre-LN networks, Fig. 3's shaped-ReLU ResNet, check 12's attention
// block), and runs from them have the bits of runs from those (the reduced
// chain and the forward pass, 3 networks each: every field bit for bit).
func TestFromBlockPaper(t *testing.T) {
	const m = 2
	fig3 := func(g float64) Config { c := Fig3().Config; c.Gamma = g; return c }
	oneStep := CheckOneStep().Config
	oneStep.Depth = 1
	type pair struct {
		b    compose.Block
		want Config
	}
	var cases []pair
	for _, w := range []int{64, 200, 300, 1024} {
		for _, g := range []float64{0.1, 0.5, 1 / math.Sqrt2, 1} {
			cases = append(cases, pair{compose.Noci2023(m, w, 12, g, 1, -1), Shaped(w, 12, g)},
				pair{compose.Noci2023Vanilla(m, w, 12, g), Vanilla(w, 12, g)})
		}
	}
	for _, g := range Fig3().Gammas {
		b := compose.Noci2023(m, 300, 100, g, 1, -1)
		b.NoAttention = true
		cases = append(cases, pair{b, fig3(g)})
	}
	att := compose.Noci2023(3, 1024, 1, 1, 0.5, -1)
	att.NoMLP = true
	cases = append(cases, pair{att, oneStep},
		pair{compose.Noci2023PreLN(m, 64, 10, compose.RMS), PreLN(64, 10, block.PreRMS)},
		pair{compose.Noci2023PreLN(m, 64, 10, compose.LN), PreLN(64, 10, block.PreLN)})
	for i, c := range cases {
		got, err := FromBlock(c.b)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if got != c.want {
			t.Errorf("case %d: FromBlock = %+v, want %+v", i, got, c.want)
		}
		back, err := got.Block(c.b.N)
		if err != nil {
			t.Fatalf("case %d: Block: %v", i, err)
		}
		if again, err := FromBlock(back); err != nil || again != got {
			t.Errorf("case %d: FromBlock(Block()) = %+v, %v; want %+v", i, again, err, got)
		}
	}
	got, _ := FromBlock(compose.Noci2023(m, 64, 12, 0.5, 1, -1))
	for _, run := range []func(Config) (*Run, error){
		func(c Config) (*Run, error) { return Simulate(c, PaperInput(m), 3, 21, 1) },
		func(c Config) (*Run, error) { return ForwardRun(c, PaperInput(m), 3, 21, 1) },
	} {
		a, err := run(got)
		if err != nil {
			t.Fatal(err)
		}
		w, err := run(Shaped(64, 12, 0.5))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, w) {
			t.Error("a run from compose.Noci2023 differs from Shaped's")
		}
	}
}

// Another slope, another τ₀ and a skip that is not √(1−γ²) carry over;
// a slope that is no c₋ of the width's is refused.
func TestFromBlockCarries(t *testing.T) {
	b := compose.Noci2023(4, 100, 5, 0.6, 0.3, -2.5)
	b.ResA.Skip, b.ResM.Skip = 0.9, 0.9
	got, err := FromBlock(b)
	want := Config{Width: 100, Depth: 5, Attention: block.Shaped, Gamma: 0.6, Lambda: 0.9, Tau0: 0.3, CMinus: -2.5}
	if err != nil || got != want {
		t.Errorf("FromBlock = %+v, %v; want %+v", got, err, want)
	}
	if _, s := Slopes(100, 0, got.CMinus); s != b.FF.Act.Param {
		t.Errorf("slope %v, block's %v", s, b.FF.Act.Param)
	}
	relu := compose.Noci2023(4, 16, 5, 0.6, 1, -4) // s₋ = 1 − 4/4 = 0: ReLU
	if got, err := FromBlock(relu); err != nil || !got.ReLU || got.CMinus != 0 {
		t.Errorf("s₋ = 0: %+v, %v; want ReLU", got, err)
	}
}

// What the network cannot run is refused, naming the block's field.
func TestFromBlockRefuses(t *testing.T) {
	base := compose.Noci2023(3, 16, 4, 0.5, 1, -1)
	cases := []struct {
		field string
		edit  func(b *compose.Block)
	}{
		{"norm", func(b *compose.Block) { b.Norm = compose.Post }},
		{"attn", func(b *compose.Block) { b.Attn.Kind = compose.Uniform }},
		{"sigma_a2", func(b *compose.Block) { b.Attn.Kind, b.Attn.SigmaA2 = compose.Softmax, 2 }},
		{"causal", func(b *compose.Block) { b.Attn.Kind, b.Attn.SigmaA2, b.Attn.Causal = compose.Softmax, 1, true }},
		{"heads", func(b *compose.Block) { b.Attn.Heads = 2 }},
		{"sigma_v2", func(b *compose.Block) { b.Attn.SigmaV2 = 0.5 }},
		{"mlp_layers", func(b *compose.Block) { b.FF.Layers = 2 }},
		{"hidden", func(b *compose.Block) { b.FF.Hidden = 32 }},
		{"phi", func(b *compose.Block) { b.FF.Act = activation.Tanh() }},
		{"phi", func(b *compose.Block) { b.FF.Act = activation.GELU() }},
		{"sigma_w", func(b *compose.Block) { b.FF.SigmaW = 1 }},
		{"sigma_out", func(b *compose.Block) { b.FF.SigmaOut = 2 }},
		{"skip_mlp", func(b *compose.Block) { b.ResM.Skip = 1 }},
		{"branch_mlp", func(b *compose.Block) { b.ResM.Branch = 0.4 }},
		{"branch_attn", func(b *compose.Block) {
			b.ResA, b.ResM = compose.Residual{Skip: 1, Branch: 2}, compose.Residual{Skip: 1, Branch: 2}
		}},
		{"skip_attn", func(b *compose.Block) { b.ResA.Skip, b.ResM.Skip = 0, 0 }},
		{"scaling_attn", func(b *compose.Block) { b.ResA.Scaling, b.ResM.Scaling = compose.InvSqrtDepth, compose.InvSqrtDepth }},
		{"scaling_mlp", func(b *compose.Block) { b.NoAttention, b.ResM.Scaling = true, compose.InvSqrtDepth }},
		{"no_mlp", func(b *compose.Block) { b.NoAttention, b.NoMLP = true, true }},
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
	bad.FF.SigmaW = -1
	if _, err := FromBlock(bad); !errors.Is(err, compose.ErrParam) {
		t.Errorf("an invalid block: err = %v, want compose.Block.Validate's", err)
	}
	for field, c := range map[string]Config{
		"Config.KeyDim":    {Width: 8, Depth: 2, KeyDim: 4, Attention: block.Shaped},
		"Config.Attention": {Width: 8, Depth: 2, Attention: block.ShapedNoCenter},
		"Config.CPlus":     {Width: 8, Depth: 2, Attention: block.Shaped, CPlus: 1},
		"Config.CMinus":    {Width: 4, Depth: 2, Attention: block.Shaped, CMinus: -3},
	} {
		_, err := c.Block(2)
		var f interface{ Field() string }
		if !errors.Is(err, ErrParam) || !errors.As(err, &f) || f.Field() != field {
			t.Errorf("%s: err = %v, want ErrParam naming it", field, err)
		}
	}
}
