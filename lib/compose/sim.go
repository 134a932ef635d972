package compose

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
)

// SimSettings set a Simulate run. Zero values: Nets 32, Workers 1, Q0 = d
// (the norm's scale), Rho0 0; Seed 0 is a seed like any other.
type SimSettings struct {
	Nets    int     // independent networks (weights, input and backward seed each)
	Workers int     // goroutines; the results do not depend on it
	Seed    uint64  // network i draws from NetRand(Seed, i)
	Q0      float64 // input squared token norm E|x_i|² > 0
	// Rho0 is the input correlation in [−1/(n−1), 1]: tokens are
	// equicorrelated Gaussians, E x_i·x_j = Rho0·Q0 (empirical.Equicorrelated).
	Rho0 float64
	// Backward runs the reverse pass for the gradient norms (Run.Grad).
	Backward bool
	// GradInit is the output gradient R of the reverse pass (GradIID, the
	// zero value: iid N(0, 1) entries; GradMean, GradDiff: one mode of the
	// token Gram matrix, GradModes).
	GradInit GradInit
	// Pairs records each pair's correlation x_i·x_j/(|x_i||x_j|) per layer
	// (Run.Pair), for position-dependent geometries (a causal mask).
	Pairs bool
}

// GradInit chooses the output gradient R of Simulate's reverse pass; each
// has E|R|²_F/(nd) = 1.
type GradInit int

const (
	// GradIID: iid N(0, 1) entries, both modes (1 − 1/n, 1/n of |R|²).
	GradIID GradInit = iota
	// GradMean: R = 𝟏rᵀ, r iid N(0, 1): the token-mean mode alone.
	GradMean
	// GradDiff: R = √(n/(n−1)) (I − 𝟏𝟏ᵀ/n) R₀, R₀ iid N(0, 1): the
	// token-difference mode alone.
	GradDiff
)

// Validate returns ErrParam, once the zero values take their defaults
// (Nets 32, Workers 1, Q0 the block's d), for Nets < 2, Workers < 1 or a
// Q0 that is not finite and > 0. Simulate also checks Rho0 against the
// block's n.
func (s SimSettings) Validate() error {
	s = s.withDefaults(Block{D: 1})
	switch {
	case s.Nets < 2:
		return paramErr("nets", s.Nets, "an integer >= 2")
	case s.Workers < 1:
		return paramErr("workers", s.Workers, "an integer >= 1")
	case !(s.Q0 > 0) || math.IsInf(s.Q0, 0):
		return paramErr("q0", s.Q0, "a finite value > 0")
	case s.GradInit < GradIID || s.GradInit > GradDiff:
		return paramErr("grad_init", s.GradInit, "GradIID, GradMean or GradDiff")
	}
	return nil
}

func (s SimSettings) withDefaults(b Block) SimSettings {
	s.Nets = cmp.Or(s.Nets, 32)
	s.Workers = cmp.Or(s.Workers, 1)
	if s.Q0 == 0 {
		s.Q0 = float64(b.D)
	}
	return s
}

// Stat is a per-layer mean over networks and its standard error, layers
// 0..L (layer 0 is the input).
type Stat struct{ Mean, SE []float64 }

// Run is a Simulate result: per layer ℓ = 0..L over Nets networks, the
// mean and standard error of each network's
//
//	q = (1/n) Σ_i |x_i|²,  p = Σ_{i≠j} x_i·x_j/(n(n−1)),  ρ = p/q,
//
// and with Backward the squared gradient norm |∂(R·X^L)/∂X^ℓ|²_F/(nd) for
// a fresh R with iid N(0, 1) entries per network, whose mean is
// E|∂X^L/∂X^ℓ|²_F/(nd) (Cowsik et al. 2024 eq. 15's e^{(L−ℓ)λ_g}).
type Run struct {
	Block           Block
	Settings        SimSettings
	Q, P, Rho, Grad Stat
	// Pair, with Settings.Pairs, holds per layer ℓ the mean and SE over
	// networks of the correlation of tokens i, j at index i*n+j.
	Pair []Stat
	rho  [][]float64 // per network and layer, for msd
	q, p [][]float64 // per network and layer, for PerNetwork
}

