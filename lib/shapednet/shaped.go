package shapednet

// The shaped tokennet.Transformer of Noci, Li, Li, He, Hofmann, Maddison and Roy,
// "The Shaped tokennet.Transformer: Attention Models in the Infinite Depth-and-Width
// Limit" (NeurIPS 2023, arXiv:2306.17759), at initialisation, and the
// vanilla / Pre-LN softmax Transformers it is contrasted with (Fig. 1).
//
// Notation: the paper's width n is Config.Width, its depth d is
// Config.Depth, m is the number of tokens, n_k the key dimension.
// Token covariance V_ℓ = X_ℓ X_ℓᵀ/Width (m×m), correlation
// ρ^{αβ} = V^{αβ}/√(V^{αα}V^{ββ}). In the proportional limit V_ℓ follows the
// covariance SDEs of package sde at time t = ℓ/Width.

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"gonum.org/v1/gonum/mat"
)

// The attention kinds of a layer (Attention of Config; Y is the m×m logit
// matrix Y = X (W^Q/√n)(W^K/√n)ᵀ Xᵀ, τ = τ₀√(n n_k), τ_v = √n_k the
// standard temperature):
//
//	block.Shaped           I + Softmax(Y/τ) − 11ᵀ/m, Eq. (9)
//	block.Softmax          Softmax(Y/τ_v), Eq. (2)
//	block.ShapedNoIdentity       Softmax(Y/τ) − 11ᵀ/m (Fig. 4 "τ² = nn_k, center")
//	block.ShapedNoCenter         I + Softmax(Y/τ) (Fig. 4 "id, τ² = nn_k")
//	block.IdentityOnly     I + Softmax(Y/τ_v) (Fig. 4 "only id")
//	block.NoTemperature    I + Softmax(Y/τ_v) − 11ᵀ/m (lib/sources/noci2023.md#figure-4 [unspecified])
//	block.OnlyTemperature  Softmax(Y/τ) (lib/sources/noci2023.md#figure-4 [unspecified])
//
// shParts says which of identity, centring and the shaped temperature a
// kind has; ok is false for a kind this simulator does not support.
func attnOK(a block.Attention) bool { _, _, _, ok := shParts(a); return ok }

func shParts(a block.Attention) (identity, center, shapedTemp, ok bool) {
	if a == block.Uniform {
		return false, false, false, false
	}
	return a.Parts()
}

// Blocks selects the sub-blocks of one layer.
//
//sigprop:eq noci2023 eq1,4,11
type Blocks int

const (
	// BlocksTransformer is Eq. (11): attention sub-block, then randmlp.MLP sub-block.
	BlocksTransformer Blocks = iota
	// BlocksAttention is Eq. (1): the residual attention block alone.
	BlocksAttention
	// BlocksMLP is Eq. (4): the residual (shaped-)ReLU randmlp.MLP block alone.
	BlocksMLP
)

// Norms of the branch inputs (Norm of Config, Pre-LN placement): block.NoNorm
// (the shaped tokennet.Transformer has none); block.PreRMS, x ↦ √n x/‖x‖ per token, exact
// in the reduced chain; block.PreLN, LayerNorm without gain or bias, which
// only Forward supports (subtracting the feature mean breaks the
// rotation invariance the reduced chain relies on).

// Config describes a random residual attention network at
// initialisation. All weights are iid N(0, 1) with the 1/√n factors in the
// forward pass; layers are independent. Zero values: KeyDim 0 means Width,
// Lambda 0 means √(1−γ²), Tau0 0 means 1, StopRadius 0 means 1e12.
type Config struct {
	Width     int // n ≥ 1, the embedding width (the paper's n)
	Depth     int // d ≥ 0, the number of layers (the paper's d)
	KeyDim    int // n_k ≥ 1, the query/key dimension
	Blocks    Blocks
	Attention block.Attention
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
	Norm block.Norm
	// StopRadius: a network whose covariance has a diagonal entry ≥
	// StopRadius or a non-finite entry is frozen at its last finite state.
	StopRadius float64
}

