package randnet

// The shaped Transformer of Noci, Li, Li, He, Hofmann, Maddison and Roy,
// "The Shaped Transformer: Attention Models in the Infinite Depth-and-Width
// Limit" (NeurIPS 2023, arXiv:2306.17759), at initialisation, and the
// vanilla / Pre-LN softmax Transformers it is contrasted with (Fig. 1).
//
// Notation: the paper's width n is ShapedConfig.Width, its depth d is
// ShapedConfig.Depth, m is the number of tokens, n_k the key dimension.
// Token covariance V_ℓ = X_ℓ X_ℓᵀ/Width (m×m), correlation
// ρ^{αβ} = V^{αβ}/√(V^{αα}V^{ββ}). In the proportional limit V_ℓ follows the
// covariance SDEs of package sde at time t = ℓ/Width.

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// ShapedAttn selects the attention matrix A = f(Y) of a layer; Y is the
// m×m logit matrix Y = X (W^Q/√n)(W^K/√n)ᵀ Xᵀ. With τ = τ₀√(n n_k) and
// τ_v = √n_k (the standard temperature):
type ShapedAttn int

const (
	// AttnShaped is Eq. (9): A = I + Softmax(Y/τ) − 11ᵀ/m.
	AttnShaped ShapedAttn = iota
	// AttnVanilla is Eq. (2) with the standard temperature: A = Softmax(Y/τ_v).
	AttnVanilla
	// AttnNoIdentity is Fig. 4's "τ² = nn_k, center": Softmax(Y/τ) − 11ᵀ/m.
	AttnNoIdentity
	// AttnNoCenter is Fig. 4's "id, τ² = nn_k": I + Softmax(Y/τ).
	AttnNoCenter
	// AttnOnlyIdentity is Fig. 4's "only id": I + Softmax(Y/τ_v).
	AttnOnlyIdentity
	// AttnNoTemperature: I + Softmax(Y/τ_v) − 11ᵀ/m (spec §5, Fig. 4 [unspecified]).
	AttnNoTemperature
	// AttnOnlyTemperature: Softmax(Y/τ) (spec §5, Fig. 4 [unspecified]).
	AttnOnlyTemperature
)

var shAttnNames = []string{"shaped", "vanilla", "no-identity", "no-center", "only-identity", "no-temperature", "only-temperature"}

func (a ShapedAttn) String() string {
	if a >= 0 && int(a) < len(shAttnNames) {
		return shAttnNames[a]
	}
	return fmt.Sprintf("ShapedAttn(%d)", int(a))
}

func (a ShapedAttn) shParts() (identity, center, shapedTemp bool) {
	switch a {
	case AttnShaped:
		return true, true, true
	case AttnVanilla:
		return false, false, false
	case AttnNoIdentity:
		return false, true, true
	case AttnNoCenter:
		return true, false, true
	case AttnOnlyIdentity:
		return true, false, false
	case AttnNoTemperature:
		return true, true, false
	default: // AttnOnlyTemperature
		return false, false, true
	}
}

// ShapedBlocks selects the sub-blocks of one layer.
type ShapedBlocks int

const (
	// BlocksTransformer is Eq. (11): attention sub-block, then MLP sub-block.
	BlocksTransformer ShapedBlocks = iota
	// BlocksAttention is Eq. (1): the residual attention block alone.
	BlocksAttention
	// BlocksMLP is Eq. (4): the residual (shaped-)ReLU MLP block alone.
	BlocksMLP
)

// ShapedNorm is the normalisation applied to the branch inputs (Pre-LN).
type ShapedNorm int

const (
	// NormNone: no normalisation (the shaped Transformer has none).
	NormNone ShapedNorm = iota
	// NormRMS: x ↦ √n x/‖x‖ per token. Exact in the reduced chain.
	NormRMS
	// NormLayer: LayerNorm without gain/bias, (x − mean x)/sd x per token.
	// Only ShapedForward supports it (feature-mean subtraction breaks the
	// rotation invariance the reduced chain relies on).
	NormLayer
)

