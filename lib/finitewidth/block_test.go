package finitewidth

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/compose"
)

// TestColumnNoiseLinear: the quadrature of columnNoise for φ = id against
// the closed form (Gaussian quadratic forms, 2 tr(MΣNΣ)), 1e-9 relative,
// at generic, independent and collapsed columns.
func TestColumnNoiseLinear(t *testing.T) {
	for _, vc := range [][2]float64{{1.3, 0.5}, {2, 0}, {0.7, 0.7}} {
		for _, n := range []int{2, 5, 16} {
			got, err := columnNoise(activation.Linear(), n, vc[0], vc[1])
			if err != nil {
				t.Fatal(err)
			}
			want := linearColumnNoise(n, vc[0], vc[1])
			if g := relGap(got, want); g > 1e-9 {
				t.Errorf("n=%d (v, c)=%v: quadrature %v, closed form %v (gap %.2g)", n, vc, got, want, g)
			}
		}
	}
	if _, err := columnNoise(activation.Tanh(), 4, 1, -0.1); err == nil {
		t.Error("a negative column correlation is accepted")
	}
}

// mcGeom returns the per-sample (q̂, p̂) functionals of a symmetric n×n G.
func mcGeom(g [][]float64) (q, p float64) {
	n := len(g)
	for i := range n {
		for j := range n {
			if i == j {
				q += g[i][j]
			} else {
				p += g[i][j]
			}
		}
	}
	return q / float64(n), p / float64(n*(n-1))
}

// checkCovMC compares a 2×2 covariance with the sample covariance of
// samples xs, ys (independent draws), |z| <= 4 on each entry.
func checkCovMC(t *testing.T, name string, want mat2, xs, ys []float64) {
	t.Helper()
	got := [2][2]VarStat{{SampleCov(xs, xs), SampleCov(xs, ys)}, {SampleCov(ys, xs), SampleCov(ys, ys)}}
	for i := range 2 {
		for j := range 2 {
			if z := (got[i][j].Value - want[i][j]) / got[i][j].SE; math.Abs(z) > 4 {
				t.Errorf("%s [%d][%d]: Monte Carlo %.5g ± %.2g, formula %.5g (z = %.1f)", name, i, j, got[i][j].Value, got[i][j].SE, want[i][j], z)
			}
		}
	}
}

// TestColumnNoiseMonteCarlo: columnNoise for tanh, ReLU and GELU against
// 100000 sampled columns (seeded; SE from the sample's fourth moments).
func TestColumnNoiseMonteCarlo(t *testing.T) {
	const n, v, c, draws = 4, 1.3, 0.5, 100000
	for _, phi := range []activation.Func{activation.Tanh(), activation.ReLU(), activation.GELU()} {
		want, err := columnNoise(phi, n, v, c)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(11, 12))
		xs, ys := make([]float64, draws), make([]float64, draws)
		a, b := math.Sqrt(v-c), math.Sqrt(c)
		for k := range draws {
			w := rng.NormFloat64()
			var A, S float64
			for range n {
				f := phi.Phi(a*rng.NormFloat64() + b*w)
				A += f * f
				S += f
			}
			xs[k], ys[k] = A/n, (S*S-A)/(n*(n-1))
		}
		checkCovMC(t, phi.Name, want, xs, ys)
	}
}

func randMat(rng *rand.Rand, r, c int) [][]float64 {
	m := make([][]float64, r)
	for i := range m {
		m[i] = make([]float64, c)
		for j := range m[i] {
			m[i][j] = rng.NormFloat64()
		}
	}
	return m
}

func gramOf(x [][]float64) [][]float64 { return matmul2(x, transposeR(x)) }

// TestCrossNoiseMonteCarlo: the skip–branch cross term's geometry for
// fixed (non-exchangeable) X, U over 40000 draws of the last weight W.
func TestCrossNoiseMonteCarlo(t *testing.T) {
	const n, d, h, w2, draws = 4, 6, 5, 0.3, 40000
	rng := rand.New(rand.NewPCG(3, 4))
	x, u := randMat(rng, n, d), randMat(rng, n, h)
	want := crossNoise(gramOf(x), gramOf(u), w2)
	xs, ys := make([]float64, draws), make([]float64, draws)
	sw := math.Sqrt(w2)
	for k := range draws {
		W := randMat(rng, h, d)
		for i := range W {
			for j := range W[i] {
				W[i][j] *= sw
			}
		}
		f := matmul2(u, W) // n×d
		C := matmul2(x, transposeR(f))
		S := make([][]float64, n)
		for i := range n {
			S[i] = make([]float64, n)
			for j := range n {
				S[i][j] = C[i][j] + C[j][i]
			}
		}
		xs[k], ys[k] = mcGeom(S)
	}
	checkCovMC(t, "cross", want, xs, ys)
}

