package shapednet

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/sde"
	"gonum.org/v1/gonum/mat"
)

func shSym(m int, upper ...float64) *mat.SymDense {
	s := mat.NewSymDense(m, nil)
	k := 0
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			s.SetSym(i, j, upper[k])
			k++
		}
	}
	return s
}

var (
	shV0 = shSym(2, 1, .2, 1)                                       // Fig. 1 initial covariance, ρ₀ = 0.2
	shV3 = shSym(3, 1, .2, .1, 1.5, -.3, .8)                        // lib/sources/noci2023.md#check-6
	shP3 = [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}} // TriIndex order
)

// TestShapedReLUKernel checks lib/sources/noci2023.md#check-14's deterministic references
// (6 decimals, tolerance 5e-7), cK₁(1) = 1, and that width·(cK₁(ρ) − ρ)
// approaches ν(ρ) of Eq. (6) (sde.Nu) like width^{−1/2}: the gap shrinks by
// ≈ √10 per decade, within a factor 2.
func TestReLUKernel(t *testing.T) {
	for _, tc := range []struct {
		cp, cm, rho float64
		ns          []int
		want        []float64
	}{
		{0, -1, 0.2, []int{100, 300, 1000, 10000}, []float64{0.124142, 0.119022, 0.115958, 0.113478}},
		{0, -1, -0.5, []int{100, 300, 1000, 10000}, []float64{0.336463, 0.322586, 0.314280, 0.307559}},
		{1, -2, 0.2, []int{100, 300, 1000, 10000}, []float64{1.093123, 1.063687, 1.041470, 1.021095}},
	} {
		var gaps []float64
		for i, n := range tc.ns {
			sp, sm := Slopes(n, tc.cp, tc.cm)
			got := float64(n) * (ReLUKernel(tc.rho, sp, sm) - tc.rho)
			if math.Abs(got-tc.want[i]) > 5e-7 {
				t.Errorf("n(cK1-ρ) at n=%d ρ=%v c=(%v,%v) = %.7f, want %.6f", n, tc.rho, tc.cp, tc.cm, got, tc.want[i])
			}
			if k := ReLUKernel(1, sp, sm); math.Abs(k-1) > 1e-15 {
				t.Errorf("cK1(1) = %v", k)
			}
			gaps = append(gaps, got-sde.Nu(tc.rho, tc.cp, tc.cm))
		}
		if r := gaps[1] / gaps[3]; math.Abs(math.Log(r/math.Sqrt(10000.0/300))) > math.Ln2 {
			t.Errorf("gap ratio n=300/n=10⁴ = %v, want ≈ %v", r, math.Sqrt(10000.0/300))
		}
	}
}

// TestShapedReLUDriftErratum: the App. B variant
// ν_B(ρ) = (c₊+c₋)²/(2π)(√(1−ρ²) + ρ arccos ρ) against Eq. (6), decided by
// simulation of the network's activation. With c± = (1, −2), ρ = 0.2, width
// n = 256, a Monte Carlo of n(c σ_s(g₁)σ_s(g₂) − g₁g₂) (control variate
// g₁g₂ with mean ρ, antithetic pairs (g, −g) cancelling the odd part
// ab(g₁|g₂| + |g₁|g₂); 400 000 pairs, se ≈ 0.003) must agree with the exact finite-n
// value n(cK₁ − ρ) within 4.5 se; Eq. (6) is within the O(n^{−1/2}) bias
// (0.06 here) of it, and ν_B(0.2) = 0.200 is more than 20 se away.
func TestReLUDriftErratum(t *testing.T) {
	const n, rho, N = 256, 0.2, 400000
	sp, sm := Slopes(n, 1, -2)
	c := He(sp, sm)
	rng := rand.New(rand.NewPCG(41, 42))
	xs := make([]float64, N)
	for i := range xs {
		g1 := rng.NormFloat64()
		g2 := rho*g1 + math.Sqrt(1-rho*rho)*rng.NormFloat64()
		pp := ReLU(g1, sp, sm) * ReLU(g2, sp, sm)
		mm := ReLU(-g1, sp, sm) * ReLU(-g2, sp, sm)
		xs[i] = float64(n) * (c*(pp+mm)/2 - g1*g2)
	}
	mean, sd := empirical.MeanSD(xs)
	se := sd / math.Sqrt(N)
	exact := float64(n) * (ReLUKernel(rho, sp, sm) - rho)
	nu := sde.Nu(rho, 1, -2)
	nuB := (1 - 2) * (1 - 2) / (2 * math.Pi) * (math.Sqrt(1-rho*rho) + rho*math.Acos(rho))
	t.Logf("MC %.4f ± %.4f, exact finite-n %.4f, ν (Eq. 6) %.4f, ν_B (App. B) %.4f", mean, se, exact, nu, nuB)
	if math.Abs(mean-exact) > 4.5*se {
		t.Errorf("MC %.4f vs exact %.4f: more than 4.5 se", mean, exact)
	}
	if math.Abs(mean-nu) > 4.5*se+0.06 {
		t.Errorf("MC %.4f not within bias of ν = %.4f", mean, nu)
	}
	if math.Abs(mean-nuB) < 20*se {
		t.Errorf("MC cannot distinguish the App. B variant")
	}
}

