package compose

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// ErrParam is wrapped by every error of Block.Validate and of the parsers:
// a field outside its range, named with the range allowed.
var ErrParam = param.New("compose")

func paramErr(field string, got any, allowed string) error {
	return param.Err(ErrParam, field, got, allowed)
}

// AttnKind is the attention matrix of the attention sub-block.
type AttnKind int

const (
	// Softmax is A = softmax(Y) with logits Y_ij = (u_i W^Q)·(u_j W^K)/√d_k,
	// W^Q, W^K entries N(0, σ_A/d), so a logit has variance
	// σ_A²(|u_i|²/d)(|u_j|²/d) (Cowsik et al. 2024 eq. 1 when |u|² = d).
	Softmax AttnKind = iota
	// Uniform is A = 𝟏𝟏ᵀ/n (Noci et al. 2022 Assumption 3.1).
	Uniform
	// Shaped is A = I + softmax(Y/τ) − 𝟏𝟏ᵀ/n, τ = τ₀√(d d_k), W^Q, W^K
	// entries N(0, 1/d) (Noci et al. 2023 eq. 9).
	Shaped
)

var attnNames = []string{Softmax: "softmax", Uniform: "uniform", Shaped: "shaped"}

func (a AttnKind) String() string {
	if a >= 0 && int(a) < len(attnNames) {
		return attnNames[a]
	}
	return fmt.Sprintf("AttnKind(%d)", int(a))
}

// NormPlace says where the token norm sits.
type NormPlace int

const (
	// NoNorm: Z = s_A X + b_A f_A(X), X' = s_M Z + b_M f_M(Z).
	NoNorm NormPlace = iota
	// Pre normalises each branch input: Z = s_A X + b_A f_A(N X).
	Pre
	// Post normalises each residual sum: Z = N(s_A X + b_A f_A(X)).
	Post
)

var placeNames = []string{NoNorm: "none", Pre: "pre", Post: "post"}

func (p NormPlace) String() string {
	if p >= 0 && int(p) < len(placeNames) {
		return placeNames[p]
	}
	return fmt.Sprintf("NormPlace(%d)", int(p))
}

// NormKind is the token norm N.
type NormKind int

const (
	// LN is LayerNorm without gain or bias, (x − mean x)/std x.
	LN NormKind = iota
	// RMS is x ↦ √d x/|x| (Cowsik et al. 2024 eq. 3).
	RMS
)

var normKindNames = []string{LN: "ln", RMS: "rms"}

func (k NormKind) String() string {
	if k >= 0 && int(k) < len(normKindNames) {
		return normKindNames[k]
	}
	return fmt.Sprintf("NormKind(%d)", int(k))
}

// Scaling says how a branch weight depends on the depth L of the network.
type Scaling int

const (
	// Const uses the branch weight as given.
	Const Scaling = iota
	// InvSqrtDepth multiplies the branch weight by 1/√L (Noci et al. 2022
	// Lemma 3.2's α² = α̃/L). Noci et al. 2023 do not scale the branch
	// with depth: their γ is constant and the shaping is in the width
	// (τ = τ₀√(n n_k)), with depth entering as the SDE time ℓ/n.
	InvSqrtDepth
)

var scalingNames = []string{Const: "const", InvSqrtDepth: "sqrtL"}

func (s Scaling) String() string {
	if s >= 0 && int(s) < len(scalingNames) {
		return scalingNames[s]
	}
	return fmt.Sprintf("Scaling(%d)", int(s))
}

// Residual is one residual sum out = Skip·x + Branch·f(x) (Branch divided
// by √L under InvSqrtDepth). Cowsik et al. 2024 use Skip = √(1−α²),
// Branch = α; Noci et al. 2022 Skip = 1, Branch = α (or α̃^{1/2} with
// InvSqrtDepth); Noci et al. 2023 Skip = √(1−γ²), Branch = γ.
type Residual struct {
	Skip, Branch float64
	Scaling      Scaling
}

