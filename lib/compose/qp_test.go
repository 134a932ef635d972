package compose

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/rankcollapse"
	"github.com/sigprop/sigprop/lib/sde"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"gonum.org/v1/gonum/mat"
)

func relErr(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / math.Max(math.Abs(a), math.Abs(b))
}

type cowsikCase struct {
	alphaA, alphaM, sigmaW, sigmaA2 float64
	layers                          int
	act                             activation.Func
}

var cowsikCases = []cowsikCase{
	{0.35, 0.35, 2, 1, 2, activation.Tanh()},
	{0.9, 0.5, 0.8, 4, 2, activation.Tanh()},
	{0.2, 0.95, 1.5, 0.5, 3, activation.GELU()},
	{0.7, 0.7, 1.2, 2, 1, activation.ReLU()},
	{0, 0.6, 1, 1, 2, activation.Tanh()},
	{0.6, 0, 1, 1, 0, activation.Tanh()},
}

// Cowsik's block through the composed parts is tokengeom.F: the same maps
// (eq. 10, eq. 25, the residual sums of eq. 11) in another order of
// arithmetic; the tolerance 1e-12 relative covers the rounding of
// (√(1−α²))² against 1 − α² and of d·(p/q)/d against p/q.
func TestMapIsCowsik(t *testing.T) {
	for _, c := range cowsikCases {
		b := Cowsik(256, 64, 16, c.alphaA, c.alphaM, c.sigmaW, c.sigmaA2, c.layers, c.act)
		m := tokengeom.Model{AlphaA: c.alphaA, AlphaM: c.alphaM, SigmaW: c.sigmaW, MLPLayers: c.layers,
			N: 256, D: 64, SigmaA2: c.sigmaA2, Act: c.act}
		for _, pt := range []Point{{64, 32}, {64, 0}, {10, 9.99}, {300, -1}, {64, 64}, {1e-3, 5e-4}} {
			q, p := b.Map(pt.Q, pt.P)
			wq, wp := tokengeom.F(m, pt.Q, pt.P)
			if relErr(q, wq) > 1e-12 || relErr(p, wp) > 1e-12 {
				t.Errorf("%+v at %v: Map = (%v, %v), tokengeom.F = (%v, %v)", c, pt, q, p, wq, wp)
			}
		}
		if q, p := b.Map(64, 64); relErr(b.diagQ(64, nil), q) > 1e-12 || relErr(q, p) > 1e-12 {
			t.Errorf("%+v: diagonal map %v, Map (%v, %v)", c, b.diagQ(64, nil), q, p)
		}
		qs, err := b.CollapsedQ(FixedSettings{})
		wqs, err2 := tokengeom.QStar(m)
		if err != nil || err2 != nil {
			if !(c.alphaA == 0 && c.alphaM == 0) {
				t.Errorf("%+v: CollapsedQ: %v, QStar: %v", c, err, err2)
			}
			continue
		}
		if relErr(qs, wqs) > 1e-12 {
			t.Errorf("%+v: CollapsedQ = %v, tokengeom.QStar = %v", c, qs, wqs)
		}
		// λ_a as the product of the parts' transverse factors against
		// tokengeom's closed form: the same factors, multiplied in another
		// order (1e-12 absolute on 1 + λ_a ~ 1).
		la, err := b.LambdaA(FixedSettings{})
		if err != nil {
			t.Fatal(err)
		}
		if w := tokengeom.LambdaA(m); math.Abs(la-w) > 1e-12 {
			t.Errorf("%+v: LambdaA = %v, tokengeom.LambdaA = %v", c, la, w)
		}
		lg, err := b.LambdaG()
		if err != nil {
			t.Fatal(err)
		}
		if w := tokengeom.LambdaG(m, 16, tokengeom.Corrected); lg != w {
			t.Errorf("%+v: LambdaG = %v, tokengeom = %v", c, lg, w)
		}
	}
}

