package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Tests of the block's passes: Attend, FeedForward and FeedForwardBack
// against their formulas, Forward's norm placement and Stack.

// Attend against a transcription with gonum's mat of its formula,
//
//	out = Skip·x + Branch·A u op(W^V),  A = f(RowScale·LogitScale·QKScale² u op(W^Q) op(W^K)ᵀ uᵀ),
//
// on odd shapes (n ∈ {1, 7, 65} tokens, d = 7, d_k = 5 or d for Trans), for
// both value orders, transposed weights, uniform and causal attention, and
// with out, x and u one buffer. 1e-12 relative to the largest entry: the
// two differ only in summation order and fused multiply-adds.
func TestAttend(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	fill := func(r, c int) blas64.General {
		g := General(r, c)
		for i := range g.Data {
			g.Data[i] = rng.NormFloat64()
		}
		return g
	}
	dense := func(g blas64.General) *mat.Dense { return mat.NewDense(g.Rows, g.Cols, g.Data) }
	for _, n := range []int{1, 7, 65} {
		for _, c := range []struct {
			name string
			p    AttnParams
			self bool // out = x = u
		}{
			{"value-last", AttnParams{Kind: Softmax, QKScale: 0.8, LogitScale: 0.5, RowScale: 1.3, Skip: 0.6, Branch: 0.9}, false},
			{"trans-causal", AttnParams{Kind: Softmax, Causal: true, Trans: true, QKScale: 1, LogitScale: 0.4, RowScale: 1, Skip: 0.8, Branch: 0.6}, false},
			{"shaped-self", AttnParams{Kind: Shaped, QKScale: 0.7, LogitScale: 1, RowScale: 0.3, Skip: 0.9, Branch: 0.4}, true},
			{"value-first", AttnParams{Kind: Softmax, QKScale: 1, LogitScale: 1, RowScale: 0.8, Skip: 1, Branch: 0.7, ValueFirst: true}, false},
			{"uniform", AttnParams{Kind: Uniform, QKScale: 1, LogitScale: 1, RowScale: 1, Skip: 1, Branch: 1.1, ValueFirst: true}, false},
		} {
			t.Run(fmt.Sprintf("n=%d/%s", n, c.name), func(t *testing.T) {
				const d = 7
				dk := 5
				if c.p.Trans {
					dk = d
				}
				x := fill(n, d)
				u := fill(n, d)
				if c.self {
					u = x
				}
				wq, wk, wv := fill(d, dk), fill(d, dk), fill(d, d)
				if c.p.Trans {
					wq, wk = fill(dk, d), fill(dk, d)
				}
				op := func(w blas64.General) mat.Matrix {
					if c.p.Trans {
						return dense(w).T()
					}
					return dense(w)
				}
				// reference
				var q, k, logits, a, s, want mat.Dense
				q.Mul(dense(u), op(wq))
				q.Scale(c.p.QKScale, &q)
				k.Mul(dense(u), op(wk))
				k.Scale(c.p.QKScale, &k)
				logits.Mul(&q, k.T())
				a.CloneFrom(&logits)
				AttentionRows(a.RawMatrix().Data, logits.RawMatrix().Data, n, c.p.Kind, c.p.RowScale*c.p.LogitScale, c.p.Causal)
				var au mat.Dense
				au.Mul(&a, dense(u))
				s.Mul(&au, op(wv))
				want.Scale(c.p.Branch, &s)
				var sx mat.Dense
				sx.Scale(c.p.Skip, dense(x))
				want.Add(&want, &sx)

				out := General(n, d)
				if c.self {
					out = x
				}
				b := AttnBuffers{Q: General(n, dk), K: General(n, dk), A: General(n, n), V: General(n, d), S: General(n, d)}
				Attend(b, out, x, u, wq, wk, wv, c.p)
				var diff, scale float64
				for i := 0; i < n; i++ {
					for j := 0; j < d; j++ {
						diff = math.Max(diff, math.Abs(out.Data[i*d+j]-want.At(i, j)))
						scale = math.Max(scale, math.Abs(want.At(i, j)))
					}
				}
				if diff > 1e-12*scale {
					t.Errorf("differs from the formula by %g (scale %g)", diff, scale)
				}
			})
		}
	}
}

