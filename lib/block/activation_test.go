package block

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
)

// Tests of the Activation kind of FeedForward: any activation.Func.

// userPhi is a φ no package ships, φ(h) = tanh(h) + 0.3 sin(2h) − 0.1 h,
// with φ′ by dual numbers (activation.FromDual).
func userPhi(t *testing.T) activation.Func {
	t.Helper()
	f, err := activation.FromDual("user", func(h dual.Number) dual.Number {
		s := dual.Sin(dual.Scale(2, h))
		return dual.Add(dual.Add(dual.Tanh(h), dual.Scale(0.3, s)), dual.Scale(-0.1, h))
	}, activation.Props{Odd: true})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// actFuncs are the φ the Activation kind is tested with: smooth and
// non-odd (gelu), piecewise linear with a kink (leaky_relu, slope 0.2),
// exponential (selu) and a user's FromDual φ.
func actFuncs(t *testing.T) []activation.Func {
	return []activation.Func{activation.GELU(), activation.LeakyReLU(0.2), activation.SELU(), userPhi(t)}
}

// FeedForward with the Activation kind against a transcription with
// gonum's mat of out = Skip·x + Branch·φ(⋯φ(s u op(W⁰))⋯) op(W^ℓ), φ from
// the Func, for ℓ = 0, 1, 2, both orientations and residual forms and
// out = x = u: 1e-12 relative to the largest entry (summation order and
// fused multiply-adds are the only differences).
func TestActivationKindForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	const n, d = 7, 6
	for _, f := range actFuncs(t) {
		for ell := 0; ell <= 2; ell++ {
			for _, c := range []struct{ trans, sep, self bool }{{false, false, false}, {true, false, false}, {false, true, false}, {true, true, true}} {
				if c.self && ell == 0 {
					continue
				}
				t.Run(fmt.Sprintf("%v/ell=%d/%+v", f, ell, c), func(t *testing.T) {
					p := FFParams{Kind: Activation, Act: f, Trans: c.trans, Scale: 0.7, Skip: 0.8, Branch: 0.6, Separate: c.sep}
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
						next.Apply(func(_, _ int, v float64) float64 { return f.Phi(p.Scale * v) }, &next)
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

// FeedForwardBack with the Activation kind against central finite
// differences of ⟨R, out⟩ in every entry of u and of each W^k (step 1e-6,
// agreement to 1e-7 relative to the largest gradient, as for the other
// kinds in TestFeedForwardBack; Gaussian inputs do not hit leaky_relu's
// kink), for ℓ = 0, 1, 2, both orientations and residual forms.
func TestActivationKindBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	const n, d = 5, 4
	for _, f := range actFuncs(t) {
		for ell := 0; ell <= 2; ell++ {
			for _, c := range []struct{ trans, sep bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
				t.Run(fmt.Sprintf("%v/ell=%d/%+v", f, ell, c), func(t *testing.T) {
					p := FFParams{Kind: Activation, Act: f, Trans: c.trans, Scale: 0.9, Skip: 0.7, Branch: 0.6, Separate: c.sep}
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

// absMul returns |a|·|b| (entrywise absolute values), a n×d by b d×d, with
// b transposed when trans.
func absMul(a *mat.Dense, b blas64.General, trans bool) *mat.Dense {
	var wb mat.Matrix = mat.NewDense(b.Rows, b.Cols, b.Data)
	if trans {
		wb = wb.T()
	}
	var aa, ab, out mat.Dense
	aa.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, a)
	ab.Apply(func(_, _ int, v float64) float64 { return math.Abs(v) }, wb)
	out.Mul(&aa, &ab)
	return &out
}

// The Activation kind with φ = tanh (activation.Tanh: math.Tanh, φ′ =
// 1 − tanh²) against the Tanh kind (lib/dense's tanh, φ′ = 1 − g²). The
// forward outputs differ by no more than the bound carried entrywise
// through the block, with u the unit roundoff 2⁻⁵³ and γ_m = m u/(1 − m u):
//
//	e(H_k) = |s| e(h_k)|W^k| + 2γ_{d+1}|s| |h_k||W^k|   (each product's rounding, on both sides)
//	e(h_{k+1}) = e(H_k) + 16u |h_{k+1}|                 (tanh is 1-Lipschitz; lib/dense's tanh is within
//	                                                    4ε = 8u of math.Tanh (lib/dense TestTanh),
//	                                                    math.Tanh within 2 ulp of tanh, on each side)
//	e(out) = |Branch| e(h_ℓ)|W^ℓ| + 2γ_{d+2}(|Branch||h_ℓ||W^ℓ| + |Skip||x|)
//
// (with Separate the last term gains one more rounding, γ_{d+3}). The
// reverse passes, φ′ from math.Tanh at H against 1 − g² from lib/dense's
// g, agree to 1e-12 relative to the largest entry of ∂/∂u and ∂/∂W^k, as
// the Tanh kind does with its math.Tanh transcription (TestFeedForward).
func TestActivationKindIsTanh(t *testing.T) {
	rng := rand.New(rand.NewPCG(75, 76))
	const n, d = 9, 8
	const u = 0x1p-53
	gamma := func(m int) float64 { return float64(m) * u / (1 - float64(m)*u) }
	worstRatio := 0.0
	for ell := 0; ell <= 3; ell++ {
		for _, c := range []struct{ trans, sep bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			pt := FFParams{Kind: Tanh, Trans: c.trans, Scale: 0.8, Skip: 0.7, Branch: 0.9, Separate: c.sep}
			pa := pt
			pa.Kind, pa.Act = Activation, activation.Tanh()
			x, in, r := fillRand(rng, n, d), fillRand(rng, n, d), fillRand(rng, n, d)
			w := make([]blas64.General, ell+1)
			for k := range w {
				w[k] = fillRand(rng, d, d)
				for i := range w[k].Data {
					w[k].Data[i] *= 1.5 // a saturating MLP, σ_w = 1.5
				}
			}
			run := func(p FFParams) (out blas64.General, b FFBuffers, gu blas64.General, gw []blas64.General) {
				b = FFBuffers{Y: General(n, d)}
				var dd []blas64.General
				for k := 0; k < ell; k++ {
					b.H, b.G, dd = append(b.H, General(n, d)), append(b.G, General(n, d)), append(dd, General(n, d))
				}
				for range w {
					gw = append(gw, General(d, d))
				}
				out = General(n, d)
				FeedForward(b, out, x, in, w, p)
				gu = General(n, d)
				FeedForwardBack(gu, r, b, in, w, p, dd, gw)
				return out, b, gu, gw
			}
			ot, bt, gut, gwt := run(pt)
			oa, _, gua, gwa := run(pa)
			// The bound, carried from the input (identical on both sides).
			e := mat.NewDense(n, d, nil)
			h := mat.DenseCopyOf(mat.NewDense(n, d, in.Data))
			for k := 0; k < ell; k++ {
				rounding := absMul(h, w[k], c.trans)
				rounding.Scale(2*gamma(d+1), rounding)
				var eh mat.Dense
				eh.Add(absMul(e, w[k], c.trans), rounding)
				eh.Scale(pt.Scale, &eh)
				hk := mat.NewDense(n, d, bt.G[k].Data)
				eh.Apply(func(i, j int, v float64) float64 { return v + 16*u*math.Abs(hk.At(i, j)) }, &eh)
				e, h = &eh, hk
			}
			g := gamma(d + 2)
			if c.sep {
				g = gamma(d + 3)
			}
			var bound mat.Dense
			bound.Scale(pt.Branch, absMul(e, w[ell], c.trans))
			last := absMul(h, w[ell], c.trans)
			bound.Apply(func(i, j int, v float64) float64 {
				return v + 2*g*(pt.Branch*last.At(i, j)+pt.Skip*math.Abs(x.Data[i*d+j]))
			}, &bound)
			for i := range ot.Data {
				diff, b := math.Abs(ot.Data[i]-oa.Data[i]), bound.At(i/d, i%d)
				if diff > b {
					t.Errorf("ell=%d %+v: entry %d: |Tanh − Activation(tanh)| = %g > bound %g", ell, c, i, diff, b)
				}
				if b > 0 {
					worstRatio = math.Max(worstRatio, diff/b)
				}
			}
			if e := maxRelDiff(gua, mat.NewDense(n, d, gut.Data)); e > 1e-12 {
				t.Errorf("ell=%d %+v: ∂/∂u differs by %g relative", ell, c, e)
			}
			for k := range w {
				if e := maxRelDiff(gwa[k], mat.NewDense(d, d, gwt[k].Data)); e > 1e-12 {
					t.Errorf("ell=%d %+v: ∂/∂W%d differs by %g relative", ell, c, k, e)
				}
			}
		}
	}
	t.Logf("largest |Tanh − Activation(tanh)| over its bound: %.3g", worstRatio)
}

// The Activation kind needs φ (forward) and φ′ (reverse), and its reverse
// pass needs the pre-activation kept apart from φ(H).
func TestActivationKindPanics(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 78))
	const n, d = 3, 2
	x, r := fillRand(rng, n, d), fillRand(rng, n, d)
	w := []blas64.General{fillRand(rng, d, d), fillRand(rng, d, d)}
	h := General(n, d)
	shared := FFBuffers{H: []blas64.General{h}, G: []blas64.General{h}}
	apart := FFBuffers{H: []blas64.General{General(n, d)}, G: []blas64.General{General(n, d)}}
	dd := []blas64.General{General(n, d)}
	p := FFParams{Kind: Activation, Act: activation.GELU(), Scale: 1, Skip: 1, Branch: 1}
	FeedForward(shared, General(n, d), x, x, w, p) // in place is fine forward
	mustpanic.Check(t, "shared H and G in reverse", func() { FeedForwardBack(General(n, d), r, shared, x, w, p, dd, nil) })
	FeedForward(apart, General(n, d), x, x, w, p)
	FeedForwardBack(General(n, d), r, apart, x, w, p, dd, nil)
	noPhi, noD := p, p
	noPhi.Act.Phi, noD.Act.DPhi = nil, nil
	mustpanic.Check(t, "nil Phi", func() { FeedForward(apart, General(n, d), x, x, w, noPhi) })
	mustpanic.Check(t, "nil DPhi", func() { FeedForwardBack(General(n, d), r, apart, x, w, noD, dd, nil) })
}
