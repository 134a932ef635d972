package seqtf

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// NormKind selects where the blocks normalise.
type NormKind int

const (
	// PostLN is the POST-LN block of Noci et al. 2022, Sec. 2 (PyTorch's
	// nn.TransformerEncoderLayer with norm_first = false): each residual
	// sum goes through a LayerNorm with learned gain and shift,
	//
	//	X^(A) = LN₁(X + α₁ ATT(X)),  X' = LN₂(X^(A) + α₂ FF(X^(A))).
	PostLN NormKind = iota
	// NoLN removes both LayerNorms, X^(A) = X + α₁ ATT(X),
	// X' = X^(A) + α₂ FF(X^(A)) (the "res-scale" and ReZero blocks).
	NoLN
	// PreLN normalises the branch inputs (Noci et al. 2022, Sec. 2,
	// "PRE-LN"; norm_first = True):
	//
	//	X^(A) = X + α₁ ATT(LN₁(X)),  X' = X^(A) + α₂ FF(LN₂(X^(A))).
	PreLN
)

// Attention selects the attention matrix.
type Attention int

const (
	// Softmax is A = softmax(τ QKᵀ/√d) (eq. 19 of Noci et al. 2022).
	Softmax Attention = iota
	// Shaped is the shaped attention of Noci et al. 2023, eq. 9,
	//
	//	A = I + softmax(QKᵀ/(τ₀ d)) − C,
	//
	// C = (1/n)11ᵀ, or C_ij = 1/(i+1) for j <= i under a causal mask (the
	// masked form their Fig. 2 uses), so that each row of A − I sums to 0.
	Shaped
)

// Activation selects the feed-forward non-linearity.
type Activation int

const (
	// ReLU is max(x, 0) (App. C.1 of Noci et al. 2022).
	ReLU Activation = iota
	// ShapedReLU is Noci et al. 2023's shaped ReLU (their eq. 4 with
	// c₊ = 0, c₋ = −1, App. D): √c (max(x, 0) + s₋ min(x, 0)),
	// s₋ = 1 − 1/√d, c = 2/(1 + s₋²), so that E φ(h)² = E h².
	ShapedReLU
)

// Config describes the encoder. Every field but InvTemp and LNEps is a
// model parameter without a zero-value default.
type Config struct {
	Vocab  int // token alphabet size V >= 2 (also the output classes)
	Len    int // sequence length n >= 1
	D      int // embedding width d >= 2, even (sinusoidal positions)
	FF     int // feed-forward hidden width >= 1
	Layers int // encoder blocks L >= 1
	Norm   NormKind

	// Alpha1, Alpha2 are the initial residual-branch weights α₁ (attention)
	// and α₂ (feed-forward) of every block (Noci et al. 2022, eq. 3 with
	// α̃ = 1); TrainAlpha makes them trainable scalars, one pair per block
	// (their Fig. 15); otherwise their gradients are zero and they stay put.
	Alpha1, Alpha2 float64
	TrainAlpha     bool

	// InvTemp is the softmax's inverse temperature τ of eq. (19): logits
	// τ QKᵀ/√d. 0 means 1.
	InvTemp float64
	// LNEps is the LayerNorm's ε; 0 means PyTorch's 1e-5.
	LNEps float64

	// Skip is the skip weight λ of both residual sums (λX + α branch; Noci
	// et al. 2023, eq. 11, with λ² + γ² = 1); 0 means 1.
	Skip float64
	// Causal masks the attention: token i attends to tokens j <= i.
	Causal     bool
	Attention  Attention
	Tau0       float64 // Shaped's τ₀ > 0; 0 means 1
	Activation Activation
	Init       InitScheme
}

// InitScheme selects how Model.Init draws the block weights.
type InitScheme int

const (
	// TorchInit is PyTorch's default for nn.TransformerEncoderLayer (see
	// Model.Init), the zero value.
	TorchInit InitScheme = iota
	// GaussianInit draws every block weight matrix W^Q, W^K, W^V, W^O, W¹,
	// W² from N(0, 1/fan_in) and sets the block biases to 0: the
	// variance-preserving initialisation the theory of Noci et al. 2023
	// assumes (W ~ N(0, 1/n), their Sec. 2), under which a block without
	// LayerNorm keeps the token norm at initialisation (PyTorch's
	// U(±1/√fan_in) has variance 1/(3 fan_in) and shrinks it).
	GaussianInit
)

