package finitewidth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// TestPairDiagonalIsOneInput: the aa and bb entries of the two-input
// recursion are the one-input K, V and G1 of each input (same quadratures
// by other routes: 1e-9 relative), for tanh and ReLU.
func TestPairDiagonalIsOneInput(t *testing.T) {
	for _, name := range []string{"tanh", "relu"} {
		s := PairSettings{Phi: mustAct(t, name), SigmaW2: 1.9, SigmaB2: 0.1, Q0: [2]float64{0.7, 1.3}, C0: 0.4, Depth: 12}
		pl, err := s.Layers()
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range []int{0, 2} {
			ol, err := s.one(i).Layers()
			if err != nil {
				t.Fatal(err)
			}
			for l := range ol {
				if math.Abs(pl[l].G1[p]-ol[l].G1) > 1e-9*math.Max(math.Abs(ol[l].G1), ol[l].K) {
					t.Errorf("%s input %d ℓ = %d: pair G1 %v, one input %v", name, i, l+1, pl[l].G1[p], ol[l].G1)
				}
				if math.Abs(pl[l].K[p]/ol[l].K-1) > 1e-9 || math.Abs(pl[l].V[p][p]-ol[l].V) > 1e-9*math.Max(ol[l].V, ol[l].K*ol[l].K) {
					t.Errorf("%s input %d ℓ = %d: pair K %v V %v, one input K %v V %v", name, i, l+1, pl[l].K[p], pl[l].V[p][p], ol[l].K, ol[l].V)
				}
			}
		}
	}
}

// TestPairLinear: for φ = id, σ_w² = 1, σ_b = 0 the kernel map is the
// identity (J = I) and the source is Isserlis' K_{αγ}K_{βδ} + K_{αδ}K_{βγ},
// so V^ℓ = (ℓ − 1)(K_{αγ}K_{βδ} + K_{αδ}K_{βγ}) and
// Cov(q̂_{αβ}, q̂_{γδ}) = ℓ (K_{αγ}K_{βδ} + K_{αδ}K_{βγ})/n (1e-12).
func TestPairLinear(t *testing.T) {
	s := PairSettings{Phi: mustAct(t, "linear"), SigmaW2: 1, Q0: [2]float64{0.7, 1.3}, C0: -0.3, Depth: 9}
	pl, err := s.Layers()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range pl {
		if l.G1 != [3]float64{} && math.Abs(l.G1[1]) > 1e-6 { // F affine: no mean shift (the Hessian by differences, ≈ 1e-7)
			t.Errorf("ℓ = %d: linear φ has G1 = %v, want 0", l.L, l.G1)
		}
		c1 := PairLayer{K: l.K}.Cov(1) // the Isserlis term alone
		cov := l.Cov(1)
		for p := range 3 {
			for q := range 3 {
				if want := float64(l.L) * c1[p][q]; math.Abs(cov[p][q]-want) > 1e-12 {
					t.Errorf("ℓ = %d: n·Cov[%d][%d] = %.15g, want %.15g", l.L, p, q, cov[p][q], want)
				}
			}
		}
	}
}

// TestPairJacobian: ∂F_ab/∂G_aa (Price's theorem and the derivative in
// the variance at fixed c) against a central difference of
// σ_w² Kernel(G_aa, G_bb, G_ab/√(G_aa G_bb)) at fixed G_ab, step 1e-4·G_aa
// (truncation and roundoff ≲ 1e-8), for tanh, GELU and ReLU; 1e-6.
func TestPairJacobian(t *testing.T) {
	for _, name := range []string{"tanh", "gelu", "relu"} {
		s := PairSettings{Phi: mustAct(t, name), SigmaW2: 1.7, SigmaB2: 0.1}
		k := [3]float64{0.8, 0.3, 1.4}
		pm := pairGauss(s, k)
		f := func(gaa, gab, gbb float64) float64 {
			return s.SigmaW2 * s.Phi.Kernel(gaa, gbb, gab/math.Sqrt(gaa*gbb))
		}
		h := 1e-4 * k[0]
		fd := (f(k[0]+h, k[1], k[2]) - f(k[0]-h, k[1], k[2])) / (2 * h)
		h = 1e-4 * k[1]
		fdab := (f(k[0], k[1]+h, k[2]) - f(k[0], k[1]-h, k[2])) / (2 * h)
		if math.Abs(pm.J[1][0]-fd) > 1e-6 || math.Abs(pm.J[1][1]-fdab) > 1e-6 {
			t.Errorf("%s: ∂F_ab/∂G_aa = %.10g (difference %.10g), ∂F_ab/∂G_ab = %.10g (difference %.10g)", name, pm.J[1][0], fd, pm.J[1][1], fdab)
		}
	}
}

