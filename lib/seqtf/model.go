package seqtf

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Tensor is one named parameter tensor: views into Model.Params and
// Model.Grads, row-major Rows×Cols.
type Tensor struct {
	Name       string
	Rows, Cols int
	Value      []float64
	Grad       []float64
}

// block holds the views of one encoder block's parameters. Weights act on
// row vectors (y = x W + b), W of shape in×out.
type block struct {
	wq, bq, wk, bk, wv, bv, wo, bo tview
	g1, b1, g2, b2                 tview // LayerNorm gains and shifts
	w1, c1, w2, c2                 tview // feed-forward
	a1, a2                         tview // α₁, α₂ (1×1)
}

type tview struct{ v, g []float64 }

// Model is the encoder with its parameters, gradients and forward caches.
// It is not safe for concurrent use.
type Model struct {
	cfg     Config
	params  []float64
	grads   []float64
	tensors []Tensor
	embed   tview // V×d token embedding
	head    tview // d×V
	headB   tview // 1×V
	blocks  []block
	pe      []float64 // n×d sinusoidal positions
	cache   *fwdCache
}

// New allocates a model and initialises it from rng (Init).
func New(cfg Config, rng *rand.Rand) *Model {
	cfg.validate()
	m := &Model{cfg: cfg}
	d, ff, V := cfg.D, cfg.FF, cfg.Vocab
	type spec struct {
		name string
		r, c int
		dst  *tview
	}
	var specs []spec
	specs = append(specs, spec{"embed.E", V, d, &m.embed})
	m.blocks = make([]block, cfg.Layers)
	for t := range m.blocks {
		b := &m.blocks[t]
		p := fmt.Sprintf("block%d.", t)
		specs = append(specs,
			spec{p + "Q", d, d, &b.wq}, spec{p + "bQ", 1, d, &b.bq},
			spec{p + "K", d, d, &b.wk}, spec{p + "bK", 1, d, &b.bk},
			spec{p + "V", d, d, &b.wv}, spec{p + "bV", 1, d, &b.bv},
			spec{p + "O", d, d, &b.wo}, spec{p + "bO", 1, d, &b.bo},
			spec{p + "ln1.gamma", 1, d, &b.g1}, spec{p + "ln1.beta", 1, d, &b.b1},
			spec{p + "W1", d, ff, &b.w1}, spec{p + "b1", 1, ff, &b.c1},
			spec{p + "W2", ff, d, &b.w2}, spec{p + "b2", 1, d, &b.c2},
			spec{p + "ln2.gamma", 1, d, &b.g2}, spec{p + "ln2.beta", 1, d, &b.b2},
			spec{p + "alpha1", 1, 1, &b.a1}, spec{p + "alpha2", 1, 1, &b.a2})
	}
	specs = append(specs, spec{"head.W", d, V, &m.head}, spec{"head.b", 1, V, &m.headB})
	total := 0
	for _, s := range specs {
		total += s.r * s.c
	}
	m.params, m.grads = make([]float64, total), make([]float64, total)
	off := 0
	for _, s := range specs {
		n := s.r * s.c
		*s.dst = tview{m.params[off : off+n], m.grads[off : off+n]}
		m.tensors = append(m.tensors, Tensor{s.name, s.r, s.c, s.dst.v, s.dst.g})
		off += n
	}
	m.pe = Sinusoidal(cfg.Len, d)
	m.Init(rng)
	return m
}

// Sinusoidal returns the n×d positional encodings of Vaswani et al. 2017,
//
//	PE(i, 2k) = sin(i/10000^{2k/d}),  PE(i, 2k+1) = cos(i/10000^{2k/d}),
//
// the "sinusoidal positional encodings" of Noci et al. 2022, App. C.1. It
// panics unless n >= 1 and d >= 2 is even.
func Sinusoidal(n, d int) []float64 {
	if n < 1 || d < 2 || d%2 != 0 {
		panic(fmt.Sprintf("seqtf: Sinusoidal needs n >= 1 and even d >= 2, got %d, %d", n, d))
	}
	pe := make([]float64, n*d)
	for i := 0; i < n; i++ {
		for k := 0; k < d/2; k++ {
			w := math.Pow(10000, -float64(2*k)/float64(d))
			pe[i*d+2*k] = math.Sin(float64(i) * w)
			pe[i*d+2*k+1] = math.Cos(float64(i) * w)
		}
	}
	return pe
}

