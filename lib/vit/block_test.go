package vit

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/dense"
)

// TestFromBlockPaper: Cowsik et al.'s block from compose.Cowsik at the
// paper's sizes is PaperConfig field for field, over a range of (α, σ_w)
// (the skip √(1−α²) must compare equal bit for bit with vit's).
func TestFromBlockPaper(t *testing.T) {
	for _, a := range []float64{0, 0.1, 0.3, 0.6, 0.77, 0.9, 1} {
		for _, s := range []float64{0.5, 1.5, 3.5} {
			b := compose.Cowsik(17, 64, 16, a, a, s, 1, 2, activation.Tanh())
			if PaperTask().Tokens() != 17 {
				t.Fatalf("PaperTask has %d tokens, want 17 (16 patches of 7×7 and the class token)", PaperTask().Tokens())
			}
			got, err := FromBlock(b, PaperTask())
			if err != nil {
				t.Fatalf("α = %g, σ_w = %g: %v", a, s, err)
			}
			if want := PaperConfig(a, s); got != want {
				t.Errorf("α = %g, σ_w = %g: FromBlock gives %+v, want PaperConfig's %+v", a, s, got, want)
			}
		}
	}
}

// TestFromBlockGoldenBits: a training run from a composed block gives
// TestGoldenBits' hashes of the configurations it equals (the paper's
// block at three layers, and the tiny block without norm), on every
// kernel path.
func TestFromBlockGoldenBits(t *testing.T) {
	paper := compose.Cowsik(17, 64, 3, 0.6, 0.6, 1.5, 1, 2, activation.Tanh())
	noNorm := compose.Cowsik(7, 5, 2, 0.6, 0.6, 1.5, 1, 2, activation.Tanh())
	noNorm.Norm = compose.NoNorm
	tiny := ImageTask{Rows: 4, Cols: 6, Patch: 2, Classes: 3}
	cases := []struct {
		name   string
		b      compose.Block
		task   ImageTask
		golden int // index in goldenConfigs and TestGoldenBits' hashes
	}{{"paper ℓ=2", paper, PaperTask(), 0}, {"tiny no norm", noNorm, tiny, 4}}
	want := map[bool][]uint64{
		true:  {0x92ef194999f46434, 0x20c8ee485441d503, 0x14f346bb36e02bd9, 0x5d7d44c9386d7a35, 0x1eb6bcc8c3d42c2a},
		false: {0x244579d19e2b773, 0xa561697cfd49b94f, 0x51e2d6dfa6b1c38d, 0xc799ce21fce3d9ea, 0xd5ffd89c9e02a4fb},
	}
	forEachPath(t, func(t *testing.T) {
		for _, c := range cases {
			cfg, err := FromBlock(c.b, c.task)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if cfg != goldenConfigs[c.golden].cfg {
				t.Errorf("%s: FromBlock gives %+v, want %+v", c.name, cfg, goldenConfigs[c.golden].cfg)
			}
			if got, w := goldenRun(t, cfg, 1), want[dense.Assembly()][c.golden]; got != w {
				t.Errorf("%s: hash %#x, want %#x", c.name, got, w)
			}
		}
	})
}

