package vit

import (
	"strconv"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// ImageTask is what the image task adds to a block description: the
// image size, the patch side and the number of classes (Config's Rows,
// Cols, Patch, Classes). The block's token count n must be the task's
// 1 + (Rows/Patch)(Cols/Patch), the class token and the patches.
type ImageTask struct {
	Rows, Cols, Patch, Classes int
}

// Tokens returns n = 1 + (Rows/Patch)(Cols/Patch), the token count of a
// block on the task (Config.Tokens); it panics if Patch < 1.
func (t ImageTask) Tokens() int {
	if t.Patch < 1 {
		panic("vit: ImageTask.Tokens with Patch < 1")
	}
	return 1 + (t.Rows/t.Patch)*(t.Cols/t.Patch)
}

// PaperTask is the task of PaperConfig: 28×28 Fashion-MNIST images in 7×7
// patches (n = 17 tokens), 10 classes.
func PaperTask() ImageTask { return ImageTask{Rows: 28, Cols: 28, Patch: 7, Classes: 10} }

// FromBlock returns the vision transformer whose L = b.Depth blocks are
// the composed block b (compose.Block, filled with b.WithDefaults()) on
// the image task t, or an error wrapping ErrParam naming the first field
// of b that vit cannot run (by its block-file key, compose.Keys) or the
// first field of the configuration out of range (Validate).
//
// What vit runs of a compose.Block, and how:
//
//	norm = pre, norm_kind = rms   Norm RMSNorm (eq. 3)
//	norm = none                   Norm NoNorm
//	attn = softmax                Attention Softmax, SigmaA2 = sigma_a2 (Q, K ~ N(0, σ_A/d), logits /√d), causal as given
//	attn = shaped                 Attention Shaped, Tau0 = tau0, SigmaA2 = 1 (compose's W^Q, W^K ~ N(0, 1/d))
//	phi = tanh                    Activation Tanh; mlp_layers = ℓ, sigma_w = σ_w
//	skip √(1−b²) on both          Residual UnitNorm, AlphaA, AlphaM = the branches (skip compared bit for bit
//	                              with vit's √(1−α²))
//	skip 1 on both                Residual Identity, AlphaA, AlphaM = the branches (divided by √L under sqrtL)
//
// and it refuses: norm = post (vit's post-norm is RMS, compose's is LN),
// norm_kind = ln with norm = pre (vit's pre-norm is RMS), attn = uniform,
// heads ≠ 1, sigma_v2 ≠ 1 (V ~ N(0, 1/d)), any phi but tanh (the shaped
// ReLU depends on d and has no compose.Func), hidden ≠ d, sigma_out ≠
// sigma_w (vit draws every MLP matrix with σ_w), skips other than the two
// rules above or different rules on the two sub-blocks, sqrtL scaling with
// the unit-norm skip (it would change the skip with it), and no_attention,
// no_mlp. The task's embedding, class token, LayerNorm and head are
// vit's (package doc); they are not part of the block.
func FromBlock(b compose.Block, t ImageTask) (Config, error) {
	b = b.WithDefaults()
	if err := b.Validate(); err != nil {
		return Config{}, err
	}
	refuse := func(field string, got any, allowed string) (Config, error) {
		return Config{}, param.Err(ErrParam, "compose.Block "+field, got, allowed+" (what vit can train)")
	}
	cfg := Config{Rows: t.Rows, Cols: t.Cols, Patch: t.Patch, Classes: t.Classes,
		D: b.D, Layers: b.Depth, MLPLayers: b.FF.Layers, SigmaW: b.FF.SigmaW, Causal: b.Attn.Causal}
	switch {
	case b.Norm == compose.Post:
		return refuse("norm", b.Norm, "pre (RMS) or none")
	case b.Norm == compose.Pre && b.NormKind != compose.RMS:
		return refuse("norm_kind", b.NormKind, "rms with norm = pre")
	case b.Attn.Kind == compose.Uniform:
		return refuse("attn", b.Attn.Kind, "softmax or shaped")
	case b.Attn.Heads != 1:
		return refuse("heads", b.Attn.Heads, "1")
	case b.Attn.SigmaV2 != 1:
		return refuse("sigma_v2", b.Attn.SigmaV2, "1")
	case !b.FF.Act.Computes(activation.TanhLaw):
		return refuse("phi", b.FF.Act.Name, "tanh")
	case b.FF.Hidden != b.D:
		return refuse("hidden", b.FF.Hidden, "d")
	case b.FF.SigmaOut != b.FF.SigmaW:
		return refuse("sigma_out", b.FF.SigmaOut, "sigma_w")
	case b.NoAttention:
		return refuse("no_attention", true, "false")
	case b.NoMLP:
		return refuse("no_mlp", true, "false")
	}
	if b.Norm == compose.NoNorm {
		cfg.Norm = NoNorm
	}
	if b.Attn.Kind == compose.Shaped {
		cfg.Attention, cfg.Tau0, cfg.SigmaA2 = Shaped, b.Attn.Tau0, 1
	} else {
		cfg.SigmaA2 = b.Attn.SigmaA2
	}
	unit := func(r compose.Residual) bool {
		return r.Scaling == compose.Const && r.Skip == UnitNorm.skip(r.Branch)
	}
	identity := func(r compose.Residual) bool { return r.Skip == 1 }
	switch {
	case unit(b.ResA) && unit(b.ResM):
		cfg.Residual = UnitNorm
		cfg.AlphaA, cfg.AlphaM = b.ResA.Branch, b.ResM.Branch
	case identity(b.ResA) && identity(b.ResM):
		cfg.Residual = Identity
		_, cfg.AlphaA = b.ResA.Weights(b.Depth)
		_, cfg.AlphaM = b.ResM.Weights(b.Depth)
	case !unit(b.ResA) && !identity(b.ResA):
		return refuse("skip_attn", b.ResA.Skip, "√(1−branch_attn²) (scaling const) or 1")
	case !unit(b.ResM) && !identity(b.ResM):
		return refuse("skip_mlp", b.ResM.Skip, "√(1−branch_mlp²) (scaling const) or 1")
	default:
		return refuse("skip_mlp", b.ResM.Skip, "the rule of skip_attn (both √(1−branch²) or both 1)")
	}
	if err := cfg.Validate(); err != nil {
		return Config{}, err
	}
	if b.N != cfg.Tokens() {
		return refuse("n", b.N, "the task's tokens 1 + (Rows/Patch)(Cols/Patch) = "+strconv.Itoa(cfg.Tokens()))
	}
	return cfg, nil
}