// TestShapedAttentionMatrix: A − I has zero row sums for the centred
// variants, softmax rows sum to 1 otherwise; at Y = 0 shaped attention is I.
func TestAttentionMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	y := mat.NewDense(4, 4, nil)
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			y.Set(i, j, 30*rng.NormFloat64())
		}
	}
	for a := block.Shaped; a <= block.OnlyTemperature; a++ {
		id, center, _, _ := shParts(a)
		want := 1.0
		if center {
			want = 0
		}
		if id {
			want++
		}
		A := Config{Width: 16, Attention: a}.AttentionMatrix(y)
		for i := 0; i < 4; i++ {
			if s := mat.Sum(A.Slice(i, i+1, 0, 4)); math.Abs(s-want) > 1e-12 {
				t.Errorf("%v: row %d sums to %v, want %v", a, i, s, want)
			}
		}
	}
	A := Config{Attention: block.Shaped, Width: 16}.AttentionMatrix(mat.NewDense(3, 3, nil))
	if !mat.EqualApprox(A, mat.NewDiagDense(3, []float64{1, 1, 1}), 1e-15) {
		t.Errorf("shaped A(0) = %v, want I", mat.Formatted(A))
	}
}

func shMeanSE(x []float64) (float64, float64) {
	m, sd := empirical.MeanSD(x)
	return m, sd / math.Sqrt(float64(len(x)))
}

// shSDSE is the standard error of the sample standard deviation,
// √((m₄ − s⁴)/(4 s² N)) (delta method, no normality assumed).
func shSDSE(x []float64) float64 {
	m, sd := empirical.MeanSD(x)
	m4 := 0.0
	for _, v := range x {
		m4 += math.Pow(v-m, 4)
	}
	m4 /= float64(len(x))
	return math.Sqrt(math.Max(m4-math.Pow(sd, 4), 0) / (4 * sd * sd * float64(len(x))))
}

