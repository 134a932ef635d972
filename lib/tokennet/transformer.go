package tokennet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// TransformerConfig describes the random pre-norm transformer of Cowsik et
// al. 2024 (arXiv 2403.02579), Sec. 2, eqs. (1)–(4). Every field is a
// physical parameter, so there are no zero-value defaults: PaperTransformer
// returns the paper's settings.
type TransformerConfig struct {
	N         int     // tokens n >= 2
	D         int     // embedding width d >= 1 (also the randmlp.MLP hidden width and the key dimension)
	Layers    int     // transformer blocks L >= 1
	MLPLayers int     // ℓ >= 0 nonlinear layers φ, i.e. ℓ+1 weight matrices W⁰..W^ℓ (paper: 2)
	AlphaA    float64 // attention branch strength α_A in [0,1]; skip α̃_A = √(1−α_A²)
	AlphaM    float64 // randmlp.MLP branch strength α_M in [0,1]; skip α̃_M = √(1−α_M²)
	SigmaW    float64 // randmlp.MLP weights W^k_{μν} ~ N(0, σ_w²/d), σ_w > 0
	SigmaA2   float64 // σ_A² >= 0: Q, K entries ~ N(0, σ_A/d) so (QᵀK)_{μν} has variance σ_A²/d
	Causal    bool    // mask A_ij = 0 for j > i (Sec. 4.5 / Fig. 6)
	// Act is the MLP's φ (Phi and DPhi set), run through block's
	// Activation kind; nil is the paper's tanh (eq. 2) on lib/dense's tanh,
	// the bits of every committed figure. A pointer keeps the config
	// comparable.
	Act *activation.Func
	// Workers is the number of goroutines the Simulate functions spread
	// their networks over (0 or 1: one); results do not depend on it.
	Workers int
}

// PaperTransformer returns the configuration used throughout Cowsik et al.
// 2024: n = 256, d = 64, L = 16, ℓ = 2, σ_A² = 1 (σ_A is unstated in the
// paper, lib/sources/cowsik2024.md#init-ensemble), acausal, with the given α = α_A = α_M and σ_w.
func PaperTransformer(alpha, sigmaW float64) TransformerConfig {
	return TransformerConfig{N: 256, D: 64, Layers: 16, MLPLayers: 2,
		AlphaA: alpha, AlphaM: alpha, SigmaW: sigmaW, SigmaA2: 1}
}

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("tokennet")

// DRange is the range of the token width d, declared once: Validate checks
// it and lib/quantity's d takes its bounds from it.
var DRange = param.Range{Min: 1, Max: math.Inf(1), Integer: true}

// Validate returns an error wrapping ErrParam naming the first field of c
// out of its range. NewTransformer and the simulations panic with it (a
// caller bug: tokencheck's settings validate what a user types).
func (c TransformerConfig) Validate() error {
	switch {
	case c.N < 2:
		return fmt.Errorf("%w: TransformerConfig.N must be >= 2, got %d", ErrParam, c.N)
	case !DRange.Contains(float64(c.D)):
		return DRange.CheckInt(ErrParam, "TransformerConfig.D", c.D)
	case c.Layers < 1:
		return fmt.Errorf("%w: TransformerConfig.Layers must be >= 1, got %d", ErrParam, c.Layers)
	case c.MLPLayers < 0:
		return fmt.Errorf("%w: TransformerConfig.MLPLayers must be >= 0, got %d", ErrParam, c.MLPLayers)
	case !(c.AlphaA >= 0 && c.AlphaA <= 1):
		return fmt.Errorf("%w: TransformerConfig.AlphaA must lie in [0, 1], got %v", ErrParam, c.AlphaA)
	case !(c.AlphaM >= 0 && c.AlphaM <= 1):
		return fmt.Errorf("%w: TransformerConfig.AlphaM must lie in [0, 1], got %v", ErrParam, c.AlphaM)
	case !(c.SigmaW > 0) || math.IsInf(c.SigmaW, 0):
		return fmt.Errorf("%w: TransformerConfig.SigmaW must be finite and > 0, got %v", ErrParam, c.SigmaW)
	case !(c.SigmaA2 >= 0) || math.IsInf(c.SigmaA2, 0):
		return fmt.Errorf("%w: TransformerConfig.SigmaA2 must be finite and >= 0, got %v", ErrParam, c.SigmaA2)
	case c.Workers < 0:
		return fmt.Errorf("%w: TransformerConfig.Workers must be >= 0, got %d", ErrParam, c.Workers)
	case c.Act != nil && (c.Act.Phi == nil || c.Act.DPhi == nil):
		return fmt.Errorf("%w: TransformerConfig.Act %v needs both Phi and DPhi", ErrParam, c.Act)
	}
	return nil
}

