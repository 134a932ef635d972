package compose

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
)

// Without a mask softmaxGram on an equicorrelated K is eq. (10) of Cowsik
// et al. at logit variance σ_A²(q/d)² (AttnQP), and the block's GramMap is
// Map, for every norm placement (1e-12 relative): (C6) reduces to eq. (9).
func TestSoftmaxGramIsAttnQP(t *testing.T) {
	for _, sa := range []float64{0.5, 2, 6} {
		b := postLNBlocks(7, 32, 5)[1]
		b.Attn.Kind, b.Attn.SigmaA2, b.Attn.SigmaV2 = Softmax, sa, 1.3
		for _, qp := range [][2]float64{{32, 9.6}, {50, -5}, {20, 19.9}} {
			g := b.softmaxGram(EquicorrGram(b.N, qp[0], qp[1]))
			wq, wp := AttnQP(b.Attn, b.N, b.D, qp[0], qp[1])
			for i := 0; i < b.N; i++ {
				for j := 0; j < b.N; j++ {
					if w := map[bool]float64{true: wq, false: wp}[i == j]; relErr(g.At(i, j), w) > 1e-12 {
						t.Fatalf("σ_A² %v (q, p) %v (%d, %d): softmaxGram %v, AttnQP %v", sa, qp, i, j, g.At(i, j), w)
					}
				}
			}
		}
		for _, norm := range []NormPlace{NoNorm, Pre, Post} {
			b.Norm = norm
			g := b.GramMap(EquicorrGram(b.N, 30, 9))
			wq, wp := b.Map(30, 9)
			for i := 0; i < b.N; i++ {
				for j := 0; j < b.N; j++ {
					if w := map[bool]float64{true: wq, false: wp}[i == j]; relErr(g.At(i, j), w) > 1e-12 {
						t.Fatalf("σ_A² %v %v (%d, %d): GramMap %v, Map %v", sa, norm, i, j, g.At(i, j), w)
					}
				}
			}
		}
	}
}

// A random position-dependent K (the Gram matrix of n random tokens):
// as σ_A² → 0 the causal softmax map tends to the uniform causal one
// σ_V² A K Aᵀ (the exponents of (C6) are at most 2σ_A² max K²/d², about
// 1e-10 here at σ_A² = 1e-9: tolerance 1e-7 of √(K′_ii K′_jj)); the first token, which
// attends to itself alone, keeps K′₀₀ = σ_V² K₀₀ at any σ_A².
func TestCausalSoftmaxGramLimits(t *testing.T) {
	b := DefaultBlock()
	b.N, b.D, b.Norm, b.NoMLP = 6, 8, NoNorm, true
	b.Attn.Causal, b.Attn.SigmaV2 = true, 1.4
	x := mat.NewDense(b.N, b.D, nil)
	for i := 0; i < b.N; i++ {
		for j := 0; j < b.D; j++ {
			x.Set(i, j, math.Sin(float64(3*i+7*j+1))) // deterministic, full rank
		}
	}
	k := mat.NewSymDense(b.N, nil)
	k.SymOuterK(1, x)
	uni := b
	uni.Attn.SigmaA2, uni.ResA = 0, Residual{Skip: 0, Branch: 1} // GramMap is the branch alone
	want := uni.GramMap(k)
	b.Attn.SigmaA2 = 1e-9
	got := b.softmaxGram(k)
	for i := 0; i < b.N; i++ {
		for j := i; j < b.N; j++ {
			if math.Abs(got.At(i, j)-want.At(i, j)) > 1e-7*math.Sqrt(want.At(i, i)*want.At(j, j)) {
				t.Errorf("σ_A² = 1e-9 (%d, %d): %v, uniform causal %v", i, j, got.At(i, j), want.At(i, j))
			}
		}
	}
	for _, sa := range []float64{0.3, 3, 30} {
		b.Attn.SigmaA2 = sa
		if g := b.softmaxGram(k).At(0, 0); relErr(g, b.Attn.SigmaV2*k.At(0, 0)) > 1e-14 {
			t.Errorf("σ_A² %v: K′₀₀ = %v, want σ_V² K₀₀ = %v", sa, g, b.Attn.SigmaV2*k.At(0, 0))
		}
	}
}

// Two tokens under a causal mask at σ_A² = 1.5, d = 4, by hand from (C6)
// and (C7), c = σ_A²/d²:
//
//	K′₀₀ = σ_V² K₀₀
//	K′₀₁ = σ_V² Σ_l w_l K₀l / Σ_l w_l,          w_l = e^{c K₁₁ K_ll/2}       (row 0 deterministic)
//	K′₁₁ = σ_V² Σ_kl w_kl K_kl / Σ_kl w_kl,     w_kl = e^{c K₁₁ (K_kk/2 + K_ll/2 + K_kl)}
func TestCausalSoftmaxGramTwoTokens(t *testing.T) {
	b := DefaultBlock()
	b.N, b.D, b.Norm, b.NoMLP = 2, 4, NoNorm, true
	b.Attn.SigmaA2, b.Attn.Causal, b.Attn.SigmaV2 = 1.5, true, 1.3
	K := [2][2]float64{{5, 1.5}, {1.5, 3}}
	g := b.softmaxGram(mat.NewSymDense(2, []float64{5, 1.5, 1.5, 3}))
	c := 1.5 / 16
	w0, w1 := math.Exp(c*3*5/2), math.Exp(c*3*3/2)
	k01 := 1.3 * (w0*K[0][0] + w1*K[0][1]) / (w0 + w1)
	var num, den float64
	for k := 0; k < 2; k++ {
		for l := 0; l < 2; l++ {
			w := math.Exp(c * 3 * (K[k][k]/2 + K[l][l]/2 + K[k][l]))
			num, den = num+w*K[k][l], den+w
		}
	}
	want := [3]float64{1.3 * 5, k01, 1.3 * num / den}
	for i, got := range [3]float64{g.At(0, 0), g.At(0, 1), g.At(1, 1)} {
		if relErr(got, want[i]) > 1e-14 {
			t.Errorf("entry %d: softmaxGram %v, by hand %v", i, got, want[i])
		}
	}
}

