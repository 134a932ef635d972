package vit

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// shapedTransformer is the shaped Transformer of Noci et al. 2023 (eq. 11)
// on the tiny test model: shaped attention, no normalisation, shaped ReLU,
// λ = α̃ = √(1−γ²), γ = α.
func shapedTransformer(alpha, sigmaW float64, mlp int) Config {
	c := tinyConfig(alpha, sigmaW, mlp)
	c.Attention, c.Norm, c.Activation = Shaped, NoNorm, ShapedReLU
	return c
}

// naiveBlock evaluates one block on one sequence x (n rows of d) with
// plain loops, written from the formulas of the package doc and of Noci
// et al. 2023 rather than from forward.go: the logits are built in the
// notes' normalisation (lib/sources/noci2023.md), Y_N = X (W^Q/√n_w)(W^K/√n_w)ᵀ Xᵀ with
// W^Q_N = √d Qᵀ (entries N(0, σ_A)), divided by √n_k (Softmax, τ = 1)
// or by τ₀√(n_w n_k) (Shaped), n_w = n_k = d. It returns X^(A), the
// attention matrix A and the block output.
func naiveBlock(cfg Config, w blockWeights, x [][]float64) (xa, A, out [][]float64) {
	n, d := len(x), cfg.D
	fd := float64(d)
	skip := func(a float64) float64 {
		if cfg.Residual == Identity {
			return 1
		}
		return math.Sqrt(1 - a*a)
	}
	rms := func(v []float64) []float64 {
		var s float64
		for _, e := range v {
			s += e * e
		}
		o := make([]float64, len(v))
		for k, e := range v {
			o[k] = math.Sqrt(fd) * e / math.Sqrt(s)
		}
		return o
	}
	norm := func(v []float64) []float64 { // the branch input
		if cfg.Norm != RMSNorm {
			return append([]float64(nil), v...)
		}
		var s float64
		for _, e := range v {
			s += e * e
		}
		o := make([]float64, len(v))
		for k, e := range v {
			o[k] = math.Sqrt(fd) * e / math.Sqrt(s)
		}
		return o
	}
	// matVec returns M v for a d×d row-major M.
	matVec := func(M []float64, v []float64) []float64 {
		o := make([]float64, d)
		for r := 0; r < d; r++ {
			for c := 0; c < d; c++ {
				o[r] += M[r*d+c] * v[c]
			}
		}
		return o
	}
	phi := func(h float64) float64 {
		if cfg.Activation == Tanh {
			return math.Tanh(h)
		}
		sp, sm := 1.0, 1-1/math.Sqrt(fd)
		c := 2 / (sp*sp + sm*sm)
		return math.Sqrt(c) * (sp*math.Max(h, 0) + sm*math.Min(h, 0))
	}
	y := make([][]float64, n)
	for i := range x {
		y[i] = norm(x[i])
	}
	// spec-normalised queries and keys: (1/√n_w) y W^Q_N, W^Q_spec[j][k] = √d Q[k][j]
	q, k := make([][]float64, n), make([][]float64, n)
	for i := range y {
		q[i], k[i] = make([]float64, d), make([]float64, d)
		for kk := 0; kk < d; kk++ {
			for j := 0; j < d; j++ {
				q[i][kk] += y[i][j] * math.Sqrt(fd) * w.Q.Data[kk*d+j] / math.Sqrt(fd)
				k[i][kk] += y[i][j] * math.Sqrt(fd) * w.K.Data[kk*d+j] / math.Sqrt(fd)
			}
		}
	}
	A = make([][]float64, n)
	for i := range A {
		A[i] = make([]float64, n)
		var mx float64 = math.Inf(-1)
		lg := make([]float64, n)
		for j := range lg {
			var ys float64 // Y_N[i][j]
			for kk := 0; kk < d; kk++ {
				ys += q[i][kk] * k[j][kk]
			}
			if cfg.Attention == Shaped {
				t0 := cfg.Tau0
				if t0 == 0 {
					t0 = 1
				}
				lg[j] = ys / (t0 * math.Sqrt(fd*fd))
			} else {
				tau := cfg.InvTemp
				if tau == 0 {
					tau = 1
				}
				lg[j] = tau * ys / math.Sqrt(fd)
			}
			mx = math.Max(mx, lg[j])
		}
		if cfg.Causal { // token i sees tokens j <= i only
			lg = lg[:i+1]
			mx = math.Inf(-1)
			for _, v := range lg {
				mx = math.Max(mx, v)
			}
		}
		var s float64
		for j := range lg {
			s += math.Exp(lg[j] - mx)
		}
		for j := range lg {
			A[i][j] = math.Exp(lg[j]-mx) / s
			if cfg.Attention == Shaped {
				if cfg.Causal { // causal uniform attention: 1/(i+1) on j <= i
					A[i][j] -= 1 / float64(i+1)
				} else {
					A[i][j] -= 1 / float64(n)
				}
				if i == j {
					A[i][j]++
				}
			}
		}
	}
	xa, out = make([][]float64, n), make([][]float64, n)
	for i := range x {
		ay := make([]float64, d)
		for j := range y {
			for kk := range ay {
				ay[kk] += A[i][j] * y[j][kk]
			}
		}
		v := matVec(w.V.Data, ay)
		xa[i] = make([]float64, d)
		for kk := range v {
			xa[i][kk] = skip(cfg.AlphaA)*x[i][kk] + cfg.AlphaA*v[kk]
		}
		if cfg.Norm == PostNorm {
			xa[i] = rms(xa[i])
		}
	}
	for i := range xa {
		h := norm(xa[i])
		for l := 0; l < cfg.MLPLayers; l++ {
			h = matVec(w.W[l].Data, h)
			for kk := range h {
				h[kk] = phi(h[kk])
			}
		}
		h = matVec(w.W[cfg.MLPLayers].Data, h)
		out[i] = make([]float64, d)
		for kk := range h {
			out[i][kk] = skip(cfg.AlphaM)*xa[i][kk] + cfg.AlphaM*h[kk]
		}
		if cfg.Norm == PostNorm {
			out[i] = rms(out[i])
		}
	}
	return xa, A, out
}

