package gomlxpeer

import (
	"fmt"
	"math"
	"reflect"
	"slices"

	"github.com/gomlx/gomlx/backends"
	"github.com/gomlx/gomlx/backends/simplego"
	"github.com/gomlx/gomlx/pkg/core/dtypes"
	. "github.com/gomlx/gomlx/pkg/core/graph"
	"github.com/gomlx/gomlx/pkg/core/tensors"

	"github.com/sigprop/sigprop/lib/vit"
)

// Adam's settings, those of vit.Adam's zero value (Cowsik et al. App. D
// and torch.optim.Adam's defaults).
const (
	adamLR    = 3e-4
	adamBeta1 = 0.9
	adamBeta2 = 0.999
	adamEps   = 1e-8
	lnEps     = 1e-5 // LayerNorm ε, as vit (PyTorch's default)
)

// Peer is the gomlx twin of a vit.Model: the same function, its gradient
// taken by gomlx's reverse-mode autodiff, and a training step (forward,
// backward, Adam) compiled as one graph for the pure-Go backend. Build it
// with New. A Peer is not safe for concurrent use.
type Peer struct {
	cfg     vit.Config
	backend backends.Backend
	names   []string

	params, m, v []*tensors.Tensor // current values and Adam moments, Tensors() order
	t            int               // Adam steps taken
	fast         bool              // Options.FastDotVJP

	lossGrad, step *Exec
}

// Options configures a Peer; the zero value is the default.
type Options struct {
	// Backend is the configuration string of the simplego backend
	// ("": "ops_sequential"). Ops then run one after the other, each
	// large DotGeneral split over the backend's workers (runtime.NumCPU
	// of them; GOMAXPROCS still bounds the threads that run). simplego's
	// own default, running independent ops in parallel, deadlocks in
	// gomlx v0.26.0 on this model: every slot of its worker pool (2 per
	// CPU) gets taken by an op whose DotGeneral then waits in
	// workersPool.WaitToStart for a free slot (seen with parallelism 1
	// and 2 and both VJPs).
	Backend string

	// FastDotVJP differentiates the model's matrix products by the
	// textbook VJP (X̄ = Ȳ W, W̄ = Ȳᵀ X, as DotGeneral products; see
	// dotvjp.go) instead of gomlx v0.26.0's stock DotGeneral VJP, which
	// materialises a broadcast outer product. Both are exact; the
	// benchmark times both.
	FastDotVJP bool
}

// New returns a Peer holding a copy of the parameters of model, on a
// fresh pure-Go ("simplego") backend configured by opt (see Options).
// It panics if model's configuration uses a setting the peer does not
// implement (any Config field other than the paper's, Residual and
// InvTemp being non-zero) or if the backend configuration is invalid.
func New(model *vit.Model, opt Options) *Peer {
	if model == nil {
		panic("gomlxpeer: New needs a non-nil *vit.Model")
	}
	cfg := model.Config()
	known := cfg
	known.Rows, known.Cols, known.Patch, known.D, known.Layers, known.MLPLayers = 0, 0, 0, 0, 0, 0
	known.Classes, known.AlphaA, known.AlphaM, known.SigmaW, known.SigmaA2 = 0, 0, 0, 0, 0
	known.Residual, known.InvTemp = 0, 0
	if !reflect.ValueOf(known).IsZero() {
		panic(fmt.Sprintf("gomlxpeer: New supports only the paper's block with the Residual and InvTemp variants; config has other settings %+v", known))
	}
	conf := opt.Backend
	if conf == "" {
		conf = "ops_sequential"
	}
	be, err := simplego.New(conf)
	if err != nil {
		panic(fmt.Sprintf("gomlxpeer: Options.Backend %q: %v", opt.Backend, err))
	}
	if opt.FastDotVJP {
		installFastDotVJP()
	}
	p := &Peer{cfg: cfg, backend: be, fast: opt.FastDotVJP}
	for _, t := range model.Tensors() {
		p.names = append(p.names, t.Name)
		p.params = append(p.params, tensors.FromFlatDataAndDimensions(append([]float64(nil), t.Value...), t.Rows, t.Cols))
		p.m = append(p.m, tensors.FromFlatDataAndDimensions(make([]float64, t.Rows*t.Cols), t.Rows, t.Cols))
		p.v = append(p.v, tensors.FromFlatDataAndDimensions(make([]float64, t.Rows*t.Cols), t.Rows, t.Cols))
	}
	if want := expectedNames(cfg); !slices.Equal(p.names, want) {
		panic(fmt.Sprintf("gomlxpeer: vit.Model's tensors are %q, the peer expects %q", p.names, want))
	}
	p.lossGrad = MustNewExec(be, p.lossGradGraph)
	p.step = MustNewExec(be, p.stepGraph)
	return p
}