// TestPairAgainstSimulation: the six entries of n·Cov(q̂_p, q̂_q) at
// ℓ = 2 and 4, extrapolated from n = 32 and 64 as in
// TestVarianceAgainstSimulation (R = 2A₆₄ − A₃₂), against
// K_{αγ}K_{βδ} + K_{αδ}K_{βγ} + V, tanh at the edge of chaos and ReLU
// critical, c⁰ = 0.3, 8000 chain networks per width; the covariance's SE
// is that of the mean of the centred products (x − x̄)(y − ȳ) over
// networks. |z| ≤ 4 for all 24 points: measured max |z| 2.1 (tanh) and
// 3.6 (ReLU, whose 12 entries come out 10–20% high together: they are
// correlated, one sample per width; seeds 1300, 2300, 3300 give ReLU
// |z| ≤ 1.3 on the diagonal entries, and the exact ReLU value of the aa
// entry at ℓ = 2 is 7, (S)). The six one-sided ReLU z's are why this
// test asks no more than |z| ≤ 4.
func TestPairAgainstSimulation(t *testing.T) {
	const nets = 8000
	for ci, c := range mcCases(t)[:3] {
		if c.name == "gelu EoC" {
			continue // V/2K² = 2.4 at ℓ = 2: the extrapolation needs far more networks
		}
		s := PairSettings{Phi: c.s.Phi, SigmaW2: c.s.SigmaW2, SigmaB2: c.s.SigmaB2, Q0: [2]float64{c.s.Q0, c.s.Q0}, C0: 0.3, Depth: 4}
		pl, err := s.Layers()
		if err != nil {
			t.Fatal(err)
		}
		var a, se [2][4][3][3]float64
		for wi, n := range []int{32, 64} {
			q, err := s.Sample(SimSettings{Width: n, Networks: nets, Seed: uint64(300 + 10*ci + wi), Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for l := range 4 {
				var mean [3]float64
				for _, row := range q {
					for p := range 3 {
						mean[p] += row[l][p] / nets
					}
				}
				for p := range 3 {
					for r := range 3 {
						prod := make([]float64, nets)
						for i, row := range q {
							prod[i] = (row[l][p] - mean[p]) * (row[l][r] - mean[r])
						}
						m, e := empirical.MeanSE(prod)
						a[wi][l][p][r], se[wi][l][p][r] = float64(n)*m*nets/(nets-1), float64(n)*e
					}
				}
			}
		}
		for _, l := range []int{2, 4} {
			th := pl[l-1].Cov(1)
			for p := range 3 {
				for r := p; r < 3; r++ {
					rr := 2*a[1][l-1][p][r] - a[0][l-1][p][r]
					e := math.Hypot(2*se[1][l-1][p][r], se[0][l-1][p][r])
					z := (rr - th[p][r]) / e
					if math.Abs(z) > 4 {
						t.Errorf("%s ℓ = %d Cov[%d][%d]: n·Cov extrapolated %.5g ± %.2g, theory %.5g (z %.2f)", c.name, l, p, r, rr, e, th[p][r], z)
					} else {
						t.Logf("%s ℓ = %d Cov[%d][%d]: %.5g ± %.2g, theory %.5g (z %.2f)", c.name, l, p, r, rr, e, th[p][r], z)
					}
				}
			}
		}
	}
}

// TestPairMeanShiftAgainstSimulation: the mean of q̂_ab, K_ab + G1_ab/n
// by (R3′), against the two-input exact chain at n = 32, 10000 networks,
// ℓ = 4, 8 (ℓ/n ≤ 1/4), for tanh at K* = 0 (q⁰ = 1, 1, c⁰ = 0.5), where
// the shift is several SE, and GELU at its edge of chaos (q⁰ at q*,
// c⁰ = 0.3): |z| ≤ 4 for every entry (aa, ab, bb) (measured max 0.9);
// K_ab alone is rejected in both cases, |z| ≥ 4 at ℓ = 8 (outside the
// acceptance band; measured 5.1 and 4.4).
func TestPairMeanShiftAgainstSimulation(t *testing.T) {
	const n, nets = 32, 10000
	tanh := MustCase(t, "tanh K*=0").Settings
	gelu := MustCase(t, "gelu critical").Settings
	for ci, s := range []PairSettings{
		{Phi: tanh.Phi, SigmaW2: 1, Q0: [2]float64{1, 1}, C0: 0.5, Depth: 8},
		{Phi: gelu.Phi, SigmaW2: gelu.SigmaW2, SigmaB2: gelu.SigmaB2, Q0: [2]float64{gelu.Q0, gelu.Q0}, C0: 0.3, Depth: 8},
	} {
		pl, err := s.Layers()
		if err != nil {
			t.Fatal(err)
		}
		q, err := s.Sample(SimSettings{Width: n, Networks: nets, Seed: uint64(600 + ci), Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		col := make([]float64, nets)
		for _, l := range []int{4, 8} {
			L := pl[l-1]
			for p := range 3 {
				for i := range q {
					col[i] = q[i][l-1][p]
				}
				m, se := empirical.MeanSE(col)
				z, zK := (m-L.Mean(n)[p])/se, (m-L.K[p])/se
				t.Logf("case %d ℓ = %d entry %d: mean %.5g ± %.2g, K + G1/n = %.5g (z %.2f), K = %.5g (z %.1f)", ci, l, p, m, se, L.Mean(n)[p], z, L.K[p], zK)
				if math.Abs(z) > 4 {
					t.Errorf("case %d ℓ = %d entry %d: mean %.5g ± %.2g, theory %.5g (z %.2f)", ci, l, p, m, se, L.Mean(n)[p], z)
				}
				if l == 8 && p == 1 && math.Abs(zK) < 4 {
					t.Errorf("the check cannot tell the shift of q̂_ab: K_ab alone has z %.1f", zK)
				}
			}
		}
	}
}
