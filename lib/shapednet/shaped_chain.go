package shapednet

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/psd"
)

// The exact reduced chain (lib/sources/noci2023.md#reduced-chain): by rotation invariance of the
// Gaussian weights, V_{ℓ+1} given X_ℓ depends on X_ℓ only through V_ℓ, so
// each layer may start from the canonical X = √n [L, 0], L Lᵀ = V. Then
// (G's iid N(0,1), W_k ~ Wishart_m(k, I)):
//
//	attention: Y = L_b (G_Q G_Kᵀ) L_bᵀ,  G_Q G_Kᵀ =ᵈ chol(W_{n_k}) Z,  A = f(Y),
//	           F = λ√n L + γ A L_b G₁,   V' = (F Fᵀ + γ² A L_b W_{n−m} L_bᵀ Aᵀ)/n,
//	randmlp.MLP:       K = σ_s(L_b G)σ_s(L_b G)ᵀ/n (G m×n), R Rᵀ = K,
//	           F = λ√n L + γ√c R G₁,     V' = (F Fᵀ + γ² c R W_{n−m} Rᵀ)/n,
//
// with L_b = L, or D⁻¹L (D = diag(V)^{1/2}) under block.PreRMS. The law of the
// sequence V_ℓ is exactly that of the full network (tested against
// Forward); the cost per layer is O(m²) for attention and O(m²n) for
// the randmlp.MLP instead of O(n²(n + n_k)).

type shWork struct {
	m                      int
	l, lb, y, a, al, f, t  []float64
	g1, bw, mq, z, k, r, h []float64
	sq                     []float64
	v                      []float64
	// g holds the n·m normals of an MLP sub-block, drawn before its
	// features are formed (the order the features would draw them).
	g []float64
}

func newShWork(m int) *shWork {
	mm := m * m
	w := &shWork{m: m}
	for _, p := range []*[]float64{&w.l, &w.lb, &w.y, &w.a, &w.al, &w.f, &w.t, &w.g1, &w.bw, &w.mq, &w.z, &w.k, &w.r, &w.v} {
		*p = make([]float64, mm)
	}
	w.h = make([]float64, m)
	w.sq = make([]float64, m)
	return w
}

// shFactor writes a factor R (R Rᵀ = V) of the symmetric PSD m×m matrix v
// into r: Cholesky accepting zero pivots, else the eigen square root with
// negative eigenvalues (rounding) clipped to 0. It returns false if v is
// not finite.
func shFactor(r, v []float64, m int) bool {
	for _, x := range v[:m*m] {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	if shCholSemi(r, v, m) {
		return true
	}
	s := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			s.SetSym(i, j, 0.5*(v[i*m+j]+v[j*m+i]))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(s, true) {
		return false
	}
	ev := eig.Values(nil)
	var q mat.Dense
	eig.VectorsTo(&q)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			r[i*m+j] = q.At(i, j) * math.Sqrt(math.Max(ev[j], 0))
		}
	}
	return true
}

// shCholSemi factorises the chain's covariance V = R Rᵀ with the PSD-aware
// Cholesky of lib/sde (pivot tolerance 1e-13·max diag).
func shCholSemi(r, v []float64, m int) bool { return psd.CholeskySemi(r, v, m, 1e-13) }

// shMul: dst = a b (m×m row-major); dst must not alias a or b.
func shMul(dst, a, b []float64, m int) {
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			x := 0.0
			for k := 0; k < m; k++ {
				x += a[i*m+k] * b[k*m+j]
			}
			dst[i*m+j] = x
		}
	}
}

// shGramAdd: v += f · a aᵀ (m×m).
func shGramAdd(v, a []float64, m int, f float64) {
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			x := 0.0
			for k := 0; k < m; k++ {
				x += a[i*m+k] * a[j*m+k]
			}
			v[i*m+j] += f * x
			if i != j {
				v[j*m+i] += f * x
			}
		}
	}
}

// draws is a network's generator: rng, and src when rng draws from it
// (netDraws), so that its normals are drawn in bulk
// (empirical.PCG.Normals: the same bits); the two share the state.
type draws struct {
	rng *rand.Rand
	src *empirical.PCG // nil: rng's source is not at hand; one draw at a time
}