// Shaped is the shaped tokennet.Transformer of Eq. (11) with the
// paper's Fig. 1 choices: τ₀ = 1, c₊ = 0, c₋ = −1, n_k = n, λ = √(1−γ²).
func Shaped(width, depth int, gamma float64) Config {
	return Config{Attention: block.Shaped, Width: width, Depth: depth, Gamma: gamma, Tau0: 1, CMinus: -1}
}

// Vanilla is Eq. (11) with softmax attention Softmax(Y/√n_k)
// and a plain ReLU randmlp.MLP, same λ, γ, no normalisation (Fig. 1 "without LN";
// the baseline's λ, γ and activation are unspecified in the paper).
//
//sigprop:eq noci2023 eq2
func Vanilla(width, depth int, gamma float64) Config {
	return Config{Width: width, Depth: depth, Gamma: gamma, Attention: block.Softmax, ReLU: true}
}

// PreLN is the Pre-LN baseline of Fig. 1: λ = γ = 1,
// normalised branch inputs, Softmax(Y/√n_k), plain ReLU randmlp.MLP. norm is block.PreRMS
// (reduced chain; the notes' (lib/sources/noci2023.md) approximation of LayerNorm) or block.PreLN
// (Forward only).
func PreLN(width, depth int, norm block.Norm) Config {
	return Config{Width: width, Depth: depth, Gamma: 1, Lambda: 1, Attention: block.Softmax, ReLU: true, Norm: norm}
}