// seqRows returns sequence b of a B·n × d cache as n row slices.
func seqRows(data []float64, b, n, d int) [][]float64 {
	r := make([][]float64, n)
	for i := range r {
		r[i] = data[(b*n+i)*d : (b*n+i+1)*d]
	}
	return r
}

// relDiff returns |got − want|/|want| in the Frobenius norm.
func relDiff(got, want [][]float64) float64 {
	var num, den float64
	for i := range want {
		for k, v := range want[i] {
			num += (got[i][k] - v) * (got[i][k] - v)
			den += v * v
		}
	}
	return math.Sqrt(num / den)
}

// TestVariantBlocksMatchNaive runs every variant and compares each
// block's X^(A), attention matrix and output with naiveBlock, an
// independent loop implementation in the notes' (lib/sources/noci2023.md) normalisation (see its
// doc). Both evaluate the same expression in float64 in different orders,
// so they agree to rounding: tolerance 1e-12 relative (observed ~1e-15).
// For Shaped it also checks that each row of A − I sums to zero (to
// 1e-15, rounding of n terms of size 1/n).
func TestVariantBlocksMatchNaive(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"paper block", tinyConfig(0.6, 1.5, 2)},
		{"shaped attention", func() Config { c := tinyConfig(0.6, 1.5, 2); c.Attention = Shaped; return c }()},
		{"shaped attention τ₀=0.3 σA²=4", func() Config {
			c := tinyConfig(0.6, 1.5, 2)
			c.Attention, c.Tau0, c.SigmaA2 = Shaped, 0.3, 4
			return c
		}()},
		{"no norm", func() Config { c := tinyConfig(0.6, 1.5, 2); c.Norm = NoNorm; return c }()},
		{"shaped ReLU", func() Config { c := tinyConfig(0.6, 1.5, 2); c.Activation = ShapedReLU; return c }()},
		{"shaped Transformer ℓ=1", shapedTransformer(0.5, 1, 1)},
		{"shaped Transformer ℓ=2", shapedTransformer(0.5, 1, 2)},
		{"causal", func() Config { c := tinyConfig(0.6, 1.5, 2); c.Causal = true; return c }()},
		{"causal shaped Transformer", func() Config { c := shapedTransformer(0.5, 1, 2); c.Causal = true; return c }()},
		{"POST-LN (identity, α=1)", func() Config {
			c := tinyConfig(1, 1.2, 2)
			c.Residual, c.Norm = Identity, PostNorm
			return c
		}()},
		{"POST-LN unit-norm skip, causal, τ=2", func() Config {
			c := tinyConfig(0.7, 1.2, 1)
			c.Norm, c.Causal, c.InvTemp = PostNorm, true, 2
			return c
		}()},
		{"Pre-LN (identity, α=1, τ=2)", func() Config {
			c := tinyConfig(1, 1, 1)
			c.Residual, c.InvTemp, c.Activation = Identity, 2, ShapedReLU
			return c
		}()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			forEachPath(t, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(21, 22))
				m := New(tc.cfg, rng)
				const B = 2
				x, y := randomBatch(tc.cfg, B, rng)
				if _, _, err := m.Loss(x, y); err != nil {
					t.Fatal(err)
				}
				n, d := m.n, m.d
				worst := 0.0
				for l := range m.c {
					next := m.out
					if l+1 < len(m.c) {
						next = m.c[l+1].x
					}
					for b := 0; b < B; b++ {
						xa, A, out := naiveBlock(tc.cfg, m.w.blocks[l], seqRows(m.c[l].x.Data, b, n, d))
						gotA := seqRows(m.c[l].a.Data, b, n, n)
						if tc.cfg.Attention == Shaped { // the cache holds S; A = I + S − 11ᵀ/n
							full := make([][]float64, n)
							for i := range full {
								full[i] = make([]float64, n)
								var rs float64
								for j, s := range gotA[i] {
									full[i][j] = s - 1/float64(n)
									if tc.cfg.Causal { // C_ij = 1/(i+1) on j <= i
										full[i][j] = s
										if j <= i {
											full[i][j] -= 1 / float64(i+1)
										}
									}
									rs += full[i][j]
									if i == j {
										full[i][j]++
									}
								}
								if math.Abs(rs) > 1e-15 {
									t.Errorf("block %d seq %d: row %d of A − I sums to %.3g", l, b, i, rs)
								}
							}
							gotA = full
						}
						for _, c := range []struct {
							what      string
							got, want [][]float64
						}{
							{"A", gotA, A},
							{"X^(A)", seqRows(m.c[l].xa.Data, b, n, d), xa},
							{"output", seqRows(next.Data, b, n, d), out},
						} {
							e := relDiff(c.got, c.want)
							worst = math.Max(worst, e)
							if e > 1e-12 {
								t.Errorf("block %d seq %d: %s differs from the naive block by %.3g (relative)", l, b, c.what, e)
							}
						}
					}
				}
				t.Logf("worst relative difference %.2g", worst)
			})
		})
	}
}