// netDraws is network i's generator, NetRand(seed, i) with its PCG.
func netDraws(seed uint64, i int) draws {
	src := empirical.NewPCG(netSeeds(seed, i))
	return draws{rand.New(src), src}
}

// shNormal fills dst with standard normals drawn in order from r
// (rng.NormFloat64()).
func shNormal(dst []float64, r draws) {
	if r.src != nil {
		r.src.Normals(dst, 1)
		return
	}
	for i := range dst {
		dst[i] = r.rng.NormFloat64()
	}
}

// shBartlett writes a lower-triangular B with B Bᵀ ~ Wishart_m(k, I)
// (Bartlett: B_ii = √χ²_{k−i}, B_ij ~ N(0,1) below the diagonal); k ≥ m.
func shBartlett(b []float64, m, k int, r draws) {
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			switch {
			case j < i:
				b[i*m+j] = r.rng.NormFloat64()
			case j == i:
				b[i*m+i] = math.Sqrt(distuv.ChiSquared{K: float64(k - i), Src: r.rng}.Rand())
			default:
				b[i*m+j] = 0
			}
		}
	}
}

// shWishartGram adds f · (P B)(P B)ᵀ to v where B Bᵀ ~ Wishart_m(k, I),
// sampling B by Bartlett if k ≥ m and as an m×k Gaussian otherwise. p is
// m×m; scratch must hold m·max(m,k) (t) floats.
func shWishartGram(v, p []float64, m, k int, f float64, w *shWork, r draws) {
	if k <= 0 {
		return
	}
	if k >= m {
		shBartlett(w.bw, m, k, r)
		shMul(w.t, p, w.bw, m)
		shGramAdd(v, w.t, m, f)
		return
	}
	// k < m: direct columns g ~ N(0, I_m), v += f (P g)(P g)ᵀ.
	for c := 0; c < k; c++ {
		shNormal(w.h, r)
		for i := 0; i < m; i++ {
			x := 0.0
			for j := 0; j < m; j++ {
				x += p[i*m+j] * w.h[j]
			}
			w.sq[i] = x
		}
		for i := 0; i < m; i++ {
			for j := 0; j < m; j++ {
				v[i*m+j] += f * w.sq[i] * w.sq[j]
			}
		}
	}
}

// shBranchInput sets w.lb = L or D⁻¹L (block.PreRMS) from w.l and the current V.
func (c Config) shBranchInput(w *shWork, v []float64) {
	m := w.m
	copy(w.lb, w.l)
	if c.Norm == block.PreRMS {
		for i := 0; i < m; i++ {
			d := 1 / math.Sqrt(v[i*m+i])
			for j := 0; j < m; j++ {
				w.lb[i*m+j] *= d
			}
		}
	}
}

// shAttnStep replaces v by V' of one attention sub-block (w.l factors v).
func (c Config) shAttnStep(v []float64, w *shWork, r draws) {
	m, n := w.m, float64(c.Width)
	c.shBranchInput(w, v)
	// M = G_Q G_Kᵀ, then Y = L_b M L_bᵀ.
	if c.KeyDim >= m {
		shBartlett(w.bw, m, c.KeyDim, r)
		shNormal(w.z, r)
		shMul(w.mq, w.bw, w.z, m)
	} else {
		for i := range w.mq {
			w.mq[i] = 0
		}
		for c2 := 0; c2 < c.KeyDim; c2++ {
			shNormal(w.h, r)
			shNormal(w.sq, r)
			for i := 0; i < m; i++ {
				for j := 0; j < m; j++ {
					w.mq[i*m+j] += w.h[i] * w.sq[j]
				}
			}
		}
	}
	shMul(w.t, w.lb, w.mq, m)
	for i := 0; i < m; i++ { // y = t L_bᵀ
		for j := 0; j < m; j++ {
			x := 0.0
			for k := 0; k < m; k++ {
				x += w.t[i*m+k] * w.lb[j*m+k]
			}
			w.y[i*m+j] = x
		}
	}
	shAttention(w.a, w.y, m, c.Attention, c.shInvTau())
	shMul(w.al, w.a, w.lb, m)
	// F = λ√n L + γ A L_b G₁
	shNormal(w.g1, r)
	shMul(w.f, w.al, w.g1, m)
	sn := math.Sqrt(n)
	for i := range w.f {
		w.f[i] = c.Lambda*sn*w.l[i] + c.Gamma*w.f[i]
	}
	for i := range v[:m*m] {
		v[i] = 0
	}
	shGramAdd(v, w.f, m, 1/n)
	shWishartGram(v, w.al, m, c.Width-m, c.Gamma*c.Gamma/n, w, r)
}