// PerNetwork returns network i's q, p and ρ at layers 0..L, the samples
// whose means and SEs are Q, P and Rho (lib/finitewidth's across-network
// variances use them). The slices are the run's; do not modify them.
func (r *Run) PerNetwork(i int) (q, p, rho []float64) { return r.q[i], r.p[i], r.rho[i] }

// msd returns the mean over networks of (1/L) Σ_{ℓ=1..L} (ρ_net,ℓ − t_ℓ)²
// and its standard error.
func (r *Run) msd(t []float64) (mean, se float64) {
	per := make([]float64, len(r.rho))
	for i, rho := range r.rho {
		for l := 1; l < len(rho); l++ {
			d := rho[l] - t[l]
			per[i] += d * d
		}
		per[i] /= float64(len(rho) - 1)
	}
	return empirical.MeanSE(per)
}

// NetRand is network i's generator of a run seeded seed: PCG with both
// words mixed from seed and i by SplitMix64 (NetPCG).
func NetRand(seed uint64, i int) *rand.Rand { return rand.New(NetPCG(seed, i)) }

// NetPCG is the PCG NetRand draws from (math/rand/v2's, the same bits),
// which Simulate draws each network's weights from in bulk
// (empirical.PCG.Normals).
func NetPCG(seed uint64, i int) *empirical.PCG {
	a := empirical.SplitMix64(seed ^ 0x6a09e667f3bcc908)
	c := empirical.SplitMix64(a ^ empirical.SplitMix64(uint64(i)+0xbb67ae8584caa73b))
	return empirical.NewPCG(c, empirical.SplitMix64(c^a^0x3c6ef372fe94f82b))
}

// Simulate runs s.Nets random networks of Depth blocks b at width d on
// lib/block (block.Stack forward; block.AttendBack, FeedForwardBack and
// NormBack in reverse), weights drawn per network and block in the order
// W^Q, W^K, W^V, W⁰..W^ℓ (row-major), then the input, then R:
//
//	W^{Q,K} ~ N(0, σ_A/d) (softmax), N(0, 1/d) (shaped, uniform),  W^V ~ N(0, σ_V²/d),
//	W^k ~ N(0, σ_w²/fan_in) (k < ℓ),  W^ℓ ~ N(0, σ_o²/fan_in),
//	logits (uW^Q_h)·(uW^K_h)/√d_h (softmax), /(τ₀√(d d_h)) (shaped), head width d_h = d/H,
//
// LN without gain, bias or ε (a zero-variance token is an error). Same
// seed, same bytes, for any Workers. It returns an error wrapping
// ErrParam on a bad block or setting, and an error if a network's
// activations are not finite.
func Simulate(b Block, s SimSettings) (*Run, error) {
	if err := b.Validate(); err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	s = s.withDefaults(b)
	if err := empirical.CheckEquicorrelated(b.N, b.D, s.Rho0, s.Q0/float64(b.D)); err != nil {
		return nil, fmt.Errorf("%w: rho0: %v", ErrParam, err)
	}
	L := b.Depth
	per := make([][4][]float64, s.Nets)  // q, p, ρ, grad per layer
	pairs := make([][][]float64, s.Nets) // per network, layer: the n×n correlations
	errs := make([]error, s.Nets)
	empirical.Pool(s.Nets, s.Workers, func() *simNet { return newSimNet(b) }, func(nt *simNet, i int) {
		errs[i] = nt.run(&per[i], NetPCG(s.Seed, i), s)
		if errs[i] == nil && s.Pairs {
			pairs[i] = nt.pairs()
		}
	})
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("compose: network %d: %w", i, err)
		}
	}
	r := &Run{Block: b, Settings: s, rho: make([][]float64, s.Nets), q: make([][]float64, s.Nets), p: make([][]float64, s.Nets)}
	if s.Pairs {
		col := make([]float64, s.Nets)
		nn := b.N * b.N
		r.Pair = make([]Stat, L+1)
		for l := range r.Pair {
			r.Pair[l] = Stat{Mean: make([]float64, nn), SE: make([]float64, nn)}
			for k := 0; k < nn; k++ {
				for i := range pairs {
					col[i] = pairs[i][l][k]
				}
				r.Pair[l].Mean[k], r.Pair[l].SE[k] = empirical.MeanSE(col)
			}
		}
	}
	for i := range per {
		r.q[i], r.p[i], r.rho[i] = per[i][0], per[i][1], per[i][2]
	}
	for k, st := range []*Stat{&r.Q, &r.P, &r.Rho, &r.Grad} {
		if k == 3 && !s.Backward {
			break
		}
		st.Mean, st.SE = make([]float64, L+1), make([]float64, L+1)
		col := make([]float64, s.Nets)
		for l := 0; l <= L; l++ {
			for i := range per {
				col[i] = per[i][k][l]
			}
			st.Mean[l], st.SE[l] = empirical.MeanSE(col)
		}
	}
	return r, nil
}