func (c Config) withDefaults() Config {
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
func (c Config) Validate() error {
	switch {
	case c.Width < 1:
		return fmt.Errorf("%w: shaped Width = %d, must be >= 1", ErrParam, c.Width)
	case c.Depth < 0:
		return fmt.Errorf("%w: shaped Depth = %d, must be >= 0", ErrParam, c.Depth)
	case c.KeyDim < 0:
		return fmt.Errorf("%w: shaped KeyDim = %d, must be >= 1 (0 means Width)", ErrParam, c.KeyDim)
	case c.Blocks < BlocksTransformer || c.Blocks > BlocksMLP:
		return fmt.Errorf("%w: unknown Blocks %d", ErrParam, int(c.Blocks))
	case !attnOK(c.Attention):
		return fmt.Errorf("%w: shaped attention %v is not supported", ErrParam, c.Attention)
	case c.Norm != block.NoNorm && c.Norm != block.PreRMS && c.Norm != block.PreLN:
		return fmt.Errorf("%w: shaped norm %v is not NoNorm, PreRMS or PreLN", ErrParam, c.Norm)
	case !(c.Gamma >= 0 && c.Gamma <= 1):
		return fmt.Errorf("%w: shaped Gamma = %v, must be in [0, 1]", ErrParam, c.Gamma)
	case !(c.Lambda >= 0) || math.IsInf(c.Lambda, 1):
		return fmt.Errorf("%w: shaped Lambda = %v, must be finite and >= 0", ErrParam, c.Lambda)
	case !(c.Tau0 >= 0) || math.IsInf(c.Tau0, 1):
		return fmt.Errorf("%w: shaped Tau0 = %v, must be finite and > 0", ErrParam, c.Tau0)
	case math.IsNaN(c.CPlus) || math.IsInf(c.CPlus, 0) || math.IsNaN(c.CMinus) || math.IsInf(c.CMinus, 0):
		return fmt.Errorf("%w: shaped CPlus, CMinus must be finite", ErrParam)
	case !(c.StopRadius >= 0):
		return fmt.Errorf("%w: shaped StopRadius = %v, must be > 0", ErrParam, c.StopRadius)
	}
	return nil
}

// Slopes returns the shaped-ReLU slopes s± = 1 + c±/√width (Eq. 4).
//
//sigprop:eq noci2023 eq4
func Slopes(width int, cPlus, cMinus float64) (sPlus, sMinus float64) {
	if width < 1 {
		panic(fmt.Sprintf("shapednet: Slopes width = %d, must be >= 1", width))
	}
	r := math.Sqrt(float64(width))
	return 1 + cPlus/r, 1 + cMinus/r
}

// ReLU is σ_s(x) = s₊ max(x, 0) + s₋ min(x, 0).
func ReLU(x, sPlus, sMinus float64) float64 {
	if x >= 0 {
		return sPlus * x
	}
	return sMinus * x
}

// He is the He constant c = 1/E σ_s(g)² = 2/(s₊² + s₋²), g ~ N(0, 1).
// It panics if both slopes vanish.
func He(sPlus, sMinus float64) float64 {
	q := sPlus*sPlus + sMinus*sMinus
	if !(q > 0) {
		panic("shapednet: He needs a non-zero slope")
	}
	return 2 / q
}

// ReLUKernel is the normalised kernel c·K₁(ρ) = c E σ_s(g₁)σ_s(g₂) for
// unit Gaussians with correlation ρ (App. B, Eq. 23; lib/sources/noci2023.md#check-14):
//
//	cK₁(ρ) = [a²ρ + b²·(2/π)(√(1−ρ²) + ρ arcsin ρ)] / (a² + b²),
//	a = (s₊+s₋)/2,  b = (s₊−s₋)/2,
//
// from σ_s(x) = a x + b|x|. cK₁(1) = 1, and width·(cK₁(ρ) − ρ) → ν(ρ) of
// Eq. (6) at rate width^{−1/2} when s± = 1 + c±/√width.
//
//sigprop:eq noci2023 eq23
func ReLUKernel(rho, sPlus, sMinus float64) float64 {
	if !(rho >= -1-1e-12 && rho <= 1+1e-12) {
		panic(fmt.Sprintf("shapednet: ReLUKernel rho = %v, must be in [-1, 1]", rho))
	}
	rho = math.Max(-1, math.Min(1, rho))
	a, b := (sPlus+sMinus)/2, (sPlus-sMinus)/2
	return (a*a*rho + b*b*2/math.Pi*(math.Sqrt(1-rho*rho)+rho*math.Asin(rho))) / (a*a + b*b)
}

// shTemps returns 1/τ for the shaped temperature τ = τ₀√(n n_k) and for the
// standard one τ_v = √n_k.
func (c Config) shInvTau() float64 {
	_, _, shaped, _ := shParts(c.Attention)
	if shaped {
		return 1 / (c.Tau0 * math.Sqrt(float64(c.Width)*float64(c.KeyDim)))
	}
	return 1 / math.Sqrt(float64(c.KeyDim))
}

// shAttention writes A = f(Y) (row-major m×m) into dst; y is not modified.
// Softmax rows are computed with max subtraction (block.AttentionRows).
func shAttention(dst, y []float64, m int, variant block.Attention, invTau float64) {
	block.AttentionRows(dst, y, m, variant, invTau, false)
}

// AttentionMatrix returns A = f(Y) for the configuration's attention variant
// and temperature (Eq. 2 or Eq. 9). It panics if Y is not square.
//
//sigprop:eq noci2023 eq9
func (c Config) AttentionMatrix(Y mat.Matrix) *mat.Dense {
	c = c.withDefaults()
	m, k := Y.Dims()
	if m != k {
		panic("shapednet: AttentionMatrix needs a square Y")
	}
	y := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			y[i*m+j] = Y.At(i, j)
		}
	}
	out := make([]float64, m*m)
	shAttention(out, y, m, c.Attention, c.shInvTau())
	return mat.NewDense(m, m, out)
}

// shActivation returns the randmlp.MLP activation's slopes and He constant.
func (c Config) shActivation() (sPlus, sMinus, he float64) {
	if c.ReLU {
		return 1, 0, 2
	}
	sPlus, sMinus = Slopes(c.Width, c.CPlus, c.CMinus)
	return sPlus, sMinus, He(sPlus, sMinus)
}

func (c Config) hasAttn() bool { return c.Blocks != BlocksMLP }
func (c Config) hasMLP() bool  { return c.Blocks != BlocksAttention }

// PaperName is the name Noci et al. 2023 (Fig. 4) give attention kind a:
// "vanilla" for block.Softmax at the standard temperature, a.String()
// for the others.
func PaperName(a block.Attention) string {
	if a == block.Softmax {
		return "vanilla"
	}
	return a.String()
}