// shMLPStep replaces v by V' of one randmlp.MLP sub-block (w.l factors v).
func (c Config) shMLPStep(v []float64, w *shWork, r draws) {
	m, n := w.m, float64(c.Width)
	c.shBranchInput(w, v)
	sp, sm, he := c.shActivation()
	g := w.normals(c.Width*m, r)
	if m == 2 {
		shMLPKernel2(w.k, w.lb, g, sp, sm, n)
	} else {
		shMLPKernel(w.k, w.h, w.lb, g, m, sp, sm, n)
	}
	if !shFactor(w.r, w.k, m) {
		for i := range v[:m*m] {
			v[i] = math.NaN()
		}
		return
	}
	shNormal(w.g1, r)
	shMul(w.f, w.r, w.g1, m)
	sn, sc := math.Sqrt(n), math.Sqrt(he)
	for i := range w.f {
		w.f[i] = c.Lambda*sn*w.l[i] + c.Gamma*sc*w.f[i]
	}
	for i := range v[:m*m] {
		v[i] = 0
	}
	shGramAdd(v, w.f, m, 1/n)
	shWishartGram(v, w.r, m, c.Width-m, c.Gamma*c.Gamma*he/n, w, r)
}

// normals returns k standard normals drawn in order from r, in w.g.
func (w *shWork) normals(k int, r draws) []float64 {
	if cap(w.g) < k {
		w.g = make([]float64, k)
	}
	g := w.g[:k]
	shNormal(g, r)
	return g
}

// shMLPKernel sets k = σ_s(L_b G)σ_s(L_b G)ᵀ/n (h: m scratch floats) for
// the m×m L_b = lb and G of the m normals of each of the n = len(g)/m features in turn (feature f
// at g[f·m:]); the sums run over the features in order. shMLPKernel2 is
// the same for m = 2 with the same operations in the same order (the sums
// in registers instead of k), so the same bits (TestMLPKernel2Bits).
func shMLPKernel(k, h, lb, g []float64, m int, sp, sm, n float64) {
	for i := range k[:m*m] {
		k[i] = 0
	}
	for f := 0; f+m <= len(g); f += m {
		sq := g[f : f+m]
		for i := 0; i < m; i++ {
			x := 0.0
			for kk := 0; kk < m; kk++ { // L_b is lower triangular, or full after eigen
				x += lb[i*m+kk] * sq[kk]
			}
			h[i] = ReLU(x, sp, sm)
		}
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				k[i*m+j] += h[i] * h[j]
			}
		}
	}
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			k[i*m+j] /= n
			k[j*m+i] = k[i*m+j]
		}
	}
}

// Its ReLU picks the slope by x's sign bit instead of a branch that fails
// to predict half the time: the same slope as ReLU's x ≥ 0 for every x the
// sums give, as x = (0 + a) + b is never −0 in round-to-nearest (and a NaN
// x gives NaN with either slope).
func shMLPKernel2(k, lb, g []float64, sp, sm, n float64) {
	l00, l01, l10, l11 := lb[0], lb[1], lb[2], lb[3]
	slope := [2]float64{sp, sm}
	var k00, k01, k11 float64
	for f := 0; f+2 <= len(g); f += 2 {
		g0, g1 := g[f], g[f+1]
		x0 := 0.0
		x0 += l00 * g0
		x0 += l01 * g1
		x1 := 0.0
		x1 += l10 * g0
		x1 += l11 * g1
		h0, h1 := slope[math.Float64bits(x0)>>63]*x0, slope[math.Float64bits(x1)>>63]*x1
		k00 += h0 * h0
		k01 += h0 * h1
		k11 += h1 * h1
	}
	k00, k01, k11 = k00/n, k01/n, k11/n
	k[0], k[1], k[2], k[3] = k00, k01, k01, k11
}