// expectedNames lists the tensors of vit.Model.Tensors in the order the
// graph reads them: per block Q, K, V, W0..Wℓ, then the embedding and head.
func expectedNames(cfg vit.Config) []string {
	var names []string
	for l := range cfg.Layers {
		names = append(names, fmt.Sprintf("block%d.Q", l), fmt.Sprintf("block%d.K", l), fmt.Sprintf("block%d.V", l))
		for k := 0; k <= cfg.MLPLayers; k++ {
			names = append(names, fmt.Sprintf("block%d.W%d", l, k))
		}
	}
	return append(names, "embed.E", "embed.b", "embed.cls", "embed.pos", "head.gamma", "head.beta", "head.H", "head.h")
}

// Names returns the parameter tensor names in vit.Model.Tensors order.
func (p *Peer) Names() []string { return p.names }

// Params returns a copy of the current parameter values, one row-major
// slice per tensor in vit.Model.Tensors order.
func (p *Peer) Params() [][]float64 {
	out := make([][]float64, len(p.params))
	for i, t := range p.params {
		out[i] = tensors.MustCopyFlatData[float64](t)
	}
	return out
}

// inputs converts a batch to the graph's image and one-hot label tensors,
// panicking on a shape mismatch or a label outside [0, C) as vit does.
func (p *Peer) inputs(x []float64, labels []int) (img, onehot *tensors.Tensor) {
	px := p.cfg.Rows * p.cfg.Cols
	if len(x) == 0 || len(x)%px != 0 {
		panic(fmt.Sprintf("gomlxpeer: input length %d is not a positive multiple of Rows·Cols = %d", len(x), px))
	}
	B := len(x) / px
	if len(labels) != B {
		panic(fmt.Sprintf("gomlxpeer: %d labels for %d images", len(labels), B))
	}
	C := p.cfg.Classes
	oh := make([]float64, B*C)
	for i, y := range labels {
		if y < 0 || y >= C {
			panic(fmt.Sprintf("gomlxpeer: label %d of example %d outside [0, %d)", y, i, C))
		}
		oh[i*C+y] = 1
	}
	return tensors.FromFlatDataAndDimensions(append([]float64(nil), x...), B, p.cfg.Rows, p.cfg.Cols),
		tensors.FromFlatDataAndDimensions(oh, B, C)
}

func finite(loss float64) error {
	if math.IsNaN(loss) || math.IsInf(loss, 0) {
		return fmt.Errorf("gomlxpeer: non-finite loss %v", loss)
	}
	return nil
}

// LossGrad returns the mean cross-entropy on the images x (B images of
// Rows·Cols pixels, row-major, image after image) with the given labels,
// and the gradient of every parameter tensor (row-major, vit.Model.Tensors
// order), computed by gomlx's autodiff. It compiles the graph on the first
// call for each batch size. It returns an error if the loss is not finite.
func (p *Peer) LossGrad(x []float64, labels []int) (float64, [][]float64, error) {
	img, oh := p.inputs(x, labels)
	args := []any{img, oh}
	for _, t := range p.params {
		args = append(args, t)
	}
	out, err := p.lossGrad.Exec(args...)
	if err != nil {
		return 0, nil, fmt.Errorf("gomlxpeer: loss-gradient graph: %w", err)
	}
	loss := tensors.ToScalar[float64](out[0])
	grads := make([][]float64, len(p.params))
	for i, t := range out[1:] {
		grads[i] = tensors.MustCopyFlatData[float64](t)
	}
	for _, t := range out {
		t.MustFinalizeAll()
	}
	return loss, grads, finite(loss)
}

// stepArgs lists the arguments of the step graph.
func (p *Peer) stepArgs(x []float64, labels []int) []any {
	img, oh := p.inputs(x, labels)
	args := []any{img, oh, tensors.FromScalar(float64(p.t + 1))}
	for _, set := range [][]*tensors.Tensor{p.params, p.m, p.v} {
		for _, t := range set {
			args = append(args, t)
		}
	}
	return args
}