// simNet is one network's buffers: block.Stack's caches and weights, the
// input, and the reverse pass's workspace.
type simNet struct {
	b               Block
	spec            block.Spec
	c               []block.Cache
	w               []block.Weights
	out             blas64.General
	g, gz, gu, gs   blas64.General
	ffD             []blas64.General
	ag              block.AttnGrads
	sQK, sV, sW, sO float64
	sA, sM          float64 // skips
	x0              *mat.Dense
}

func newSimNet(b Block) *simNet {
	n, d, h, ell, H := b.N, b.D, b.FF.Hidden, b.FF.Layers, b.Attn.Heads
	nt := &simNet{b: b}
	fd := float64(d)
	dh := float64(d / H)
	sa, ba := b.ResA.weights(b.Depth)
	sm, bm := b.ResM.weights(b.Depth)
	nt.sA, nt.sM = sa, sm
	attn := block.AttnParams{QKScale: 1, LogitScale: 1, RowScale: 1, Skip: sa, Branch: ba,
		ValueFirst: true, Heads: H, Causal: b.Attn.Causal}
	switch b.Attn.Kind {
	case Softmax:
		attn.Kind, attn.LogitScale = block.Softmax, 1/math.Sqrt(dh)
		nt.sQK = math.Sqrt(math.Sqrt(b.Attn.SigmaA2) / fd)
	case Uniform:
		attn.Kind = block.Uniform
		nt.sQK = 1 / math.Sqrt(fd)
	case Shaped:
		attn.Kind, attn.RowScale = block.Shaped, 1/(b.Attn.Tau0*math.Sqrt(fd*dh))
		nt.sQK = 1 / math.Sqrt(fd)
	}
	nt.sV = math.Sqrt(b.Attn.SigmaV2 / fd)
	nt.spec = block.Spec{Attn: attn, NoAttention: b.NoAttention, NoMLP: b.NoMLP,
		FF: block.FFParams{Kind: block.Activation, Act: b.FF.Act, Scale: 1, Skip: sm, Branch: bm}}
	switch {
	case b.Norm == NoNorm:
		nt.spec.Norm = block.NoNorm
	case b.Norm == Post:
		nt.spec.Norm = block.PostLN
	case b.NormKind == LN:
		nt.spec.Norm = block.PreLN
	default:
		nt.spec.Norm, nt.spec.SqrtD = block.PreRMS, true
	}
	dims := func(k int) (r, c int) { // W^k's shape
		r, c = h, h
		if k == 0 {
			r = d
		}
		if k == ell {
			c = d
		}
		return r, c
	}
	g := block.General
	for range b.Depth {
		w := block.Weights{Q: g(d, d), K: g(d, d), V: g(d, d)}
		for k := 0; k <= ell; k++ {
			w.F = append(w.F, g(dims(k)))
		}
		c := block.Cache{X: g(n, d), N1: g(n, d), N2: g(n, d), Inv1: make([]float64, n), Inv2: make([]float64, n),
			Attn: block.AttnBuffers{Q: g(n, d), K: g(n, d), A: g(n, n), V: g(n, d), S: g(n, d)},
			Z:    g(n, d)}
		if H > 1 {
			for range H {
				c.Attn.HeadA = append(c.Attn.HeadA, g(n, n))
			}
		}
		for range ell {
			c.FF.H, c.FF.G = append(c.FF.H, g(n, h)), append(c.FF.G, g(n, h))
		}
		nt.w, nt.c = append(nt.w, w), append(nt.c, c)
	}
	nt.out = g(n, d)
	nt.g, nt.gz, nt.gu, nt.gs = g(n, d), g(n, d), g(n, d), g(n, d)
	for range ell {
		nt.ffD = append(nt.ffD, g(n, h))
	}
	nt.ag = block.AttnGrads{U: g(n, d), S: g(n, d), V: g(n, d), Q: g(n, d), K: g(n, d), A: g(n, n), T: g(n, d), Row: make([]float64, 2*n)}
	nt.sW, nt.sO = b.FF.SigmaW, b.FF.SigmaOut
	nt.x0 = mat.NewDense(n, d, nil)
	return nt
}

