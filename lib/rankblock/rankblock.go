package rankblock

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Config describes the single-head transformer of Noci et al. 2022
// (eqs. 1–4 and 19; §2.3–2.5 of the notes (lib/sources/noci2022.md)). Tokens are rows; S = A X W^V with
// W^Q, W^K ∈ ℝ^{d_v×d_k}, W^V ∈ ℝ^{d_v×d_v}; FF(U) = σ(U W^{F1}) W^{F2}
// with hidden width d_F. No biases, no output projection, no mask.
//
// The residual weights and τ are physical parameters without defaults (0
// is meaningful: ReZero, τ = 0 uniform attention with no Q/K gradient).
// Zero DK, DF mean d_v; zero LNEps means 1e-5.
type Config struct {
	N, DV          int // tokens n >= 2, width d_v >= 1
	DK, DF         int // key width d_k and FF hidden width d_F (0 → d_v)
	Layers         int // blocks L >= 1
	Norm           block.Norm
	ReLU           bool    // FF activation: ReLU (W^{F1} variance 2/d_v) or linear
	Alpha1, Alpha2 float64 // residual weights α₁, α₂ of eqs. (2), (4)
	DepthScaled    bool    // use α_i/√L instead of α_i ("res-scale")
	Tau            float64 // inverse temperature τ of eq. (19); 1 is plain attention
	Attention      block.Attention
	LNEps          float64 // ε in LN(x) = (x − mean)/√(var + ε); 0 → 1e-5
	// Heads splits the attention into H heads (0 → 1, the paper's theory
	// setting); see heads.go. H must divide d_k and d_v.
	Heads int
}

// rbResolved holds the derived constants of a config.
type rbResolved struct {
	dk, df int
	heads  int
	a1, a2 float64
	eps    float64
}

// ErrParam is wrapped by the errors of a setting out of its range
// (Config.Validate, ProfileSettings.Validate); the message names the field
// and its allowed range, and errors.Is matches any lib package's ErrParam
// (lib/internal/param).
var ErrParam = param.New("rankblock")

// Validate returns ErrParam naming the first field of c out of its range:
// N >= 2, DV >= 1, DK, DF >= 0, Layers >= 1, a known Norm and Attention,
// finite α₁, α₂ and τ, LNEps >= 0, and Heads >= 0 dividing d_k and d_v.
// New, Simulate and the other constructors panic with its error (a caller
// bug: rankexp's settings validate what a user types).
func (c Config) Validate() error {
	switch {
	case c.N < 2:
		return param.Err(ErrParam, "Config.N", c.N, "an integer >= 2")
	case c.DV < 1:
		return param.Err(ErrParam, "Config.DV", c.DV, "an integer >= 1")
	case c.DK < 0:
		return param.Err(ErrParam, "Config.DK", c.DK, "an integer >= 0 (0: d_v)")
	case c.DF < 0:
		return param.Err(ErrParam, "Config.DF", c.DF, "an integer >= 0 (0: d_v)")
	case c.Layers < 1:
		return param.Err(ErrParam, "Config.Layers", c.Layers, "an integer >= 1")
	case c.Norm != block.NoNorm && c.Norm != block.PostLN && c.Norm != block.PreLN:
		return param.Err(ErrParam, "Config.Norm", c.Norm, "NoNorm, PostLN or PreLN")
	case c.Attention != block.Softmax && c.Attention != block.Uniform:
		return param.Err(ErrParam, "Config.Attention", c.Attention, "Softmax or Uniform")
	case math.IsNaN(c.Alpha1) || math.IsInf(c.Alpha1, 0):
		return param.Err(ErrParam, "Config.Alpha1", c.Alpha1, "finite")
	case math.IsNaN(c.Alpha2) || math.IsInf(c.Alpha2, 0):
		return param.Err(ErrParam, "Config.Alpha2", c.Alpha2, "finite")
	case math.IsNaN(c.Tau) || math.IsInf(c.Tau, 0):
		return param.Err(ErrParam, "Config.Tau", c.Tau, "finite")
	case c.LNEps < 0 || math.IsNaN(c.LNEps):
		return param.Err(ErrParam, "Config.LNEps", c.LNEps, ">= 0 (0: 1e-5)")
	}
	dk := c.DK
	if dk == 0 {
		dk = c.DV
	}
	if h := c.Heads; h < 0 || h > 0 && (dk%h != 0 || c.DV%h != 0) {
		return param.Err(ErrParam, "Config.Heads", h, fmt.Sprintf(">= 0, dividing d_k = %d and d_v = %d (0: one head)", dk, c.DV))
	}
	return nil
}