// validate panics with Validate's error, on a caller bug.
func (c TransformerConfig) validate() {
	if err := c.Validate(); err != nil {
		panic(err.Error())
	}
}

// Transformer is one draw of the random transformer with its forward
// activations cached for the hand-written backward pass. All buffers are
// allocated by NewTransformer; Forward, Backward and Resample do not
// allocate. A Transformer is not safe for concurrent use.
type Transformer struct {
	cfg    TransformerConfig
	tA, tM float64 // skip strengths α̃_A, α̃_M
	sqd    float64 // √d
	spec   block.Spec
	bc     []block.Cache   // views of c for block.Stack
	bw     []block.Weights // views of w
	w      []tfWeights
	c      []tfCache      // c[t] holds block t's activations; c[t].x = X^t
	out    blas64.General // X^L
	outM   *mat.Dense
	// backward workspace
	g, gA, dy, dz, dq, dk, da blas64.General
	dd                        []blas64.General // the MLP's δ per hidden layer
	dS                        blas64.General   // n×n
	ag                        block.AttnGrads  // views of dy, dz, dq, dk, dS
	dxM                       *mat.Dense       // view of g after Backward
	forwarded                 bool             // a Forward has filled the caches
}

type tfWeights struct {
	Q, K, V blas64.General
	W       []blas64.General // W⁰..W^ℓ
}

type tfCache struct {
	x      blas64.General   // block input X^t
	inv1   []float64        // 1/|X_i|
	y      blas64.General   // Norm(X)
	qy, ky blas64.General   // Y Qᵀ, Y Kᵀ
	a      blas64.General   // attention matrix A (n×n)
	z      blas64.General   // A Y
	xa     blas64.General   // X^(A) = α̃_A X + α_A ATT(Norm X)
	inv2   []float64        // 1/|X^(A)_i|
	y2     blas64.General   // Norm(X^(A))
	act    []blas64.General // φ(h¹)..φ(h^ℓ)
	pre    []blas64.General // h¹..h^ℓ before φ, apart from act only with cfg.Act (else act itself)
}

// NewTransformer allocates a transformer for cfg and draws its weights from
// rng (see Resample). It panics on an invalid cfg or a nil rng.
func NewTransformer(cfg TransformerConfig, rng *rand.Rand) *Transformer {
	cfg.validate()
	if rng == nil {
		panic("tokennet: NewTransformer needs a non-nil *rand.Rand")
	}
	t := newTransformer(cfg)
	t.Resample(rng)
	return t
}