// TestShapedTau0Limit: as τ₀ → ∞ the shaped logits ℓ_ij =
// (QY_i)·(KY_j)/(τ₀d) vanish, softmax(ℓ) → 11ᵀ/n and A → I, so
// X^(A) → α̃X + α Y Vᵀ. With M = max|ℓ_ij| every softmax entry lies in
// [e^{−2M}/n, e^{2M}/n], so |A − I|_ij ≤ (e^{2M} − 1)/n and
//
//	|X^(A)_i − (α̃X_i + αVY_i)| ≤ α (e^{2M} − 1) max_j |VY_j|,
//
// a rigorous bound used as the tolerance (M is computed from the
// model). The deviation is O(1/τ₀): its ratio between τ₀ = 1e3 and 1e4
// must be 10 up to the second-order softmax term, relative size ≲ 2M,
// tolerance 10·10M.
func TestShapedTau0Limit(t *testing.T) {
	for _, norm := range []NormKind{RMSNorm, NoNorm} {
		t.Run(fmt.Sprintf("Norm=%d", norm), func(t *testing.T) {
			dev := map[float64]float64{}
			var M3 float64
			for _, tau0 := range []float64{1e3, 1e4, 1e8} {
				cfg := tinyConfig(0.7, 1.3, 2)
				cfg.Attention, cfg.Tau0, cfg.Norm = Shaped, tau0, norm
				rng := rand.New(rand.NewPCG(31, 32))
				m := New(cfg, rng)
				x, y := randomBatch(cfg, 2, rng)
				if _, _, err := m.Loss(x, y); err != nil {
					t.Fatal(err)
				}
				n, d := m.n, m.d
				w, c := m.w.blocks[0], m.c[0]
				var worst, bound float64
				for b := 0; b < 2; b++ {
					X, Y := seqRows(c.x.Data, b, n, d), seqRows(c.y.Data, b, n, d)
					var M, maxVY float64
					vy := make([][]float64, n)
					for i := range Y {
						vy[i] = make([]float64, d)
						var s float64
						for r := 0; r < d; r++ {
							for cc := 0; cc < d; cc++ {
								vy[i][r] += w.V.Data[r*d+cc] * Y[i][cc]
							}
							s += vy[i][r] * vy[i][r]
						}
						maxVY = math.Max(maxVY, math.Sqrt(s))
						for j := range Y {
							var dot float64
							for r := 0; r < d; r++ {
								var qi, kj float64
								for cc := 0; cc < d; cc++ {
									qi += w.Q.Data[r*d+cc] * Y[i][cc]
									kj += w.K.Data[r*d+cc] * Y[j][cc]
								}
								dot += qi * kj
							}
							M = math.Max(M, math.Abs(dot/(tau0*float64(d))))
						}
					}
					bound = math.Max(bound, cfg.AlphaA*math.Expm1(2*M)*maxVY)
					if tau0 == 1e3 {
						M3 = math.Max(M3, M)
					}
					xa := seqRows(c.xa.Data, b, n, d)
					for i := range xa {
						var s float64
						for k := range xa[i] {
							e := xa[i][k] - (m.tA*X[i][k] + cfg.AlphaA*vy[i][k])
							s += e * e
						}
						worst = math.Max(worst, math.Sqrt(s))
					}
				}
				if worst > bound {
					t.Errorf("τ₀ = %g: |X^(A) − (α̃X + αYVᵀ)| = %.3g exceeds the bound %.3g", tau0, worst, bound)
				}
				dev[tau0] = worst
				t.Logf("τ₀ = %g: deviation %.3g, bound %.3g", tau0, worst, bound)
			}
			r := dev[1e3] / dev[1e4]
			t.Logf("deviation ratio %.6g, tolerance ±%.3g", r, 100*M3)
			if math.Abs(r-10) > 10*10*M3 {
				t.Errorf("deviation ratio τ₀ = 1e3 vs 1e4 is %.6g, want 10 ± %.3g (O(1/τ₀))", r, 100*M3)
			}
		})
	}
}

