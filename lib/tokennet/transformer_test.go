package tokennet

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// tfNaiveForward is an independent, allocation-happy transcription of
// eqs. (1)–(4) of Cowsik et al. 2024 with mat.Dense in column-vector
// convention (ATT(X)_i = V Σ_j A_ij X_j), used to check the blas64 forward;
// φ is math.Tanh, or cfg.Act's Phi.
func tfNaiveForward(t *Transformer, x0 *mat.Dense) *mat.Dense {
	cfg := t.cfg
	n, d := cfg.N, cfg.D
	x := mat.DenseCopyOf(x0)
	toDense := func(w []float64) *mat.Dense { return mat.NewDense(d, d, w) }
	phi := math.Tanh
	if cfg.Act != nil {
		phi = cfg.Act.Phi
	}
	norm := func(x *mat.Dense) []*mat.VecDense {
		out := make([]*mat.VecDense, n)
		for i := 0; i < n; i++ {
			v := mat.VecDenseCopyOf(x.RowView(i))
			v.ScaleVec(math.Sqrt(float64(d))/mat.Norm(v, 2), v)
			out[i] = v
		}
		return out
	}
	for l := 0; l < cfg.Layers; l++ {
		w := t.w[l]
		Q, K, V := toDense(w.Q.Data), toDense(w.K.Data), toDense(w.V.Data)
		y := norm(x)
		xa := mat.NewDense(n, d, nil)
		for i := 0; i < n; i++ {
			qi := mat.NewVecDense(d, nil)
			qi.MulVec(Q, y[i])
			m := n
			if cfg.Causal {
				m = i + 1
			}
			s := make([]float64, m)
			var z float64
			for j := 0; j < m; j++ {
				kj := mat.NewVecDense(d, nil)
				kj.MulVec(K, y[j])
				s[j] = math.Exp(mat.Dot(qi, kj) / math.Sqrt(float64(d)))
				z += s[j]
			}
			sum := mat.NewVecDense(d, nil)
			for j := 0; j < m; j++ {
				sum.AddScaledVec(sum, s[j]/z, y[j])
			}
			att := mat.NewVecDense(d, nil)
			att.MulVec(V, sum)
			for mu := 0; mu < d; mu++ {
				xa.Set(i, mu, math.Sqrt(1-cfg.AlphaA*cfg.AlphaA)*x.At(i, mu)+cfg.AlphaA*att.AtVec(mu))
			}
		}
		y2 := norm(xa)
		for i := 0; i < n; i++ {
			h := y2[i]
			for k := 0; k < cfg.MLPLayers; k++ {
				nh := mat.NewVecDense(d, nil)
				nh.MulVec(toDense(w.W[k].Data), h)
				for mu := 0; mu < d; mu++ {
					nh.SetVec(mu, phi(nh.AtVec(mu)))
				}
				h = nh
			}
			o := mat.NewVecDense(d, nil)
			o.MulVec(toDense(w.W[cfg.MLPLayers].Data), h)
			for mu := 0; mu < d; mu++ {
				x.Set(i, mu, math.Sqrt(1-cfg.AlphaM*cfg.AlphaM)*xa.At(i, mu)+cfg.AlphaM*o.AtVec(mu))
			}
		}
	}
	return x
}

func tfSmallConfigs() []TransformerConfig {
	return []TransformerConfig{
		{N: 5, D: 4, Layers: 3, MLPLayers: 2, AlphaA: 0.6, AlphaM: 0.7, SigmaW: 1.5, SigmaA2: 2},
		{N: 6, D: 3, Layers: 2, MLPLayers: 1, AlphaA: 0.9, AlphaM: 0.4, SigmaW: 2.5, SigmaA2: 4, Causal: true},
		{N: 3, D: 5, Layers: 2, MLPLayers: 0, AlphaA: 1, AlphaM: 1, SigmaW: 0.8, SigmaA2: 0.5},
		{N: 4, D: 4, Layers: 2, MLPLayers: 3, AlphaA: 0, AlphaM: 0.5, SigmaW: 1, SigmaA2: 1},
	}
}

func TestTransformerForwardMatchesNaive(t *testing.T) {
	for ci, cfg := range append(tfSmallConfigs(), tfOddConfigs()...) {
		rng := rand.New(rand.NewPCG(1, uint64(ci)))
		tr := NewTransformer(cfg, rng)
		x := mat.NewDense(cfg.N, cfg.D, nil)
		SymmetricTokens(x, 2, 0.5, rng)
		got, err := tr.Forward(x)
		if err != nil {
			t.Fatal(err)
		}
		want := tfNaiveForward(tr, x)
		// Two transcriptions of the same arithmetic in a different order:
		// agreement to rounding, 1e-12 relative to the entry scale.
		var diff, scale float64
		for i := 0; i < cfg.N; i++ {
			for j := 0; j < cfg.D; j++ {
				diff = math.Max(diff, math.Abs(got.At(i, j)-want.At(i, j)))
				scale = math.Max(scale, math.Abs(want.At(i, j)))
			}
		}
		if diff > 1e-12*scale {
			t.Errorf("config %d: forward differs from naive by %g (scale %g)", ci, diff, scale)
		}
	}
}

