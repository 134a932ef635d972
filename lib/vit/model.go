package vit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"gonum.org/v1/gonum/blas/blas64"
)

// Tensor is one named parameter tensor: its values and its gradient, both
// views into the model's flat parameter and gradient vectors.
type Tensor struct {
	Name       string // "embed.E", "embed.b", "embed.cls", "embed.pos", "block3.Q", "block3.W0", "head.gamma", "head.H", ...
	Rows, Cols int
	Offset     int       // position of Value[0] in Params() (and of Grad[0] in Grads())
	Value      []float64 // len Rows·Cols, row-major
	Grad       []float64 // len Rows·Cols
}

type blockWeights struct {
	Q, K, V blas64.General
	W       []blas64.General // W⁰..W^ℓ
}

// weights holds views of every tensor into one flat vector.
type weights struct {
	E, b, cls, pos blas64.General // d×P, 1×d, 1×d, n×d
	blocks         []blockWeights
	gamma, beta    blas64.General // 1×d
	H, h           blas64.General // C×d, 1×C
}

// layerCache holds one block's forward activations for a batch of B
// sequences stacked as B·n rows.
type layerCache struct {
	x      blas64.General   // block input X^t
	inv1   []float64        // 1/|X_i| (RMSNorm)
	y      blas64.General   // Norm(X) (NoNorm: aliases x)
	qy, ky blas64.General   // Y Qᵀ, Y Kᵀ
	a      blas64.General   // softmax matrices S, B·n × n (Shaped: A = I + S − 11ᵀ/n)
	z      blas64.General   // A Y
	xa     blas64.General   // X^(A)
	inv2   []float64        // 1/|X^(A)_i| (RMSNorm; PostNorm: 1/|pre-norm X^(A)_i|)
	inv3   []float64        // PostNorm: 1/|pre-norm X^{l+1}_i|
	y2     blas64.General   // Norm(X^(A)) (NoNorm, PostNorm: aliases xa)
	act    []blas64.General // φ(h¹)..φ(h^ℓ)
}

// Model is the vision transformer with its parameters, their gradients and
// the forward caches of the last batch. Build it with New.
type Model struct {
	cfg            Config
	n, p, d        int
	tA, tM, sqd    float64
	lscale         float64 // logit factor: τ/√d (Softmax) or 1/(τ₀d) (Shaped)
	actPos, actNeg float64 // ShapedReLU slopes √c s₊, √c s₋

	params, grads []float64
	w, g          weights
	tensors       []Tensor

	// batch buffers, sized for bcap sequences
	bcap    int
	patches blas64.General // B(n−1) × P
	emb     blas64.General // B(n−1) × d
	c       []layerCache
	out     blas64.General // X^L
	xhat    blas64.General // B × d, LayerNorm output before γ, β
	rstd    []float64      // B
	o       blas64.General // B × d, LayerNorm output
	logits  blas64.General // B × C, overwritten by softmax probabilities
	// backward workspace
	gx, dz, dy, oth blas64.General // B·n × d: ∂/∂X^L, then per-row scratch
	gc              []gradCache    // per block
	do              blas64.General // B × d
	batch           int            // sequences in the cached forward pass (0: none)

	workers int              // goroutines per forward/backward pass (SetWorkers)
	dS      []blas64.General // per worker: n × n
	mean    [][]float64      // per worker: d, shaped attention's token mean
	errs    []blockErr       // per worker: the first failure of a forward pass
}

// gradCache holds one block's backward quantities for a batch of B·n
// rows, kept until the weight gradients are formed.
type gradCache struct {
	gout   blas64.General   // ∂/∂X^l, the block's input
	gA     blas64.General   // ∂/∂X^(A)
	dq, dk blas64.General   // ∂(YQᵀ), ∂(YKᵀ)
	gp, gs blas64.General   // PostNorm: the gradients behind the output and the attention norm
	delta  []blas64.General // MLP pre-activation gradients δ_0..δ_{ℓ−1}
}

// blockErr is a worker's first forward failure, in block l.
type blockErr struct {
	l   int
	err error
}