// TestShapedReLUDefinition checks φ = √c σ_s at chosen points against
// values computed by hand, its linearity when s₋ = s₊, and the He
// constant: E φ(g)² = 1 for g ~ N(0, 1), by a midpoint rule on
// [−12, 12] with 2·10⁵ cells (error ≪ 1e-9 for this piecewise-quadratic
// times Gaussian integrand with the kink on a cell boundary).
func TestShapedReLUDefinition(t *testing.T) {
	// d = 4: s₋ = 1/2, c = 2/(1 + 1/4) = 8/5.
	pos, neg := shapedReLUSlopes(4)
	rc := math.Sqrt(1.6)
	for _, p := range []struct{ x, want float64 }{
		{3, 3 * rc}, {-2, -1 * rc}, {0, 0}, {-1e-300, -0.5e-300 * rc}, {0.25, 0.25 * rc},
	} {
		v := []float64{p.x}
		shapedReLUSlice(v, pos, neg)
		if math.Abs(v[0]-p.want) > 1e-15*math.Abs(p.want) {
			t.Errorf("d = 4: φ(%g) = %.17g, want %.17g", p.x, v[0], p.want)
		}
	}
	// d = 1: s₋ = 0, c = 2: φ = √2 ReLU.
	pos, neg = shapedReLUSlopes(1)
	if pos != math.Sqrt2 || neg != 0 {
		t.Errorf("d = 1: slopes (%v, %v), want (√2, 0)", pos, neg)
	}
	// Equal slopes: linear (the s₋ → s₊ limit of the shaping, c₋ = c₊).
	xs := []float64{-3.5, -1e-8, 0, 2e-9, 0.7, 11}
	v := append([]float64(nil), xs...)
	shapedReLUSlice(v, 1.25, 1.25)
	for i, x := range xs {
		if v[i] != 1.25*x {
			t.Errorf("equal slopes: φ(%g) = %g, want %g", x, v[i], 1.25*x)
		}
	}
	// He constant: E φ(g)² = 1 at several widths.
	for _, d := range []int{1, 2, 5, 64, 1024} {
		pos, neg := shapedReLUSlopes(d)
		const cells, L = 200000, 12.0
		h := 2 * L / cells
		var e float64
		for i := 0; i < cells; i++ {
			x := -L + (float64(i)+0.5)*h
			v := []float64{x}
			shapedReLUSlice(v, pos, neg)
			e += v[0] * v[0] * math.Exp(-x*x/2) * h
		}
		e /= math.Sqrt(2 * math.Pi)
		if math.Abs(e-1) > 1e-9 {
			t.Errorf("d = %d: E φ(g)² = %.12g, want 1", d, e)
		}
	}
}