// Noci et al. 2022's block (uniform attention, linear FF, skips 1) keeps
// equal token norms, and the correlation after ℓ blocks is RhoDepth with
// α₁² (Lemmas 3.2–3.3, App. A.4), with or without post-LN (LN rescales
// every token alike and (q, p) ↦ ρ is homogeneous), and under 1/√L
// (α₁² = α̃₁/L). Without LN, q itself is E‖X^ℓ‖²/n of Propagate (eq. 12).
// Tolerance 1e-12 absolute on ρ ∈ [−1/(n−1), 1] (relative to its range):
// the (q, p) representation carries 1 − ρ = 1 − p/q with cancellation near
// ρ = 1, where RhoDepth keeps it exactly, so a relative test of 1 − ρ
// would measure float64's spacing near 1, not the map.
func TestMapIsNoci2022(t *testing.T) {
	const n, d, L = 8, 32, 40
	for _, norm := range []NormPlace{NoNorm, Post} {
		for _, s := range []Scaling{Const, InvSqrtDepth} {
			for _, a := range [][2]float64{{0.5, 0.3}, {1.2, 0.7}, {0.1, 2}} {
				for _, rho0 := range []float64{0.3, -0.1, 0.9} {
					b := Noci2022(n, d, L, a[0], a[1], s, norm)
					tr, err := b.Trajectory(d, rho0*d)
					if err != nil {
						t.Fatal(err)
					}
					a1sq, _ := rankcollapse.ResidualAlpha2(a[0], L, rankcollapse.Scaling(s))
					a2sq, _ := rankcollapse.ResidualAlpha2(a[1], L, rankcollapse.Scaling(s))
					for l, pt := range tr {
						want, err := rankcollapse.RhoDepth(n, rho0, a1sq, l)
						if err != nil {
							t.Fatal(err)
						}
						if e := math.Abs(pt.Rho() - want); e > 1e-12 {
							t.Errorf("%v %v α=%v ρ⁰=%v layer %d: ρ = %v, RhoDepth = %v (err %.2g)", norm, s, a, rho0, l, pt.Rho(), want, e)
						}
						if norm != NoNorm {
							continue
						}
						fn := float64(n)
						c0 := fn * d * (1 + (fn-1)*rho0) // C(X) = Σ_kk' x_k·x_k'
						_, en, err := rankcollapse.Propagate(n, c0, fn*d, a1sq, a2sq, l)
						if err != nil {
							t.Fatal(err)
						}
						if e := relErr(pt.Q, en/fn); e > 1e-12 {
							t.Errorf("%v α=%v layer %d: q = %v, Propagate = %v", s, a, l, pt.Q, en/fn)
						}
					}
				}
			}
		}
	}
	if _, err := Noci2022(n, d, L, 0.5, 0.3, Const, NoNorm).CollapsedQ(FixedSettings{}); !errors.Is(err, ErrNoFixedPoint) {
		t.Errorf("no-norm Noci block: CollapsedQ error %v, want ErrNoFixedPoint (q grows)", err)
	}
	// LambdaG of the post-LN block: TestGradModesNoci2022PostLN.
}

func randomCov(m int, rng *rand.Rand) *mat.SymDense {
	a := mat.NewDense(m, m+2, nil)
	for i := range m {
		for j := range m + 2 {
			a.Set(i, j, rng.NormFloat64())
		}
	}
	v := mat.NewSymDense(m, nil)
	v.SymOuterK(1/float64(m+2), a)
	return v
}

// The shaped block's drift composed from its parts is the drift of Noci et
// al. 2023's covariance SDE (package sde: Thm 4.2 attention, Thm 3.2
// ResNet, Cor 4.3 Transformer), which sde computes in the matrix form
// γ²/τ₀²[‖C‖²V/m² + (duᵀ+udᵀ)/(2m)] and γ²ν(ρ)√(V V): an independent
// derivation of the same coefficient. Tolerance 1e-12 of the largest entry.
func TestShapedDriftIsSDE(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		m := 2 + trial%5
		V := randomCov(m, rng)
		gamma, tau0 := 0.2+0.6*rng.Float64(), 0.5+rng.Float64()
		cp, cm := rng.NormFloat64(), rng.NormFloat64()
		for _, k := range []sde.Kind{sde.Attention, sde.ResNet, sde.Transformer} {
			md := sde.Model{Kind: k, Gamma: gamma, Tau0: tau0, CPlus: cp, CMinus: cm}
			want := md.Drift(V)
			got := ShapedBlockDrift(V, gamma, tau0, cp, cm, k != sde.ResNet, k != sde.Attention)
			scale := 0.0
			for i := range m {
				for j := range m {
					scale = math.Max(scale, math.Abs(want.At(i, j)))
				}
			}
			for i := range m {
				for j := range m {
					if math.Abs(got.At(i, j)-want.At(i, j)) > 1e-12*scale {
						t.Fatalf("%v m=%d (%d,%d): composed %v, sde %v", k, m, i, j, got.At(i, j), want.At(i, j))
					}
				}
			}
		}
	}
}

// d(k_d(ρ) − ρ) of the exact two-slope kernel at slopes 1 + c±/√d tends to
// ShapedReLUDrift at rate d^{−1/2} (the next term of a² + b² = 1 +
// (c₊+c₋)/√d + ...): the error times √d stays below 2|c₊+c₋|·|drift| + 1e-6.
func TestShapedReLUDriftLimit(t *testing.T) {
	cp, cm := 0.0, -1.0
	for _, rho := range []float64{-0.5, 0, 0.4, 0.95} {
		V := sde.EquiCov(2, 1, rho)
		want := ShapedReLUDrift(V, cp, cm).At(0, 1)
		prev := math.Inf(1)
		for _, d := range []float64{1e2, 1e4, 1e6, 1e8} {
			sq := math.Sqrt(d)
			got := d * (TwoSlopeKernel(rho, 1+cp/sq, 1+cm/sq) - rho)
			e := math.Abs(got - want)
			if e*sq > 2*math.Abs(cp+cm)*math.Abs(want)+1e-6 {
				t.Errorf("ρ=%v d=%g: d(k−ρ) = %v, drift %v: error %.3g not O(d^-1/2)", rho, d, got, want, e)
			}
			if e > prev {
				t.Errorf("ρ=%v d=%g: error %v grew from %v", rho, d, e, prev)
			}
			prev = e
		}
	}
}

