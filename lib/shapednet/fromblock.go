package shapednet

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// WeightTol is the relative distance within which FromBlock takes a
// block's feed-forward weight scales for the network's (σ_w = √c, the He
// constant of the slopes, and σ_o = 1): a value typed as a decimal runs
// at the network's, which differs from it by at most this much.
const WeightTol = 1e-12

// FromBlock returns the network that runs the compose.Block b: Noci et
// al. 2023's block up to its parameters (compose.Noci2023,
// Noci2023Vanilla, Noci2023PreLN build it; FromBlock(compose.Noci2023(m,
// n, d, γ, 1, −1)) is Shaped(n, d, γ)). Config has no token count: b.N is
// the number of rows of the input V0 a run is given (EquiCorr(b.N, ρ₀)).
// It maps
//
//	D, Depth → Width, Depth;  NoMLP, NoAttention → Blocks
//	Shaped at τ₀ → block.Shaped, Tau0;  Softmax at σ_A² = 1 → block.Softmax (Softmax(Y/√n_k))
//	Norm NoNorm, Pre (RMS), Pre (LN) → block.NoNorm, PreRMS, PreLN
//	the residual sums' branch γ and skip λ → Gamma, Lambda (0 when λ = √(1−γ²), the default)
//	φ(h) = h (h > 0), s₋h (h < 0) → CMinus with 1 + CMinus/√n = s₋ bit for bit (ReLU when s₋ = 0)
//
// and refuses, with an error wrapping ErrParam naming the block's field
// (its key in compose.Keys), what the network cannot run: post-norm
// ("norm"), uniform attention ("attn"), softmax at σ_A² ≠ 1 ("sigma_a2"),
// a mask ("causal"), heads ("heads"), σ_V² ≠ 1 ("sigma_v2"), a
// feed-forward other than one hidden layer of width d ("mlp_layers",
// "hidden") with a two-slope φ of slope 1 above zero ("phi") and weights
// σ_w = √(2/(1 + s₋²)), σ_o = 1 ("sigma_w", "sigma_out"), sub-blocks
// with different residual weights ("skip_mlp", "branch_mlp"), a branch
// above 1 ("branch_attn"), a zero skip with γ < 1, which Config reads as
// its default ("skip_attn"), 1/√L scaling ("scaling_attn", "scaling_mlp"),
// both sub-blocks left out ("no_mlp"). An invalid block is
// compose.Block.Validate's error.
func FromBlock(b compose.Block) (Config, error) {
	if err := b.Validate(); err != nil {
		return Config{}, err
	}
	refuse := func(field string, got any, want string) (Config, error) {
		return Config{}, param.Err(ErrParam, field, got, want+" (shapednet runs Noci et al. 2023's block)")
	}
	cfg := Config{Width: b.D, Depth: b.Depth}
	switch {
	case b.NoAttention && b.NoMLP:
		return refuse("no_mlp", true, "false with no_attention = true")
	case b.NoAttention:
		cfg.Blocks = BlocksMLP
	case b.NoMLP:
		cfg.Blocks = BlocksAttention
	}
	switch {
	case b.Norm == compose.Post:
		return refuse("norm", b.Norm, "none or pre")
	case b.Norm == compose.NoNorm:
		cfg.Norm = block.NoNorm
	case b.NormKind == compose.RMS:
		cfg.Norm = block.PreRMS
	default:
		cfg.Norm = block.PreLN
	}
	switch b.Attn.Kind {
	case compose.Shaped:
		cfg.Attention = block.Shaped
		if !b.NoAttention {
			cfg.Tau0 = b.Attn.Tau0
		}
	case compose.Softmax:
		cfg.Attention = block.Softmax
		if b.Attn.SigmaA2 != 1 && !b.NoAttention {
			return refuse("sigma_a2", b.Attn.SigmaA2, "1 with softmax (Softmax(Y/√n_k))")
		}
	default:
		return refuse("attn", b.Attn.Kind, "shaped or softmax")
	}
	if !b.NoAttention {
		switch {
		case b.Attn.Causal:
			return refuse("causal", true, "false")
		case b.Attn.Heads != 1:
			return refuse("heads", b.Attn.Heads, "1")
		case b.Attn.SigmaV2 != 1:
			return refuse("sigma_v2", b.Attn.SigmaV2, "1")
		}
	}
	res, name := b.ResA, "attn"
	if b.NoAttention {
		res, name = b.ResM, "mlp"
	}
	if !b.NoMLP {
		if err := cfg.setMLP(b); err != nil {
			return Config{}, err
		}
		if !b.NoAttention && (b.ResM.Skip != b.ResA.Skip || b.ResM.Branch != b.ResA.Branch) {
			field, got, want := "skip_mlp", b.ResM.Skip, b.ResA.Skip
			if b.ResM.Skip == b.ResA.Skip {
				field, got, want = "branch_mlp", b.ResM.Branch, b.ResA.Branch
			}
			return refuse(field, got, fmt.Sprintf("%v, the attention sub-block's (one γ, λ for both)", want))
		}
	}
	switch {
	case res.Scaling != compose.Const:
		return refuse("scaling_"+name, res.Scaling, "const")
	case res.Branch > 1:
		return refuse("branch_"+name, res.Branch, "at most 1")
	case res.Skip == 0 && res.Branch < 1:
		return refuse("skip_"+name, res.Skip, "> 0 with branch < 1 (Config reads λ = 0 as √(1−γ²))")
	}
	cfg.Gamma = res.Branch
	if res.Skip != math.Sqrt(1-res.Branch*res.Branch) {
		cfg.Lambda = res.Skip
	}
	return cfg, cfg.Validate()
}