// TestReducedChainMatchesForward checks the claim of lib/sources/noci2023.md#reduced-chain that the
// reduced chain has the law of the full network: two layers at m = 3,
// width = n_k = 24, 3000 networks each way, for the shaped tokennet.Transformer, the
// vanilla tokennet.Transformer, Pre-RMS-norm attention and the n_k < m and
// Wishart-dimension-below-m branches (n_k = 2, width = 4). Mean and sd of
// every entry of V₂ must agree within 4.5 combined standard errors.
func TestReducedChainMatchesForward(t *testing.T) {
	const N = 3000
	cfgs := []Config{
		Shaped(24, 2, 0.8),
		Vanilla(24, 2, 0.6),
		{Width: 24, Depth: 2, Gamma: 1, Lambda: 1, Blocks: BlocksAttention, Attention: block.Softmax, Norm: block.PreRMS},
		{Width: 4, KeyDim: 2, Depth: 2, Gamma: 0.9, Tau0: 0.5, CPlus: 1, CMinus: -2, Attention: block.Shaped},
	}
	for ci, cfg := range cfgs {
		run, err := Simulate(cfg, shV3, N, uint64(10+ci), 2)
		if err != nil {
			t.Fatal(err)
		}
		full := make([][]float64, 6)
		rng := rand.New(rand.NewPCG(uint64(20+ci), 7))
		for s := 0; s < N; s++ {
			x0 := Input(shV3, cfg.Width, rng)
			vs, err := Forward(cfg, x0, rng)
			if err != nil {
				t.Fatal(err)
			}
			for k, p := range shP3 {
				full[k] = append(full[k], vs[2].At(p[0], p[1]))
			}
		}
		for k, p := range shP3 {
			red := run.FinalEntry(p[0], p[1])
			m1, s1 := shMeanSE(red)
			m2, s2 := shMeanSE(full[k])
			_, sd1 := empirical.MeanSD(red)
			_, sd2 := empirical.MeanSD(full[k])
			sdse := math.Hypot(shSDSE(red), shSDSE(full[k]))
			if math.Abs(m1-m2) > 4.5*math.Hypot(s1, s2) || math.Abs(sd1-sd2) > 4.5*sdse {
				t.Errorf("cfg %d V%v: reduced mean %.4f sd %.4f vs full %.4f sd %.4f (se %.4f, %.4f)",
					ci, p, m1, sd1, m2, sd2, math.Hypot(s1, s2), sdse)
			}
		}
	}
}