func (c Config) resolve() rbResolved {
	if err := c.Validate(); err != nil {
		panic(err.Error())
	}
	r := rbResolved{dk: c.DK, df: c.DF, a1: c.Alpha1, a2: c.Alpha2, eps: c.LNEps}
	if r.dk == 0 {
		r.dk = c.DV
	}
	r.heads = c.resolveHeads(r.dk)
	if r.df == 0 {
		r.df = c.DV
	}
	if c.DepthScaled {
		s := 1 / math.Sqrt(float64(c.Layers))
		r.a1 *= s
		r.a2 *= s
	}
	if r.eps == 0 {
		r.eps = 1e-5
	}
	return r
}

type rbWeights struct {
	q, k, v *mat.Dense // d_v×d_k, d_v×d_k, d_v×d_v
	f1, f2  *mat.Dense // d_v×d_F, d_F×d_v
}

// rbLN caches one token-wise layer norm: y = (x − mean)/s, inv = 1/s.
type rbLN struct {
	y   *mat.Dense
	inv []float64
}

type rbCache struct {
	x       *mat.Dense // block input X^ℓ
	ln1     rbLN       // PRE-LN: LN(X); POST-LN: LN of the attention sum (= Z)
	u1      *mat.Dense // attention input (X or LN X)
	q, k, v *mat.Dense // U W^Q, U W^K, U W^V
	a       *mat.Dense // attention matrix n×n
	s       *mat.Dense // A V
	z       *mat.Dense // Z
	ln2     rbLN       // PRE-LN: LN(Z); POST-LN: LN of the FF sum (= X^{ℓ+1})
	u2      *mat.Dense // FF input (Z or LN Z)
	h, g    *mat.Dense // U W^{F1}, σ(h)
	y       *mat.Dense // g W^{F2}
}

// Net is one draw of a Config network with its forward
// activations cached for Backward. It is not safe for concurrent use.
type Net struct {
	cfg  Config
	r    rbResolved
	w    []rbWeights
	c    []rbCache
	bc   []block.Cache   // views of c for block.Stack
	bw   []block.Weights // views of w
	spec block.Spec
	out  *mat.Dense
	// backward workspace
	g, gz, gu, gt           *mat.Dense // n×d_v
	gs, gv, gt2             *mat.Dense // n×d_v
	rowTmp                  []float64  // 2n
	gq, gk                  *mat.Dense // n×d_k
	ga                      *mat.Dense // n×n
	gh                      *mat.Dense // n×d_F
	gwq, gwk, gwv, gf1, gf2 *mat.Dense
	grads                   Grads
	ffD, ffGW               []blas64.General // views of gh; of gf1, gf2
	ag                      block.AttnGrads  // views of the workspace
	mh                      []multiHead      // per block, only when Heads > 1
}

// New allocates a network for cfg and draws its weights from rng.
// It panics on an invalid cfg or a nil rng.
func New(cfg Config, rng *rand.Rand) *Net {
	if rng == nil {
		panic("rankblock: New needs a non-nil *rand.Rand")
	}
	nt := newNet(cfg)
	nt.Resample(rng)
	return nt
}