// Attention is the attention sub-block f_A(u) = A u W^V.
type Attention struct {
	Kind AttnKind
	// SigmaA2 >= 0 is σ_A² of Softmax (see Softmax); ignored otherwise.
	SigmaA2 float64
	// Tau0 > 0 is τ₀ of Shaped; ignored otherwise.
	Tau0 float64
	// Causal masks A_ij = 0 for j > i (Softmax only). The (q, p) ansatz
	// does not hold under a mask (token i sees i+1 tokens), so Map
	// refuses it; GramMap covers it (exact at SigmaA2 = 0, the mean
	// map's approximation above); the simulator runs it.
	Causal bool
	// Heads >= 1 splits Q, K, V into Heads column blocks, each with its
	// own attention matrix (d and the key width divisible by Heads; no
	// mask). The logit variance per head is the same as with one head, so
	// the mean-field map does not depend on Heads.
	Heads int
	// SigmaV2 > 0 is the value weight variance times d: W^V ~ N(0, σ_V²/d).
	SigmaV2 float64
}

// FeedForward is the feed-forward sub-block
//
//	f_M(u) = φ(⋯φ(u W⁰)⋯) W^ℓ,  W^k ~ N(0, σ_w²/fan_in) (k < ℓ),  W^ℓ ~ N(0, σ_o²/fan_in),
//
// with Layers = ℓ nonlinear layers of width Hidden (ℓ = 0: f_M(u) = u W⁰).
type FeedForward struct {
	// Act is φ; its name is what a block file writes (Phi, DPhi set).
	Act activation.Func
	// Layers >= 0 is ℓ, the number of nonlinear layers.
	Layers int
	// Hidden >= 1 is the hidden width (0 means d in a Block's defaults).
	Hidden int
	// SigmaW > 0 scales the hidden weights, SigmaOut > 0 the last one.
	SigmaW, SigmaOut float64
}

// Block describes one transformer block and the stack of Depth of them,
// once, for both the mean-field theory (Map, Trajectory, LambdaA, ...)
// and the simulator (Simulate):
//
//	NoNorm  Z = s_A X + b_A f_A(X),      X' = s_M Z + b_M f_M(Z)
//	Pre     Z = s_A X + b_A f_A(N X),    X' = s_M Z + b_M f_M(N Z)
//	Post    Z = N(s_A X + b_A f_A(X)),   X' = N(s_M Z + b_M f_M(Z))
//
// with tokens as the n rows of X ∈ ℝ^{n×d}. Every field is physical, so
// there are no zero-value defaults beyond those WithDefaults fills in
// (Heads, SigmaV2, Hidden, Tau0, Act); Cowsik and Noci2022 return the
// papers' blocks.
type Block struct {
	N     int // tokens n >= 2
	D     int // width d >= 1 (the theory's q is |x|², so the norm sets q = d)
	Depth int // blocks L >= 1 (sets the 1/√L scalings and the runs' depth)
	Norm  NormPlace
	// NormKind is LN or RMS; Post with RMS has no simulator (lib/block's
	// post-norm is LN) and is refused.
	NormKind NormKind
	Attn     Attention
	FF       FeedForward
	// ResA and ResM are the residual sums of the attention and
	// feed-forward sub-blocks.
	ResA, ResM Residual
	// NoAttention, NoMLP leave a sub-block out (its residual is then the
	// identity).
	NoAttention, NoMLP bool
}

// WithDefaults returns b with zero Heads, SigmaV2, FF.Hidden, Attn.Tau0
// and FF.Act set to 1, 1, D, 1 and tanh.
func (b Block) WithDefaults() Block {
	if b.Attn.Heads == 0 {
		b.Attn.Heads = 1
	}
	if b.Attn.SigmaV2 == 0 {
		b.Attn.SigmaV2 = 1
	}
	if b.FF.Hidden == 0 {
		b.FF.Hidden = b.D
	}
	if b.Attn.Tau0 == 0 {
		b.Attn.Tau0 = 1
	}
	if b.FF.Act.Phi == nil {
		b.FF.Act = activation.Tanh()
	}
	return b
}