func TestTransformerBackwardFiniteDifference(t *testing.T) {
	for ci, cfg := range tfSmallConfigs() {
		rng := rand.New(rand.NewPCG(2, uint64(ci)))
		tr := NewTransformer(cfg, rng)
		x := mat.NewDense(cfg.N, cfg.D, nil)
		SymmetricTokens(x, 1.5, 0.3, rng)
		r := mat.NewDense(cfg.N, cfg.D, nil)
		for i := 0; i < cfg.N; i++ {
			for j := 0; j < cfg.D; j++ {
				r.Set(i, j, rng.NormFloat64())
			}
		}
		if _, err := tr.Forward(x); err != nil {
			t.Fatal(err)
		}
		g := mat.DenseCopyOf(tr.Backward(r))
		f := func(xx *mat.Dense) float64 {
			y, err := tr.Forward(xx)
			if err != nil {
				t.Fatal(err)
			}
			return mat.Sum(tfMulElem(y, r))
		}
		// Central differences with h = 1e-5: truncation O(h²·f‴) ≈ 1e-10
		// and rounding O(ε·|f|/h) ≈ 1e-11 for |f| ~ 10, so 1e-7 absolute
		// (relative to max|g| ~ 1) leaves two orders of margin and still
		// catches any wrong term (those are O(1)).
		const h = 1e-5
		var maxg, maxd float64
		xp := mat.DenseCopyOf(x)
		for i := 0; i < cfg.N; i++ {
			for j := 0; j < cfg.D; j++ {
				v := x.At(i, j)
				xp.Set(i, j, v+h)
				fp := f(xp)
				xp.Set(i, j, v-h)
				fm := f(xp)
				xp.Set(i, j, v)
				fd := (fp - fm) / (2 * h)
				maxd = math.Max(maxd, math.Abs(fd-g.At(i, j)))
				maxg = math.Max(maxg, math.Abs(g.At(i, j)))
			}
		}
		if maxd > 1e-7*math.Max(1, maxg) {
			t.Errorf("config %d: backward vs finite differences: max diff %g (max |g| %g)", ci, maxd, maxg)
		}
	}
}

func tfMulElem(a, b *mat.Dense) *mat.Dense {
	var c mat.Dense
	c.MulElem(a, b)
	return &c
}

func TestTransformerDeterministic(t *testing.T) {
	cfg := tfSmallConfigs()[0]
	run := func() []float64 {
		rng := rand.New(rand.NewPCG(7, 7))
		tr := NewTransformer(cfg, rng)
		x := mat.NewDense(cfg.N, cfg.D, nil)
		SymmetricTokens(x, 1, 0.2, rng)
		y, err := tr.Forward(x)
		if err != nil {
			t.Fatal(err)
		}
		return append([]float64(nil), y.RawMatrix().Data...)
	}
	a, b := run(), run()
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			t.Fatalf("same seed, different output at %d: %v vs %v", i, a[i], b[i])
		}
	}
}

func TestTransformerCausalFirstTokenIgnoresOthers(t *testing.T) {
	// With the causal mask, token 0 attends only to itself, so X^L_0 depends
	// on X^0_0 alone: the gradient of X^L_0·R_0 w.r.t. other tokens is zero.
	cfg := tfSmallConfigs()[1]
	rng := rand.New(rand.NewPCG(3, 3))
	tr := NewTransformer(cfg, rng)
	x := mat.NewDense(cfg.N, cfg.D, nil)
	SymmetricTokens(x, 1, 0.5, rng)
	if _, err := tr.Forward(x); err != nil {
		t.Fatal(err)
	}
	r := mat.NewDense(cfg.N, cfg.D, nil)
	for j := 0; j < cfg.D; j++ {
		r.Set(0, j, 1)
	}
	g := tr.Backward(r)
	for i := 1; i < cfg.N; i++ {
		for j := 0; j < cfg.D; j++ {
			if g.At(i, j) != 0 {
				t.Fatalf("causal: gradient of token 0 output w.r.t. token %d is %v, want exactly 0", i, g.At(i, j))
			}
		}
	}
}