// Shaped attention has no full-Gram map: GramCovers refuses it.
func TestGramCoversShaped(t *testing.T) {
	b := DefaultBlock()
	b.Attn.Kind = Shaped
	if err := b.GramCovers(); !errors.Is(err, ErrNoTheory) {
		t.Errorf("shaped attention: GramCovers %v, want ErrNoTheory", err)
	}
	b.Attn.Kind, b.Attn.Causal, b.Attn.SigmaA2 = Softmax, true, 2
	if err := b.GramCovers(); err != nil {
		t.Errorf("causal softmax at σ_A² = 2: %v", err)
	}
}

// FamilyWiseT: at 2 degrees of freedom (3 networks) Student's two-sided
// tail has the closed form P(|T| > t) = 1 − t/√(t² + 2), so the
// threshold for tail a = alpha/tests is t = √(2(1 − a)²/(1 − (1 − a)²))
// (1e-8 relative); with many networks it tends to the normal threshold
// √2 erfc⁻¹(alpha/tests), 4.6407 for 2880 comparisons at 1 % (1e-3 at
// 10⁶ networks, whose t differs by O(z³/dof) ≈ 1e-4).
func TestFamilyWiseT(t *testing.T) {
	for _, m := range []int{1, 24, 2880} {
		a := 0.01 / float64(m)
		want := math.Sqrt(2 * (1 - a) * (1 - a) / (1 - (1-a)*(1-a)))
		if got := FamilyWiseT(0.01, m, 3); relErr(got, want) > 1e-8 {
			t.Errorf("%d tests, 3 networks: %v, closed form %v", m, got, want)
		}
	}
	if got, want := FamilyWiseT(0.01, 2880, 1e6), math.Sqrt2*math.Erfcinv(0.01/2880); math.Abs(got-want) > 1e-3 || math.Abs(want-4.6407) > 1e-4 {
		t.Errorf("2880 tests, 10⁶ networks: %v, normal %v (want 4.6407)", got, want)
	}
}

// causalSoftmaxBlocks are the three decoder-style blocks of
// lib/sources/compose.md#check-6, causal softmax at σ_A² = 2: Cowsik et
// al.'s pre-RMS tanh block (α = 0.7, σ_w = 1, one hidden layer), a pre-LN
// GELU block (skips 1, branches 0.6, σ_w = σ_o = 1.2) and the post-LN GELU
// block (α = 0.5, σ_w = 1.2).
func causalSoftmaxBlocks(n, d, depth int) []Block {
	const sa = 2
	cow := Cowsik(n, d, depth, 0.7, 0.7, 1, sa, 1, activation.Tanh())
	pre := DefaultBlock()
	pre.N, pre.Depth = n, depth
	pre = pre.WithWidth(d)
	pre.FF.Act, pre.FF.SigmaW, pre.FF.SigmaOut = activation.GELU(), 1.2, 1.2
	pre.ResA.Branch, pre.ResM.Branch = 0.6, 0.6
	post := postLNBlocks(n, d, depth)[0]
	out := []Block{cow, pre, post}
	for i := range out {
		out[i].Attn.Kind, out[i].Attn.SigmaA2, out[i].Attn.Causal = Softmax, sa, true
	}
	return out
}

// GramWork's count of softmaxGram's terms under a mask is Σ_{i<=j}
// (i+1)(j+1), summed here by loops (n = 2..9, no feed-forward, depth 3).
func TestGramWorkCausalCount(t *testing.T) {
	for n := 2; n <= 9; n++ {
		b := DefaultBlock()
		b.N, b.Depth, b.NoMLP, b.Attn.Causal = n, 3, true, true
		terms := 0
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				terms += (i + 1) * (j + 1)
			}
		}
		fn := float64(n)
		if got, want := b.GramWork(64), 3*(2*fn*fn*fn+gramSoftmaxOps*float64(terms)); relErr(got, want) > 1e-14 {
			t.Errorf("n = %d: GramWork %v, by loops %v", n, got, want)
		}
	}
}

// A block without a norm started at q0 = 1e8 gives the tanh feed-forward
// a pre-activation variance past MaxQuadratureVariance: GramTrajectory
// stops with an error naming it instead of running φ's integrals for
// minutes.
func TestGramTrajectoryQuadratureBound(t *testing.T) {
	b := DefaultBlock()
	b.N, b.Norm, b.Attn.Causal = 4, NoNorm, true
	_, err := b.GramTrajectory(EquicorrGram(4, 1e8, 3e7))
	if err == nil || !strings.Contains(err.Error(), "MaxQuadratureVariance") {
		t.Errorf("q0 = 1e8 without a norm: %v, want an error naming MaxQuadratureVariance", err)
	}
}
