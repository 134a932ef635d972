package vit

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// Config describes the vision transformer. Every field is a model
// parameter without a zero-value default (as tokennet.TransformerConfig);
// PaperConfig returns the issue-9 settings for Fashion-MNIST.
type Config struct {
	Rows, Cols int     // image size; both multiples of Patch
	Patch      int     // patch side p >= 1
	D          int     // embedding width d >= 1 (also the MLP width and key dimension)
	Layers     int     // transformer blocks L >= 1
	MLPLayers  int     // ℓ >= 0 tanh layers, ℓ+1 weight matrices (paper: 2)
	Classes    int     // C >= 2 output classes
	AlphaA     float64 // attention branch strength α_A in [0, 1]
	AlphaM     float64 // MLP branch strength α_M in [0, 1]
	SigmaW     float64 // MLP weight scale σ_w > 0
	SigmaA2    float64 // σ_A² >= 0 (Q, K entries ~ N(0, σ_A/d))

	// Variants beyond the paper's block (zero values: the paper's; see
	// the package doc, "Variants").
	Residual   Residual       // skip strengths α̃ (UnitNorm: √(1−α²))
	InvTemp    float64        // Softmax attention's inverse temperature τ >= 0: logits τ(QY_i)·(KY_j)/√d; 0 means 1
	Attention  AttentionKind  // Softmax (eq. 1) or Shaped (eq. 9 of Noci et al. 2023)
	Tau0       float64        // Shaped attention's τ₀ >= 0: logits (QY_i)·(KY_j)/(τ₀d); 0 means 1
	Norm       NormKind       // normalisation: RMSNorm of the branch inputs (eq. 3, pre-norm), NoNorm or PostNorm
	Activation ActivationKind // MLP activation: Tanh or ShapedReLU
	Causal     bool           // token i attends to tokens j <= i only (Shaped: A = I + S − C, C_ij = 1/(i+1) for j <= i); the head reads the last token
}

// AttentionKind selects the attention matrix A of the attention branch:
// the attention kinds of package block, of which vit supports two.
type AttentionKind = block.Attention

const (
	// Softmax is the paper's A = softmax(τ·(QY_i)·(KY_j)/√d) (eq. 1), the
	// zero value.
	Softmax = block.Softmax
	// Shaped is the shaped attention of Noci et al. 2023 (eq. 9),
	//
	//	A = I + softmax((QY_i)·(KY_j)/(τ₀d)) − (1/n)11ᵀ,
	//
	// whose rows of A − I sum to zero; see the package doc for the
	// temperature.
	Shaped = block.Shaped
)

// NormKind selects the normalisation of the branch inputs.
type NormKind int

const (
	// RMSNorm is the paper's Norm(X_i) = √d X_i/|X_i| (eq. 3), the zero value.
	RMSNorm NormKind = iota
	// NoNorm feeds X itself to both branches (the shaped Transformer has
	// no normalisation in its blocks).
	NoNorm
	// PostNorm is the POST-LN block of Noci et al. 2022 (their Sec. 2,
	// "POST-LN"): the branches read X itself and each residual sum is
	// normalised,
	//
	//	X^(A) = Norm(α̃_A X + α_A A(X) X Vᵀ),  X^{l+1} = Norm(α̃_M X^(A) + α_M MLP(X^(A))),
	//
	// with the same Norm as RMSNorm (√d x/|x|, no learned gain).
	PostNorm
)

// ActivationKind selects the MLP activation φ.
type ActivationKind int

const (
	// Tanh is the paper's φ = tanh, the zero value.
	Tanh ActivationKind = iota
	// ShapedReLU is φ(x) = √c σ_s(x), σ_s(x) = s₊max(x,0) + s₋min(x,0),
	// s₊ = 1, s₋ = 1 − 1/√d, c = 2/(s₊² + s₋²) (Noci et al. 2023, eq. 4
	// and App. D).
	ShapedReLU
)

// Residual selects the skip strength α̃ of both sub-blocks.
type Residual int

const (
	// UnitNorm is the paper's α̃ = √(1−α²) (eq. 4), the zero value.
	UnitNorm Residual = iota
	// Identity is the standard residual X + α·branch (α̃ = 1); α = 1/√L
	// is the depth scaling of Noci et al. 2022 (arXiv:2206.03126, Sec. 4).
	Identity
)

// skip returns α̃ for branch strength α.
func (r Residual) skip(alpha float64) float64 {
	if r == Identity {
		return 1
	}
	return math.Sqrt(1 - alpha*alpha)
}

// tau returns the effective inverse temperature.
func (c Config) tau() float64 {
	if c.InvTemp == 0 {
		return 1
	}
	return c.InvTemp
}

// tau0 returns the effective shaped-attention τ₀.
func (c Config) tau0() float64 {
	if c.Tau0 == 0 {
		return 1
	}
	return c.Tau0
}

// logitScale returns the factor multiplying (QY_i)·(KY_j) in the
// attention logits: τ/√d for Softmax, 1/(τ₀d) for Shaped.
func (c Config) logitScale() float64 {
	if c.Attention == Shaped {
		return 1 / (c.tau0() * float64(c.D))
	}
	return c.tau() / math.Sqrt(float64(c.D))
}