// WithWidth returns b at width d with the feed-forward hidden width
// scaled in proportion, round(Hidden·d/D) and at least 1 (a block whose
// hidden width is d keeps it equal to d): the width a field depends on
// follows it. Setting b.D by hand leaves Hidden as it was. It panics if
// d < 1 or b.D < 1.
func (b Block) WithWidth(d int) Block {
	if d < 1 || b.D < 1 {
		panic(fmt.Sprintf("compose: WithWidth(%d) of a block of width %d", d, b.D))
	}
	b.FF.Hidden = max(1, int(math.Round(float64(b.FF.Hidden)*float64(d)/float64(b.D))))
	b.D = d
	return b
}

// Ranges are the ranges of the block's numeric fields, by their names
// in Fields and `sigprop eval` (one place: Validate checks them and
// lib/quantity's compose parameters take their bounds from them).
var Ranges = map[string]param.Range{
	"n":     {Min: 2, Max: math.Inf(1), Integer: true},
	"d":     {Min: 1, Max: math.Inf(1), Integer: true},
	"depth": {Min: 1, Max: math.Inf(1), Integer: true},
	"heads": {Min: 1, Max: math.Inf(1), Integer: true},

	"sigma_a2": nonNegative,
	"tau0":     positive, "sigma_v2": positive, "sigma_w": positive, "sigma_out": positive,
	"mlp_layers": {Min: 0, Max: 64, Integer: true},
	"skip_attn":  nonNegative, "branch_attn": nonNegative, "skip_mlp": nonNegative, "branch_mlp": nonNegative,
}

var (
	positive    = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true}
	nonNegative = param.Range{Min: 0, Max: math.Inf(1), MaxOpen: true}
)

// Validate returns an error wrapping ErrParam naming the first field out
// of its range (Ranges for the numeric ones). It validates b as given;
// call WithDefaults first to fill the defaults in.
func (b Block) Validate() error {
	for _, c := range []struct {
		name string
		n    int
	}{{"n", b.N}, {"d", b.D}, {"depth", b.Depth}} {
		if err := Ranges[c.name].CheckInt(ErrParam, c.name, c.n); err != nil {
			return err
		}
	}
	switch {
	case b.Norm < NoNorm || b.Norm > Post:
		return paramErr("norm", b.Norm, "none, pre or post")
	case b.NormKind < LN || b.NormKind > RMS:
		return paramErr("norm_kind", b.NormKind, "ln or rms")
	case b.Norm == Post && b.NormKind == RMS:
		return paramErr("norm_kind", b.NormKind, "ln with norm = post (lib/block's post-norm is LayerNorm)")
	case b.Attn.Kind < Softmax || b.Attn.Kind > Shaped:
		return paramErr("attn", b.Attn.Kind, "softmax, uniform or shaped")
	case !Ranges["sigma_a2"].Contains(b.Attn.SigmaA2):
		return Ranges["sigma_a2"].Check(ErrParam, "sigma_a2", b.Attn.SigmaA2)
	case !Ranges["tau0"].Contains(b.Attn.Tau0):
		return Ranges["tau0"].Check(ErrParam, "tau0", b.Attn.Tau0)
	case b.Attn.Causal && b.Attn.Kind != Softmax:
		return paramErr("causal", b.Attn.Causal, "false unless attn = softmax")
	case !Ranges["heads"].Contains(float64(b.Attn.Heads)):
		return Ranges["heads"].CheckInt(ErrParam, "heads", b.Attn.Heads)
	case b.Attn.Heads > 1 && b.D%b.Attn.Heads != 0:
		return paramErr("heads", b.Attn.Heads, fmt.Sprintf("a divisor of d = %d", b.D))
	case b.Attn.Heads > 1 && b.Attn.Causal:
		return paramErr("heads", b.Attn.Heads, "1 with causal attention")
	case !Ranges["sigma_v2"].Contains(b.Attn.SigmaV2):
		return Ranges["sigma_v2"].Check(ErrParam, "sigma_v2", b.Attn.SigmaV2)
	case b.FF.Act.Phi == nil || b.FF.Act.DPhi == nil:
		return paramErr("phi", b.FF.Act.Name, "an activation with Phi and DPhi (see activation.Names)")
	case !Ranges["mlp_layers"].Contains(float64(b.FF.Layers)):
		return Ranges["mlp_layers"].CheckInt(ErrParam, "mlp_layers", b.FF.Layers)
	case b.FF.Hidden < 1:
		return paramErr("hidden", b.FF.Hidden, "an integer >= 1")
	case !Ranges["sigma_w"].Contains(b.FF.SigmaW):
		return Ranges["sigma_w"].Check(ErrParam, "sigma_w", b.FF.SigmaW)
	case !Ranges["sigma_out"].Contains(b.FF.SigmaOut):
		return Ranges["sigma_out"].Check(ErrParam, "sigma_out", b.FF.SigmaOut)
	}
	for _, r := range []struct {
		name string
		r    Residual
	}{{"attn", b.ResA}, {"mlp", b.ResM}} {
		switch {
		case !Ranges["skip_"+r.name].Contains(r.r.Skip):
			return Ranges["skip_"+r.name].Check(ErrParam, "skip_"+r.name, r.r.Skip)
		case !Ranges["branch_"+r.name].Contains(r.r.Branch):
			return Ranges["branch_"+r.name].Check(ErrParam, "branch_"+r.name, r.r.Branch)
		case r.r.Scaling < Const || r.r.Scaling > InvSqrtDepth:
			return paramErr("scaling_"+r.name, r.r.Scaling, "const or sqrtL")
		}
	}
	return nil
}