func (c Config) skip() float64 {
	if c.Skip == 0 {
		return 1
	}
	return c.Skip
}

// logitScale is the factor of QKᵀ in the logits: τ/√d (Softmax) or
// 1/(τ₀ d) (Shaped).
func (c Config) logitScale() float64 {
	if c.Attention == Shaped {
		t0 := c.Tau0
		if t0 == 0 {
			t0 = 1
		}
		return 1 / (t0 * float64(c.D))
	}
	return c.tau() / math.Sqrt(float64(c.D))
}

// reluSlopes are the slopes of the activation right and left of 0.
func (c Config) reluSlopes() (right, left float64) {
	if c.Activation != ShapedReLU {
		return 1, 0
	}
	sm := 1 - 1/math.Sqrt(float64(c.D))
	k := math.Sqrt(2 / (1 + sm*sm))
	return k, k * sm
}

func (c Config) tau() float64 {
	if c.InvTemp == 0 {
		return 1
	}
	return c.InvTemp
}

func (c Config) eps() float64 {
	if c.LNEps == 0 {
		return 1e-5
	}
	return c.LNEps
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("seqtf")

// Validate returns an error wrapping ErrParam naming the first field of c
// out of its range. New panics with it (a caller bug).
func (c Config) Validate() error {
	bad := func(f string, a ...any) error { return fmt.Errorf("%w: Config."+f, append([]any{ErrParam}, a...)...) }
	fin := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case c.Vocab < 2:
		return bad("Vocab must be >= 2, got %d", c.Vocab)
	case c.Len < 1:
		return bad("Len must be >= 1, got %d", c.Len)
	case c.D < 2 || c.D%2 != 0:
		return bad("D must be even and >= 2, got %d", c.D)
	case c.FF < 1:
		return bad("FF must be >= 1, got %d", c.FF)
	case c.Layers < 1:
		return bad("Layers must be >= 1, got %d", c.Layers)
	case c.Norm != PostLN && c.Norm != NoLN && c.Norm != PreLN:
		return bad("Norm must be PostLN (0), NoLN (1) or PreLN (2), got %d", int(c.Norm))
	case c.Attention != Softmax && c.Attention != Shaped:
		return bad("Attention must be Softmax (0) or Shaped (1), got %d", int(c.Attention))
	case c.Activation != ReLU && c.Activation != ShapedReLU:
		return bad("Activation must be ReLU (0) or ShapedReLU (1), got %d", int(c.Activation))
	case !fin(c.Skip) || !(c.Tau0 >= 0) || math.IsInf(c.Tau0, 0):
		return bad("Skip must be finite and Tau0 finite and >= 0, got %v, %v", c.Skip, c.Tau0)
	case c.Init != TorchInit && c.Init != GaussianInit:
		return bad("Init must be TorchInit (0) or GaussianInit (1), got %d", int(c.Init))
	case c.Attention == Shaped && c.InvTemp != 0:
		return bad("InvTemp must be 0 with Shaped attention (its temperature is Tau0), got %v", c.InvTemp)
	case !fin(c.Alpha1) || !fin(c.Alpha2):
		return bad("Alpha1, Alpha2 must be finite, got %v, %v", c.Alpha1, c.Alpha2)
	case !(c.InvTemp >= 0) || math.IsInf(c.InvTemp, 0):
		return bad("InvTemp must be finite and >= 0 (0 means 1), got %v", c.InvTemp)
	case !(c.LNEps >= 0) || math.IsInf(c.LNEps, 0):
		return bad("LNEps must be finite and >= 0 (0 means 1e-5), got %v", c.LNEps)
	}
	return nil
}

// validate panics with Validate's error, on a caller bug.
func (c Config) validate() {
	if err := c.Validate(); err != nil {
		panic(err.Error())
	}
}

// ReverseConfig is the toy model of Noci et al. 2022, App. C.1 (Fig. 6):
// digits 0–9 (V = 10), sequences of n = 20, embedding width 16, a 5-layer
// POST-LN encoder with one attention head and a two-layer ReLU
// feed-forward, α₁ = α₂ = 1. The feed-forward width is not stated; 64 =
// 4d is sigprop's choice (the usual ratio; PyTorch's default 2048 would
// dwarf a width-16 model).
func ReverseConfig() Config {
	return Config{Vocab: 10, Len: 20, D: 16, FF: 64, Layers: 5, Norm: PostLN, Alpha1: 1, Alpha2: 1}
}