// setMLP sets the feed-forward of b's MLP sub-block: the slopes and the
// He-normalised weights.
func (c *Config) setMLP(b compose.Block) error {
	refuse := func(field string, got any, want string) error {
		return param.Err(ErrParam, field, got, want+" (shapednet runs Noci et al. 2023's block)")
	}
	sm, ok := twoSlope(b.FF.Act)
	switch {
	case b.FF.Layers != 1:
		return refuse("mlp_layers", b.FF.Layers, "1")
	case b.FF.Hidden != b.D:
		return refuse("hidden", b.FF.Hidden, fmt.Sprintf("d = %d", b.D))
	case !ok:
		return refuse("phi", b.FF.Act.Name, "h (h > 0), s₋h (h < 0): relu, leaky_relu or linear")
	}
	if sw := math.Sqrt(He(1, sm)); math.Abs(b.FF.SigmaW-sw) > WeightTol*sw {
		return refuse("sigma_w", b.FF.SigmaW, fmt.Sprintf("sqrt(2/(1 + s₋²)) = %v (He)", sw))
	}
	if math.Abs(b.FF.SigmaOut-1) > WeightTol {
		return refuse("sigma_out", b.FF.SigmaOut, "1")
	}
	if sm == 0 {
		c.ReLU = true
		return nil
	}
	// The shortest decimal c₋ whose slope 1 + c₋/√n is s₋ bit for bit, so
	// the network runs at the block's slope (and at a paper's c₋ = −1).
	r := math.Sqrt(float64(b.D))
	exact := (sm - 1) * r
	for p := 1; p <= 17; p++ {
		cm, _ := strconv.ParseFloat(strconv.FormatFloat(exact, 'g', p, 64), 64)
		if _, s := Slopes(b.D, 0, cm); s == sm {
			c.CMinus = cm
			return nil
		}
	}
	return refuse("phi", b.FF.Act.Name, fmt.Sprintf("a slope s₋ = 1 + c₋/√%d for some c₋ (s₋ = %v)", b.D, sm))
}

// twoSlope returns s₋ when f computes φ(h) = h (h > 0), s₋h (h < 0) with
// its derivative, at 8 points over [−3, 3] (judged by what f computes
// rather than by its name).
func twoSlope(f activation.Func) (sMinus float64, ok bool) {
	sMinus = -f.Phi(-1)
	if math.IsNaN(sMinus) || math.IsInf(sMinus, 0) {
		return 0, false
	}
	for _, h := range []float64{-3, -1.2, -0.4, -1e-3, 1e-3, 0.5, 1.7, 3} {
		p, d := f.Both(h)
		want, dw := h, 1.0
		if h < 0 {
			want, dw = sMinus*h, sMinus
		}
		if math.Abs(p-want) > 1e-15*math.Max(1, math.Abs(want)) || math.Abs(d-dw) > 1e-15 {
			return 0, false
		}
	}
	return sMinus, true
}

// Block returns c as a compose.Block of n tokens (compose.Noci2023,
// Noci2023Vanilla or Noci2023PreLN with c's attention, norm, residual
// weights, slopes and sub-blocks): the description compose's theory,
// simulator and width check take. FromBlock(c.Block(n)) is c with its
// defaults as FromBlock writes them (Lambda 0 for √(1−γ²), Tau0 0 where
// the block has no shaped attention, KeyDim 0) and StopRadius 0: how a
// run treats a blow-up is not part of the block. Errors: c's Validate,
// compose.Block.Validate's (Depth 0), and ErrParam naming the field for
// what no compose.Block describes: a key width other than the width, an attention other than
// shaped or softmax (the Fig. 4 ablations), c₊ ≠ 0 (the block's slope
// above zero is 1), a slope s₋ outside [0, 1] (activation.LeakyReLU), n < 2.
func (c Config) Block(n int) (compose.Block, error) {
	if err := c.Validate(); err != nil {
		return compose.Block{}, err
	}
	c = c.withDefaults()
	_, sm, _ := c.shActivation()
	switch {
	case n < 2:
		return compose.Block{}, param.Err(ErrParam, "n", n, "an integer >= 2 (tokens)")
	case c.KeyDim != c.Width:
		return compose.Block{}, param.Err(ErrParam, "Config.KeyDim", c.KeyDim, fmt.Sprintf("0 or Width = %d", c.Width))
	case c.Attention != block.Shaped && c.Attention != block.Softmax:
		return compose.Block{}, param.Err(ErrParam, "Config.Attention", c.Attention, "block.Shaped or block.Softmax")
	case !c.ReLU && c.CPlus != 0:
		return compose.Block{}, param.Err(ErrParam, "Config.CPlus", c.CPlus, "0")
	case !(sm >= 0 && sm <= 1):
		return compose.Block{}, param.Err(ErrParam, "Config.CMinus", c.CMinus, fmt.Sprintf("in [−√n, 0] = [%v, 0]", -math.Sqrt(float64(c.Width))))
	}
	cm := c.CMinus
	if c.ReLU {
		cm = 0
	}
	b := compose.Noci2023(n, c.Width, c.Depth, c.Gamma, c.Tau0, cm)
	if c.ReLU {
		b.FF = compose.Noci2023Vanilla(n, c.Width, c.Depth, c.Gamma).FF
	}
	if c.Attention == block.Softmax {
		b.Attn.Kind, b.Attn.SigmaA2 = compose.Softmax, 1
	}
	switch c.Norm {
	case block.PreRMS:
		b.Norm, b.NormKind = compose.Pre, compose.RMS
	case block.PreLN:
		b.Norm, b.NormKind = compose.Pre, compose.LN
	}
	b.ResA = compose.Residual{Skip: c.Lambda, Branch: c.Gamma}
	b.ResM = b.ResA
	b.NoAttention, b.NoMLP = !c.hasAttn(), !c.hasMLP()
	return b, b.Validate()
}