// TestShapedAttentionOneStep checks the Markov chain against Theorem 4.2's
// coefficients (lib/sources/noci2023.md#check-11 to #check-13) at V = V₃.
//
// Drift: the exact identity E[V₁|V] = λ²V + γ²E[A V Aᵀ] with antithetic
// logits (Y, −Y) gives width·(E V₁ − V) from 200 000 pairs; it must match
// sde.DriftAttn within 4.5 se plus a finite-width allowance of 0.003 at
// width 4096 (lib/sources/noci2023.md: ≤ 0.001 there) — for n_k = width and for n_k = 1
// (the limit does not depend on n_k).
//
// Diffusion: width·Cov(V₁) from 100 000 one-layer steps of the reduced chain
// at width 1024 divided by the diagonal of Σ must be 1 within 4.5 se plus
// 0.005 (lib/sources/noci2023.md: 0.3% finite-width); at γ = 1, τ₀ = 0.5 the same ratios
// against Σ without 𝒜 must be off by more than 20% (the test detects a
// missing or mis-scaled 𝒜).
func TestAttentionOneStep(t *testing.T) {
	for _, tc := range []struct {
		gamma, tau0 float64
		nk          int
	}{{1 / math.Sqrt2, 1, 0}, {1, 0.5, 0}, {1, 0.5, 1}} {
		const n = 4096
		cfg := Config{Attention: block.Shaped, Width: n, KeyDim: tc.nk, Gamma: tc.gamma, Tau0: tc.tau0, Blocks: BlocksAttention}.withDefaults()
		theory := sde.DriftAttn(shV3, tc.gamma, tc.tau0)
		w := newShWork(3)
		v := mat.NewSymDense(3, nil)
		v.CopySym(shV3)
		vf := make([]float64, 9)
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				vf[i*3+j] = shV3.At(i, j)
			}
		}
		shFactor(w.l, vf, 3)
		copy(w.lb, w.l)
		rng := rand.New(rand.NewPCG(51, uint64(tc.nk)))
		const N = 200000
		est := make([][]float64, 6)
		avat := make([]float64, 9)
		tmp := make([]float64, 9)
		neg := make([]float64, 9)
		for s := 0; s < N; s++ {
			// Y as in shAttnStep, then A(Y) and A(−Y).
			if cfg.KeyDim >= 3 {
				shBartlett(w.bw, 3, cfg.KeyDim, draws{rng: rng})
				shNormal(w.z, draws{rng: rng})
				shMul(w.mq, w.bw, w.z, 3)
			} else {
				shNormal(w.h, draws{rng: rng})
				shNormal(w.sq, draws{rng: rng})
				for i := 0; i < 3; i++ {
					for j := 0; j < 3; j++ {
						w.mq[i*3+j] = w.h[i] * w.sq[j]
					}
				}
			}
			shMul(tmp, w.l, w.mq, 3)
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					x := 0.0
					for k := 0; k < 3; k++ {
						x += tmp[i*3+k] * w.l[j*3+k]
					}
					w.y[i*3+j] = x
					neg[i*3+j] = -x
				}
			}
			for i := range avat {
				avat[i] = 0
			}
			for _, yy := range [][]float64{w.y, neg} {
				shAttention(w.a, yy, 3, cfg.Attention, cfg.shInvTau())
				shMul(tmp, w.a, vf, 3)
				for i := 0; i < 3; i++ {
					for j := 0; j < 3; j++ {
						x := 0.0
						for k := 0; k < 3; k++ {
							x += tmp[i*3+k] * w.a[j*3+k]
						}
						avat[i*3+j] += 0.5 * x
					}
				}
			}
			for k, p := range shP3 {
				i, j := p[0], p[1]
				est[k] = append(est[k], n*tc.gamma*tc.gamma*(avat[i*3+j]-vf[i*3+j]))
			}
		}
		for k, p := range shP3 {
			m, se := shMeanSE(est[k])
			want := theory.At(p[0], p[1])
			if math.Abs(m-want) > 4.5*se+0.003 {
				t.Errorf("γ=%.3f τ₀=%v n_k=%d: drift%v MC %.5f ± %.5f, theory %.5f", tc.gamma, tc.tau0, cfg.KeyDim, p, m, se, want)
			} else {
				t.Logf("γ=%.3f τ₀=%v n_k=%d: drift%v MC %.5f ± %.5f, theory %.5f", tc.gamma, tc.tau0, cfg.KeyDim, p, m, se, want)
			}
		}
	}
	for _, tc := range []struct{ gamma, tau0 float64 }{{1 / math.Sqrt2, 1}, {1, 0.5}} {
		const n, N = 1024, 100000
		cfg := Config{Attention: block.Shaped, Width: n, Depth: 1, Gamma: tc.gamma, Tau0: tc.tau0, Blocks: BlocksAttention}
		run, err := Simulate(cfg, shV3, N, 61, 2)
		if err != nil {
			t.Fatal(err)
		}
		md := sde.Model{Kind: sde.Attention, Gamma: tc.gamma, Tau0: tc.tau0}
		S := md.Diffusion(shV3)
		aLin, _ := md.NoiseCoeffs()
		Slin := sde.SigmaLin(shV3)
		for k, p := range shP3 {
			x := run.FinalEntry(p[0], p[1])
			_, sd := empirical.MeanSD(x)
			ratio := n * sd * sd / S.At(k, k)
			se := 2 * shSDSE(x) / sd * ratio // relative se of a variance = 2 × that of the sd
			noA := n * sd * sd / (aLin * Slin.At(k, k))
			t.Logf("γ=%.3f τ₀=%v: n·Var/Σ %v = %.4f ± %.4f (without 𝒜: %.3f)", tc.gamma, tc.tau0, p, ratio, se, noA)
			if math.Abs(ratio-1) > 4.5*se+0.005 {
				t.Errorf("γ=%.3f τ₀=%v: n·Var/Σ %v = %.4f ± %.4f", tc.gamma, tc.tau0, p, ratio, se)
			}
			if tc.tau0 == 0.5 && p[0] != p[1] && math.Abs(noA-1) < 0.2 {
				t.Errorf("dropping 𝒜 is not detected at %v (ratio %.3f)", p, noA)
			}
		}
	}
}