// New allocates a model for cfg and initialises its parameters from rng
// (see Init). It panics on an invalid cfg or a nil rng.
func New(cfg Config, rng *rand.Rand) *Model {
	cfg.validate()
	if rng == nil {
		panic("vit: New needs a non-nil *rand.Rand")
	}
	n, p, d, C := cfg.Tokens(), cfg.PatchDim(), cfg.D, cfg.Classes
	m := &Model{cfg: cfg, n: n, p: p, d: d,
		tA:     cfg.Residual.skip(cfg.AlphaA),
		tM:     cfg.Residual.skip(cfg.AlphaM),
		sqd:    math.Sqrt(float64(d)),
		lscale: cfg.logitScale(),
	}
	m.actPos, m.actNeg = shapedReLUSlopes(d)
	type shape struct {
		name string
		r, c int
		dst  func(w *weights) *blas64.General
	}
	var shapes []shape
	add := func(name string, r, c int, dst func(w *weights) *blas64.General) {
		shapes = append(shapes, shape{name, r, c, dst})
	}
	// Block tensors first: their offsets do not matter, but Init draws in
	// this order too.
	for l := 0; l < cfg.Layers; l++ {
		l := l
		pre := fmt.Sprintf("block%d.", l)
		add(pre+"Q", d, d, func(w *weights) *blas64.General { return &w.blocks[l].Q })
		add(pre+"K", d, d, func(w *weights) *blas64.General { return &w.blocks[l].K })
		add(pre+"V", d, d, func(w *weights) *blas64.General { return &w.blocks[l].V })
		for k := 0; k <= cfg.MLPLayers; k++ {
			k := k
			add(fmt.Sprintf("%sW%d", pre, k), d, d, func(w *weights) *blas64.General { return &w.blocks[l].W[k] })
		}
	}
	add("embed.E", d, p, func(w *weights) *blas64.General { return &w.E })
	add("embed.b", 1, d, func(w *weights) *blas64.General { return &w.b })
	add("embed.cls", 1, d, func(w *weights) *blas64.General { return &w.cls })
	add("embed.pos", n, d, func(w *weights) *blas64.General { return &w.pos })
	add("head.gamma", 1, d, func(w *weights) *blas64.General { return &w.gamma })
	add("head.beta", 1, d, func(w *weights) *blas64.General { return &w.beta })
	add("head.H", C, d, func(w *weights) *blas64.General { return &w.H })
	add("head.h", 1, C, func(w *weights) *blas64.General { return &w.h })
	total := 0
	for _, s := range shapes {
		total += s.r * s.c
	}
	m.params, m.grads = make([]float64, total), make([]float64, total)
	for _, w := range []*weights{&m.w, &m.g} {
		w.blocks = make([]blockWeights, cfg.Layers)
		for i := range w.blocks {
			w.blocks[i].W = make([]blas64.General, cfg.MLPLayers+1)
		}
	}
	off := 0
	for _, s := range shapes {
		sz := s.r * s.c
		*s.dst(&m.w) = blas64.General{Rows: s.r, Cols: s.c, Stride: s.c, Data: m.params[off : off+sz : off+sz]}
		*s.dst(&m.g) = blas64.General{Rows: s.r, Cols: s.c, Stride: s.c, Data: m.grads[off : off+sz : off+sz]}
		m.tensors = append(m.tensors, Tensor{Name: s.name, Rows: s.r, Cols: s.c, Offset: off,
			Value: m.params[off : off+sz : off+sz], Grad: m.grads[off : off+sz : off+sz]})
		off += sz
	}
	m.SetWorkers(1)
	m.Init(rng)
	return m
}

// SetWorkers sets the number of goroutines that Loss, LossGrad (and so
// Train and Evaluate) split each batch over: the forward pass and the
// activation gradients by sequences, the weight gradients by rows of each
// weight. Every number is computed by the same arithmetic in the same
// order whatever the split (each element of a matrix product sums over
// its inner dimension in one fixed order, and no sum runs across workers),
// so the results are bit-identical for any worker count (TestGoldenBits).
// It panics if workers < 1.
func (m *Model) SetWorkers(workers int) {
	if workers < 1 {
		panic(fmt.Sprintf("vit: SetWorkers needs workers >= 1, got %d", workers))
	}
	m.workers = workers
	m.dS, m.mean, m.errs = make([]blas64.General, workers), make([][]float64, workers), make([]blockErr, workers)
	for w := range workers {
		m.dS[w], m.mean[w] = general(m.n, m.n), make([]float64, m.d)
	}
}

// Workers returns the number of goroutines set by SetWorkers (1 by default).
func (m *Model) Workers() int { return m.workers }

// parallel splits [0, n) into at most m.workers contiguous ranges and runs
// f(w, lo, hi) on each, the first on the calling goroutine.
func (m *Model) parallel(n int, f func(w, lo, hi int)) {
	W := min(m.workers, n)
	if W <= 1 {
		f(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for w := 1; w < W; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(w, w*n/W, (w+1)*n/W)
		}()
	}
	f(0, 0, n/W)
	wg.Wait()
}

func general(r, c int) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
}

// cols returns the view of columns [c0, c1) of g.
func cols(g blas64.General, c0, c1 int) blas64.General {
	return blas64.General{Rows: g.Rows, Cols: c1 - c0, Stride: g.Stride, Data: g.Data[c0 : (g.Rows-1)*g.Stride+c1]}
}