// TestFromBlockVariants: the blocks vit runs beyond the paper's map to
// the variant fields the package doc describes.
func TestFromBlockVariants(t *testing.T) {
	base := compose.Cowsik(17, 8, 4, 0.5, 0.5, 1.2, 2, 1, activation.Tanh())
	// Identity skips with 1/√L branches (Noci et al. 2022's scaling).
	id := base
	id.ResA = compose.Residual{Skip: 1, Branch: 1, Scaling: compose.InvSqrtDepth}
	id.ResM = compose.Residual{Skip: 1, Branch: 0.8, Scaling: compose.InvSqrtDepth}
	cfg, err := FromBlock(id, PaperTask())
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Residual != Identity || cfg.AlphaA != 1/math.Sqrt(4) || cfg.AlphaM != 0.8/math.Sqrt(4) {
		t.Errorf("identity, sqrtL: Residual %d, α_A %v, α_M %v; want Identity, 0.5, 0.4", cfg.Residual, cfg.AlphaA, cfg.AlphaM)
	}
	// Shaped attention: σ_A² = 1 (compose's W^Q, W^K ~ N(0, 1/d)), τ₀.
	sh := base
	sh.Attn.Kind, sh.Attn.Tau0, sh.Norm = compose.Shaped, 2, compose.NoNorm
	if cfg, err = FromBlock(sh, PaperTask()); err != nil {
		t.Fatal(err)
	}
	if cfg.Attention != Shaped || cfg.Tau0 != 2 || cfg.SigmaA2 != 1 || cfg.Norm != NoNorm || cfg.InvTemp != 0 {
		t.Errorf("shaped: %+v", cfg)
	}
	// A causal softmax block keeps its mask and σ_A².
	ca := base
	ca.Attn.Causal = true
	if cfg, err = FromBlock(ca, PaperTask()); err != nil {
		t.Fatal(err)
	}
	if !cfg.Causal || cfg.SigmaA2 != 2 || cfg.Norm != RMSNorm {
		t.Errorf("causal: %+v", cfg)
	}
}

// TestFromBlockRefuses: every field vit cannot run is refused with an
// error wrapping ErrParam that names it.
func TestFromBlockRefuses(t *testing.T) {
	base := compose.Cowsik(17, 8, 4, 0.5, 0.5, 1.2, 1, 1, activation.Tanh())
	cases := []struct {
		field string
		edit  func(b *compose.Block)
	}{
		{"norm", func(b *compose.Block) { b.Norm, b.NormKind = compose.Post, compose.LN }},
		{"norm_kind", func(b *compose.Block) { b.NormKind = compose.LN }},
		{"attn", func(b *compose.Block) { b.Attn.Kind = compose.Uniform }},
		{"heads", func(b *compose.Block) { b.Attn.Heads = 2 }},
		{"sigma_v2", func(b *compose.Block) { b.Attn.SigmaV2 = 2 }},
		{"phi", func(b *compose.Block) { b.FF.Act = activation.GELU() }},
		{"hidden", func(b *compose.Block) { b.FF.Hidden = 16 }},
		{"sigma_out", func(b *compose.Block) { b.FF.SigmaOut = 1 }},
		{"no_attention", func(b *compose.Block) { b.NoAttention = true }},
		{"no_mlp", func(b *compose.Block) { b.NoMLP = true }},
		{"skip_attn", func(b *compose.Block) { b.ResA.Skip = 0.5 }},
		{"skip_mlp", func(b *compose.Block) { b.ResM.Skip = 0.5 }},
		{"skip_mlp", func(b *compose.Block) { b.ResM.Skip = 1 }},                                                              // mixed rules
		{"skip_attn", func(b *compose.Block) { b.ResA.Scaling, b.ResM.Scaling = compose.InvSqrtDepth, compose.InvSqrtDepth }}, // unit norm with sqrtL
		{"n", func(b *compose.Block) { b.N = 16 }},
	}
	for _, c := range cases {
		b := base
		c.edit(&b)
		_, err := FromBlock(b, PaperTask())
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "compose.Block "+c.field+" ") {
			t.Errorf("%s: error %v, want one wrapping ErrParam naming compose.Block %s", c.field, err, c.field)
		}
	}
	// An invalid block is compose's error; an invalid task vit's Config's.
	bad := base
	bad.D = 0
	if _, err := FromBlock(bad, PaperTask()); !errors.Is(err, compose.ErrParam) {
		t.Errorf("d = 0: error %v, want compose.ErrParam", err)
	}
	if _, err := FromBlock(base, ImageTask{Rows: 28, Cols: 28, Patch: 5, Classes: 10}); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "Config.Rows") {
		t.Errorf("patch 5: error %v, want ErrParam naming Config.Rows", err)
	}
}