// shLayer advances v by one layer; false if the network stopped (v is then
// left at its last finite state).
func (c Config) shLayer(v []float64, w *shWork, r draws) bool {
	m := w.m
	copy(w.v, v)
	steps := []func([]float64, *shWork, draws){}
	if c.hasAttn() {
		steps = append(steps, c.shAttnStep)
	}
	if c.hasMLP() {
		steps = append(steps, c.shMLPStep)
	}
	for _, step := range steps {
		if !shFactor(w.l, v, m) {
			copy(v, w.v)
			return false
		}
		step(v, w, r)
		for i := 0; i < m; i++ {
			if x := v[i*m+i]; !(x < c.StopRadius) {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					copy(v, w.v)
				}
				return false
			}
		}
	}
	return true
}

// Run holds the layer-by-layer statistics of Nets independent
// networks started from the same V₀.
type Run struct {
	M, Nets, Depth int
	// Config is the configuration run (with its defaults filled in) and
	// V0 the initial token covariance, m×m row-major: the settings a
	// display formats its caption and Params from.
	Config Config
	V0     []float64
	// Seed is the seed run: network i drew from NetRand(Seed, i).
	Seed uint64
	// MeanCorr[ℓ] is the mean over networks and token pairs α < β of
	// ρ^{αβ}_ℓ; MeanAbsCorr, MeanAbsCov likewise for |ρ^{αβ}_ℓ|, |V^{αβ}_ℓ|.
	// Stopped networks contribute their frozen state.
	MeanCorr, MeanAbsCorr, MeanAbsCov []float64
	// MeanCorrSE, MeanAbsCorrSE and MeanAbsCovSE are their standard
	// errors at each layer, s/√Nets with s the sample standard deviation
	// over networks of the pair-averaged quantity (0 for one network).
	MeanCorrSE, MeanAbsCorrSE, MeanAbsCovSE []float64
	// Final holds network i's V_Depth at Final[i·m² : (i+1)·m²].
	Final []float64
	// StopLayer[i] is the layer at which network i stopped (−1 if never).
	StopLayer []int
}

// InitialCorr returns the correlation ρ^{ab}_0 = V0^{ab}/√(V0^{aa} V0^{bb})
// of tokens a and b at the input.
func (r *Run) InitialCorr(a, b int) float64 {
	m := r.M
	return r.V0[a*m+b] / math.Sqrt(r.V0[a*m+a]*r.V0[b*m+b])
}

// FinalCorr returns ρ^{ab}_Depth over the networks.
func (r *Run) FinalCorr(a, b int) []float64 {
	out := make([]float64, r.Nets)
	m, mm := r.M, r.M*r.M
	for i := range out {
		v := r.Final[i*mm:]
		out[i] = math.Max(-1, math.Min(1, v[a*m+b]/math.Sqrt(v[a*m+a]*v[b*m+b])))
	}
	return out
}

// FinalEntry returns V^{ab}_Depth over the networks.
func (r *Run) FinalEntry(a, b int) []float64 {
	out := make([]float64, r.Nets)
	for i := range out {
		out[i] = r.Final[i*r.M*r.M+a*r.M+b]
	}
	return out
}

// NumStopped counts stopped networks.
func (r *Run) NumStopped() int {
	k := 0
	for _, s := range r.StopLayer {
		if s >= 0 {
			k++
		}
	}
	return k
}

// NetRand is the generator of network i in a run seeded with seed;
// results do not depend on the worker count.
func NetRand(seed uint64, i int) *rand.Rand {
	// Both PCG words depend on both seed and i (the low word of a 128-bit
	// LCG evolves on its own, so it must not be shared across runs).
	return netDraws(seed, i).rng
}

// netSeeds are the two PCG words of network i's generator (NetRand).
func netSeeds(seed uint64, i int) (hi, lo uint64) {
	a := empirical.SplitMix64(seed ^ 0x3c6ef372fe94f82b)
	b := empirical.SplitMix64(a ^ empirical.SplitMix64(uint64(i)+0x1f83d9abfb41bd6b))
	return b, empirical.SplitMix64(b ^ a ^ 0x9b05688c2b3e6c1f)
}

