package tokennet

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/num/dual"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/activation"
)

// tfActs are the MLP φ run through TransformerConfig.Act in these tests:
// GELU, SELU (shipped) and a user's Mish, φ(h) = h tanh(ln(1 + eʰ)), with
// φ′ by dual numbers.
func tfActs(t *testing.T) []activation.Func {
	t.Helper()
	mish, err := activation.FromDual("mish", func(h dual.Number) dual.Number {
		return dual.Mul(h, dual.Tanh(dual.Log(dual.Add(dual.Number{Real: 1}, dual.Exp(h)))))
	}, activation.Props{})
	if err != nil {
		t.Fatal(err)
	}
	return []activation.Func{activation.GELU(), activation.SELU(), mish}
}

// With any φ the forward pass is eqs. (1)–(4) with that φ (against the
// naive transcription, 1e-12 relative as for tanh) and the reverse pass
// is its derivative (central differences, h = 1e-5, 1e-7 relative to
// max |g|, as TestTransformerBackwardFiniteDifference argues for tanh).
func TestTransformerAnyActivation(t *testing.T) {
	for _, f := range tfActs(t) {
		for ci, cfg := range tfSmallConfigs() {
			t.Run(fmt.Sprintf("%v/%d", f, ci), func(t *testing.T) {
				cfg.Act = &f
				rng := rand.New(rand.NewPCG(40, uint64(ci)))
				tr := NewTransformer(cfg, rng)
				x := mat.NewDense(cfg.N, cfg.D, nil)
				SymmetricTokens(x, 1.5, 0.3, rng)
				got, err := tr.Forward(x)
				if err != nil {
					t.Fatal(err)
				}
				want := tfNaiveForward(tr, x)
				var diff, scale float64
				for i := 0; i < cfg.N; i++ {
					for j := 0; j < cfg.D; j++ {
						diff = math.Max(diff, math.Abs(got.At(i, j)-want.At(i, j)))
						scale = math.Max(scale, math.Abs(want.At(i, j)))
					}
				}
				if diff > 1e-12*scale {
					t.Errorf("forward differs from naive by %g (scale %g)", diff, scale)
				}
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
				loss := func(xx *mat.Dense) float64 {
					y, err := tr.Forward(xx)
					if err != nil {
						t.Fatal(err)
					}
					return mat.Sum(tfMulElem(y, r))
				}
				const h = 1e-5
				var maxg, maxd float64
				xp := mat.DenseCopyOf(x)
				for i := 0; i < cfg.N; i++ {
					for j := 0; j < cfg.D; j++ {
						v := x.At(i, j)
						xp.Set(i, j, v+h)
						fp := loss(xp)
						xp.Set(i, j, v-h)
						fm := loss(xp)
						xp.Set(i, j, v)
						maxd = math.Max(maxd, math.Abs((fp-fm)/(2*h)-g.At(i, j)))
						maxg = math.Max(maxg, math.Abs(g.At(i, j)))
					}
				}
				if maxd > 1e-7*math.Max(1, maxg) {
					t.Errorf("backward vs finite differences: max diff %g (max |g| %g)", maxd, maxg)
				}
			})
		}
	}
}

// Act = tanh runs the Activation kind on math.Tanh; the default (Act nil)
// runs lib/dense's tanh. Same weights, same draws: the outputs and
// gradients agree to 1e-12 relative (the two tanh differ by a few ulp,
// lib/block TestActivationKindIsTanh bounds one block).
func TestTransformerActTanhIsDefault(t *testing.T) {
	for ci, cfg := range tfSmallConfigs() {
		tanh := activation.Tanh()
		withAct := cfg
		withAct.Act = &tanh
		a := NewTransformer(cfg, rand.New(rand.NewPCG(41, uint64(ci))))
		b := NewTransformer(withAct, rand.New(rand.NewPCG(41, uint64(ci))))
		rng := rand.New(rand.NewPCG(42, uint64(ci)))
		x := mat.NewDense(cfg.N, cfg.D, nil)
		SymmetricTokens(x, 1.5, 0.3, rng)
		r := mat.NewDense(cfg.N, cfg.D, nil)
		for i := 0; i < cfg.N; i++ {
			for j := 0; j < cfg.D; j++ {
				r.Set(i, j, rng.NormFloat64())
			}
		}
		var outs, grads [2]*mat.Dense
		for k, tr := range []*Transformer{a, b} {
			y, err := tr.Forward(x)
			if err != nil {
				t.Fatal(err)
			}
			outs[k] = mat.DenseCopyOf(y)
			grads[k] = mat.DenseCopyOf(tr.Backward(r))
		}
		for name, p := range map[string][2]*mat.Dense{"output": outs, "gradient": grads} {
			var diff mat.Dense
			diff.Sub(p[0], p[1])
			if e := mat.Norm(&diff, math.Inf(1)) / mat.Norm(p[0], math.Inf(1)); e > 1e-12 {
				t.Errorf("config %d: %s of Act = tanh differs from the default by %g relative", ci, name, e)
			}
		}
	}
}

// An Act without φ′ is a caller bug.
func TestTransformerActPanics(t *testing.T) {
	cfg := tfSmallConfigs()[0]
	f := activation.GELU()
	f.DPhi = nil
	cfg.Act = &f
	mustpanic.Check(t, "Act without DPhi", func() { NewTransformer(cfg, rand.New(rand.NewPCG(1, 1))) })
}