// newNet allocates a network for cfg without drawing its weights.
func newNet(cfg Config) *Net {
	r := cfg.resolve()
	n, dv, dk, df := cfg.N, cfg.DV, r.dk, r.df
	nt := &Net{cfg: cfg, r: r}
	nt.w = make([]rbWeights, cfg.Layers)
	nt.c = make([]rbCache, cfg.Layers)
	for l := range nt.w {
		nt.w[l] = rbWeights{q: mat.NewDense(dv, dk, nil), k: mat.NewDense(dv, dk, nil),
			v: mat.NewDense(dv, dv, nil), f1: mat.NewDense(dv, df, nil), f2: mat.NewDense(df, dv, nil)}
		nt.c[l] = rbCache{
			x:   mat.NewDense(n, dv, nil),
			ln1: rbLN{y: mat.NewDense(n, dv, nil), inv: make([]float64, n)},
			q:   mat.NewDense(n, dk, nil), k: mat.NewDense(n, dk, nil), v: mat.NewDense(n, dv, nil),
			a: mat.NewDense(n, n, nil), s: mat.NewDense(n, dv, nil), z: mat.NewDense(n, dv, nil),
			ln2: rbLN{y: mat.NewDense(n, dv, nil), inv: make([]float64, n)},
			h:   mat.NewDense(n, df, nil), g: mat.NewDense(n, df, nil), y: mat.NewDense(n, dv, nil),
		}
	}
	nt.out = mat.NewDense(n, dv, nil)
	nt.g, nt.gz, nt.gu, nt.gt = mat.NewDense(n, dv, nil), mat.NewDense(n, dv, nil), mat.NewDense(n, dv, nil), mat.NewDense(n, dv, nil)
	nt.gs, nt.gv, nt.gt2 = mat.NewDense(n, dv, nil), mat.NewDense(n, dv, nil), mat.NewDense(n, dv, nil)
	nt.rowTmp = make([]float64, 2*n)
	nt.gq, nt.gk = mat.NewDense(n, dk, nil), mat.NewDense(n, dk, nil)
	nt.ga = mat.NewDense(n, n, nil)
	nt.gh = mat.NewDense(n, df, nil)
	nt.gwq, nt.gwk, nt.gwv = mat.NewDense(dv, dk, nil), mat.NewDense(dv, dk, nil), mat.NewDense(dv, dv, nil)
	nt.gf1, nt.gf2 = mat.NewDense(dv, df, nil), mat.NewDense(df, dv, nil)
	L := cfg.Layers
	nt.grads = Grads{WQ: make([]float64, L), WK: make([]float64, L), WV: make([]float64, L),
		F1: make([]float64, L), F2: make([]float64, L)}
	nt.allocHeads()
	nt.initBlocks()
	return nt
}

