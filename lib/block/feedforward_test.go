package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

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