// newTransformer allocates a transformer for a valid cfg without drawing
// its weights.
func newTransformer(cfg TransformerConfig) *Transformer {
	n, d, l := cfg.N, cfg.D, cfg.MLPLayers
	t := &Transformer{
		cfg: cfg,
		tA:  math.Sqrt(1 - cfg.AlphaA*cfg.AlphaA),
		tM:  math.Sqrt(1 - cfg.AlphaM*cfg.AlphaM),
		sqd: math.Sqrt(float64(d)),
	}
	// X^(A) = α̃_A X + α_A (A Y) Vᵀ, A = softmax((Y Qᵀ)(Y Kᵀ)ᵀ/√d) with the
	// maximum subtracted (causal rows use j <= i); X' = α̃_M X^(A) +
	// α_M φ(⋯) W^ℓᵀ, Y = Norm X.
	t.spec = block.Spec{Norm: block.PreRMS, SqrtD: true,
		Attn: block.AttnParams{Kind: block.Softmax, Causal: cfg.Causal, Trans: true,
			QKScale: 1, LogitScale: 1 / t.sqd, RowScale: 1, Skip: t.tA, Branch: cfg.AlphaA},
		FF: block.FFParams{Kind: block.Tanh, Trans: true, Scale: 1, Skip: t.tM, Branch: cfg.AlphaM}}
	if cfg.Act != nil {
		t.spec.FF.Kind, t.spec.FF.Act = block.Activation, *cfg.Act
	}
	t.w = make([]tfWeights, cfg.Layers)
	t.c = make([]tfCache, cfg.Layers)
	for i := range t.w {
		w := &t.w[i]
		w.Q, w.K, w.V = block.General(d, d), block.General(d, d), block.General(d, d)
		w.W = make([]blas64.General, l+1)
		for k := range w.W {
			w.W[k] = block.General(d, d)
		}
		c := &t.c[i]
		c.x = block.General(n, d)
		c.inv1 = make([]float64, n)
		c.y, c.qy, c.ky, c.z = block.General(n, d), block.General(n, d), block.General(n, d), block.General(n, d)
		c.a = block.General(n, n)
		c.xa = block.General(n, d)
		c.inv2 = make([]float64, n)
		c.y2 = block.General(n, d)
		c.act = make([]blas64.General, l)
		for k := range c.act {
			c.act[k] = block.General(n, d)
		}
		c.pre = c.act // tanh reads φ′ = 1 − φ² from φ: in place
		if cfg.Act != nil {
			c.pre = make([]blas64.General, l) // φ′ is read at the pre-activation
			for k := range c.pre {
				c.pre[k] = block.General(n, d)
			}
		}
	}
	for i := range t.w {
		w, c := &t.w[i], &t.c[i]
		t.bw = append(t.bw, block.Weights{Q: w.Q, K: w.K, V: w.V, F: w.W})
		t.bc = append(t.bc, block.Cache{X: c.x, N1: c.y, Inv1: c.inv1, Z: c.xa, N2: c.y2, Inv2: c.inv2,
			Attn: block.AttnBuffers{Q: c.qy, K: c.ky, A: c.a, S: c.z}, FF: block.FFBuffers{H: c.pre, G: c.act}})
	}
	t.out = block.General(n, d)
	t.outM = mat.NewDense(n, d, t.out.Data)
	t.g, t.gA, t.dy, t.dz = block.General(n, d), block.General(n, d), block.General(n, d), block.General(n, d)
	t.dq, t.dk, t.da = block.General(n, d), block.General(n, d), block.General(n, d)
	t.dd = make([]blas64.General, l)
	for k := range t.dd {
		t.dd[k] = block.General(n, d)
	}
	t.dS = block.General(n, n)
	t.ag = block.AttnGrads{U: t.dy, S: t.dz, Q: t.dq, K: t.dk, A: t.dS}
	t.dxM = mat.NewDense(n, d, t.g.Data)
	return t
}

// Config returns the configuration the transformer was built with.
func (t *Transformer) Config() TransformerConfig { return t.cfg }

// Resample redraws every weight independently from rng (Sec. 2 of the
// paper): V_{μν} ~ N(0, 1/d); Q_{μν}, K_{μν} ~ N(0, σ_A/d); W^k_{μν} ~
// N(0, σ_w²/d). Fresh weights per block. Draw order: block by block, Q, K,
// V, W⁰..W^ℓ, row-major, so the same rng state gives the same network.
func (t *Transformer) Resample(rng *rand.Rand) {
	t.forwarded = false
	d := float64(t.cfg.D)
	sQK := math.Sqrt(math.Sqrt(t.cfg.SigmaA2) / d)
	sV := 1 / math.Sqrt(d)
	sW := t.cfg.SigmaW / math.Sqrt(d)
	fill := func(m blas64.General, s float64) {
		for i := range m.Data {
			m.Data[i] = s * rng.NormFloat64()
		}
	}
	for i := range t.w {
		w := &t.w[i]
		fill(w.Q, sQK)
		fill(w.K, sQK)
		fill(w.V, sV)
		for _, wk := range w.W {
			fill(wk, sW)
		}
	}
}

