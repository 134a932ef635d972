package rankblock

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// WeightTol is the relative distance within which FromBlock takes a
// block's feed-forward weight scale for the one the network draws with
// (σ_w = √2 for ReLU, 1 for linear; σ_o = 1): a value typed as a decimal
// runs at the network's, which differs from it by at most this much.
const WeightTol = 1e-12

// FromBlock returns the network that runs the compose.Block b: Noci et
// al. 2022's block up to its parameters (compose.Noci2022,
// Noci2022Softmax, Noci2022Table2 build it; FromBlock(compose.
// Noci2022Table2(L, norm, α, s)) is Table2(norm, L, α, s == InvSqrtDepth)).
// It maps
//
//	N, D, Depth → N, DV, Layers;  FF.Hidden → DF (0 when d);  Attn.Heads → Heads (0 when 1)
//	Norm NoNorm, Pre (LN), Post (LN) → block.NoNorm, PreLN, PostLN
//	Softmax at σ_A² → block.Softmax at τ = σ_A (logit variance τ²(|u_i|²/d)(|u_j|²/d), d_k = d)
//	Uniform → block.Uniform at τ = 1
//	ResA.Branch, ResM.Branch → Alpha1, Alpha2;  InvSqrtDepth on both → DepthScaled
//	FF.Act: ReLU (σ_w = √2) → ReLU, linear (σ_w = 1) → linear, σ_o = 1
//
// and refuses, with an error wrapping ErrParam naming the block's field
// (its key in compose.Keys), what the network cannot run: RMS norm
// ("norm_kind"), shaped attention ("attn"), a causal mask ("causal"),
// σ_V² ≠ 1 ("sigma_v2"), feed-forward depth other than 1 ("mlp_layers"),
// φ other than ReLU or linear ("phi"), weight scales other than those
// ("sigma_w", "sigma_out"), skips other than 1 ("skip_attn", "skip_mlp"),
// 1/√L scaling on one branch only ("scaling_mlp"), a sub-block left out
// ("no_attention", "no_mlp"). An invalid block is compose.Block.Validate's
// error.
//
// Where the network differs from compose's simulator on a block both run
// (the same law in the forward pass): its LN adds ε = 1e-5 to the
// variance (Config.LNEps; compose's has none), and its reverse pass pulls
// uniform attention back through the softmax Jacobian at A = 𝟏𝟏ᵀ/n at
// τ = 1 (eq. 24, the paper's gradient under Assumption 3.1), where
// compose gives W^Q, W^K no gradient.
func FromBlock(b compose.Block) (Config, error) {
	if err := b.Validate(); err != nil {
		return Config{}, err
	}
	refuse := func(field string, got any, want string) (Config, error) {
		return Config{}, param.Err(ErrParam, field, got, want+" (rankblock runs Noci et al. 2022's block)")
	}
	cfg := Config{N: b.N, DV: b.D, Layers: b.Depth, Alpha1: b.ResA.Branch, Alpha2: b.ResM.Branch, Tau: 1}
	switch {
	case b.Norm == compose.NoNorm:
		cfg.Norm = block.NoNorm
	case b.NormKind != compose.LN:
		return refuse("norm_kind", b.NormKind, "ln")
	case b.Norm == compose.Pre:
		cfg.Norm = block.PreLN
	default:
		cfg.Norm = block.PostLN
	}
	switch b.Attn.Kind {
	case compose.Softmax:
		cfg.Attention, cfg.Tau = block.Softmax, math.Sqrt(b.Attn.SigmaA2)
	case compose.Uniform:
		cfg.Attention = block.Uniform
	default:
		return refuse("attn", b.Attn.Kind, "softmax or uniform")
	}
	if b.Attn.Heads > 1 {
		cfg.Heads = b.Attn.Heads
	}
	if b.FF.Hidden != b.D {
		cfg.DF = b.FF.Hidden
	}
	relu, linear := b.FF.Act.Computes(activation.ReLULaw), b.FF.Act.Computes(activation.LinearLaw)
	sigmaW := 1.0
	if relu {
		sigmaW = math.Sqrt2
	}
	switch {
	case b.Attn.Causal:
		return refuse("causal", true, "false")
	case b.Attn.SigmaV2 != 1:
		return refuse("sigma_v2", b.Attn.SigmaV2, "1")
	case b.FF.Layers != 1:
		return refuse("mlp_layers", b.FF.Layers, "1")
	case !relu && !linear:
		return refuse("phi", b.FF.Act.Name, "relu or linear")
	case !near(b.FF.SigmaW, sigmaW):
		return refuse("sigma_w", b.FF.SigmaW, fmt.Sprintf("%v with phi = %s", sigmaW, b.FF.Act.Name))
	case !near(b.FF.SigmaOut, 1):
		return refuse("sigma_out", b.FF.SigmaOut, "1")
	case b.ResA.Skip != 1:
		return refuse("skip_attn", b.ResA.Skip, "1")
	case b.ResM.Skip != 1:
		return refuse("skip_mlp", b.ResM.Skip, "1")
	case b.ResA.Scaling != b.ResM.Scaling:
		return refuse("scaling_mlp", b.ResM.Scaling, fmt.Sprintf("scaling_attn = %v (one depth scaling for both)", b.ResA.Scaling))
	case b.NoAttention:
		return refuse("no_attention", true, "false")
	case b.NoMLP:
		return refuse("no_mlp", true, "false")
	}
	cfg.ReLU = relu
	cfg.DepthScaled = b.ResA.Scaling == compose.InvSqrtDepth
	return cfg, cfg.Validate()
}