// The shaped attention's (q, p) map is the Gram-matrix drift on an
// equicorrelated V (per-unit-width V = XXᵀ/d): V + ShapedAttnDrift(V)/d.
func TestShapedAttnQPIsGram(t *testing.T) {
	const n, d = 6, 50
	a := Attention{Kind: Shaped, Tau0: 0.7, SigmaV2: 1}
	for _, pt := range []Point{{50, 20}, {80, -10}, {30, 29}} {
		q, p := AttnQP(a, n, d, pt.Q, pt.P)
		V := sde.EquiCov(n, pt.Q/d, pt.Rho())
		dr := ShapedAttnDrift(V, a.Tau0)
		wq := d * (V.At(0, 0) + dr.At(0, 0)/d)
		wp := d * (V.At(0, 1) + dr.At(0, 1)/d)
		if relErr(q, wq) > 1e-12 || relErr(p, wp) > 1e-12 {
			t.Errorf("%v: AttnQP shaped (%v, %v), Gram (%v, %v)", pt, q, p, wq, wp)
		}
	}
}

func TestValidateNamesField(t *testing.T) {
	good := Cowsik(16, 32, 4, 0.5, 0.5, 1, 1, 2, activation.Tanh())
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		field string
		edit  func(b *Block)
	}{
		{"n", func(b *Block) { b.N = 1 }},
		{"d", func(b *Block) { b.D = 0 }},
		{"depth", func(b *Block) { b.Depth = 0 }},
		{"norm_kind", func(b *Block) { b.Norm, b.NormKind = Post, RMS }},
		{"sigma_a2", func(b *Block) { b.Attn.SigmaA2 = math.NaN() }},
		{"tau0", func(b *Block) { b.Attn.Tau0 = 0 }},
		{"causal", func(b *Block) { b.Attn.Kind, b.Attn.Causal = Uniform, true }},
		{"heads", func(b *Block) { b.Attn.Heads = 5 }},
		{"sigma_v2", func(b *Block) { b.Attn.SigmaV2 = -1 }},
		{"phi", func(b *Block) { b.FF.Act = activation.Func{} }},
		{"mlp_layers", func(b *Block) { b.FF.Layers = -1 }},
		{"hidden", func(b *Block) { b.FF.Hidden = 0 }},
		{"sigma_w", func(b *Block) { b.FF.SigmaW = math.Inf(1) }},
		{"sigma_out", func(b *Block) { b.FF.SigmaOut = 0 }},
		{"skip_attn", func(b *Block) { b.ResA.Skip = -1 }},
		{"branch_mlp", func(b *Block) { b.ResM.Branch = math.NaN() }},
		{"scaling_mlp", func(b *Block) { b.ResM.Scaling = 7 }},
	}
	for _, c := range cases {
		b := good
		c.edit(&b)
		err := b.Validate()
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.field+" = ") {
			t.Errorf("%s: Validate = %v, want an ErrParam naming %s", c.field, err, c.field)
		}
	}
	causal := good
	causal.Attn.Causal = true
	if err := causal.TheoryCovers(); !errors.Is(err, ErrNoTheory) {
		t.Errorf("causal block: TheoryCovers = %v, want ErrNoTheory", err)
	}
}

// LambdaA's product of transverse factors against a finite-difference
// Jacobian of the composed Map (second-order differences, relative step
// 1e-5: truncation ~1e-10, rounding ~1e-11), for compositions no source
// analysed, with smooth φ (a kinked φ's kernel has a (1−ρ)^{3/2} term the
// quotient resolves only like √h). Tolerance 1e-7.
func TestLambdaAFiniteDifference(t *testing.T) {
	for _, norm := range []NormPlace{Pre, Post} {
		for _, kind := range []AttnKind{Softmax, Uniform, Shaped} {
			for _, act := range []activation.Func{activation.Tanh(), activation.GELU(), activation.Erf()} {
				b := Block{N: 16, D: 32, Depth: 8, Norm: norm, NormKind: LN,
					Attn: Attention{Kind: kind, SigmaA2: 2, Tau0: 0.5, Heads: 1, SigmaV2: 1.3},
					FF:   FeedForward{Act: act, Layers: 2, Hidden: 32, SigmaW: 1.4, SigmaOut: 0.9},
					ResA: Residual{Skip: 0.7, Branch: 0.7}, ResM: Residual{Skip: 0.8, Branch: 0.5}}
				la, err := b.LambdaA(FixedSettings{})
				if err != nil {
					t.Fatal(err)
				}
				qs, _ := b.CollapsedQ(FixedSettings{})
				if fd := b.lambdaAFD(qs); math.Abs(la-fd) > 1e-7 {
					t.Errorf("%v %v %s: LambdaA = %v, finite difference %v", norm, kind, act.Name, la, fd)
				}
			}
		}
	}
}