// Compile builds and compiles the training-step graph for batches of the
// size of x without running it (so that its cost can be timed apart).
func (p *Peer) Compile(x []float64, labels []int) error {
	if err := p.step.PreCompile(p.stepArgs(x, labels)...); err != nil {
		return fmt.Errorf("gomlxpeer: compiling the step graph: %w", err)
	}
	return nil
}

// Step takes one training step on the batch (x, labels) — forward pass,
// autodiff backward pass and the Adam update of vit.Adam's zero value
// (lr 3e-4, β₁ = 0.9, β₂ = 0.999, ε = 1e-8), all in one compiled graph —
// and returns the loss before the update. It returns an error (and leaves
// the parameters unchanged) if the loss is not finite.
func (p *Peer) Step(x []float64, labels []int) (float64, error) {
	out, err := p.step.Exec(p.stepArgs(x, labels)...)
	if err != nil {
		return 0, fmt.Errorf("gomlxpeer: step graph: %w", err)
	}
	loss := tensors.ToScalar[float64](out[0])
	out[0].MustFinalizeAll()
	if err := finite(loss); err != nil {
		for _, t := range out[1:] {
			t.MustFinalizeAll()
		}
		return 0, err
	}
	k := len(p.params)
	for i := range k {
		p.params[i].MustFinalizeAll()
		p.m[i].MustFinalizeAll()
		p.v[i].MustFinalizeAll()
		p.params[i], p.m[i], p.v[i] = out[1+i], out[1+k+i], out[1+2*k+i]
	}
	p.t++
	return loss, nil
}

// lossGradGraph: inputs images, one-hot labels, parameters; outputs the
// loss and its gradient with respect to every parameter.
func (p *Peer) lossGradGraph(in []*Node) []*Node {
	params := in[2:]
	b := &builder{Peer: p, fast: p.fast}
	loss := b.lossGraph(in[0], in[1], params)
	grads := Gradient(loss, params...)
	b.forget()
	return append([]*Node{loss}, grads...)
}

// stepGraph: inputs images, one-hot labels, the step number t (1-based),
// parameters, first and second moments; outputs the loss and the updated
// parameters and moments. Adam as vit.Adam (PyTorch's arithmetic):
//
//	m ← β₁m + (1−β₁)g,  v ← β₂v + (1−β₂)g²
//	θ ← θ − (lr/(1−β₁ᵗ)) · m / (√v/√(1−β₂ᵗ) + ε)
func (p *Peer) stepGraph(in []*Node) []*Node {
	k := len(p.names)
	t := in[2]
	params, ms, vs := in[3:3+k], in[3+k:3+2*k], in[3+2*k:3+3*k]
	b := &builder{Peer: p, fast: p.fast}
	loss := b.lossGraph(in[0], in[1], params)
	grads := Gradient(loss, params...)
	b.forget()
	g := t.Graph()
	f64 := dtypes.Float64
	bc1 := OneMinus(Pow(Scalar(g, f64, adamBeta1), t))
	sbc2 := Sqrt(OneMinus(Pow(Scalar(g, f64, adamBeta2), t)))
	stepSize := Div(Scalar(g, f64, adamLR), bc1)
	newP, newM, newV := make([]*Node, k), make([]*Node, k), make([]*Node, k)
	for i := range k {
		gr := grads[i]
		newM[i] = Add(MulScalar(ms[i], adamBeta1), MulScalar(gr, 1-adamBeta1))
		newV[i] = Add(MulScalar(vs[i], adamBeta2), MulScalar(Square(gr), 1-adamBeta2))
		den := AddScalar(Div(Sqrt(newV[i]), sbc2), adamEps)
		newP[i] = Sub(params[i], Div(Mul(stepSize, newM[i]), den))
	}
	out := append([]*Node{loss}, newP...)
	out = append(out, newM...)
	return append(out, newV...)
}

// norm is eq. (3) row by row over the last axis: √d x/|x|. (Not with
// Rsqrt: gomlx v0.26 defines no gradient for it.)
func norm(x *Node, sqd float64) *Node {
	return Div(MulScalar(x, sqd), Sqrt(ReduceAndKeep(Square(x), ReduceSum, -1)))
}

// builder builds one graph of the model.
type builder struct {
	*Peer
	fast bool    // record the matrix products for the fast VJP
	dots []*Node // the recorded products
}

