package randmat

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestHaarOrthogonal: OᵀO = I to 1e-12 (n = 60).
func TestHaarOrthogonal(t *testing.T) {
	o := Haar(60, rand.New(rand.NewPCG(1, 2)))
	var p mat.Dense
	p.Mul(o.T(), o)
	for i := 0; i < 60; i++ {
		for j := 0; j < 60; j++ {
			want := 0.0
			if i == j {
				want = 1
			}
			if math.Abs(p.At(i, j)-want) > 1e-12 {
				t.Fatalf("(OᵀO)[%d,%d] = %v", i, j, p.At(i, j))
			}
		}
	}
}

func orthStats(draw func() *mat.Dense, n, S int) (means, ses []float64) {
	const k = 6
	sum := make([]float64, k)
	sum2 := make([]float64, k)
	for s := 0; s < S; s++ {
		o := draw()
		tr := mat.Trace(o)
		var o2 mat.Dense
		o2.Mul(o, o)
		a := o.At(0, 0)
		v := [k]float64{tr, tr * tr, tr * tr * tr * tr, mat.Trace(&o2), a * a, a * a * a * a}
		for i, x := range v {
			sum[i] += x
			sum2[i] += x * x
		}
	}
	for i := range sum {
		m := sum[i] / float64(S)
		sd := math.Sqrt(sum2[i]/float64(S) - m*m)
		means = append(means, m)
		ses = append(ses, sd/math.Sqrt(float64(S)))
	}
	return
}

// TestHaarMoments checks Haar statistics over S = 4000 draws of O(n),
// n = 8, against exact values, each within 5 standard errors (SE = sample
// standard deviation/√S):
//   - E tr O = 0, E (tr O)² = 1, E (tr O)⁴ = 3 (Diaconis & Shahshahani
//     1994: the first n moments of tr O match a standard normal);
//   - E tr(O²) = 1;
//   - E O₁₁² = 1/n, E O₁₁⁴ = 3/(n(n+2)) (O's first column is uniform on
//     the sphere).
//
// Without the sign fix the distribution of Q depends on the QR
// convention and E tr Q ≠ 0; the test asserts that this bias is
// detectable, so it would catch a missing sign fix.
func TestHaarMoments(t *testing.T) {
	const n, S = 8, 4000
	rng := rand.New(rand.NewPCG(7, 11))
	means, ses := orthStats(func() *mat.Dense { return Haar(n, rng) }, n, S)
	want := []float64{0, 1, 3, 1, 1.0 / n, 3.0 / (n * (n + 2))}
	names := []string{"E tr O", "E (tr O)²", "E (tr O)⁴", "E tr O²", "E O11²", "E O11⁴"}
	for i := range want {
		if math.Abs(means[i]-want[i]) > 5*ses[i] {
			t.Errorf("%s = %.4f ± %.4f, want %v", names[i], means[i], ses[i], want[i])
		}
	}
	// The unfixed QR fails the first check: the test is able to fail.
	unfixed := func() *mat.Dense {
		z := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				z.Set(i, j, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(z)
		var q mat.Dense
		qr.QTo(&q)
		return &q
	}
	m, se := orthStats(unfixed, n, 1000)
	if math.Abs(m[0]) < 5*se[0] {
		t.Errorf("unfixed QR: E tr Q = %.3f ± %.3f is not detectably biased; the Haar test would not catch a missing sign fix", m[0], se[0])
	}
}

func TestHaarDeterministic(t *testing.T) {
	a := Haar(5, rand.New(rand.NewPCG(3, 4)))
	b := Haar(5, rand.New(rand.NewPCG(3, 4)))
	if !mat.Equal(a, b) {
		t.Error("same seed, different matrices")
	}
}

// haarQR is HaarInto through mat.QR (Factorize, RTo, QTo), as it was
// written before it called LAPACK itself: the reference of its bits.
func haarQR(dst *mat.Dense, rng *rand.Rand) {
	n, _ := dst.Dims()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			dst.Set(i, j, rng.NormFloat64())
		}
	}
	var qr mat.QR
	qr.Factorize(dst)
	var r mat.Dense
	qr.RTo(&r)
	qr.QTo(dst)
	for j := 0; j < n; j++ {
		if r.At(j, j) < 0 {
			for i := 0; i < n; i++ {
				dst.Set(i, j, -dst.At(i, j))
			}
		}
	}
}

// TestHaarIntoQR: HaarInto gives the bits of mat.QR's decomposition
// (haarQR) from the same generator, at sizes below and above LAPACK's
// blocking crossover (Geqrf and Orgqr block from n > 128), three seeds
// each, into a matrix of its own and into a view of a wider one.
func TestHaarIntoQR(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 16, 33, 64, 128, 129, 200} {
		for seed := uint64(1); seed <= 3; seed++ {
			want := mat.NewDense(n, n, nil)
			haarQR(want, rand.New(rand.NewPCG(seed, uint64(n))))
			wide := mat.NewDense(n, n+3, nil)
			for _, got := range []*mat.Dense{mat.NewDense(n, n, nil), wide.Slice(0, n, 1, n+1).(*mat.Dense)} {
				HaarInto(got, rand.New(rand.NewPCG(seed, uint64(n))))
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						if g, w := got.At(i, j), want.At(i, j); math.Float64bits(g) != math.Float64bits(w) {
							t.Fatalf("n = %d, seed %d: HaarInto[%d][%d] = %v, mat.QR's %v", n, seed, i, j, g, w)
						}
					}
				}
			}
		}
	}
}