// initBlocks sets the block.Spec of cfg (eqs. 2–4: Z = X + α₁ S,
// X' = Z + α₂ FF, the norm where cfg.Norm puts it; S = A (U W^V) with
// A = softmax(τ Q Kᵀ/√d_k), per head with √(d_k/H)) and the views
// block.Forward works on.
func (nt *Net) initBlocks() {
	cfg, r := nt.cfg, nt.r
	ff := block.Linear
	if cfg.ReLU {
		ff = block.ReLU
	}
	nt.spec = block.Spec{Norm: cfg.Norm, Eps: r.eps,
		Attn: block.AttnParams{Kind: cfg.Attention, QKScale: 1, LogitScale: 1,
			RowScale: cfg.Tau / math.Sqrt(float64(r.dk/r.heads)), Skip: 1, Branch: r.a1, ValueFirst: true, Heads: r.heads,
			Centred: true, UniformGrad: true, SumBack: true},
		FF: block.FFParams{Kind: ff, Scale: 1, Skip: 1, Branch: r.a2, Separate: true}}
	nt.ffD = []blas64.General{nt.gh.RawMatrix()}
	nt.ffGW = []blas64.General{nt.gf1.RawMatrix(), nt.gf2.RawMatrix()}
	nt.ag = block.AttnGrads{WQ: nt.gwq.RawMatrix(), WK: nt.gwk.RawMatrix(), WV: nt.gwv.RawMatrix(),
		S: nt.gs.RawMatrix(), V: nt.gv.RawMatrix(), Q: nt.gq.RawMatrix(), K: nt.gk.RawMatrix(),
		A: nt.ga.RawMatrix(), T: nt.gt2.RawMatrix(), Row: nt.rowTmp}
	nt.bw = make([]block.Weights, len(nt.w))
	for l, w := range nt.w {
		nt.bw[l] = block.Weights{Q: w.q.RawMatrix(), K: w.k.RawMatrix(), V: w.v.RawMatrix(),
			F: []blas64.General{w.f1.RawMatrix(), w.f2.RawMatrix()}}
		c := &nt.c[l]
		nt.bc = append(nt.bc, block.Cache{X: c.x.RawMatrix(), N1: c.ln1.y.RawMatrix(), N2: c.ln2.y.RawMatrix(), Inv1: c.ln1.inv, Inv2: c.ln2.inv,
			Attn: block.AttnBuffers{Q: c.q.RawMatrix(), K: c.k.RawMatrix(), A: c.a.RawMatrix(), V: c.v.RawMatrix(), S: c.s.RawMatrix()},
			Z:    c.z.RawMatrix(),
			FF:   block.FFBuffers{H: []blas64.General{c.h.RawMatrix()}, G: []blas64.General{c.g.RawMatrix()}, Y: c.y.RawMatrix()}})
		if r.heads > 1 {
			for _, a := range nt.mh[l].a {
				nt.bc[l].Attn.HeadA = append(nt.bc[l].Attn.HeadA, a.RawMatrix())
			}
		}
	}
}

// Config returns the configuration the network was built with.
func (nt *Net) Config() Config { return nt.cfg }

// Alphas returns the residual weights α₁, α₂ in use (after depth scaling).
func (nt *Net) Alphas() (a1, a2 float64) { return nt.r.a1, nt.r.a2 }

// Resample redraws every weight (lib/sources/noci2022.md#initialisation): W^Q, W^K ~ N(0, 1/d_k),
// W^V ~ N(0, 1/d_v), W^{F1} ~ N(0, 1/d_v) (2/d_v with ReLU), W^{F2} ~
// N(0, 1/d_F), independently per block. Draw order: block by block, Q, K,
// V, F1, F2, row-major.
func (nt *Net) Resample(rng *rand.Rand) {
	dv, dk, df := float64(nt.cfg.DV), float64(nt.r.dk), float64(nt.r.df)
	sf1 := 1 / math.Sqrt(dv)
	if nt.cfg.ReLU {
		sf1 = math.Sqrt(2 / dv)
	}
	for _, w := range nt.w {
		rbFill(w.q, rng, 1/math.Sqrt(dk))
		rbFill(w.k, rng, 1/math.Sqrt(dk))
		rbFill(w.v, rng, 1/math.Sqrt(dv))
		rbFill(w.f1, rng, sf1)
		rbFill(w.f2, rng, 1/math.Sqrt(df))
	}
}

func rbFill(m *mat.Dense, rng *rand.Rand, s float64) {
	raw := m.RawMatrix()
	for i := range raw.Data {
		raw.Data[i] = s * rng.NormFloat64()
	}
}

// Weights returns block l's W^Q, W^K, W^V, W^{F1}, W^{F2}; they alias the
// network, so writing them changes it (finite-difference tests do that).
func (nt *Net) Weights(l int) (wq, wk, wv, wf1, wf2 *mat.Dense) {
	w := nt.w[l]
	return w.q, w.k, w.v, w.f1, w.f2
}