// Block returns c as a compose.Block (compose.Noci2022, with softmax at
// σ_A² = τ² or uniform attention, the ReLU feed-forward when c.ReLU, and
// c's widths and heads): the description compose's theory, simulator and
// width check take; FromBlock(c.Block()) is c (uniform attention at τ = 1:
// τ does not enter its forward pass). Errors: c's Validate, and
// ErrParam naming the field for what no compose.Block describes: DK other
// than d_v, LNEps other than 1e-5 (its default), τ < 0 with softmax, and
// negative residual weights.
func (c Config) Block() (compose.Block, error) {
	if err := c.Validate(); err != nil {
		return compose.Block{}, err
	}
	r := c.resolve()
	switch {
	case r.dk != c.DV:
		return compose.Block{}, param.Err(ErrParam, "Config.DK", c.DK, fmt.Sprintf("0 or d_v = %d (a compose.Block's key width is d)", c.DV))
	case r.eps != 1e-5:
		return compose.Block{}, param.Err(ErrParam, "Config.LNEps", c.LNEps, "0 or 1e-5")
	case c.Attention == block.Softmax && c.Tau < 0:
		return compose.Block{}, param.Err(ErrParam, "Config.Tau", c.Tau, ">= 0 (σ_A = τ)")
	case c.Alpha1 < 0 || c.Alpha2 < 0:
		return compose.Block{}, param.Err(ErrParam, "Config.Alpha1, Alpha2", fmt.Sprintf("%v, %v", c.Alpha1, c.Alpha2), ">= 0")
	}
	norm := map[block.Norm]compose.NormPlace{block.NoNorm: compose.NoNorm, block.PreLN: compose.Pre, block.PostLN: compose.Post}[c.Norm]
	s := compose.Const
	if c.DepthScaled {
		s = compose.InvSqrtDepth
	}
	b := compose.Noci2022(c.N, c.DV, c.Layers, c.Alpha1, c.Alpha2, s, norm)
	if c.Attention == block.Softmax {
		b = compose.Noci2022Softmax(c.N, c.DV, c.Layers, c.Alpha1, c.Alpha2, s, norm, c.Tau)
	}
	b.Attn.Heads = r.heads
	b.FF.Hidden = r.df
	if c.ReLU {
		b.FF = compose.Noci2022ReLU(r.df)
	}
	return b, nil
}

// near reports whether a is b to WeightTol (relative).
func near(a, b float64) bool { return math.Abs(a-b) <= WeightTol*math.Abs(b) }