// ShapedConfig describes a random residual attention network at
// initialisation. All weights are iid N(0, 1) with the 1/√n factors in the
// forward pass; layers are independent. Zero values: KeyDim 0 means Width,
// Lambda 0 means √(1−γ²), Tau0 0 means 1, StopRadius 0 means 1e12.
type ShapedConfig struct {
	Width  int // n ≥ 1, the embedding width (the paper's n)
	Depth  int // d ≥ 0, the number of layers (the paper's d)
	KeyDim int // n_k ≥ 1, the query/key dimension
	Blocks ShapedBlocks
	Attn   ShapedAttn
	// Gamma is the residual-branch weight γ ∈ [0, 1]; Lambda the shortcut
	// weight λ ≥ 0 (default √(1−γ²); Pre-LN uses λ = γ = 1).
	Gamma, Lambda float64
	// Tau0 is τ₀ > 0 of the shaped temperature τ = τ₀√(n n_k).
	Tau0 float64
	// CPlus, CMinus are the shaped-ReLU constants: slopes s± = 1 + c±/√n.
	// The paper's experiments use c₊ = 0, c₋ = −1.
	CPlus, CMinus float64
	// ReLU replaces the shaped ReLU by the plain ReLU (s₊ = 1, s₋ = 0).
	ReLU bool
	// Norm normalises the branch inputs (Pre-LN).
	Norm ShapedNorm
	// StopRadius: a network whose covariance has a diagonal entry ≥
	// StopRadius or a non-finite entry is frozen at its last finite state.
	StopRadius float64
}

// ShapedTransformerConfig is the shaped Transformer of Eq. (11) with the
// paper's Fig. 1 choices: τ₀ = 1, c₊ = 0, c₋ = −1, n_k = n, λ = √(1−γ²).
func ShapedTransformerConfig(width, depth int, gamma float64) ShapedConfig {
	return ShapedConfig{Width: width, Depth: depth, Gamma: gamma, Tau0: 1, CMinus: -1}
}

// VanillaTransformerConfig is Eq. (11) with softmax attention Softmax(Y/√n_k)
// and a plain ReLU MLP, same λ, γ, no normalisation (Fig. 1 "without LN";
// the baseline's λ, γ and activation are unspecified in the paper).
func VanillaTransformerConfig(width, depth int, gamma float64) ShapedConfig {
	return ShapedConfig{Width: width, Depth: depth, Gamma: gamma, Attn: AttnVanilla, ReLU: true}
}

// PreLNTransformerConfig is the Pre-LN baseline of Fig. 1: λ = γ = 1,
// normalised branch inputs, Softmax(Y/√n_k), plain ReLU MLP. norm is NormRMS
// (reduced chain; the spec's approximation of LayerNorm) or NormLayer
// (ShapedForward only).
func PreLNTransformerConfig(width, depth int, norm ShapedNorm) ShapedConfig {
	return ShapedConfig{Width: width, Depth: depth, Gamma: 1, Lambda: 1, Attn: AttnVanilla, ReLU: true, Norm: norm}
}

func (c ShapedConfig) withDefaults() ShapedConfig {
	if c.KeyDim == 0 {
		c.KeyDim = c.Width
	}
	if c.Lambda == 0 {
		c.Lambda = math.Sqrt(1 - c.Gamma*c.Gamma)
	}
	if c.Tau0 == 0 {
		c.Tau0 = 1
	}
	if c.StopRadius == 0 {
		c.StopRadius = 1e12
	}
	return c
}

// Validate reports a parameter outside its domain.
func (c ShapedConfig) Validate() error {
	switch {
	case c.Width < 1:
		return fmt.Errorf("randnet: shaped Width = %d, must be >= 1", c.Width)
	case c.Depth < 0:
		return fmt.Errorf("randnet: shaped Depth = %d, must be >= 0", c.Depth)
	case c.KeyDim < 0:
		return fmt.Errorf("randnet: shaped KeyDim = %d, must be >= 1 (0 means Width)", c.KeyDim)
	case c.Blocks < BlocksTransformer || c.Blocks > BlocksMLP:
		return fmt.Errorf("randnet: unknown ShapedBlocks %d", int(c.Blocks))
	case c.Attn < AttnShaped || c.Attn > AttnOnlyTemperature:
		return fmt.Errorf("randnet: unknown ShapedAttn %d", int(c.Attn))
	case c.Norm < NormNone || c.Norm > NormLayer:
		return fmt.Errorf("randnet: unknown ShapedNorm %d", int(c.Norm))
	case !(c.Gamma >= 0 && c.Gamma <= 1):
		return fmt.Errorf("randnet: shaped Gamma = %v, must be in [0, 1]", c.Gamma)
	case !(c.Lambda >= 0) || math.IsInf(c.Lambda, 1):
		return fmt.Errorf("randnet: shaped Lambda = %v, must be finite and >= 0", c.Lambda)
	case !(c.Tau0 >= 0) || math.IsInf(c.Tau0, 1):
		return fmt.Errorf("randnet: shaped Tau0 = %v, must be finite and > 0", c.Tau0)
	case math.IsNaN(c.CPlus) || math.IsInf(c.CPlus, 0) || math.IsNaN(c.CMinus) || math.IsInf(c.CMinus, 0):
		return fmt.Errorf("randnet: shaped CPlus, CMinus must be finite")
	case !(c.StopRadius >= 0):
		return fmt.Errorf("randnet: shaped StopRadius = %v, must be > 0", c.StopRadius)
	}
	return nil
}

