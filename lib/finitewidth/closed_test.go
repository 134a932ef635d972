package finitewidth

import (
	"math"
	"testing"
)

// TestScaleInvariantRecursion: for degree-1 homogeneous φ at σ_b = 0 the
// recursions give V^ℓ = c(ℓ − 1)(K^ℓ)² and G1 = 0 exactly (closed form of
// lib/sources/finitewidth.md#scale-invariant; 1e-10 relative, the
// quadrature's accuracy accumulated over 40 layers), critical or not,
// and c is 5 for ReLU, 2 for linear, 6(1 + a⁴)/(1 + a²)² − 1 for leaky
// ReLU (1e-12).
func TestScaleInvariantRecursion(t *testing.T) {
	for _, c := range []struct {
		name    string
		p       []float64
		sw2     float64
		wantC   float64
		comment string
	}{
		{"relu", nil, 2, 5, "critical"},
		{"relu", nil, 1.7, 5, "ordered"},
		{"linear", nil, 1, 2, "critical"},
		{"leaky_relu", []float64{0.2}, 2 / 1.04, 6*(1+0.0016)/(1.04*1.04) - 1, "critical"},
	} {
		phi := mustAct(t, c.name, c.p...)
		cc, err := ScaleInvariantC(phi)
		if err != nil || math.Abs(cc-c.wantC) > 1e-12 {
			t.Fatalf("%s: c = %v (%v), want %v", c.name, cc, err, c.wantC)
		}
		ls, err := Settings{Phi: phi, SigmaW2: c.sw2, Q0: 0.8, Depth: 40}.Layers()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			want := cc * float64(l.L-1) * l.K * l.K
			if math.Abs(l.V-want) > 1e-10*math.Max(want, l.K*l.K) || math.Abs(l.G1) > 1e-10*l.K {
				t.Errorf("%s %s ℓ = %d: V = %.12g, want %.12g; G1 = %g, want 0", c.name, c.comment, l.L, l.V, want, l.G1)
			}
		}
	}
	if _, err := ScaleInvariantC(mustAct(t, "tanh")); err == nil {
		t.Error("ScaleInvariantC(tanh) did not fail")
	}
}

// TestScaleInvariantExactExpansion: the exact finite-width variance
// (1 + 2/n)(1 + c/n)^{ℓ−1} − 1 has the recursion's (2 + c(ℓ−1))/n as its
// 1/n term: n·exact → 2 + c(ℓ − 1) with a remainder c(ℓ−1)(4 + c(ℓ−2))/(2n)
// + O(L³/n²) (expansion by hand, L = 2 + c(ℓ−1)), checked at n = 1e6
// (1e-6 relative: the next term is L³/(6n²) ≈ 2e-7 relative at ℓ = 50). And the
// breakdown it states: for ReLU at ℓ/n = 0.1, 0.2, 0.5 the O(1/n) form
// is below the exact variance by the factors 1.26, 1.66, 4.18 (the numbers
// in lib/sources/finitewidth.md#breakdown; 1e-3).
func TestScaleInvariantExactExpansion(t *testing.T) {
	for _, c := range []float64{2, 5} {
		for _, l := range []int{1, 2, 10, 50} {
			n := 1000000
			got := float64(n) * ScaleInvariantVar(c, n, l)
			lead := 2 + c*float64(l-1)
			rem := c * float64(l-1) * (4 + c*float64(l-2)) / (2 * float64(n))
			if math.Abs(got-lead-rem) > 1e-6*lead {
				t.Errorf("c = %v ℓ = %d: n·Var = %.12g, want %.12g + %.3g", c, l, got, lead, rem)
			}
		}
	}
	for _, r := range []struct {
		l, n int
		want float64
	}{{13, 128, 1.256}, {26, 128, 1.660}, {64, 128, 4.181}} {
		exact := ScaleInvariantVar(5, r.n, r.l)
		lo := (2 + 5*float64(r.l-1)) / float64(r.n)
		if math.Abs(exact/lo-r.want) > 0.001*r.want {
			t.Errorf("ReLU ℓ/n = %d/%d: exact/O(1/n) = %.3f, want %.2f", r.l, r.n, exact/lo, r.want)
		}
	}
}

// TestKStarZeroAsymptotics: tanh and erf at σ_w² = 1, σ_b = 0 (the K* = 0
// class, a₁ = −2 and −π/2): the recursions reach the universal forms
// K^ℓ ≈ 1/(−a₁ℓ), V/K² ≈ 2ℓ/3, G1 ≈ 1/(3a₁) of
// lib/sources/finitewidth.md#k-star-zero. The corrections are
// O(log ℓ/ℓ); the test asks that the relative gap at ℓ = 3000 be below
// 2% and smaller than at ℓ = 300 by at least a factor 5 (log ℓ/ℓ
// shrinks by 7.4 between them).
func TestKStarZeroAsymptotics(t *testing.T) {
	for _, c := range []struct {
		name string
		a1   float64
	}{{"tanh", -2}, {"erf", -math.Pi / 2}} {
		ls, err := Settings{Phi: mustAct(t, c.name), SigmaW2: 1, Q0: 1, Depth: 3000}.Layers()
		if err != nil {
			t.Fatal(err)
		}
		gap := func(l Layer) [3]float64 {
			fl := float64(l.L)
			return [3]float64{
				math.Abs(l.K*(-c.a1)*fl - 1),
				math.Abs(l.V/(l.K*l.K)/(2*fl/3) - 1),
				math.Abs(l.G1*3*c.a1 - 1),
			}
		}
		g300, g3000 := gap(ls[299]), gap(ls[2999])
		for i, what := range []string{"K·(−a₁)ℓ", "V/(K²·2ℓ/3)", "G1·3a₁"} {
			if g3000[i] > 0.02 || g3000[i] > g300[i]/5 {
				t.Errorf("%s: %s − 1 = %.3g at ℓ = 3000, %.3g at ℓ = 300", c.name, what, g3000[i], g300[i])
			}
		}
		t.Logf("%s: relative gaps at ℓ = 300 %.3g, at ℓ = 3000 %.3g", c.name, g300, g3000)
	}
}
