package block

import "fmt"

// Attention selects the attention matrix A of an attention sub-block, for
// every simulator in sigprop (tokennet, rankblock, shapednet, attnspec and
// vit); each says which kinds it supports and rejects the others. Y is the
// logit matrix of the block, τ its temperature and 𝟏𝟏ᵀ/m the uniform
// attention over m tokens.
type Attention int

const (
	// Softmax is A = softmax(Y/τ) with the standard temperature, the zero
	// value (Cowsik et al. 2024 eq. 1; Noci et al. 2022 eq. 19; Noci et al.
	// 2023 eq. 2, "vanilla").
	Softmax Attention = iota
	// Shaped is A = I + softmax(Y/τ) − 𝟏𝟏ᵀ/m with τ = τ₀√(n n_k) (Noci et
	// al. 2023 eq. 9).
	Shaped
	// Uniform is A = 𝟏𝟏ᵀ/m with the softmax Jacobian taken at zero logits:
	// Assumption 3.1 of Noci et al. 2022 (eq. 24).
	Uniform
	// ShapedNoIdentity is softmax(Y/τ) − 𝟏𝟏ᵀ/m ("τ² = nn_k, center", Noci
	// et al. 2023 Fig. 4).
	ShapedNoIdentity
	// ShapedNoCenter is I + softmax(Y/τ) ("id, τ² = nn_k", Fig. 4).
	ShapedNoCenter
	// IdentityOnly is I + softmax(Y/τ_v) at the standard temperature
	// ("only id", Fig. 4).
	IdentityOnly
	// NoTemperature is I + softmax(Y/τ_v) − 𝟏𝟏ᵀ/m (Fig. 4, unspecified in
	// the paper; lib/sources/noci2023.md#figures).
	NoTemperature
	// OnlyTemperature is softmax(Y/τ) (Fig. 4, unspecified; lib/sources/noci2023.md#figures).
	OnlyTemperature
	// Centered is A − 𝟏𝟏ᵀ/T for a random Markov A (Tanner lecture F33).
	Centered
	// Projected is A(I − 𝟏𝟏ᵀ/T), equal to Centered on the value path (F33).
	Projected
	// Differential is A₁ − λA₂ with two independent A (F38; Ye et al. 2024).
	Differential
)

var attentionNames = [...]string{"softmax", "shaped", "uniform", "no-identity", "no-center",
	"only-identity", "no-temperature", "only-temperature", "centered", "projected", "differential"}

func (a Attention) String() string {
	if a >= 0 && int(a) < len(attentionNames) {
		return attentionNames[a]
	}
	return fmt.Sprintf("Attention(%d)", int(a))
}

// Norm selects the normalisation of a block and where it sits. Tokens are
// rows; each normalisation acts on one token (NormalizeRow).
type Norm int

const (
	// NoNorm: X' = X + α f(X), no normalisation (the zero value).
	NoNorm Norm = iota
	// PreLN normalises the branch input, X' = X + α f(LN X), with LayerNorm
	// without gain or bias (token mean subtracted, biased variance).
	PreLN
	// PostLN normalises the sum, X' = LN(X + α f(X)) (Noci et al. 2022).
	PostLN
	// PreRMS normalises the branch input by its root mean square,
	// x ↦ √d x/‖x‖ (Cowsik et al. 2024 eq. 3; the reduced chain of Noci et
	// al. 2023).
	PreRMS
)

var normNames = [...]string{"no LN", "PRE-LN", "POST-LN", "PRE-RMS"}

func (n Norm) String() string {
	if n >= 0 && int(n) < len(normNames) {
		return normNames[n]
	}
	return fmt.Sprintf("Norm(%d)", int(n))
}