func fillRand(rng *rand.Rand, r, c int) blas64.General {
	g := General(r, c)
	for i := range g.Data {
		g.Data[i] = rng.NormFloat64()
	}
	return g
}

func maxRelDiff(got blas64.General, want *mat.Dense) float64 {
	var diff, scale float64
	for i := 0; i < got.Rows; i++ {
		for j := 0; j < got.Cols; j++ {
			diff = math.Max(diff, math.Abs(got.Data[i*got.Stride+j]-want.At(i, j)))
			scale = math.Max(scale, math.Abs(want.At(i, j)))
		}
	}
	return diff / scale
}

// FeedForward against a transcription with gonum's mat and math.Tanh of
//
//	out = Skip·x + Branch·φ(⋯φ(s u op(W⁰))⋯) op(W^ℓ)
//
// for every MLP kind, ℓ = 0, 1, 2 hidden layers, transposed weights, both
// residual forms and out = x = u (ℓ >= 1): 1e-12 relative to the largest
// entry (summation order, fused multiply-adds and lib/dense's tanh, exact
// to a few ulp, are the only differences).
func TestFeedForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n, d = 7, 6
	phi := map[MLP]func(float64) float64{
		Tanh:   math.Tanh,
		ReLU:   func(v float64) float64 { return math.Max(v, 0) },
		Linear: func(v float64) float64 { return v },
		ShapedReLU: func(v float64) float64 {
			if v >= 0 {
				return 1.1 * v
			}
			return -0.4 * v
		},
	}
	for kind, f := range phi {
		for ell := 0; ell <= 2; ell++ {
			for _, c := range []struct {
				trans, sep, self bool
			}{{false, false, false}, {true, false, false}, {false, true, false}, {true, true, true}} {
				if c.self && ell == 0 {
					continue
				}
				t.Run(fmt.Sprintf("%d/ell=%d/%+v", kind, ell, c), func(t *testing.T) {
					p := FFParams{Kind: kind, Trans: c.trans, Scale: 0.7, SPlus: 1.1, SMinus: -0.4, Skip: 0.8, Branch: 0.6, Separate: c.sep}
					x, u := fillRand(rng, n, d), fillRand(rng, n, d)
					if c.self {
						u = x
					}
					w := make([]blas64.General, ell+1)
					b := FFBuffers{Y: General(n, d)}
					for k := range w {
						w[k] = fillRand(rng, d, d)
					}
					for k := 0; k < ell; k++ {
						b.H = append(b.H, General(n, d))
						b.G = append(b.G, General(n, d))
					}
					// reference
					h := mat.DenseCopyOf(mat.NewDense(n, d, u.Data))
					want := mat.DenseCopyOf(mat.NewDense(n, d, x.Data))
					want.Scale(p.Skip, want)
					for k := range w {
						var wk mat.Matrix = mat.NewDense(d, d, w[k].Data)
						if c.trans {
							wk = wk.T()
						}
						var next mat.Dense
						next.Mul(h, wk)
						if k == ell {
							next.Scale(p.Branch, &next)
							want.Add(want, &next)
							break
						}
						next.Apply(func(_, _ int, v float64) float64 { return f(p.Scale * v) }, &next)
						h = &next
					}
					out := General(n, d)
					if c.self {
						out = x
					}
					FeedForward(b, out, x, u, w, p)
					if e := maxRelDiff(out, want); e > 1e-12 {
						t.Errorf("differs from the formula by %g (relative)", e)
					}
				})
			}
		}
	}
}