// rbLayerNormBack writes into dst the pullback of gy through ln
// (block.NormBack). dst may alias gy.
func (nt *Net) rbLayerNormBack(dst, gy *mat.Dense, ln rbLN) {
	block.NormBack(dst.RawMatrix(), gy.RawMatrix(), ln.y.RawMatrix(), ln.inv, nt.spec, false)
}

// rbGemm sets c = α op(a) op(b) with lib/dense's product (op = transpose
// where ta, tb say).
func rbGemm(c *mat.Dense, alpha float64, a *mat.Dense, ta bool, b *mat.Dense, tb bool) {
	op := func(t bool) blas.Transpose {
		if t {
			return blas.Trans
		}
		return blas.NoTrans
	}
	dense.Gemm(op(ta), op(tb), alpha, a.RawMatrix(), b.RawMatrix(), 0, c.RawMatrix())
}

// Forward runs all blocks on x0 (n×d_v) and returns X^L, which is owned by
// the network and overwritten by the next Forward. It panics on a shape
// mismatch and returns an error if an activation is not finite.
//
//sigprop:eq noci2022 eq2-4
func (nt *Net) Forward(x0 mat.Matrix) (*mat.Dense, error) {
	n, dv := nt.cfg.N, nt.cfg.DV
	if r, c := x0.Dims(); r != n || c != dv {
		panic(fmt.Sprintf("rankblock: Net.Forward input is %d×%d, want %d×%d", r, c, n, dv))
	}
	nt.c[0].x.Copy(x0)
	if err := block.Stack(nt.bc, nt.out.RawMatrix(), nt.bw, nt.spec, true); err != nil {
		return nil, fmt.Errorf("rankblock: Net %w", err)
	}
	for l := range nt.c {
		c := &nt.c[l]
		c.u1, c.u2 = c.x, c.z
		if nt.cfg.Norm == block.PreLN {
			c.u1, c.u2 = c.ln1.y, c.ln2.y
		}
	}
	return nt.out, nil
}

// Layer returns X^ℓ for 0 <= ℓ <= L after a Forward; it aliases the
// network's buffers.
func (nt *Net) Layer(l int) *mat.Dense {
	if l < 0 || l > nt.cfg.Layers {
		panic(fmt.Sprintf("rankblock: Net layer %d out of range [0, %d]", l, nt.cfg.Layers))
	}
	if l == nt.cfg.Layers {
		return nt.out
	}
	return nt.c[l].x
}

// Attention returns block l's attention matrix after a Forward (aliased);
// with several heads, a copy of head 0's (see HeadAttention).
func (nt *Net) Attention(l int) *mat.Dense { return nt.c[l].a }

// Grads holds, per block ℓ, the squared Frobenius norms of the loss
// gradient with respect to that block's weights.
type Grads struct {
	WQ, WK, WV, F1, F2 []float64
}

