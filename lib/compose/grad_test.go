package compose

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/tokengeom"
)

// GradModes on Cowsik's block family against tokengeom's coefficients of
// App. C (eqs. 17–20, corrected): λ₂ = x + yd, λ₃ = x + yd + zdn², and
// λ_g^(L) = tokengeom.LambdaG; the same products in another order of
// arithmetic, 1e-12 relative.
func TestGradModesIsCowsik(t *testing.T) {
	for _, c := range cowsikCases {
		if c.alphaA == 0 && c.alphaM == 0 {
			continue
		}
		b := Cowsik(256, 64, 16, c.alphaA, c.alphaM, c.sigmaW, c.sigmaA2, c.layers, c.act)
		m := tokengeom.Model{AlphaA: c.alphaA, AlphaM: c.alphaM, SigmaW: c.sigmaW, MLPLayers: c.layers,
			N: 256, D: 64, SigmaA2: c.sigmaA2, Act: c.act}
		g, err := b.GradModes(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		w := tokengeom.Grad(m, tokengeom.Corrected)
		if relErr(g.Diff, w.Lambda2()) > 1e-12 || relErr(g.Mean, w.Lambda3()) > 1e-12 {
			t.Errorf("%+v: modes %+v, tokengeom λ₂ = %v, λ₃ = %v", c, g, w.Lambda2(), w.Lambda3())
		}
		if lg, wl := g.LambdaG(256, 16), tokengeom.LambdaG(m, 16, tokengeom.Corrected); math.Abs(lg-wl) > 1e-12 {
			t.Errorf("%+v: λ_g %v, tokengeom %v", c, lg, wl)
		}
	}
}

// Noci et al. 2022's uniform-attention, linear block with post-LN and
// skips 1, by hand: attention passes only the token mean (A = 𝟏𝟏ᵀ/n), so
// its sub-block multiplies the difference mode by 1/(1 + α₁²) (the norm
// after the sum of squared norm d(1 + α₁²)) and the mean mode by
// (1 + α₁²)/(1 + α₁²) = 1; the linear feed-forward (χ = 1, q_f = d)
// multiplies both by (1 + α₂²)/(1 + α₂²) = 1. And λ₂ = 1 + λ_a.
func TestGradModesNoci2022PostLN(t *testing.T) {
	for _, a := range [][2]float64{{0.5, 0.3}, {1.2, 0.7}, {0.1, 2}} {
		b := Noci2022(8, 32, 10, a[0], a[1], Const, Post)
		g, err := b.GradModes(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		if want := 1 / (1 + a[0]*a[0]); relErr(g.Diff, want) > 1e-14 || relErr(g.Mean, 1) > 1e-14 {
			t.Errorf("α = %v: modes %+v, want (%v, 1)", a, g, want)
		}
		la, _ := b.LambdaA(FixedSettings{})
		if math.Abs(1+la-g.Diff) > 1e-14 {
			t.Errorf("α = %v: λ₂ = %v, 1 + λ_a = %v", a, g.Diff, 1+la)
		}
		lg, err := b.LambdaG()
		if err != nil || math.Abs(lg-g.LambdaG(8, 10)) > 1e-15 {
			t.Errorf("α = %v: LambdaG %v (%v), modes give %v", a, lg, err, g.LambdaG(8, 10))
		}
	}
	if _, err := Noci2022(8, 32, 10, 0.5, 0.3, Const, NoNorm).LambdaG(); !errors.Is(err, ErrNoGradientTheory) || !errors.Is(err, ErrNoFixedPoint) {
		t.Errorf("no-norm Noci block (q grows): %v, want ErrNoGradientTheory wrapping ErrNoFixedPoint", err)
	}
}

// postLNBlocks are the three post-LN blocks whose gradient theory the
// simulation checks: the GELU block (α_A = α_M = 0.5,
// σ_w = σ_o = 1.2), a tanh and a ReLU block, softmax σ_A² = 1, one-layer
// feed-forward, skips √(1−α²).
func postLNBlocks(n, d, depth int) []Block {
	mk := func(act activation.Func, alpha, sw float64) Block {
		b := DefaultBlock()
		b.N, b.D, b.Depth, b.FF.Hidden = n, d, depth, d
		b.Norm, b.NormKind = Post, LN
		if err := SetNumeric(&b, "alpha", alpha); err != nil {
			panic(err)
		}
		b.FF.Act, b.FF.SigmaW, b.FF.SigmaOut = act, sw, sw
		return b
	}
	return []Block{mk(activation.GELU(), 0.5, 1.2), mk(activation.Tanh(), 0.7, 1.5), mk(activation.ReLU(), 0.6, 1.4)}
}

// extrapolate fits r(d) = a + c/d by weighted least squares (weights
// 1/SE²) and returns a, its SE and the fit's χ² (len(ds) − 2 dof).
func extrapolate(ds []int, r, se []float64) (a, aSE, chi2 float64) {
	var S, Sx, Sy, Sxx, Sxy float64
	for i, d := range ds {
		w, x := 1/(se[i]*se[i]), 1/float64(d)
		S, Sx, Sy, Sxx, Sxy = S+w, Sx+w*x, Sy+w*r[i], Sxx+w*x*x, Sxy+w*x*r[i]
	}
	den := S*Sxx - Sx*Sx
	c := (S*Sxy - Sx*Sy) / den
	a = (Sy - c*Sx) / S
	aSE = math.Sqrt(Sxx / den)
	for i, d := range ds {
		e := (r[i] - a - c/float64(d)) / se[i]
		chi2 += e * e
	}
	return a, aSE, chi2
}

// The gradient modes of a post-LN block against the simulator's reverse
// pass through LN's Jacobian: one block (L = 1) at the collapsed point
// (ρ⁰ = 1), n = 4 tokens, the output gradient in one mode (GradMean,
// GradDiff), 2000 networks per width (the sample unit; the SE is over
// them). At finite d the simulated gain carries O(1/d) terms that the
// d → ∞ theory leaves out (the norm's projection and the fluctuation of
// 1/|u|²: measured residual·d ≈ 1.7 at d = 64…256 for the GELU block, iid
// R), so the check extrapolates: the residual r(d) = sim − theory at
// d = 32, 64, 128 is fitted as a + c/d and the intercept must be 0 within
// 3.5 SE (|a|/SE ≤ 3.5: family-wise ≈ 1 % over the 6 block × mode fits).
// The check can fail: each of wrongTheories whose d → ∞ value differs
// from the theory's by more than 6 SE of the intercept must fail it, and
// every block × mode has one that does.
func TestGradModesPostLNSimulation(t *testing.T) {
	const n, nets, zMax = 4, 2000, 3.5
	widths := []int{32, 64, 128}
	for bi := range postLNBlocks(n, 64, 1) {
		for _, init := range []GradInit{GradMean, GradDiff} {
			r, se := make([]float64, len(widths)), make([]float64, len(widths))
			wrong := make([][]float64, len(wrongTheories))
			var gap []float64 // wrong − right at the last width
			label := ""
			for k, d := range widths {
				b := postLNBlocks(n, d, 1)[bi]
				label = fmt.Sprintf("%s %s mode", b.FF.Act.Name, []string{"", "mean", "difference"}[init])
				c, err := CompareGrad(b, SimSettings{Nets: nets, Seed: uint64(100 + 10*bi + int(init)), Rho0: 1, GradInit: init, Workers: 2}) // Workers: both cores; the results do not depend on it
				if err != nil {
					t.Fatal(err)
				}
				r[k], se[k] = c.Run.Grad.Mean[0]-c.Theory[0], c.Run.Grad.SE[0]
				gap = gap[:0]
				for w, wt := range wrongTheories {
					wv := wt.modes(b).ModeNorm(init, n, 1, 0)
					wrong[w] = append(wrong[w], c.Run.Grad.Mean[0]-wv)
					gap = append(gap, wv-c.Theory[0])
				}
			}
			a, aSE, chi2 := extrapolate(widths, r, se)
			t.Logf("%s: residual %v ± %v; d → ∞: %.4f ± %.4f (χ² %.2f, 1 dof)", label, r, se, a, aSE, chi2)
			if math.Abs(a)/aSE > zMax {
				t.Errorf("%s: extrapolated residual %.4f ± %.4f, |z| = %.1f > %v", label, a, aSE, math.Abs(a)/aSE, zMax)
			}
			detected := false
			for w, wt := range wrongTheories {
				wa, wSE, _ := extrapolate(widths, wrong[w], se)
				fails := math.Abs(wa)/wSE > zMax
				detected = detected || fails
				if math.Abs(gap[w]) > 6*aSE && !fails {
					t.Errorf("%s: the theory with %s (%.4f from the right one) passes too (%.4f ± %.4f): the check has no power", label, wt.name, gap[w], wa, wSE)
				}
			}
			if !detected {
				t.Errorf("%s: no wrong theory fails the check", label)
			}
		}
	}
}

// wrongTheories are two mistakes the simulation check must detect: the
// post-norm's Jacobian left out (the gains of the same block without a
// norm at q = d), and attention's modes swapped (the mean killed and the
// difference passed, as if A = I − 𝟏𝟏ᵀ/n).
var wrongTheories = []struct {
	name  string
	modes func(b Block) GradModes
}{
	{"no norm Jacobian", func(b Block) GradModes {
		_, chi := b.ffDiag(float64(b.D), nil)
		sa, ba := b.ResA.weights(b.Depth)
		sm, bm := b.ResM.weights(b.Depth)
		return GradModes{Diff: sa * sa * (sm*sm + bm*bm*chi), Mean: (sa*sa + ba*ba*b.Attn.SigmaV2) * (sm*sm + bm*bm*chi)}
	}},
	{"attention modes swapped", func(b Block) GradModes {
		m, err := b.GradModes(FixedSettings{})
		if err != nil {
			panic(err)
		}
		sa, ba := b.ResA.weights(b.Depth)
		sv := b.Attn.SigmaV2
		right := GradModes{Diff: sa * sa / (sa*sa + ba*ba*sv), Mean: 1}
		wrong := GradModes{Diff: 1, Mean: sa * sa / (sa*sa + ba*ba*sv)}
		return GradModes{Diff: m.Diff / right.Diff * wrong.Diff, Mean: m.Mean / right.Mean * wrong.Mean}
	}},
}