// FeedForwardBack against central finite differences of ⟨R, out⟩ in every
// entry of u and of each W^k, for every kind, ℓ = 0, 1, 2, both
// orientations and residual forms (step 1e-6: agreement to 1e-7 relative
// to the largest gradient; ReLU kinks are not hit with Gaussian inputs).
func TestFeedForwardBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	const n, d = 5, 4
	for _, kind := range []MLP{Tanh, ReLU, Linear, ShapedReLU} {
		for ell := 0; ell <= 2; ell++ {
			for _, c := range []struct{ trans, sep bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				t.Run(fmt.Sprintf("%d/ell=%d/%+v", kind, ell, c), func(t *testing.T) {
					p := FFParams{Kind: kind, Trans: c.trans, Scale: 0.9, SPlus: 1.2, SMinus: 0.3, Skip: 0.7, Branch: 0.6, Separate: c.sep}
					x, u, r := fillRand(rng, n, d), fillRand(rng, n, d), fillRand(rng, n, d)
					w := make([]blas64.General, ell+1)
					b := FFBuffers{Y: General(n, d)}
					var dd, gw []blas64.General
					for k := range w {
						w[k] = fillRand(rng, d, d)
						gw = append(gw, General(d, d))
					}
					for k := 0; k < ell; k++ {
						b.H, b.G, dd = append(b.H, General(n, d)), append(b.G, General(n, d)), append(dd, General(n, d))
					}
					loss := func() float64 {
						out := General(n, d)
						FeedForward(b, out, x, u, w, p)
						var s float64
						for i, v := range out.Data {
							s += r.Data[i] * v
						}
						return s
					}
					loss()
					gu := General(n, d)
					FeedForwardBack(gu, r, b, u, w, p, dd, gw)
					check := func(name string, m, grad blas64.General) {
						var worst, scale float64
						for i := range m.Data {
							v := m.Data[i]
							m.Data[i] = v + 1e-6
							lp := loss()
							m.Data[i] = v - 1e-6
							lm := loss()
							m.Data[i] = v
							fd := (lp - lm) / 2e-6
							worst = math.Max(worst, math.Abs(fd-grad.Data[i]))
							scale = math.Max(scale, math.Abs(grad.Data[i]))
						}
						if worst > 1e-7*math.Max(scale, 1) {
							t.Errorf("%s: gradient off by %g (scale %g)", name, worst, scale)
						}
					}
					check("u", u, gu)
					for k := range w {
						check(fmt.Sprintf("W%d", k), w[k], gw[k])
					}
				})
			}
		}
	}
}

// naiveNorm returns the rows of x normalised by a direct loop: LayerNorm
// (x − μ)/√(σ² + ε), or RMS x/√(mean x² + ε) (= √d x/|x| at ε = 0).
func naiveNorm(x blas64.General, center bool, eps float64) blas64.General {
	y := General(x.Rows, x.Cols)
	for i := 0; i < x.Rows; i++ {
		r := row(x, i)
		var mu, s float64
		if center {
			for _, v := range r {
				mu += v
			}
			mu /= float64(len(r))
		}
		for _, v := range r {
			s += (v - mu) * (v - mu)
		}
		sd := math.Sqrt(s/float64(len(r)) + eps)
		for j, v := range r {
			y.Data[i*y.Cols+j] = (v - mu) / sd
		}
	}
	return y
}

