package tokennet

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// SkipTol is the relative distance within which FromBlock takes a
// block's skip weight for √(1−α²) of its branch weight α: the
// transformer derives the skip from α (eq. 4), so a skip typed as a
// decimal (0.8 beside α = 0.6) runs at the derived value, which differs
// from it by at most this much.
const SkipTol = 1e-12

// FromBlock returns the transformer that runs the compose.Block b: the
// block of Cowsik et al. 2024 eq. (4) up to its parameters, causal or not
// (compose.Cowsik builds it; FromBlock(compose.Cowsik(256, 64, 16, α, α,
// σ_w, 1, 2, tanh)) is PaperTransformer(α, σ_w)). It maps
//
//	N, D, Depth → N, D, Layers;  FF.Layers → MLPLayers;  FF.SigmaW → SigmaW
//	Attn.SigmaA2, Attn.Causal → SigmaA2, Causal
//	the branch weights at the block's depth (Residual.Weights) → AlphaA, AlphaM
//	FF.Act → Act, nil when it computes tanh (the committed figures' bits)
//
// and refuses, with an error wrapping ErrParam naming the block's field
// (its key in compose.Keys), what the transformer cannot run: a norm
// other than pre-RMS ("norm", "norm_kind"), attention other than softmax
// ("attn"), more than one head ("heads"), σ_V² ≠ 1 ("sigma_v2"), a hidden
// width other than d ("hidden"), σ_o ≠ σ_w ("sigma_out"), a sub-block left
// out ("no_attention", "no_mlp"), a branch weight above 1 or a skip other
// than √(1−α²) within SkipTol ("branch_attn", "skip_attn", and _mlp). An
// invalid block is compose.Block.Validate's error.
func FromBlock(b compose.Block) (TransformerConfig, error) {
	if err := b.Validate(); err != nil {
		return TransformerConfig{}, err
	}
	refuse := func(field string, got any, want string) (TransformerConfig, error) {
		return TransformerConfig{}, param.Err(ErrParam, field, got, want+" (tokennet runs Cowsik et al.'s block)")
	}
	switch {
	case b.Norm != compose.Pre:
		return refuse("norm", b.Norm, "pre")
	case b.NormKind != compose.RMS:
		return refuse("norm_kind", b.NormKind, "rms")
	case b.Attn.Kind != compose.Softmax:
		return refuse("attn", b.Attn.Kind, "softmax")
	case b.Attn.Heads != 1:
		return refuse("heads", b.Attn.Heads, "1")
	case b.Attn.SigmaV2 != 1:
		return refuse("sigma_v2", b.Attn.SigmaV2, "1")
	case b.FF.Hidden != b.D:
		return refuse("hidden", b.FF.Hidden, fmt.Sprintf("d = %d", b.D))
	case b.FF.SigmaOut != b.FF.SigmaW:
		return refuse("sigma_out", b.FF.SigmaOut, fmt.Sprintf("sigma_w = %v", b.FF.SigmaW))
	case b.NoAttention:
		return refuse("no_attention", true, "false")
	case b.NoMLP:
		return refuse("no_mlp", true, "false")
	}
	var alpha [2]float64
	for i, r := range []struct {
		name string
		res  compose.Residual
	}{{"attn", b.ResA}, {"mlp", b.ResM}} {
		skip, branch := r.res.Weights(b.Depth)
		if branch > 1 {
			return refuse("branch_"+r.name, branch, "at most 1 (after the depth scaling)")
		}
		if want := math.Sqrt(1 - branch*branch); math.Abs(skip-want) > SkipTol*math.Max(want, 1e-300) && skip != want {
			return refuse("skip_"+r.name, skip, fmt.Sprintf("sqrt(1 - branch²) = %v", want))
		}
		alpha[i] = branch
	}
	cfg := TransformerConfig{N: b.N, D: b.D, Layers: b.Depth, MLPLayers: b.FF.Layers,
		AlphaA: alpha[0], AlphaM: alpha[1], SigmaW: b.FF.SigmaW, SigmaA2: b.Attn.SigmaA2, Causal: b.Attn.Causal}
	if !b.FF.Act.Computes(activation.TanhLaw) {
		act := b.FF.Act
		cfg.Act = &act
	}
	return cfg, cfg.Validate()
}

// Block returns c as a compose.Block (compose.Cowsik with c's sizes,
// weights and φ, tanh when Act is nil, and c's mask): the description
// compose's theory, simulator and width check take. FromBlock(c.Block())
// is c up to Workers.
func (c TransformerConfig) Block() compose.Block {
	act := activation.Tanh()
	if c.Act != nil {
		act = *c.Act
	}
	b := compose.Cowsik(c.N, c.D, c.Layers, c.AlphaA, c.AlphaM, c.SigmaW, c.SigmaA2, c.MLPLayers, act)
	b.Attn.Causal = c.Causal
	return b
}
