package finitewidth

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
)

// BlockCase is a named composed block with its input, one of the cases
// the finite-width theory of blocks is checked on.
type BlockCase struct {
	Name string
	BlockSettings
}

// Tokens is the number of tokens of BlockCases.
const Tokens = 8

// BlockCases returns the three composed blocks no source analyses, at
// width d and depth L (input q0 = d, ρ0 = 0.3), each with one attention
// and one single-hidden-layer feed-forward sub-block (hidden width d,
// σ_w = σ_o = 1 unless named):
//
//	pre-ln-softmax-tanh   pre-LN, softmax attention σ_A² = 1, tanh, skips and branches 0.7
//	post-ln-uniform-gelu  post-LN, uniform attention, GELU (σ_w² = 2), skip √(1−α²), branch α = 0.5
//	none-uniform-relu     no norm, uniform attention, ReLU (σ_w² = 2), skip 1, branch 1/√L
func BlockCases(d, depth int) []BlockCase {
	base := compose.Block{N: Tokens, D: d, Depth: depth, NormKind: compose.LN,
		Attn: compose.Attention{Heads: 1, SigmaV2: 1, Tau0: 1},
		FF:   compose.FeedForward{Layers: 1, Hidden: d, SigmaW: 1, SigmaOut: 1}}
	a := 0.5
	b1 := base
	b1.Norm, b1.Attn.Kind, b1.Attn.SigmaA2, b1.FF.Act = compose.Pre, compose.Softmax, 1, activation.Tanh()
	b1.ResA = compose.Residual{Skip: 0.7, Branch: 0.7}
	b1.ResM = b1.ResA
	b2 := base
	b2.Norm, b2.Attn.Kind, b2.FF.Act, b2.FF.SigmaW = compose.Post, compose.Uniform, activation.GELU(), math.Sqrt2
	b2.ResA = compose.Residual{Skip: math.Sqrt(1 - a*a), Branch: a}
	b2.ResM = b2.ResA
	b3 := base
	b3.Norm, b3.Attn.Kind, b3.FF.Act, b3.FF.SigmaW = compose.NoNorm, compose.Uniform, activation.ReLU(), math.Sqrt2
	b3.ResA = compose.Residual{Skip: 1, Branch: 1, Scaling: compose.InvSqrtDepth}
	b3.ResM = b3.ResA
	in := func(name string, b compose.Block) BlockCase {
		return BlockCase{Name: name, BlockSettings: BlockSettings{Block: b, Q0: float64(d), Rho0: 0.3}}
	}
	return []BlockCase{in("pre-ln-softmax-tanh", b1), in("post-ln-uniform-gelu", b2), in("none-uniform-relu", b3)}
}

// ShapedCase is the shaped block of Noci et al. 2023 in compose's terms at
// width d and depth L, input q0 = d, ρ0 = 0.3: compose.Noci2023 with
// Tokens tokens, τ₀ and c₋ = −1 (no norm, shaped attention, skip √(1−γ²)
// and branch γ, Thm 4.2), with mlp also its shaped-ReLU feed-forward
// sub-block of eq. (4) (slopes 1 and 1 − 1/√d, He-normalised; Cor 4.3).
func ShapedCase(d, depth int, gamma, tau0 float64, mlp bool) BlockCase {
	b := compose.Noci2023(Tokens, d, depth, gamma, tau0, -1)
	b.NoMLP = !mlp
	name := "shaped-attention"
	if mlp {
		name = "shaped-transformer"
	}
	return BlockCase{Name: name, BlockSettings: BlockSettings{Block: b, Q0: float64(d), Rho0: 0.3}}
}