// TestNoNormIdentityBlock: with α = 0 (α̃ = 1 for either residual) every
// NoNorm block returns its input exactly: the branch is added with
// weight 0, and with no normalisation nothing else touches X. Exact
// equality, for every attention and activation.
func TestNoNormIdentityBlock(t *testing.T) {
	for _, tc := range []struct {
		name string
		mod  func(*Config)
	}{
		{"tanh softmax", func(c *Config) {}},
		{"shaped Transformer", func(c *Config) { c.Attention, c.Activation = Shaped, ShapedReLU }},
		{"identity residual", func(c *Config) { c.Residual, c.Attention = Identity, Shaped }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tinyConfig(0, 1.3, 2)
			cfg.Norm = NoNorm
			tc.mod(&cfg)
			rng := rand.New(rand.NewPCG(41, 42))
			m := New(cfg, rng)
			x, y := randomBatch(cfg, 2, rng)
			if _, _, err := m.Loss(x, y); err != nil {
				t.Fatal(err)
			}
			N := 2 * m.n * m.d
			for i, v := range m.c[0].x.Data[:N] {
				if m.out.Data[i] != v {
					t.Fatalf("X^L[%d] = %v, X⁰[%d] = %v", i, m.out.Data[i], i, v)
				}
			}
		})
	}
}

// TestVariantConfigPanics: each new field out of range panics with a
// message naming the field.
func TestVariantConfigPanics(t *testing.T) {
	for _, tc := range []struct {
		field string
		mod   func(*Config)
	}{
		{"Attention", func(c *Config) { c.Attention = 2 }},
		{"Norm", func(c *Config) { c.Norm = -1 }},
		{"Norm", func(c *Config) { c.Norm = 3 }},
		{"Activation", func(c *Config) { c.Activation = 5 }},
		{"Tau0", func(c *Config) { c.Attention, c.Tau0 = Shaped, -1 }},
		{"Tau0", func(c *Config) { c.Attention, c.Tau0 = Shaped, math.Inf(1) }},
		{"Tau0", func(c *Config) { c.Attention, c.Tau0 = Shaped, math.NaN() }},
		{"Tau0", func(c *Config) { c.Tau0 = 2 }}, // Softmax has no τ₀
		{"InvTemp", func(c *Config) { c.Attention, c.InvTemp = Shaped, 2 }},
	} {
		t.Run(tc.field, func(t *testing.T) {
			cfg := tinyConfig(0.5, 1, 2)
			tc.mod(&cfg)
			defer func() {
				r := recover()
				s := fmt.Sprint(r)
				if r == nil || !strings.HasPrefix(s, "vit: parameter out of range: Config."+tc.field+" ") {
					t.Errorf("panic %v, want one starting \"vit: parameter out of range: Config.%s \"", r, tc.field)
				}
				if err := cfg.Validate(); !errors.Is(err, ErrParam) || err.Error() != s {
					t.Errorf("Validate = %v, want ErrParam with the panic's text", err)
				}
			}()
			New(cfg, rand.New(rand.NewPCG(1, 2)))
		})
	}
	// IsPaperBlock is false for every variant.
	for _, mod := range []func(*Config){
		func(c *Config) { c.Attention = Shaped },
		func(c *Config) { c.Norm = NoNorm },
		func(c *Config) { c.Activation = ShapedReLU },
		func(c *Config) { c.Norm = PostNorm },
		func(c *Config) { c.Causal = true },
	} {
		c := tinyConfig(0.5, 1, 2)
		mod(&c)
		if c.IsPaperBlock() {
			t.Errorf("%+v: IsPaperBlock true", c)
		}
	}
}

// preActSigns returns the signs (h > 0) of every ShapedReLU
// pre-activation h of the last forward pass on B sequences (φ(h) has the
// sign of h when s₋ > 0, d >= 2), or nil for other activations.
func preActSigns(m *Model, B int) []bool {
	if m.cfg.Activation != ShapedReLU {
		return nil
	}
	if m.actNeg <= 0 {
		panic("preActSigns needs s₋ > 0 (d >= 2)")
	}
	var s []bool
	for l := range m.c {
		for _, a := range m.c[l].act {
			for _, v := range a.Data[:B*m.n*m.d] {
				s = append(s, v > 0)
			}
		}
	}
	return s
}

// samePreActSigns fails the test if a pre-activation changed sign
// relative to want (see TestGradientFiniteDifference).
func samePreActSigns(t *testing.T, m *Model, B int, want []bool, param string) {
	t.Helper()
	got := preActSigns(m, B)
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("perturbing %s moved MLP pre-activation %d across the ReLU kink; choose another seed", param, i)
		}
	}
}
