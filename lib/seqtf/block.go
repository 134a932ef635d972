package seqtf

import (
	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// FromBlock returns the encoder whose L = b.Depth blocks are the composed
// block b (compose.Block, filled with b.WithDefaults()) over vocab tokens,
// with sequences of n = b.N tokens, or an error wrapping ErrParam naming
// the first field of b that seqtf cannot run (by its block-file key,
// compose.Keys) or the first field of the configuration out of range
// (Validate).
//
// The weights are drawn as compose draws them (GaussianInit: every block
// matrix N(0, 1/fan_in), biases 0), so seqtf runs
//
//	norm = pre / post / none, norm_kind = ln   Norm PreLN / PostLN / NoLN
//	attn = softmax, sigma_a2 = 1               Attention Softmax (Q, K ~ N(0, 1/d), logits /√d), causal as given
//	attn = shaped                              Attention Shaped, Tau0 = tau0 (0 when 1; causal: C_ij = 1/(i+1))
//	phi = relu, mlp_layers = 1,
//	sigma_w = sigma_out = 1                    Activation ReLU, FF = hidden
//	skip_attn = skip_mlp = λ > 0               Skip = λ (0 when λ = 1, Config's default)
//	branch_attn, branch_mlp                    Alpha1, Alpha2 (divided by √L under sqrtL), fixed
//
// What seqtf adds to compose's block, at initialisation inert: the
// biases (0), the LayerNorms' learned gain and shift (1, 0) and their
// ε = 1e-5 (compose's LN has none), and the output matrix W^O: the value
// map is W^V W^O with both N(0, 1/d), which has compose's σ_V² = 1 in the
// second moment but is a product of two matrices. It refuses: norm_kind
// = rms, attn = uniform, sigma_a2 ≠ 1 (the init fixes σ_A² = 1), heads ≠ 1,
// sigma_v2 ≠ 1, any phi but relu (the shaped ReLU depends on d and has
// no compose.Func), mlp_layers ≠ 1, sigma_w or sigma_out ≠ 1, skips that
// differ between the sub-blocks or are 0, and no_attention, no_mlp.
func FromBlock(b compose.Block, vocab int) (Config, error) {
	b = b.WithDefaults()
	if err := b.Validate(); err != nil {
		return Config{}, err
	}
	refuse := func(field string, got any, allowed string) (Config, error) {
		return Config{}, param.Err(ErrParam, "compose.Block "+field, got, allowed+" (what seqtf can train)")
	}
	switch {
	case b.NormKind != compose.LN && b.Norm != compose.NoNorm:
		return refuse("norm_kind", b.NormKind, "ln")
	case b.Attn.Kind == compose.Uniform:
		return refuse("attn", b.Attn.Kind, "softmax or shaped")
	case b.Attn.Kind == compose.Softmax && b.Attn.SigmaA2 != 1:
		return refuse("sigma_a2", b.Attn.SigmaA2, "1")
	case b.Attn.Heads != 1:
		return refuse("heads", b.Attn.Heads, "1")
	case b.Attn.SigmaV2 != 1:
		return refuse("sigma_v2", b.Attn.SigmaV2, "1")
	case !b.FF.Act.Computes(activation.ReLULaw):
		return refuse("phi", b.FF.Act.Name, "relu")
	case b.FF.Layers != 1:
		return refuse("mlp_layers", b.FF.Layers, "1")
	case b.FF.SigmaW != 1:
		return refuse("sigma_w", b.FF.SigmaW, "1")
	case b.FF.SigmaOut != 1:
		return refuse("sigma_out", b.FF.SigmaOut, "1")
	case b.ResA.Skip == 0:
		return refuse("skip_attn", b.ResA.Skip, "> 0")
	case b.ResM.Skip != b.ResA.Skip:
		return refuse("skip_mlp", b.ResM.Skip, "skip_attn")
	case b.NoAttention:
		return refuse("no_attention", true, "false")
	case b.NoMLP:
		return refuse("no_mlp", true, "false")
	}
	c := Config{Vocab: vocab, Len: b.N, D: b.D, FF: b.FF.Hidden, Layers: b.Depth,
		Causal: b.Attn.Causal, Activation: ReLU, Init: GaussianInit}
	switch b.Norm {
	case compose.Pre:
		c.Norm = PreLN
	case compose.Post:
		c.Norm = PostLN
	default:
		c.Norm = NoLN
	}
	if b.Attn.Kind == compose.Shaped {
		c.Attention = Shaped
		if b.Attn.Tau0 != 1 {
			c.Tau0 = b.Attn.Tau0
		}
	}
	if b.ResA.Skip != 1 {
		c.Skip = b.ResA.Skip
	}
	_, c.Alpha1 = b.ResA.Weights(b.Depth)
	_, c.Alpha2 = b.ResM.Weights(b.Depth)
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}