// Forward places the norm as its doc says: against a reference that
// applies naiveNorm around Attend and FeedForward (each tested against its
// formula), for every placement, both RMS forms, the sub-blocks left out,
// and in place (Z = X = out). 1e-12 relative (the norms' summation order).
func TestForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const n, d = 6, 8
	for _, c := range []struct {
		norm          Norm
		sqrtD, inPlce bool
		noA, noM      bool
	}{
		{NoNorm, false, false, false, false}, {PreLN, false, false, false, false}, {PostLN, false, false, false, false},
		{PreRMS, false, false, false, false}, {PreRMS, true, false, false, false}, {PreLN, false, true, false, false},
		{PreRMS, false, true, true, false}, {NoNorm, false, true, false, true},
	} {
		t.Run(fmt.Sprintf("%+v", c), func(t *testing.T) {
			s := Spec{Norm: c.norm, Eps: 1e-5, SqrtD: c.sqrtD, NoAttention: c.noA, NoMLP: c.noM,
				Attn: AttnParams{Kind: Softmax, QKScale: 0.9, LogitScale: 1, RowScale: 0.5, Skip: 0.8, Branch: 0.7},
				FF:   FFParams{Kind: Tanh, Scale: 1, Skip: 0.9, Branch: 0.5}}
			if c.sqrtD {
				s.Eps = 0
			}
			w := Weights{Q: fillRand(rng, d, d), K: fillRand(rng, d, d), V: fillRand(rng, d, d),
				F: []blas64.General{fillRand(rng, d, d), fillRand(rng, d, d)}}
			x0 := fillRand(rng, n, d)
			newCache := func() *Cache {
				h := General(n, d)
				return &Cache{X: General(n, d), N1: General(n, d), N2: General(n, d), Inv1: make([]float64, n), Inv2: make([]float64, n),
					Attn: AttnBuffers{Q: General(n, d), K: General(n, d), A: General(n, n), V: General(n, d), S: General(n, d)},
					Z:    General(n, d), FF: FFBuffers{H: []blas64.General{h}, G: []blas64.General{h}}}
			}
			// reference
			rc := newCache()
			copy(rc.X.Data, x0.Data)
			pre := c.norm == PreLN || c.norm == PreRMS
			nrm := func(x blas64.General) blas64.General { return naiveNorm(x, c.norm != PreRMS, s.Eps) }
			h := rc.X
			if !c.noA {
				u := h
				if pre {
					u = nrm(h)
				}
				Attend(rc.Attn, rc.Z, h, u, w.Q, w.K, w.V, s.Attn)
				if c.norm == PostLN {
					rc.Z = nrm(rc.Z)
				}
				h = rc.Z
			}
			want := h
			if !c.noM {
				u := h
				if pre {
					u = nrm(h)
				}
				want = General(n, d)
				FeedForward(rc.FF, want, h, u, w.F, s.FF)
				if c.norm == PostLN {
					want = nrm(want)
				}
			}
			gc := newCache()
			copy(gc.X.Data, x0.Data)
			out := General(n, d)
			if c.inPlce {
				gc.Z, out = gc.X, gc.X
			}
			if err := Forward(gc, out, w, s); err != nil {
				t.Fatal(err)
			}
			if e := maxRelDiff(out, mat.NewDense(n, d, want.Data)); e > 1e-12 {
				t.Errorf("differs from the reference by %g (relative)", e)
			}
		})
	}
	// SqrtD rejects a zero token.
	s := Spec{Norm: PreRMS, SqrtD: true, Attn: AttnParams{Kind: Softmax, QKScale: 1, LogitScale: 1, RowScale: 1, Skip: 1, Branch: 1}}
	c := &Cache{X: General(2, 3), N1: General(2, 3), Inv1: make([]float64, 2)}
	if err := Forward(c, General(2, 3), Weights{}, s); err == nil {
		t.Error("SqrtD: no error on a zero token")
	}
}