// TestShapedMLPOneStep checks one residual shaped-ReLU block (Thm 3.2) at V₃,
// λ = γ = 1/√2, c± = (1, −2), width 1024, 40 000 steps: the mean of V₁ must
// equal the exact finite-width value λ²V + γ²√(V^{αα}V^{ββ}) cK₁(ρ^{αβ})
// within 4.5 se (lib/sources/noci2023.md#check-14 deterministic alternative; the diagonal is
// an exact martingale, item 15), and width·Var(V₁)/Σ_res must be 1 within
// 4.5 se + 0.01 (lib/sources/noci2023.md: 0.7% at 1024).
func TestMLPOneStep(t *testing.T) {
	const n, N = 1024, 40000
	g := 1 / math.Sqrt2
	cfg := Config{Attention: block.Shaped, Width: n, Depth: 1, Gamma: g, CPlus: 1, CMinus: -2, Blocks: BlocksMLP}
	run, err := Simulate(cfg, shV3, N, 71, 2)
	if err != nil {
		t.Fatal(err)
	}
	sp, sm := Slopes(n, 1, -2)
	S := sde.Model{Kind: sde.ResNet, Gamma: g, CPlus: 1, CMinus: -2}.Diffusion(shV3)
	for k, p := range shP3 {
		a, b := p[0], p[1]
		x := run.FinalEntry(a, b)
		m, se := shMeanSE(x)
		vab, q := shV3.At(a, b), math.Sqrt(shV3.At(a, a)*shV3.At(b, b))
		want := (1-g*g)*vab + g*g*q*ReLUKernel(vab/q, sp, sm)
		if math.Abs(m-want) > 4.5*se {
			t.Errorf("E V1%v = %.6f ± %.6f, exact %.6f", p, m, se, want)
		}
		_, sd := empirical.MeanSD(x)
		ratio := n * sd * sd / S.At(k, k)
		rse := 2 * shSDSE(x) / sd * ratio
		if math.Abs(ratio-1) > 4.5*rse+0.01 {
			t.Errorf("n·Var/Σ_res %v = %.4f ± %.4f", p, ratio, rse)
		}
		t.Logf("V1%v mean %.6f ± %.6f (exact %.6f); n·Var/Σ_res %.4f ± %.4f", p, m, se, want, ratio, rse)
	}
}