// fill draws m.Data, in order, N(0, s²): s·z for each
// rand.Rand.NormFloat64() z of src, in bulk (empirical.PCG.Normals).
func fill(m blas64.General, s float64, src *empirical.PCG) { src.Normals(m.Data, s) }

// run draws network weights, input and R from src, runs it and writes the
// per-layer statistics into per.
func (nt *simNet) run(per *[4][]float64, src *empirical.PCG, s SimSettings) error {
	b := nt.b
	nt.draw(src)
	empirical.Equicorrelated(nt.x0, rand.New(src), b.N, b.D, s.Rho0, s.Q0/float64(b.D))
	if err := nt.forward(); err != nil {
		return err
	}
	L := b.Depth
	for k := range per {
		per[k] = make([]float64, L+1)
	}
	for l := 0; l <= L; l++ {
		x := nt.out
		if l < L {
			x = nt.c[l].X
		}
		q, p := geometry(x)
		per[0][l], per[1][l], per[2][l] = q, p, p/q
	}
	if !s.Backward {
		return nil
	}
	fill(nt.g, 1, src)
	initGrad(nt.g, s.GradInit)
	nd := float64(b.N * b.D)
	per[3][L] = sq(nt.g) / nd
	for l := L - 1; l >= 0; l-- {
		nt.backBlock(l)
		v := sq(nt.g) / nd
		if !finite(v) {
			return fmt.Errorf("gradient at layer %d is not finite", l)
		}
		per[3][l] = v
	}
	return nil
}

// initGrad makes the iid N(0, 1) matrix g the output gradient of mode m
// (GradInit): GradMean copies the first row into every row, GradDiff
// centres the columns and scales by √(n/(n−1)).
func initGrad(g blas64.General, m GradInit) {
	n, d := g.Rows, g.Cols
	switch m {
	case GradMean:
		for i := 1; i < n; i++ {
			copy(g.Data[i*g.Stride:i*g.Stride+d], g.Data[:d])
		}
	case GradDiff:
		c := math.Sqrt(float64(n) / float64(n-1))
		for j := 0; j < d; j++ {
			var mu float64
			for i := 0; i < n; i++ {
				mu += g.Data[i*g.Stride+j]
			}
			mu /= float64(n)
			for i := 0; i < n; i++ {
				g.Data[i*g.Stride+j] = c * (g.Data[i*g.Stride+j] - mu)
			}
		}
	}
}

// draw fills every block's weights from src (W^Q, W^K, W^V, W⁰..W^ℓ).
func (nt *simNet) draw(src *empirical.PCG) {
	for l := range nt.w {
		w := nt.w[l]
		fill(w.Q, nt.sQK, src)
		fill(w.K, nt.sQK, src)
		fill(w.V, nt.sV, src)
		last := len(w.F) - 1
		for k, f := range w.F {
			sc := nt.sW
			if k == last {
				sc = nt.sO
			}
			fill(f, sc/math.Sqrt(float64(f.Rows)), src)
		}
	}
}