func TestTokenGeometryAndInitialConditions(t *testing.T) {
	// Gram entries of SymmetricTokens and TwoGroupTokens have mean (q, p)
	// resp. (q, p1, p2). With n = 200, d = 400: the shared g₀ part
	// p|g₀|²/d enters q and p alike with SE p√(2/d) ≈ 0.07p; it cancels in
	// q − p, whose SE is (q−p)√(2/(nd)) ≈ 0.005(q−p). Tolerances are 4 SE.
	rng := rand.New(rand.NewPCG(4, 4))
	x := mat.NewDense(200, 400, nil)
	SymmetricTokens(x, 3, 1.5, rng)
	q, p := TokenGeometry(x)
	if math.Abs(q-p-1.5) > 4*1.5*math.Sqrt(2.0/(200*400)) || math.Abs(p-1.5) > 4*1.5*math.Sqrt(2.0/400) {
		t.Errorf("SymmetricTokens: got (q,p)=(%v,%v), want about (3,1.5)", q, p)
	}
	TwoGroupTokens(x, 1, 0.75, 0.5, rng)
	p1, p2 := GroupDots(x)
	if math.Abs(p1-0.75) > 4*0.75*math.Sqrt(2.0/400) || math.Abs(p2-0.5) > 4*0.5*math.Sqrt(2.0/400) {
		t.Errorf("TwoGroupTokens: got (p1,p2)=(%v,%v), want about (0.75,0.5)", p1, p2)
	}
	// Exact identity: eq. (23) via the O(nd) formula equals the mean of
	// the explicit pairwise dot products.
	small := mat.NewDense(7, 3, nil)
	SymmetricTokens(small, 1, 0.4, rng)
	_, pf := TokenGeometry(small)
	var s float64
	for i := 0; i < 7; i++ {
		for j := i + 1; j < 7; j++ {
			s += mat.Dot(small.RowView(i), small.RowView(j))
		}
	}
	if want := s / 21; math.Abs(pf-want) > 1e-13 {
		t.Errorf("TokenGeometry p = %v, explicit mean %v", pf, want)
	}
}

func TestTransformerRejectsBadInput(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: expected panic", name)
			}
		}()
		f()
	}
	rng := rand.New(rand.NewPCG(5, 5))
	good := tfSmallConfigs()[0]
	bad := []func(*TransformerConfig){
		func(c *TransformerConfig) { c.N = 1 },
		func(c *TransformerConfig) { c.AlphaA = 1.1 },
		func(c *TransformerConfig) { c.SigmaW = 0 },
		func(c *TransformerConfig) { c.SigmaA2 = math.NaN() },
		func(c *TransformerConfig) { c.MLPLayers = -1 },
	}
	for i, f := range bad {
		c := good
		f(&c)
		mustPanic("config", func() { NewTransformer(c, rng) })
		_ = i
	}
	tr := NewTransformer(good, rng)
	mustPanic("shape", func() { tr.Forward(mat.NewDense(good.N+1, good.D, nil)) })
	if _, err := tr.Forward(mat.NewDense(good.N, good.D, nil)); err == nil {
		t.Error("zero tokens: expected an error from Norm")
	}
}

func TestTokenHistogramNormalised(t *testing.T) {
	// A density over values all inside [lo, hi] integrates to 1 (exact up
	// to rounding), and a known input lands in the right bins.
	c, d := empirical.Histogram([]float64{0.1, 0.2, 0.9, 1.0}, 0, 1, 4)
	var s float64
	for _, v := range d {
		s += v * 0.25
	}
	if math.Abs(s-1) > 1e-15 || d[0] != 2 || d[3] != 2 || c[0] != 0.125 {
		t.Errorf("histogram centres %v density %v", c, d)
	}
}

func TestSimulateLayerGeometryShapes(t *testing.T) {
	// Layer 0 statistics are those of the input ensemble: q/d mean within
	// 4 SE of the target (the p part shares g₀, so q/d varies by
	// (p/d)√(2/d) per sample).
	cfg := tfSmallConfigs()[0]
	cfg.N, cfg.D = 16, 32
	st, err := SimulateLayerGeometry(cfg, 32, 16, 8, rand.New(rand.NewPCG(9, 9)))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.QOverD) != cfg.Layers+1 || math.Abs(st.QOverD[0]-1) > 4*st.QOverDSE[0]+1e-12 {
		t.Errorf("layer 0 q/d = %v ± %v, want 1", st.QOverD[0], st.QOverDSE[0])
	}
}

func TestTransformerBackwardNeedsForward(t *testing.T) {
	cfg := tfSmallConfigs()[0]
	rng := rand.New(rand.NewPCG(6, 6))
	tr := NewTransformer(cfg, rng)
	r := mat.NewDense(cfg.N, cfg.D, nil)
	defer func() {
		if recover() == nil {
			t.Error("Backward before Forward: expected panic")
		}
	}()
	tr.Backward(r)
}