// Backward returns the squared Frobenius norms of ∂𝓛/∂W for every block's
// W^Q, W^K, W^V, W^{F1}, W^{F2}, and ∂𝓛/∂X^0, for the linear loss
// 𝓛 = ⟨R, X^L⟩ = Σ R_{ij} X^L_{ij} of the last Forward (any loss: pass its
// gradient with respect to X^L as R). The reverse pass is exact: softmax
// Jacobian (23) or, in block.Uniform mode, (24); token-wise LN; ReLU. Both
// results are owned by the network and overwritten by the next Backward.
func (nt *Net) Backward(r mat.Matrix) (Grads, *mat.Dense) {
	n, dv := nt.cfg.N, nt.cfg.DV
	if rr, cc := r.Dims(); rr != n || cc != dv {
		panic(fmt.Sprintf("rankblock: Net.Backward seed is %d×%d, want %d×%d", rr, cc, n, dv))
	}
	nt.g.Copy(r)
	for l := len(nt.c) - 1; l >= 0; l-- {
		c := &nt.c[l]
		switch nt.cfg.Norm {
		case block.NoNorm:
			// X' = Z + α₂ FF(Z); Z = X + α₁ S(X).
			nt.gz.Copy(nt.g)
			nt.rbFFBack(l, c, nt.g, nt.gu)
			nt.gz.Add(nt.gz, nt.gu)
			nt.g.Copy(nt.gz)
			nt.rbAttnBack(l, c, nt.gz, nt.gu)
			nt.g.Add(nt.g, nt.gu)
		case block.PostLN:
			// X' = LN(Z + α₂ FF(Z)); Z = LN(X + α₁ S(X)).
			nt.rbLayerNormBack(nt.gt, nt.g, c.ln2)
			nt.gz.Copy(nt.gt)
			nt.rbFFBack(l, c, nt.gt, nt.gu)
			nt.gz.Add(nt.gz, nt.gu)
			nt.rbLayerNormBack(nt.gt, nt.gz, c.ln1)
			nt.g.Copy(nt.gt)
			nt.rbAttnBack(l, c, nt.gt, nt.gu)
			nt.g.Add(nt.g, nt.gu)
		case block.PreLN:
			// X' = Z + α₂ FF(LN Z); Z = X + α₁ S(LN X).
			nt.gz.Copy(nt.g)
			nt.rbFFBack(l, c, nt.g, nt.gu)
			nt.rbLayerNormBack(nt.gu, nt.gu, c.ln2)
			nt.gz.Add(nt.gz, nt.gu)
			nt.g.Copy(nt.gz)
			nt.rbAttnBack(l, c, nt.gz, nt.gu)
			nt.rbLayerNormBack(nt.gu, nt.gu, c.ln1)
			nt.g.Add(nt.g, nt.gu)
		}
	}
	return nt.grads, nt.g
}

// rbSq is ‖m‖_F², row by row in dense's four-lane sums.
func rbSq(m *mat.Dense) float64 {
	raw := m.RawMatrix()
	var s float64
	for i := 0; i < raw.Rows; i++ {
		s += dense.SumSq(raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols])
	}
	return s
}

// rbFFBack: given g = ∂𝓛/∂X' and X' ∋ α FF(U), writes ∂𝓛/∂U (through FF
// only) into gu (block.FeedForwardBack) and records the F1, F2 gradient
// norms of block l.
func (nt *Net) rbFFBack(l int, c *rbCache, g, gu *mat.Dense) {
	block.FeedForwardBack(gu.RawMatrix(), g.RawMatrix(), nt.bc[l].FF, c.u2.RawMatrix(), nt.bw[l].F, nt.spec.FF,
		nt.ffD, nt.ffGW)
	nt.grads.F1[l] = rbSq(nt.gf1)
	nt.grads.F2[l] = rbSq(nt.gf2)
}

// rbAttnBack: given g = ∂𝓛/∂Z and Z ∋ α S(U), writes ∂𝓛/∂U (through the
// attention only) into gu (block.AttendBack: gS = α g, gV = Aᵀ gS, the
// softmax pullback (23), eq. (24) when A = 1/n, in the centred form
// A_ij Σ_k A_ik (gA_ij − gA_ik), so that identical tokens give an exact
// zero, Thm 3.2) and records the W^Q, W^K, W^V gradient norms.
func (nt *Net) rbAttnBack(l int, c *rbCache, g, gu *mat.Dense) {
	ag := nt.ag
	ag.U = gu.RawMatrix()
	block.AttendBack(ag, g.RawMatrix(), nt.bc[l].Attn, c.u1.RawMatrix(), nt.bw[l].Q, nt.bw[l].K, nt.bw[l].V, nt.spec.Attn)
	nt.grads.WQ[l] = rbSq(nt.gwq)
	nt.grads.WK[l] = rbSq(nt.gwk)
	nt.grads.WV[l] = rbSq(nt.gwv)
}