// ShapedSlopes returns the shaped-ReLU slopes s± = 1 + c±/√width (Eq. 4).
func ShapedSlopes(width int, cPlus, cMinus float64) (sPlus, sMinus float64) {
	if width < 1 {
		panic(fmt.Sprintf("randnet: ShapedSlopes width = %d, must be >= 1", width))
	}
	r := math.Sqrt(float64(width))
	return 1 + cPlus/r, 1 + cMinus/r
}

// ShapedReLU is σ_s(x) = s₊ max(x, 0) + s₋ min(x, 0).
func ShapedReLU(x, sPlus, sMinus float64) float64 {
	if x >= 0 {
		return sPlus * x
	}
	return sMinus * x
}

// ShapedHe is the He constant c = 1/E σ_s(g)² = 2/(s₊² + s₋²), g ~ N(0, 1).
// It panics if both slopes vanish.
func ShapedHe(sPlus, sMinus float64) float64 {
	q := sPlus*sPlus + sMinus*sMinus
	if !(q > 0) {
		panic("randnet: ShapedHe needs a non-zero slope")
	}
	return 2 / q
}

// ShapedReLUKernel is the normalised kernel c·K₁(ρ) = c E σ_s(g₁)σ_s(g₂) for
// unit Gaussians with correlation ρ (App. B, Eq. 23; spec §7 item 14):
//
//	cK₁(ρ) = [a²ρ + b²·(2/π)(√(1−ρ²) + ρ arcsin ρ)] / (a² + b²),
//	a = (s₊+s₋)/2,  b = (s₊−s₋)/2,
//
// from σ_s(x) = a x + b|x|. cK₁(1) = 1, and width·(cK₁(ρ) − ρ) → ν(ρ) of
// Eq. (6) at rate width^{−1/2} when s± = 1 + c±/√width.
func ShapedReLUKernel(rho, sPlus, sMinus float64) float64 {
	if !(rho >= -1-1e-12 && rho <= 1+1e-12) {
		panic(fmt.Sprintf("randnet: ShapedReLUKernel rho = %v, must be in [-1, 1]", rho))
	}
	rho = math.Max(-1, math.Min(1, rho))
	a, b := (sPlus+sMinus)/2, (sPlus-sMinus)/2
	return (a*a*rho + b*b*2/math.Pi*(math.Sqrt(1-rho*rho)+rho*math.Asin(rho))) / (a*a + b*b)
}

// shTemps returns 1/τ for the shaped temperature τ = τ₀√(n n_k) and for the
// standard one τ_v = √n_k.
func (c ShapedConfig) shInvTau() float64 {
	_, _, shaped := c.Attn.shParts()
	if shaped {
		return 1 / (c.Tau0 * math.Sqrt(float64(c.Width)*float64(c.KeyDim)))
	}
	return 1 / math.Sqrt(float64(c.KeyDim))
}

// shAttention writes A = f(Y) (row-major m×m) into dst; y is not modified.
// Softmax rows are computed with max subtraction.
func shAttention(dst, y []float64, m int, variant ShapedAttn, invTau float64) {
	id, center, _ := variant.shParts()
	inv := 1 / float64(m)
	for i := 0; i < m; i++ {
		out := dst[i*m : (i+1)*m]
		for j, v := range y[i*m : (i+1)*m] {
			out[j] = v * invTau
		}
		softmaxRow(out)
		for j := 0; j < m; j++ {
			a := out[j]
			if center {
				a -= inv
			}
			if id && i == j {
				a++
			}
			dst[i*m+j] = a
		}
	}
}

// AttentionMatrix returns A = f(Y) for the configuration's attention variant
// and temperature (Eq. 2 or Eq. 9). It panics if Y is not square.
func (c ShapedConfig) AttentionMatrix(Y mat.Matrix) *mat.Dense {
	c = c.withDefaults()
	m, k := Y.Dims()
	if m != k {
		panic("randnet: AttentionMatrix needs a square Y")
	}
	y := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			y[i*m+j] = Y.At(i, j)
		}
	}
	out := make([]float64, m*m)
	shAttention(out, y, m, c.Attn, c.shInvTau())
	return mat.NewDense(m, m, out)
}

// shActivation returns the MLP activation's slopes and He constant.
func (c ShapedConfig) shActivation() (sPlus, sMinus, he float64) {
	if c.ReLU {
		return 1, 0, 2
	}
	sPlus, sMinus = ShapedSlopes(c.Width, c.CPlus, c.CMinus)
	return sPlus, sMinus, ShapedHe(sPlus, sMinus)
}

func (c ShapedConfig) hasAttn() bool { return c.Blocks != BlocksMLP }
func (c ShapedConfig) hasMLP() bool  { return c.Blocks != BlocksAttention }
