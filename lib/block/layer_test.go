package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

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