// rows returns the view of rows [r0, r1) of g.
func rows(g blas64.General, r0, r1 int) blas64.General {
	return blas64.General{Rows: r1 - r0, Cols: g.Cols, Stride: g.Stride, Data: g.Data[r0*g.Stride : (r1-1)*g.Stride+g.Cols]}
}

// ensure sizes the batch buffers for B sequences (allocating only when B
// exceeds every earlier batch) and returns views of exactly B sequences.
func (m *Model) ensure(B int) {
	if B <= m.bcap {
		return
	}
	n, d, p, C := m.n, m.d, m.p, m.cfg.Classes
	N := B * n
	m.bcap = B
	m.patches, m.emb = general(B*(n-1), p), general(B*(n-1), d)
	m.c = make([]layerCache, m.cfg.Layers)
	for i := range m.c {
		c := &m.c[i]
		c.x, c.qy, c.ky, c.z, c.xa = general(N, d), general(N, d), general(N, d), general(N, d), general(N, d)
		if m.cfg.Norm != RMSNorm { // the branch inputs are X and X^(A) themselves
			c.y, c.y2 = c.x, c.xa
		} else {
			c.y, c.y2 = general(N, d), general(N, d)
		}
		c.inv1, c.inv2, c.inv3 = make([]float64, N), make([]float64, N), make([]float64, N)
		c.a = general(N, n)
		c.act = make([]blas64.General, m.cfg.MLPLayers)
		for k := range c.act {
			c.act[k] = general(N, d)
		}
	}
	m.out = general(N, d)
	m.xhat, m.o, m.do = general(B, d), general(B, d), general(B, d)
	m.rstd = make([]float64, B)
	m.logits = general(B, C)
	for _, g := range []*blas64.General{&m.gx, &m.dz, &m.dy, &m.oth} {
		*g = general(N, d)
	}
	m.gc = make([]gradCache, m.cfg.Layers)
	for l := range m.gc {
		g := &m.gc[l]
		g.gout, g.gA, g.dq, g.dk = general(N, d), general(N, d), general(N, d), general(N, d)
		if m.cfg.Norm == PostNorm {
			g.gp, g.gs = general(N, d), general(N, d)
		}
		g.delta = make([]blas64.General, m.cfg.MLPLayers)
		for k := range g.delta {
			g.delta[k] = general(N, d)
		}
	}
}

// Init redraws every parameter from rng: first the blocks exactly as
// tokennet.Transformer.Resample (block by block Q, K ~ N(0, σ_A/d),
// V ~ N(0, 1/d), W⁰..W^ℓ ~ N(0, σ_w²/d), row-major), then E, b ~
// U(±1/√P), c ~ N(0, 1), e ~ N(0, 1), H, h ~ U(±1/√d); γ = 1, β = 0.
// The same rng state gives the same model.
func (m *Model) Init(rng *rand.Rand) {
	m.batch = 0
	d := float64(m.d)
	normal := func(g blas64.General, s float64) {
		for i := range g.Data {
			g.Data[i] = s * rng.NormFloat64()
		}
	}
	uniform := func(g blas64.General, a float64) {
		for i := range g.Data {
			g.Data[i] = a * (2*rng.Float64() - 1)
		}
	}
	sQK := math.Sqrt(math.Sqrt(m.cfg.SigmaA2) / d)
	for _, b := range m.w.blocks {
		normal(b.Q, sQK)
		normal(b.K, sQK)
		normal(b.V, 1/math.Sqrt(d))
		for _, w := range b.W {
			normal(w, m.cfg.SigmaW/math.Sqrt(d))
		}
	}
	aP := 1 / math.Sqrt(float64(m.p))
	uniform(m.w.E, aP)
	uniform(m.w.b, aP)
	normal(m.w.cls, 1)
	normal(m.w.pos, 1)
	for i := range m.w.gamma.Data {
		m.w.gamma.Data[i], m.w.beta.Data[i] = 1, 0
	}
	uniform(m.w.H, 1/math.Sqrt(d))
	uniform(m.w.h, 1/math.Sqrt(d))
}

// Config returns the model's configuration.
func (m *Model) Config() Config { return m.cfg }

// Params returns the flat parameter vector (aliasing the model; optimisers
// update it in place).
func (m *Model) Params() []float64 { return m.params }

// Grads returns the flat gradient vector filled by LossGrad, laid out as
// Params.
func (m *Model) Grads() []float64 { return m.grads }

// Tensors lists every parameter tensor with views of its values and
// gradient, in layout order (blocks, embedding, head).
func (m *Model) Tensors() []Tensor { return m.tensors }

// NumParams returns the number of scalar parameters.
func (m *Model) NumParams() int { return len(m.params) }