// matmul2 multiplies rectangular matrices.
func matmul2(a, b [][]float64) [][]float64 {
	out := make([][]float64, len(a))
	for i := range a {
		out[i] = make([]float64, len(b[0]))
		for k := range b {
			for j := range b[0] {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

func transposeR(a [][]float64) [][]float64 {
	out := make([][]float64, len(a[0]))
	for j := range out {
		out[j] = make([]float64, len(a))
		for i := range a {
			out[j][i] = a[i][j]
		}
	}
	return out
}

// TestShapedLogitNoiseMonteCarlo: the shaped logits' noise against the
// exact A = I + softmax(z) − 𝟏𝟏ᵀ/n with z drawn from its law
// E z_ak z_bl = V_ab V_kl/(τ₀² d), z = R Z Rᵀ/(τ₀√d), R Rᵀ = V, at
// d = 10⁶ (first order exact to 1e-3), 40000 draws, a non-exchangeable G.
func TestShapedLogitNoiseMonteCarlo(t *testing.T) {
	const n, dd, tau0, draws = 4, 1e6, 1.5, 40000
	rng := rand.New(rand.NewPCG(5, 6))
	x := randMat(rng, n, 7)
	g := gramOf(x)
	for i := range g {
		for j := range g[i] {
			g[i][j] *= dd / 7 // entries ~ d
		}
	}
	want := shapedLogitNoise(g, dd, tau0, 1)
	// R with R Rᵀ = V = G/d: Cholesky.
	R := make([][]float64, n)
	for i := range n {
		R[i] = make([]float64, n)
		for j := 0; j <= i; j++ {
			s := g[i][j] / dd
			for k := range j {
				s -= R[i][k] * R[j][k]
			}
			if i == j {
				R[i][i] = math.Sqrt(s)
			} else {
				R[i][j] = s / R[j][j]
			}
		}
	}
	xs, ys := make([]float64, draws), make([]float64, draws)
	f := 1 / (tau0 * math.Sqrt(dd))
	for k := range draws {
		z := matmul2(matmul2(R, randMat(rng, n, n)), transposeR(R))
		A := make([][]float64, n)
		for i := range n {
			A[i] = make([]float64, n)
			var mx, s float64
			mx = math.Inf(-1)
			for j := range n {
				mx = math.Max(mx, f*z[i][j])
			}
			for j := range n {
				A[i][j] = math.Exp(f*z[i][j] - mx)
				s += A[i][j]
			}
			for j := range n {
				A[i][j] = A[i][j]/s - 1/float64(n)
			}
			A[i][i] += 1
		}
		G := matmul2(matmul2(A, g), transposeR(A))
		xs[k], ys[k] = mcGeom(G)
	}
	checkCovMC(t, "shaped logits", want, xs, ys)
}

// blockSimNets is the sample of the simulation checks: 400 networks give
// the variances' SEs ≈ 7%.
const blockSimNets = 400

// TestBlockAgainstSimulation: the three composed blocks and the shaped
// attention block at d = 32, depth 16 (ℓ/d to 0.5), 400 networks of
// compose.Simulate each (the network is the sample unit; SEs from the
// fourth moments): |z| <= 4 for Var q̂, Var ρ̂ and Cov(q̂, ρ̂) at every
// layer the theory claims (Checked: expansion parameter <= BlockEpsilon,
// ℓ/d <= NearIdentityT for the shaped block). The same runs
// reject the theory without the skip–branch cross term (max |z| >= 6 on
// the blocks with a skip; the post-LN block's q̂ = d carries no cross
// term, so it is not asked to).
func TestBlockAgainstSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("simulation check (≈ 20 s)")
	}
	const d = 32
	cases := append(BlockCases(d, d/2), ShapedCase(d, d/2, 0.5, 1, false))
	for _, c := range cases {
		cmp, err := CompareBlock(c.BlockSettings, compose.SimSettings{Nets: blockSimNets, Workers: 2, Seed: 21})
		if err != nil {
			t.Fatal(c.Name, err)
		}
		z, checked := cmp.MaxZChecked()
		for k, v := range z {
			if v > 4 {
				t.Errorf("%s: quantity %d (Var q̂, Var ρ̂, Cov) has max |z| = %.2f over the %d checked layers", c.Name, k, v, checked)
			}
		}
		if checked < 1 {
			t.Errorf("%s: no layer inside what the theory claims", c.Name)
		}
		wrong := c.BlockSettings
		wrong.NoCross = true
		th, err := BlockMoments(wrong)
		if err != nil {
			t.Fatal(err)
		}
		bz, _ := CompareRun(th, cmp.Run).MaxZChecked()
		worst := max(bz[0], bz[1], bz[2])
		t.Logf("%s: %d layers checked, max |z| %.2f %.2f %.2f; without the cross term %.1f", c.Name, checked, z[0], z[1], z[2], worst)
		if c.Block.Norm != compose.Post && worst < 6 {
			t.Errorf("%s: the theory without the cross term is not rejected (max |z| %.2f)", c.Name, worst)
		}
	}
}

// TestExchangeableForms: the O(1) forms the block map uses equal the
// matrix forms at exchangeable Gram matrices (1e-12 relative).
func TestExchangeableForms(t *testing.T) {
	for _, n := range []int{2, 3, 8} {
		qx, px, qu, pu := 5.0, 1.5, 3.0, -0.4
		got := crossNoiseExch(n, qx, px, qu, pu, 0.7)
		want := crossNoise(equi(n, qx, px), equi(n, qu, pu), 0.7)
		if g := relGap(got, want); g > 1e-12 {
			t.Errorf("n=%d cross: %v, matrix form %v", n, got, want)
		}
		got = shapedLogitNoiseExch(n, 64, 20, 64, 1.3, 2)
		want = shapedLogitNoise(equi(n, 64, 20), 64, 1.3, 2)
		if g := relGap(got, want); g > 1e-12 {
			t.Errorf("n=%d shaped: %v, matrix form %v", n, got, want)
		}
	}
}