// Init draws every parameter from rng, tensor by tensor in layout order,
// row-major, as PyTorch initialises nn.Embedding and
// nn.TransformerEncoderLayer(d, nhead = 1, dim_feedforward = FF):
//
//	embed.E            N(0, 1)             ("variance 1", App. C.1)
//	Q, K, V            U(±√(6/(4d)))       (xavier_uniform of the 3d×d in_proj)
//	bQ, bK, bV, bO     0
//	O                  U(±1/√d)            (out_proj: nn.Linear's default)
//	W1, b1             U(±1/√d)            (linear1)
//	W2, b2             U(±1/√FF)           (linear2)
//	LayerNorm γ, β     1, 0
//	alpha1, alpha2     Config.Alpha1, Alpha2
//	head.W, head.b     U(±1/√d)            (nn.Linear(d, V))
//
// (nn.Linear's default, kaiming_uniform with a = √5, is U(±1/√fan_in).)
// With Config.Init = GaussianInit the block weights are N(0, 1/fan_in)
// instead, in the order Q, K, V, O, W1, W2 of each block, and the block
// biases 0; embedding and head as above.
func (m *Model) Init(rng *rand.Rand) {
	if rng == nil {
		panic("seqtf: Init needs a non-nil *rand.Rand")
	}
	d, ff := float64(m.cfg.D), float64(m.cfg.FF)
	gauss := func(x []float64, s float64) {
		for i := range x {
			x[i] = s * rng.NormFloat64()
		}
	}
	unif := func(x []float64, a float64) {
		for i := range x {
			x[i] = a * (2*rng.Float64() - 1)
		}
	}
	fill := func(x []float64, v float64) {
		for i := range x {
			x[i] = v
		}
	}
	gauss(m.embed.v, 1)
	xav := math.Sqrt(6 / (4 * d))
	for t := range m.blocks {
		b := &m.blocks[t]
		if m.cfg.Init == GaussianInit {
			for _, w := range []tview{b.wq, b.wk, b.wv, b.wo, b.w1} {
				gauss(w.v, 1/math.Sqrt(d))
			}
			gauss(b.w2.v, 1/math.Sqrt(ff))
			for _, x := range []tview{b.bq, b.bk, b.bv, b.bo, b.b1, b.b2, b.c1, b.c2} {
				fill(x.v, 0)
			}
			fill(b.g1.v, 1)
			fill(b.g2.v, 1)
			b.a1.v[0], b.a2.v[0] = m.cfg.Alpha1, m.cfg.Alpha2
			continue
		}
		unif(b.wq.v, xav)
		fill(b.bq.v, 0)
		unif(b.wk.v, xav)
		fill(b.bk.v, 0)
		unif(b.wv.v, xav)
		fill(b.bv.v, 0)
		unif(b.wo.v, 1/math.Sqrt(d))
		fill(b.bo.v, 0)
		fill(b.g1.v, 1)
		fill(b.b1.v, 0)
		unif(b.w1.v, 1/math.Sqrt(d))
		unif(b.c1.v, 1/math.Sqrt(d))
		unif(b.w2.v, 1/math.Sqrt(ff))
		unif(b.c2.v, 1/math.Sqrt(ff))
		fill(b.g2.v, 1)
		fill(b.b2.v, 0)
		b.a1.v[0], b.a2.v[0] = m.cfg.Alpha1, m.cfg.Alpha2
	}
	unif(m.head.v, 1/math.Sqrt(d))
	unif(m.headB.v, 1/math.Sqrt(d))
}

// Config returns the model's configuration.
func (m *Model) Config() Config { return m.cfg }

// Params returns the parameter vector (a view: writes change the model).
func (m *Model) Params() []float64 { return m.params }

// Grads returns the gradient vector of the last LossGrad (a view).
func (m *Model) Grads() []float64 { return m.grads }

// Tensors lists the parameter tensors in layout order: embed.E, then for
// each block t = 0..L−1 block<t>.Q, bQ, K, bK, V, bV, O, bO, ln1.gamma,
// ln1.beta, W1, b1, W2, b2, ln2.gamma, ln2.beta, alpha1, alpha2, then
// head.W, head.b.
func (m *Model) Tensors() []Tensor { return m.tensors }

// Tensor returns the tensor called name; it panics if there is none.
func (m *Model) Tensor(name string) Tensor {
	for _, t := range m.tensors {
		if t.Name == name {
			return t
		}
	}
	panic(fmt.Sprintf("seqtf: no tensor %q", name))
}

// Alphas returns the current α₁ and α₂ of block t.
func (m *Model) Alphas(t int) (a1, a2 float64) {
	return m.blocks[t].a1.v[0], m.blocks[t].a2.v[0]
}

func blockName(t int, name string) string { return fmt.Sprintf("block%d.%s", t, name) }