func shCheckV0(V0 mat.Matrix) ([]float64, int, error) {
	m, k := V0.Dims()
	if m != k || m < 2 {
		return nil, 0, fmt.Errorf("shapednet: V0 must be m×m with m >= 2 tokens, got %d×%d", m, k)
	}
	v := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			v[i*m+j] = V0.At(i, j)
			if math.IsNaN(v[i*m+j]) || math.IsInf(v[i*m+j], 0) {
				return nil, 0, fmt.Errorf("shapednet: V0[%d][%d] is not finite", i, j)
			}
		}
	}
	for i := 0; i < m; i++ {
		if !(v[i*m+i] > 0) {
			return nil, 0, fmt.Errorf("shapednet: V0[%d][%d] = %v, the diagonal must be > 0", i, i, v[i*m+i])
		}
		for j := i + 1; j < m; j++ {
			if math.Abs(v[i*m+j]-v[j*m+i]) > 1e-12*(math.Abs(v[i*m+j])+1) {
				return nil, 0, fmt.Errorf("shapednet: V0 is not symmetric at (%d,%d)", i, j)
			}
		}
	}
	r := make([]float64, m*m)
	if !shCholSemi(r, v, m) {
		return nil, 0, fmt.Errorf("shapednet: V0 is not positive semi-definite")
	}
	return v, m, nil
}

// Simulate runs nets independent networks of configuration c from the
// token covariance V0 (m×m, 2 ≤ m ≤ Width, PSD with positive diagonal) through
// c.Depth layers with the exact reduced chain, network i drawing from
// NetRand(seed, i), on workers goroutines. block.PreLN is not supported
// here (use Forward). Errors name the bad argument.
func Simulate(c Config, V0 mat.Matrix, nets int, seed uint64, workers int) (*Run, error) {
	c = c.withDefaults()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if c.Norm == block.PreLN {
		return nil, fmt.Errorf("shapednet: Simulate does not support block.PreLN (reduced chain); use block.PreRMS or Forward")
	}
	if nets < 1 || workers < 1 {
		return nil, fmt.Errorf("shapednet: Simulate needs nets >= 1 and workers >= 1, got %d, %d", nets, workers)
	}
	v0, m, err := shCheckV0(V0)
	if err != nil {
		return nil, err
	}
	if c.Width < m {
		return nil, fmt.Errorf("shapednet: shaped Width = %d must be >= the number of tokens m = %d", c.Width, m)
	}
	d := c.Depth
	mm := m * m
	per := make([]float64, 3*(d+1)*nets) // per-net stats, summed in net order
	res := &Run{M: m, Nets: nets, Depth: d, Config: c, V0: v0, Seed: seed, Final: make([]float64, nets*mm), StopLayer: make([]int, nets)}
	empirical.Pool(nets, workers, func() *shWork { return newShWork(m) }, func(w *shWork, i int) {
		r := netDraws(seed, i)
		v := res.Final[i*mm : (i+1)*mm]
		copy(v, v0)
		res.StopLayer[i] = -1
		st := per[3*(d+1)*i:]
		shStats(st, v, m, 0)
		for l := 1; l <= d; l++ {
			if res.StopLayer[i] < 0 && !c.shLayer(v, w, r) {
				res.StopLayer[i] = l
			}
			shStats(st, v, m, l)
		}
	})
	res.averageStats(per, nets, d)
	return res, nil
}

// averageStats sets MeanCorr, MeanAbsCorr and MeanAbsCov to the averages
// over nets networks of the per-network shStats slots in per (3(d+1)
// values per network), and their standard errors.
func (res *Run) averageStats(per []float64, nets, d int) {
	res.MeanCorr = make([]float64, d+1)
	res.MeanAbsCorr = make([]float64, d+1)
	res.MeanAbsCov = make([]float64, d+1)
	for i := 0; i < nets; i++ {
		st := per[3*(d+1)*i:]
		for l := 0; l <= d; l++ {
			res.MeanCorr[l] += st[3*l] / float64(nets)
			res.MeanAbsCorr[l] += st[3*l+1] / float64(nets)
			res.MeanAbsCov[l] += st[3*l+2] / float64(nets)
		}
	}
	means := [][]float64{res.MeanCorr, res.MeanAbsCorr, res.MeanAbsCov}
	ses := make([][]float64, 3)
	for k := range ses {
		ses[k] = make([]float64, d+1)
		if nets < 2 {
			continue
		}
		for l := 0; l <= d; l++ {
			ss := 0.0 // the sum of squared deviations, about the mean above
			for i := 0; i < nets; i++ {
				dev := per[3*(d+1)*i+3*l+k] - means[k][l]
				ss += dev * dev
			}
			ses[k][l] = math.Sqrt(ss / float64(nets-1) / float64(nets))
		}
	}
	res.MeanCorrSE, res.MeanAbsCorrSE, res.MeanAbsCovSE = ses[0], ses[1], ses[2]
}