// mustValid panics with Validate's error: a Block reaching the maps or the
// simulator unvalidated is a caller bug.
func (b Block) mustValid() {
	if err := b.Validate(); err != nil {
		panic(err.Error())
	}
}

// Weights returns the residual weights (s, b) of r in a network of depth
// L: Branch divided by √L under InvSqrtDepth.
func (r Residual) Weights(depth int) (skip, branch float64) { return r.weights(depth) }

// weights returns the residual weights (s, b) of r in a network of depth L.
func (r Residual) weights(depth int) (skip, branch float64) {
	if r.Scaling == InvSqrtDepth {
		return r.Skip, r.Branch / math.Sqrt(float64(depth))
	}
	return r.Skip, r.Branch
}

// Cowsik returns the block of Cowsik et al. 2024 eq. (4): pre-RMS, softmax
// attention with σ_A², skips √(1−α²) and branches α_A, α_M, an ℓ-layer
// MLP with σ_w on every weight matrix and φ = act (tanh: the paper's).
func Cowsik(n, d, depth int, alphaA, alphaM, sigmaW, sigmaA2 float64, mlpLayers int, act activation.Func) Block {
	return Block{N: n, D: d, Depth: depth, Norm: Pre, NormKind: RMS,
		Attn: Attention{Kind: Softmax, SigmaA2: sigmaA2, Heads: 1, SigmaV2: 1, Tau0: 1},
		FF:   FeedForward{Act: act, Layers: mlpLayers, Hidden: d, SigmaW: sigmaW, SigmaOut: sigmaW},
		ResA: Residual{Skip: math.Sqrt(1 - alphaA*alphaA), Branch: alphaA},
		ResM: Residual{Skip: math.Sqrt(1 - alphaM*alphaM), Branch: alphaM}}
}

// Noci2022 returns the block of Noci et al. 2022 eqs. (2)–(4) with uniform
// attention (Assumption 3.1) and a linear feed-forward σ(Y W¹) W² with
// σ = id: skips 1, branches α₁, α₂ (times 1/√L with scaling sqrtL), W^V,
// W¹, W² ~ N(0, 1/d), with norm NoNorm or Post (LN).
func Noci2022(n, d, depth int, alpha1, alpha2 float64, s Scaling, norm NormPlace) Block {
	return Block{N: n, D: d, Depth: depth, Norm: norm, NormKind: LN,
		Attn: Attention{Kind: Uniform, Heads: 1, SigmaV2: 1, Tau0: 1},
		FF:   FeedForward{Act: activation.Linear(), Layers: 1, Hidden: d, SigmaW: 1, SigmaOut: 1},
		ResA: Residual{Skip: 1, Branch: alpha1, Scaling: s},
		ResM: Residual{Skip: 1, Branch: alpha2, Scaling: s}}
}