// TestConvergenceToSDE: at fixed T = depth/width = 0.75 the law of the
// terminal correlation of the shaped-attention network approaches the
// Theorem 4.2 SDE as width grows. 8000 networks per width vs 20 000 SDE
// paths (h = 0.0025); γ = 1/√2, τ₀ = 1, ρ₀ = 0.2. The KS distance at width 4
// must exceed the 0.1% critical value (it is a real finite-size effect),
// at width 256 it must be below it, and it must fall by more than that
// critical value between the two.
func TestConvergenceToSDE(t *testing.T) {
	const T, nets, paths = 0.75, 8000, 20000
	g := 1 / math.Sqrt2
	r, err := sde.Simulate(sde.Model{Kind: sde.Attention, Gamma: g, Tau0: 1}, shV0, T, paths, 81, sde.Settings{Step: 0.0025, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	ref, dropped := empirical.DropNaN(r.Corr(0, 1))
	t.Logf("SDE: %d of %d paths stopped at ‖V‖ = 1e4, %d with PSD projections, %d degenerate (dropped)",
		r.NumStopped(), paths, r.NumPSDViolating(), dropped)
	crit := empirical.KSCritical(nets, len(ref), 0.001)
	var ks []float64
	widths := []int{4, 16, 256}
	for _, n := range widths {
		d := int(math.Round(T * float64(n)))
		run, err := Simulate(Config{Attention: block.Shaped, Width: n, Depth: d, Gamma: g, Tau0: 1, Blocks: BlocksAttention}, shV0, nets, 82, 2)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, empirical.KS2(run.FinalCorr(0, 1), ref))
		t.Logf("width %d depth %d: KS = %.4f (0.1%% critical %.4f)", n, d, ks[len(ks)-1], crit)
	}
	if ks[0] < crit || ks[2] > crit || ks[0]-ks[2] < crit {
		t.Errorf("KS by width %v = %v: no measured convergence (critical %.4f)", widths, ks, crit)
	}
}

// TestFig1Qualitative checks lib/sources/noci2023.md#check-23 at the Fig. 1 parameters
// (width 200, depth 150, γ = 1/√8, m = 2, ρ₀ = 0.2; 1024 networks): the
// vanilla tokennet.Transformer's mean ρ exceeds 0.85 by layer 20 and 0.99 by layer
// 50; the shaped tokennet.Transformer's stays within 4.5 se of 0.2 at every layer
// (se from the layer-150 spread, ≈ 0.015); Pre-LN (RMS) lies in between at
// layer 20 and rises towards 1 ("marginal improvement").
func TestFig1Qualitative(t *testing.T) {
	const n, d, nets = 200, 150, 1024
	g := 1 / math.Sqrt(8)
	sh, err := Simulate(Shaped(n, d, g), shV0, nets, 91, 2)
	if err != nil {
		t.Fatal(err)
	}
	va, err := Simulate(Vanilla(n, d, g), shV0, nets, 92, 2)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := Simulate(PreLN(n, d, block.PreRMS), shV0, nets, 93, 2)
	if err != nil {
		t.Fatal(err)
	}
	_, se := shMeanSE(sh.FinalCorr(0, 1))
	for _, l := range []int{1, 5, 10, 20, 50, 100, 150} {
		t.Logf("layer %3d: shaped %.3f vanilla %.3f pre-LN %.3f", l, sh.MeanCorr[l], va.MeanCorr[l], ln.MeanCorr[l])
		if math.Abs(sh.MeanCorr[l]-0.2) > 4.5*se {
			t.Errorf("shaped mean ρ at layer %d = %.3f, want 0.2 ± %.3f", l, sh.MeanCorr[l], 4.5*se)
		}
	}
	if va.MeanCorr[20] < 0.85 || va.MeanCorr[50] < 0.99 {
		t.Errorf("vanilla does not collapse: ρ20 = %.3f, ρ50 = %.3f", va.MeanCorr[20], va.MeanCorr[50])
	}
	if !(ln.MeanCorr[20] > sh.MeanCorr[20]+0.3 && ln.MeanCorr[20] < va.MeanCorr[20] && ln.MeanCorr[150] > ln.MeanCorr[20]) {
		t.Errorf("Pre-LN not between shaped and vanilla: %v", ln.MeanCorr[20])
	}
	if sh.NumStopped()+va.NumStopped()+ln.NumStopped() != 0 {
		t.Errorf("stopped networks: %d %d %d", sh.NumStopped(), va.NumStopped(), ln.NumStopped())
	}
}

// TestShapedDeterminism: same seed, same bytes, for any worker count.
func TestDeterminism(t *testing.T) {
	cfg := Shaped(16, 5, 0.5)
	a, _ := Simulate(cfg, shV3, 9, 3, 1)
	b, _ := Simulate(cfg, shV3, 9, 3, 4)
	c, _ := Simulate(cfg, shV3, 9, 4, 2)
	if !slices.Equal(a.Final, b.Final) || !slices.Equal(a.MeanCorr, b.MeanCorr) {
		t.Error("results depend on the worker count")
	}
	if slices.Equal(a.Final, c.Final) {
		t.Error("seed has no effect")
	}
}

// TestShapedBadInput: invalid arguments give errors naming the parameter.
func TestBadInput(t *testing.T) {
	ok := Shaped(8, 2, 0.5)
	for _, tc := range []struct {
		name string
		cfg  Config
		v    mat.Matrix
		want string
	}{
		{"m=1", ok, shSym(1, 1), "m >= 2"},
		{"non-symmetric", ok, mat.NewDense(2, 2, []float64{1, .2, .3, 1}), "not symmetric"},
		{"non-PSD", ok, shSym(2, 1, 2, 1), "positive semi-definite"},
		{"zero diagonal", ok, shSym(2, 0, 0, 1), "diagonal"},
		{"width", Config{Attention: block.Shaped, Width: 0, Depth: 1}, shV0, "Width"},
		{"gamma", Config{Attention: block.Shaped, Width: 4, Depth: 1, Gamma: 2}, shV0, "Gamma"},
		{"depth", Config{Attention: block.Shaped, Width: 4, Depth: -1}, shV0, "Depth"},
		{"layernorm", PreLN(8, 2, block.PreLN), shV0, "block.PreLN"},
		{"width < m", Config{Attention: block.Shaped, Width: 2, Depth: 1}, shV3, "number of tokens"},
	} {
		_, err := Simulate(tc.cfg, tc.v, 4, 1, 1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want mention of %q", tc.name, err, tc.want)
		}
	}
	if _, err := Forward(ok, mat.NewDense(2, 5, nil), rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Forward accepted X0 of the wrong width")
	}
}

// TestTransformerVsSDE checks lib/sources/noci2023.md#check-21: the shaped tokennet.Transformer
// (Eq. 11) at the Fig. 1 parameters (width 200, depth 150, γ = 1/√8, τ₀ = 1,
// c± = (0, −1), m = 2; 2048 networks) against the Corollary 4.3 SDE (8192
// paths, h = 0.005): KS below the 0.1% critical value (0.045), and the SDE
// mean and sd within 4.5 se (+0.01 for the step) of the notes' (lib/sources/noci2023.md) SDE reference
// (mean 0.182, sd 0.486).
func TestTransformerVsSDE(t *testing.T) {
	g := 1 / math.Sqrt(8)
	nn, err := Simulate(Shaped(200, 150, g), shV0, 2048, 95, 2)
	if err != nil {
		t.Fatal(err)
	}
	r, err := sde.Simulate(sde.Model{Kind: sde.Transformer, Gamma: g, Tau0: 1, CMinus: -1}, shV0, 0.75, 8192, 96, sde.Settings{Step: 0.005, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	y, _ := empirical.DropNaN(r.Corr(0, 1))
	x := nn.FinalCorr(0, 1)
	d, crit := empirical.KS2(x, y), empirical.KSCritical(len(x), len(y), 0.001)
	mx, sx := empirical.MeanSD(x)
	my, sy := empirical.MeanSD(y)
	t.Logf("network mean %.4f sd %.4f; SDE mean %.4f sd %.4f (stopped %d); KS %.4f (crit %.4f)", mx, sx, my, sy, r.NumStopped(), d, crit)
	if d > crit {
		t.Errorf("KS(network, SDE) = %.4f > %.4f", d, crit)
	}
	se := sy / math.Sqrt(float64(len(y)))
	if math.Abs(my-0.182) > 4.5*se+0.01 || math.Abs(sy-0.486) > 4.5*se+0.01 {
		t.Errorf("SDE mean %.4f sd %.4f, reference 0.182, 0.486", my, sy)
	}
}

// TestShapedStepMatchesSimulate: one Step with network 0's generator
// reproduces Simulate's first network bit for bit.
func TestStepMatchesSimulate(t *testing.T) {
	cfg := Shaped(32, 1, 0.6)
	run, err := Simulate(cfg, shV3, 1, 17, 1)
	if err != nil {
		t.Fatal(err)
	}
	v, ok := Step(cfg, shV3, NetRand(17, 0))
	if !ok {
		t.Fatal("Step stopped")
	}
	for k, p := range shP3 {
		if got, want := v.At(p[0], p[1]), run.FinalEntry(p[0], p[1])[0]; got != want {
			t.Errorf("entry %d: Step %v, Simulate %v", k, got, want)
		}
	}
}

// TestShapedStoppingDepth: from a well-conditioned V₀ a mild network never
// stops (d* = Depth); from eigenvalues beyond hi it stops at −1; an
// exploding ablation (no centering) stops early and its λ_max trace ends
// above hi.
func TestStoppingDepth(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	cfg := Config{Attention: block.Shaped, Width: 64, Depth: 32, Gamma: 0.2, Tau0: 1, Blocks: BlocksAttention}
	d, ev, err := StoppingDepth(cfg, shV0, 1e-4, 1e4, rng)
	if err != nil || d != 32 || len(ev) != 33 {
		t.Errorf("mild network: d* = %d, %d eigenvalues, err %v", d, len(ev), err)
	}
	big := shSym(2, 2e4, 0, 2e4)
	if d, _, _ := StoppingDepth(cfg, big, 1e-4, 1e4, rng); d != -1 {
		t.Errorf("V0 outside: d* = %d, want -1", d)
	}
	cfg.Attention, cfg.Gamma, cfg.Depth = block.ShapedNoCenter, 0.9, 200
	d, ev, _ = StoppingDepth(cfg, shV0, 1e-4, 1e4, rng)
	if d >= 200 || ev[len(ev)-1] <= 1e4 {
		t.Errorf("no-center network: d* = %d, last λ_max %v", d, ev[len(ev)-1])
	}
}

func TestPaperName(t *testing.T) {
	if got := PaperName(block.Softmax); got != "vanilla" {
		t.Errorf("PaperName(Softmax) = %q", got)
	}
	if got := PaperName(block.ShapedNoCenter); got != "no-center" {
		t.Errorf("PaperName(ShapedNoCenter) = %q", got)
	}
}