// shStats writes the pair-averaged ρ, |ρ|, |V^{αβ}| of v at slot l.
func shStats(st, v []float64, m, l int) {
	var r, ar, av float64
	pairs := float64(m * (m - 1) / 2)
	for a := 0; a < m; a++ {
		for b := a + 1; b < m; b++ {
			rho := math.Max(-1, math.Min(1, v[a*m+b]/math.Sqrt(v[a*m+a]*v[b*m+b])))
			r += rho
			ar += math.Abs(rho)
			av += math.Abs(v[a*m+b])
		}
	}
	st[3*l], st[3*l+1], st[3*l+2] = r/pairs, ar/pairs, av/pairs
}

// Step advances the token covariance V by one layer of c with the
// reduced chain and returns V_{ℓ+1}; ok is false if the network stopped
// (non-finite or above StopRadius). It panics on an invalid c or V.
func Step(c Config, V mat.Matrix, rng *rand.Rand) (next *mat.SymDense, ok bool) {
	c = c.withDefaults()
	if err := c.Validate(); err != nil {
		panic(err.Error())
	}
	if c.Norm == block.PreLN {
		panic("shapednet: Step does not support block.PreLN")
	}
	v, m, err := shCheckV0(V)
	if err != nil {
		panic(err.Error())
	}
	if c.Width < m {
		panic(fmt.Sprintf("shapednet: shaped Width = %d must be >= the number of tokens m = %d", c.Width, m))
	}
	ok = c.shLayer(v, newShWork(m), draws{rng: rng})
	out := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			out.SetSym(i, j, v[i*m+j])
		}
	}
	return out, ok
}

// StoppingDepth runs one network of configuration c (reduced chain)
// from V0 and returns the stopping depth of Fig. 5 of Noci et al. 2023,
//
//	d* = the largest ℓ ≤ Depth such that every eigenvalue of V_0, …, V_ℓ lies in [lo, hi]
//
// (the paper uses lo = 1e-4, hi = 1e4 and reports t* = d*/Width), together
// with λ_max(V_ℓ) for ℓ = 0..d* (and the first layer outside, if any).
// d* = −1 if V0 itself is outside. Errors as for Simulate.
func StoppingDepth(c Config, V0 mat.Matrix, lo, hi float64, rng *rand.Rand) (depth int, maxEig []float64, err error) {
	c = c.withDefaults()
	if err := c.Validate(); err != nil {
		return 0, nil, err
	}
	if c.Norm == block.PreLN {
		return 0, nil, fmt.Errorf("shapednet: StoppingDepth does not support block.PreLN")
	}
	if !(lo >= 0 && hi > lo) {
		return 0, nil, fmt.Errorf("shapednet: StoppingDepth needs 0 <= lo < hi, got %v, %v", lo, hi)
	}
	v, m, err := shCheckV0(V0)
	if err != nil {
		return 0, nil, err
	}
	if c.Width < m {
		return 0, nil, fmt.Errorf("shapednet: shaped Width = %d must be >= the number of tokens m = %d", c.Width, m)
	}
	w := newShWork(m)
	s := mat.NewSymDense(m, nil)
	var eig mat.EigenSym
	for l := 0; ; l++ {
		for i := 0; i < m; i++ {
			for j := i; j < m; j++ {
				s.SetSym(i, j, v[i*m+j])
			}
		}
		ok := eig.Factorize(s, false)
		var ev []float64
		if ok {
			ev = eig.Values(nil)
			maxEig = append(maxEig, ev[m-1])
		}
		if !ok || ev[0] < lo || ev[m-1] > hi {
			return l - 1, maxEig, nil
		}
		if l == c.Depth {
			return l, maxEig, nil
		}
		if !c.shLayer(v, w, draws{rng: rng}) {
			maxEig = append(maxEig, math.Inf(1))
			return l, maxEig, nil
		}
	}
}
