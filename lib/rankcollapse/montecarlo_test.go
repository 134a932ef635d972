package rankcollapse

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/internal/mustpanic"
	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// acc accumulates a sample mean and its standard error.
type acc struct{ n, s, s2 float64 }

func (a *acc) add(x float64) { a.n++; a.s += x; a.s2 += x * x }
func (a *acc) mean() float64 { return a.s / a.n }
func (a *acc) se() float64 {
	m := a.mean()
	return math.Sqrt(math.Max(0, a.s2/a.n-m*m) / (a.n - 1))
}

// SampleEquicorrelated is empirical.Equicorrelated behind rankcollapse's
// parameter checks: from the same generator state it gives the same draws
// bit for bit (the covariance of lib/sources/noci2022.md#notation is tested there, in
// TestEquicorrelatedCovariance, on these cases), and it panics on a
// parameter outside its range or a nil rng.
func TestSampleEquicorrelatedIsEmpirical(t *testing.T) {
	for i, tc := range []struct {
		n, d     int
		rho, sx2 float64
	}{{5, 3, -0.25, 2}, {5, 3, -0.1, 0.5}, {6, 4, 0.4, 2}, {3, 2, 1, 1.3}} {
		got := SampleEquicorrelated(nil, rand.New(rand.NewPCG(1, uint64(i))), tc.n, tc.d, tc.rho, tc.sx2)
		want := empirical.Equicorrelated(nil, rand.New(rand.NewPCG(1, uint64(i))), tc.n, tc.d, tc.rho, tc.sx2)
		if !mat.Equal(got, want) {
			t.Errorf("n=%d d=%d ρ=%v: SampleEquicorrelated differs from empirical.Equicorrelated", tc.n, tc.d, tc.rho)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	mustpanic.All(t, map[string]func(){
		"n = 1":            func() { SampleEquicorrelated(nil, rng, 1, 3, 0, 1) },
		"ρ below -1/(n-1)": func() { SampleEquicorrelated(nil, rng, 5, 3, -0.3, 1) },
		"σ² < 0":           func() { SampleEquicorrelated(nil, rng, 5, 3, 0, -1) },
		"nil rng":          func() { SampleEquicorrelated(nil, nil, 5, 3, 0, 1) },
	})
}

// Eqs. (17), (18) and E‖P‖² (App. A.2) by Monte Carlo over X from the
// equicorrelated model, using the conditional expectations given X (eqs. 6
// and 7, exact in the weights). N = 20000 per case; per-draw relative std ≈
// 0.35 at n = 10, d = 16 (SE ≈ 0.25%) and ≈ 1 at n = 4, d = 3 (SE ≈ 0.7%).
// Assert the exact forms within 5 SE; at n = 4, d = 3, ρ = 0.2 the printed
// eq. (18) is 21% below the exact value (≈ 30 SE), so the simulation must
// reject it by more than 10 SE: this is the test that shows which form the
// simulation supports (lib/sources/noci2022.md#erratum-2).
func TestEq18MonteCarlo(t *testing.T) {
	const N = 20000
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		n, d        int
		rho, sx2    float64
		rejectPaper bool
	}{
		{10, 16, 0, 1, false},
		{10, 16, 0.5, 1, false},
		{4, 3, 0.2, 2, true},
		{6, 2, -0.15, 0.7, true},
	} {
		var gv, gq, pn acc
		X := mat.NewDense(tc.n, tc.d, nil)
		for s := 0; s < N; s++ {
			SampleEquicorrelated(X, rng, tc.n, tc.d, tc.rho, tc.sx2)
			st := TokenStats(X)
			gv.add(ExpGradWV(st))
			gq.add(ExpGradWQ(st, Layer{}))
			pn.add(st.PNorm2)
		}
		v, _ := GradV(tc.n, tc.d, tc.rho, tc.sx2)
		qe, _ := GradQ(tc.n, tc.d, tc.rho, tc.sx2, FormExact)
		qp, _ := GradQ(tc.n, tc.d, tc.rho, tc.sx2, FormPaper)
		p2, _ := CentredGramMoment(tc.n, tc.d, tc.rho, tc.sx2)
		for _, c := range []struct {
			what string
			a    *acc
			want float64
		}{{"eq17", &gv, v}, {"eq18 exact", &gq, qe}, {"E‖P‖²", &pn, p2}} {
			if d := math.Abs(c.a.mean() - c.want); d > 5*c.a.se() {
				t.Errorf("n=%d d=%d ρ=%v σ²=%v: %s MC %.5g ± %.2g, theory %.5g (%.1f SE)",
					tc.n, tc.d, tc.rho, tc.sx2, c.what, c.a.mean(), c.a.se(), c.want, d/c.a.se())
			}
		}
		if tc.rejectPaper {
			if d := math.Abs(gq.mean() - qp); d < 10*gq.se() {
				t.Errorf("n=%d d=%d ρ=%v: printed eq18 %.5g only %.1f SE from MC %.5g; expected rejection",
					tc.n, tc.d, tc.rho, qp, d/gq.se(), gq.mean())
			}
		}
		t.Logf("n=%d d=%d ρ=%v σ²=%v: eq18 MC %.5g ± %.2g, exact %.5g, paper %.5g", tc.n, tc.d, tc.rho, tc.sx2, gq.mean(), gq.se(), qe, qp)
	}
}

// Eq. (7) as an expectation over the weights for a fixed X: the mean of the
// per-draw norm GradNormWQUniform over N = 20000 draws of (W^K, W^V) with the
// paper's initialisation, within 5 SE of ExpGradWQ. Per-draw relative std ≈
// 0.33 at n = 8, d = 16 (lib/sources/noci2022.md#mc-eq7), so SE ≈ 0.25%. The d_k = 8 ≠ d_v case
// checks the σ_v²σ_k² d_v scaling (no d_k left over).
func TestEq7WeightExpectation(t *testing.T) {
	const N = 20000
	rng := rand.New(rand.NewPCG(5, 6))
	n, dv := 8, 16
	X := mat.NewDense(n, dv, nil)
	for i := range n {
		for j := range dv {
			X.Set(i, j, rng.NormFloat64()+0.3)
		}
	}
	st := TokenStats(X)
	for _, dk := range []int{16, 8} {
		wk := mat.NewDense(dv, dk, nil)
		wv := mat.NewDense(dv, dv, nil)
		sk, sv := 1/math.Sqrt(float64(dk)), 1/math.Sqrt(float64(dv))
		var a acc
		for s := 0; s < N; s++ {
			fill(wk, rng, sk)
			fill(wv, rng, sv)
			a.add(GradNormWQUniform(X, wk, wv))
		}
		want := ExpGradWQ(st, Layer{DK: dk})
		if d := math.Abs(a.mean() - want); d > 5*a.se() {
			t.Errorf("d_k = %d: MC %.6g ± %.2g, eq. 7 %.6g (%.1f SE)", dk, a.mean(), a.se(), want, d/a.se())
		}
	}
}

// Lemma A.7 (lib/sources/noci2022.md#check-21): E[M_ij²|X] = σ_q²σ_k²‖X_i‖²‖X_j‖² for fixed X over
// N = 10000 draws of (W^Q, W^K); per-draw relative std ≈ 1.5, SE ≈ 1.5%,
// asserted within 5 SE. Includes i = j.
func TestLemmaA7LogitVariance(t *testing.T) {
	const N = 10000
	rng := rand.New(rand.NewPCG(7, 8))
	n, dv, dk := 3, 6, 4
	X := mat.NewDense(n, dv, nil)
	fill(X, rng, 1)
	wq, wk := mat.NewDense(dv, dk, nil), mat.NewDense(dv, dk, nil)
	s := 1 / math.Sqrt(float64(dk))
	accs := make([]acc, n*n)
	var q, k, m mat.Dense
	for it := 0; it < N; it++ {
		fill(wq, rng, s)
		fill(wk, rng, s)
		q.Mul(X, wq)
		k.Mul(X, wk)
		m.Mul(&q, k.T())
		for i := range n {
			for j := range n {
				v := m.At(i, j) / math.Sqrt(float64(dk))
				accs[i*n+j].add(v * v)
			}
		}
	}
	for i := range n {
		for j := range n {
			ni, nj := mat.Norm(X.RowView(i), 2), mat.Norm(X.RowView(j), 2)
			want := LogitVariance(ni*ni, nj*nj, dv, Layer{DK: dk})
			a := accs[i*n+j]
			if d := math.Abs(a.mean() - want); d > 5*a.se() {
				t.Errorf("E M_%d%d² = %.4g ± %.2g, want %.4g", i, j, a.mean(), a.se(), want)
			}
		}
	}
}

func fill(m *mat.Dense, rng *rand.Rand, s float64) {
	r, c := m.Dims()
	for i := range r {
		for j := range c {
			m.Set(i, j, s*rng.NormFloat64())
		}
	}
}