// forward runs the stack on nt.x0.
func (nt *simNet) forward() error {
	copy(nt.c[0].X.Data, nt.x0.RawMatrix().Data)
	return block.Stack(nt.c, nt.out, nt.w, nt.spec, true)
}

// pairs returns per layer the n×n correlations of the rows of the
// forward pass's activations (run must have run).
func (nt *simNet) pairs() [][]float64 {
	L := nt.b.Depth
	out := make([][]float64, L+1)
	for l := 0; l <= L; l++ {
		x := nt.out
		if l < L {
			x = nt.c[l].X
		}
		n, d := x.Rows, x.Cols
		c := make([]float64, n*n)
		norm := make([]float64, n)
		for i := 0; i < n; i++ {
			norm[i] = math.Sqrt(dot(x.Data[i*x.Stride:i*x.Stride+d], x.Data[i*x.Stride:i*x.Stride+d]))
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				c[i*n+j] = dot(x.Data[i*x.Stride:i*x.Stride+d], x.Data[j*x.Stride:j*x.Stride+d]) / (norm[i] * norm[j])
			}
		}
		out[l] = c
	}
	return out
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// geometry returns q = mean |x_i|² and p = mean_{i≠j} x_i·x_j of the rows.
func geometry(x blas64.General) (q, p float64) {
	n := x.Rows
	sum := make([]float64, x.Cols)
	for i := 0; i < n; i++ {
		r := x.Data[i*x.Stride : i*x.Stride+x.Cols]
		for j, v := range r {
			q += v * v
			sum[j] += v
		}
	}
	var s2 float64
	for _, v := range sum {
		s2 += v * v
	}
	fn := float64(n)
	return q / fn, (s2 - q) / (fn * (fn - 1))
}

func sq(g blas64.General) float64 {
	var s float64
	for _, v := range g.Data {
		s += v * v
	}
	return s
}

func axpby(dst blas64.General, a float64, x blas64.General, c float64, y blas64.General) {
	for i := range dst.Data {
		dst.Data[i] = a*x.Data[i] + c*y.Data[i]
	}
}

// backBlock replaces nt.g = ∂/∂X^{l+1} by ∂/∂X^l.
func (nt *simNet) backBlock(l int) {
	c, w, sp := &nt.c[l], nt.w[l], nt.spec
	post, pre := sp.Norm == block.PostLN, sp.Norm == block.PreLN || sp.Norm == block.PreRMS
	// Feed-forward sub-block: X' = [N](s_M Z + b_M f_M(U)), U = Z or N(Z).
	if !sp.NoMLP {
		if post {
			block.NormBack(nt.gs, nt.g, c.N2, c.Inv2, sp, false)
			copy(nt.g.Data, nt.gs.Data)
		}
		u := c.Z
		if pre {
			u = c.N2
		}
		block.FeedForwardBack(nt.gu, nt.g, c.FF, u, w.F, sp.FF, nt.ffD, nil)
		if pre {
			block.NormBack(nt.gs, nt.gu, c.N2, c.Inv2, sp, false)
			nt.gu, nt.gs = nt.gs, nt.gu
		}
		axpby(nt.g, nt.sM, nt.g, 1, nt.gu)
	}
	// Attention sub-block: Z = [N](s_A X + b_A f_A(U)), U = X or N(X).
	if !sp.NoAttention {
		if post {
			block.NormBack(nt.gs, nt.g, c.N1, c.Inv1, sp, false)
			copy(nt.g.Data, nt.gs.Data)
		}
		u := c.X
		if pre {
			u = c.N1
		}
		block.AttendBack(nt.ag, nt.g, c.Attn, u, w.Q, w.K, w.V, sp.Attn)
		gu := nt.ag.U
		if pre {
			block.NormBack(nt.gs, gu, c.N1, c.Inv1, sp, false)
			gu = nt.gs
		}
		axpby(nt.g, nt.sA, nt.g, 1, gu)
	}
}
