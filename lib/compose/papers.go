package compose

import (
	"math"

	"github.com/sigprop/sigprop/lib/activation"
)

// The papers' blocks beside Cowsik and Noci2022 (block.go): the variants
// Noci et al. 2022's experiments run (lib/rankblock), and Noci et al.
// 2023's shaped block and its baselines (lib/shapednet). Each simulator's
// FromBlock turns them into its own configuration, equal to the one its
// paper constructor returns (rankblock.Table2, shapednet.Shaped, ...).

// Noci2022Softmax is Noci2022 with the true softmax attention of the
// paper's experiments at inverse temperature τ (eq. 19): logits
// τ (uW^Q)·(uW^K)/√d_k with W^{Q,K} ~ N(0, 1/d_k) and d_k = d have
// variance τ²(|u_i|²/d)(|u_j|²/d), so σ_A² = τ² (Softmax). norm may be
// NoNorm, Pre or Post (LN; Fig. 4 runs all three).
func Noci2022Softmax(n, d, depth int, alpha1, alpha2 float64, s Scaling, norm NormPlace, tau float64) Block {
	b := Noci2022(n, d, depth, alpha1, alpha2, s, norm)
	b.Attn.Kind, b.Attn.SigmaA2 = Softmax, tau*tau
	return b
}

// Noci2022ReLU is the ReLU feed-forward of Noci et al. 2022's experiments
// (Fig. 10, Table 2): σ(U W^{F1}) W^{F2}, σ = ReLU, hidden width hidden,
// W^{F1} ~ N(0, 2/d) (σ_w = √2), W^{F2} ~ N(0, 1/hidden) (σ_o = 1). Set it
// as a block's FF.
func Noci2022ReLU(hidden int) FeedForward {
	return FeedForward{Act: activation.ReLU(), Layers: 1, Hidden: hidden, SigmaW: math.Sqrt2, SigmaOut: 1}
}

// Noci2022Table2 is the network of Noci et al. 2022's Table 2 (Figs. 3, 9
// and 1): n = 50 tokens of width d = 32, 4 heads, true softmax (τ = 1),
// the ReLU feed-forward of width 128, at depth L with LN placed by norm
// and α₁ = α₂ = alpha (divided by √L under InvSqrtDepth).
func Noci2022Table2(depth int, norm NormPlace, alpha float64, s Scaling) Block {
	b := Noci2022Softmax(50, 32, depth, alpha, alpha, s, norm, 1)
	b.Attn.Heads = 4
	b.FF = Noci2022ReLU(128)
	return b
}

// Noci2023 is the shaped Transformer block of Noci et al. 2023 eq. (11)
// with no norm: shaped attention (eq. 9) at τ₀, then the shaped-ReLU
// feed-forward of eq. (4) with c₊ = 0: slopes 1 and s₋ = 1 + c₋/√d
// (activation.LeakyReLU(s₋)), He-normalised, σ_w² = 2/(1 + s₋²), σ_o = 1;
// both residual sums √(1−γ²) x + γ f(x), W^V ~ N(0, 1/d). The paper's
// Fig. 1 block is Noci2023(n, d, L, γ, 1, −1); its attention-only block
// (eq. 1, Thm 4.2) sets NoMLP, its shaped-ReLU ResNet (Thm 3.2) sets
// NoAttention. It panics unless −√d <= c₋ <= 0 (a slope in [0, 1]).
func Noci2023(n, d, depth int, gamma, tau0, cMinus float64) Block {
	sm := 1 + cMinus/math.Sqrt(float64(d)) // shapednet.Slopes' arithmetic
	r := Residual{Skip: math.Sqrt(1 - gamma*gamma), Branch: gamma}
	return Block{N: n, D: d, Depth: depth, Norm: NoNorm, NormKind: LN,
		Attn: Attention{Kind: Shaped, Heads: 1, SigmaV2: 1, Tau0: tau0},
		FF:   FeedForward{Act: activation.LeakyReLU(sm), Layers: 1, Hidden: d, SigmaW: math.Sqrt(2 / (1 + sm*sm)), SigmaOut: 1},
		ResA: r, ResM: r}
}

// Noci2023Vanilla is the softmax baseline of Noci et al. 2023's Fig. 1
// ("without LN"): eq. (11) with Softmax(Y/√n_k) attention (σ_A² = 1: the
// logits of W^{Q,K} ~ N(0, 1/d) over √d) and a plain ReLU feed-forward
// (σ_w = √2, σ_o = 1), residual sums √(1−γ²) x + γ f(x), no norm (the
// paper leaves the baseline's γ and activation unstated).
func Noci2023Vanilla(n, d, depth int, gamma float64) Block {
	b := Noci2023(n, d, depth, gamma, 1, 0)
	b.Attn.Kind, b.Attn.SigmaA2 = Softmax, 1
	b.FF.Act, b.FF.SigmaW = activation.ReLU(), math.Sqrt2
	return b
}

// Noci2023PreLN is the pre-norm baseline of Noci et al. 2023's Fig. 1:
// Noci2023Vanilla with skips and branches 1 and the branch inputs
// normalised by kind (RMS, x ↦ √d x/|x|, or LN).
func Noci2023PreLN(n, d, depth int, kind NormKind) Block {
	b := Noci2023Vanilla(n, d, depth, 1)
	b.Norm, b.NormKind = Pre, kind
	b.ResA, b.ResM = Residual{Skip: 1, Branch: 1}, Residual{Skip: 1, Branch: 1}
	return b
}