// Several heads against the formula per head with gonum's mat,
// S_{:,h} = A_h V_{:,h}, A_h = softmax(RowScale Q_{:,h} K_{:,h}ᵀ): 1e-13
// relative; with Uniform, the one-head result (1e-13: the per-head
// products are gonum's, the one-head ones lib/dense's).
func TestAttendHeads(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	const n, d, dk, H = 7, 8, 6, 2
	x := fillRand(rng, n, d)
	wq, wk, wv := fillRand(rng, d, dk), fillRand(rng, d, dk), fillRand(rng, d, d)
	bufs := func(heads int) AttnBuffers {
		b := AttnBuffers{Q: General(n, dk), K: General(n, dk), A: General(n, n), V: General(n, d), S: General(n, d)}
		for h := 0; h < heads; h++ {
			b.HeadA = append(b.HeadA, General(n, n))
		}
		return b
	}
	p := AttnParams{Kind: Softmax, QKScale: 1, LogitScale: 1, RowScale: 0.6, Skip: 1, Branch: 0.5, ValueFirst: true, Heads: H}
	b, out := bufs(H), General(n, d)
	Attend(b, out, x, x, wq, wk, wv, p)
	var q, k, v mat.Dense
	q.Mul(mat.NewDense(n, d, x.Data), mat.NewDense(d, dk, wq.Data))
	k.Mul(mat.NewDense(n, d, x.Data), mat.NewDense(d, dk, wk.Data))
	v.Mul(mat.NewDense(n, d, x.Data), mat.NewDense(d, d, wv.Data))
	want := mat.DenseCopyOf(mat.NewDense(n, d, x.Data))
	for h := 0; h < H; h++ {
		var a, s mat.Dense
		a.Mul(q.Slice(0, n, h*dk/H, (h+1)*dk/H), k.Slice(0, n, h*dk/H, (h+1)*dk/H).T())
		for i := 0; i < n; i++ {
			var z float64
			for j := 0; j < n; j++ {
				z += math.Exp(p.RowScale * a.At(i, j))
			}
			for j := 0; j < n; j++ {
				a.Set(i, j, math.Exp(p.RowScale*a.At(i, j))/z)
			}
		}
		s.Mul(&a, v.Slice(0, n, h*d/H, (h+1)*d/H))
		s.Scale(p.Branch, &s)
		dst := want.Slice(0, n, h*d/H, (h+1)*d/H).(*mat.Dense)
		dst.Add(dst, &s)
	}
	if e := maxRelDiff(out, want); e > 1e-13 {
		t.Errorf("heads differ from the formula by %g (relative)", e)
	}
	p.Kind = Uniform
	Attend(b, out, x, x, wq, wk, wv, p)
	p.Heads = 1
	one := General(n, d)
	Attend(bufs(0), one, x, x, wq, wk, wv, p)
	if e := maxRelDiff(out, mat.NewDense(n, d, one.Data)); e > 1e-13 {
		t.Errorf("uniform heads differ from one head by %g (relative)", e)
	}
}

// Stack chains Forward: two blocks give the bits of two Forward calls,
// and with finite a non-finite output is reported with its block.
func TestStack(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	const n, d = 5, 4
	s := Spec{Norm: PreLN, Eps: 1e-5, Attn: AttnParams{Kind: Softmax, QKScale: 1, LogitScale: 1, RowScale: 0.5, Skip: 1, Branch: 0.5},
		FF: FFParams{Kind: ReLU, Scale: 1, Skip: 1, Branch: 0.5, Separate: true}}
	cache := func() Cache {
		return Cache{X: General(n, d), N1: General(n, d), N2: General(n, d),
			Attn: AttnBuffers{Q: General(n, d), K: General(n, d), A: General(n, n), V: General(n, d), S: General(n, d)},
			Z:    General(n, d), FF: FFBuffers{H: []blas64.General{General(n, d)}, G: []blas64.General{General(n, d)}, Y: General(n, d)}}
	}
	var w []Weights
	for range 2 {
		w = append(w, Weights{Q: fillRand(rng, d, d), K: fillRand(rng, d, d), V: fillRand(rng, d, d),
			F: []blas64.General{fillRand(rng, d, d), fillRand(rng, d, d)}})
	}
	x0 := fillRand(rng, n, d)
	c := []Cache{cache(), cache()}
	copy(c[0].X.Data, x0.Data)
	out := General(n, d)
	if err := Stack(c, out, w, s, true); err != nil {
		t.Fatal(err)
	}
	one, mid, want := cache(), General(n, d), General(n, d)
	copy(one.X.Data, x0.Data)
	_ = Forward(&one, mid, w[0], s)
	copy(one.X.Data, mid.Data)
	_ = Forward(&one, want, w[1], s)
	for i := range want.Data {
		if math.Float64bits(want.Data[i]) != math.Float64bits(out.Data[i]) {
			t.Fatalf("Stack differs from two Forward calls at %d", i)
		}
	}
	s.Norm = NoNorm
	c[0].X.Data[3] = math.Inf(1)
	if err := Stack(c, out, w, s, false); err != nil {
		t.Errorf("finite = false: unexpected error %v", err)
	}
	if err := Stack(c, out, w, s, true); err == nil || err.Error() != "block 0 output is not finite" {
		t.Errorf("finite = true: error %v, want block 0 output is not finite", err)
	}
}