// linear returns x Wᵀ for x [..., in] and W [out, in] (vit's orientation).
func (b *builder) linear(x, w *Node) *Node {
	return b.dot(x, []int{x.Rank() - 1}, nil, w, []int{1}, nil)
}

// lossGraph builds the mean cross-entropy of the model (lib/vit/doc.go)
// on images [B, Rows, Cols] with one-hot labels [B, C]; params are in
// vit.Model.Tensors order (blocks, embedding, head), each [Rows, Cols].
func (bd *builder) lossGraph(img, onehot *Node, params []*Node) *Node {
	cfg := bd.cfg
	B := img.Shape().Dimensions[0]
	ps, d, L := cfg.Patch, cfg.D, cfg.Layers
	n := 1 + (cfg.Rows/ps)*(cfg.Cols/ps)
	sqd := math.Sqrt(float64(d))
	skip := func(a float64) float64 {
		if cfg.Residual == vit.Identity {
			return 1
		}
		return math.Sqrt(1 - a*a)
	}
	tau := cfg.InvTemp
	if tau == 0 {
		tau = 1
	}
	per := 3 + cfg.MLPLayers + 1
	emb := params[per*L:]
	E, b, cls, pos := emb[0], emb[1], emb[2], emb[3]
	gamma, beta, H, h := emb[4], emb[5], emb[6], emb[7]

	// Patches in row-major patch order, each row-major: [B, n−1, p²].
	patches := Reshape(img, B, cfg.Rows/ps, ps, cfg.Cols/ps, ps)
	patches = TransposeAllAxes(patches, 0, 1, 3, 2, 4)
	patches = Reshape(patches, B, n-1, ps*ps)
	// X⁰_0 = c + e_0, X⁰_j = E x_j + b + e_j.
	tok := Add(bd.linear(patches, E), Reshape(b, 1, 1, d))
	clsTok := BroadcastToDims(Reshape(cls, 1, 1, d), B, 1, d)
	x := Add(Concatenate([]*Node{clsTok, tok}, 1), Reshape(pos, 1, n, d))

	for l := range L {
		w := params[per*l : per*(l+1)]
		Q, K, V, W := w[0], w[1], w[2], w[3:]
		// Attention (eq. 1): A_ij = softmax_j(τ(QY_i)·(KY_j)/√d), ATT_i = V Σ_j A_ij Y_j.
		y := norm(x, sqd)
		logits := MulScalar(bd.dot(bd.linear(y, Q), []int{2}, []int{0}, bd.linear(y, K), []int{2}, []int{0}), tau/sqd)
		logits = Sub(logits, StopGradient(ReduceAndKeep(logits, ReduceMax, -1)))
		e := Exp(logits)
		a := Div(e, ReduceAndKeep(e, ReduceSum, -1))
		att := bd.linear(bd.dot(a, []int{2}, []int{0}, y, []int{1}, []int{0}), V)
		xa := Add(MulScalar(x, skip(cfg.AlphaA)), MulScalar(att, cfg.AlphaA))
		// MLP (eq. 2): W^ℓ φ(W^{ℓ−1}⋯φ(W⁰ Norm X^(A))).
		hid := norm(xa, sqd)
		for k := 0; k < cfg.MLPLayers; k++ {
			hid = Tanh(bd.linear(hid, W[k]))
		}
		x = Add(MulScalar(xa, skip(cfg.AlphaM)), MulScalar(bd.linear(hid, W[cfg.MLPLayers]), cfg.AlphaM))
	}

	// LayerNorm of the class token, head, mean cross-entropy.
	// u = X^L_0 as a contraction with e_0 (the gradient of Slice needs Pad,
	// which simplego v0.26 lacks).
	e0 := make([]float64, n)
	e0[0] = 1
	u := bd.dot(x, []int{1}, nil, Const(x.Graph(), e0), []int{0}, nil)
	c := Sub(u, ReduceAndKeep(u, ReduceMean, -1))
	xhat := Div(c, Sqrt(AddScalar(ReduceAndKeep(Square(c), ReduceMean, -1), lnEps)))
	o := Add(Mul(xhat, gamma), beta)
	z := Add(bd.linear(o, H), h)
	z = Sub(z, StopGradient(ReduceAndKeep(z, ReduceMax, -1)))
	logp := Sub(z, Log(ReduceAndKeep(Exp(z), ReduceSum, -1)))
	return DivScalar(Neg(ReduceAllSum(Mul(onehot, logp))), float64(B))
}