// Forward runs eq. (4) of Cowsik et al. 2024 through all L blocks,
//
//	X ↦ X^(A) = α̃_A X + α_A ATT(Norm X),  ATT(Y)_i = V Σ_j A_ij Y_j,
//	A_ij = softmax_j((QY_i)·(KY_j)/√d)                      (eq. 1)
//	X^(A) ↦ α̃_M X^(A) + α_M W^ℓ φ(W^{ℓ−1}⋯φ(W⁰ Norm X^(A)))  (eq. 2)
//	Norm(X_i) = √d X_i/|X_i|                                  (eq. 3)
//
// with φ = tanh or cfg.Act, tokens as the rows of x0 (n×d), and caches every
// activation for Backward. The returned matrix is X^L; it is owned by t and
// overwritten by the next Forward. Forward panics on a shape mismatch and
// returns an error if a token has zero norm or a value is not finite.
//
//sigprop:eq cowsik2024 eq1-4
func (t *Transformer) Forward(x0 mat.Matrix) (*mat.Dense, error) {
	n, d := t.cfg.N, t.cfg.D
	if r, c := x0.Dims(); r != n || c != d {
		panic(fmt.Sprintf("tokennet: Forward input is %d×%d, want %d×%d", r, c, n, d))
	}
	dst := mat.NewDense(n, d, t.c[0].x.Data) // header only
	dst.Copy(x0)
	if err := block.Stack(t.bc, t.out, t.bw, t.spec, false); err != nil {
		t.forwarded = false
		return nil, fmt.Errorf("tokennet: %w", err)
	}
	for _, v := range t.out.Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("tokennet: transformer output is not finite")
		}
	}
	t.forwarded = true
	return t.outM, nil
}

// Layer returns X^t for 0 <= t <= L after a Forward (X^0 is the input). The
// matrix aliases t's buffers.
func (t *Transformer) Layer(l int) *mat.Dense {
	if l < 0 || l > t.cfg.Layers {
		panic(fmt.Sprintf("tokennet: layer %d out of range [0, %d]", l, t.cfg.Layers))
	}
	if l == t.cfg.Layers {
		return t.outM
	}
	x := t.c[l].x
	return mat.NewDense(x.Rows, x.Cols, x.Data)
}

// Backward returns ∂(X^L·R)/∂X^0 = Σ_{iμ} R_{iμ} ∂X^L_{iμ}/∂X^0, the
// vector–Jacobian product of the last Forward with R (n×d), computed by a
// hand-written reverse pass through eqs. (1)–(4) including the Norm and
// softmax Jacobians. The result is owned by t and overwritten by the next
// Backward. Backward panics on a shape mismatch or if no Forward has
// succeeded since construction or the last Resample.
func (t *Transformer) Backward(r mat.Matrix) *mat.Dense {
	n, d := t.cfg.N, t.cfg.D
	if !t.forwarded {
		panic("tokennet: Backward needs a successful Forward with the current weights")
	}
	if rr, cc := r.Dims(); rr != n || cc != d {
		panic(fmt.Sprintf("tokennet: Backward seed is %d×%d, want %d×%d", rr, cc, n, d))
	}
	mat.NewDense(n, d, t.g.Data).Copy(r)
	for l := len(t.c) - 1; l >= 0; l-- {
		t.backwardBlock(l)
	}
	return t.dxM
}

// backwardBlock replaces t.g = ∂/∂X^{l+1} by ∂/∂X^l.
func (t *Transformer) backwardBlock(l int) {
	w, c := &t.w[l], &t.c[l]
	// randmlp.MLP sub-block: X^{l+1} = α̃_M X^(A) + α_M W^ℓ φ(⋯).
	for i, v := range t.g.Data {
		t.gA.Data[i] = t.tM * v
	}
	block.FeedForwardBack(t.da, t.g, t.bc[l].FF, c.y2, w.W, t.spec.FF, t.dd, nil)
	block.NormBack(t.gA, t.da, c.y2, c.inv2, t.spec, true)
	// Attention sub-block: X^(A) = α̃_A X + α_A (A Y) Vᵀ, Y = Norm X.
	for i, v := range t.gA.Data {
		t.g.Data[i] = t.tA * v
	}
	block.AttendBack(t.ag, t.gA, t.bc[l].Attn, c.y, w.Q, w.K, w.V, t.spec.Attn)
	block.NormBack(t.g, t.dy, c.y, c.inv1, t.spec, true)
}