// IsPaperBlock reports whether the blocks are those of Cowsik et al.
// (UnitNorm residual, τ = 1, softmax attention, RMSNorm, tanh), the
// setting of tokennet.Transformer and of tokengeom's exponents.
func (c Config) IsPaperBlock() bool {
	return c.Residual == UnitNorm && c.tau() == 1 && c.Attention == Softmax &&
		c.Norm == RMSNorm && c.Activation == Tanh && !c.Causal
}

// PaperConfig is the model of issue 9: 28×28 Fashion-MNIST images in 7×7
// patches (n = 17 tokens with the class token), d = 64, L = 16, ℓ = 2,
// 10 classes, σ_A² = 1 (unstated in the paper, lib/sources/cowsik2024.md#init-ensemble), α_A = α_M = α.
func PaperConfig(alpha, sigmaW float64) Config {
	return Config{Rows: 28, Cols: 28, Patch: 7, D: 64, Layers: 16, MLPLayers: 2, Classes: 10,
		AlphaA: alpha, AlphaM: alpha, SigmaW: sigmaW, SigmaA2: 1}
}

// Tokens returns n = 1 + (Rows/p)(Cols/p), the class token plus the patches.
func (c Config) Tokens() int { return 1 + (c.Rows/c.Patch)*(c.Cols/c.Patch) }

// UniformEntropy is ln n, n = Tokens(): the entropy −Σ_j S_ij ln S_ij of a
// row of uniform attention, the largest a softmax row over n tokens can
// have (Noci et al. 2023, Fig. 6 reads the collapse of attention entropy
// against it).
func (c Config) UniformEntropy() float64 { return math.Log(float64(c.Tokens())) }

// PatchDim returns P = p².
func (c Config) PatchDim() int { return c.Patch * c.Patch }

// Pixels returns Rows·Cols, the length of one input image.
func (c Config) Pixels() int { return c.Rows * c.Cols }

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("vit")

// Validate returns an error wrapping ErrParam naming the first field of c
// out of its range. New and the model's methods panic with it (a caller
// bug: trainsweep's settings validate what a user types).
func (c Config) Validate() error {
	bad := func(f string, a ...any) error { return fmt.Errorf("%w: Config."+f, append([]any{ErrParam}, a...)...) }
	switch {
	case c.Patch < 1:
		return bad("Patch must be >= 1, got %d", c.Patch)
	case c.Rows < c.Patch || c.Rows%c.Patch != 0:
		return bad("Rows must be a positive multiple of Patch=%d, got %d", c.Patch, c.Rows)
	case c.Cols < c.Patch || c.Cols%c.Patch != 0:
		return bad("Cols must be a positive multiple of Patch=%d, got %d", c.Patch, c.Cols)
	case c.D < 1:
		return bad("D must be >= 1, got %d", c.D)
	case c.Layers < 1:
		return bad("Layers must be >= 1, got %d", c.Layers)
	case c.MLPLayers < 0:
		return bad("MLPLayers must be >= 0, got %d", c.MLPLayers)
	case c.Classes < 2:
		return bad("Classes must be >= 2, got %d", c.Classes)
	case !(c.AlphaA >= 0 && c.AlphaA <= 1):
		return bad("AlphaA must lie in [0, 1], got %v", c.AlphaA)
	case !(c.AlphaM >= 0 && c.AlphaM <= 1):
		return bad("AlphaM must lie in [0, 1], got %v", c.AlphaM)
	case !(c.SigmaW > 0) || math.IsInf(c.SigmaW, 0):
		return bad("SigmaW must be finite and > 0, got %v", c.SigmaW)
	case !(c.SigmaA2 >= 0) || math.IsInf(c.SigmaA2, 0):
		return bad("SigmaA2 must be finite and >= 0, got %v", c.SigmaA2)
	case c.Residual != UnitNorm && c.Residual != Identity:
		return bad("Residual must be UnitNorm or Identity, got %d", int(c.Residual))
	case !(c.InvTemp >= 0) || math.IsInf(c.InvTemp, 0):
		return bad("InvTemp must be finite and >= 0 (0 means 1), got %v", c.InvTemp)
	case c.Attention != Softmax && c.Attention != Shaped:
		return bad("Attention must be Softmax (0) or Shaped (1), got %d", int(c.Attention))
	case !(c.Tau0 >= 0) || math.IsInf(c.Tau0, 0):
		return bad("Tau0 must be finite and >= 0 (0 means 1), got %v", c.Tau0)
	case c.Attention == Shaped && c.InvTemp != 0:
		return bad("InvTemp must be 0 with Attention Shaped (its temperature is Tau0), got %v", c.InvTemp)
	case c.Attention == Softmax && c.Tau0 != 0:
		return bad("Tau0 must be 0 with Attention Softmax (Tau0 is used only by Shaped; Softmax uses InvTemp), got %v", c.Tau0)
	case c.Norm != RMSNorm && c.Norm != NoNorm && c.Norm != PostNorm:
		return bad("Norm must be RMSNorm (0), NoNorm (1) or PostNorm (2), got %d", int(c.Norm))
	case c.Activation != Tanh && c.Activation != ShapedReLU:
		return bad("Activation must be Tanh (0) or ShapedReLU (1), got %d", int(c.Activation))
	}
	return nil
}

// validate panics with Validate's error, on a caller bug.
func (c Config) validate() {
	if err := c.Validate(); err != nil {
		panic(err.Error())
	}
}
