package freeprob

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gaussMat returns an n×n matrix with i.i.d. N(0, 1/n) entries.
func gaussMat(n int, rng *rand.Rand) *mat.Dense {
	d := make([]float64, n*n)
	s := 1 / math.Sqrt(float64(n))
	for i := range d {
		d[i] = s * rng.NormFloat64()
	}
	return mat.NewDense(n, n, d)
}

// sqSingular returns the squared singular values of a.
func sqSingular(t *testing.T, a *mat.Dense) []float64 {
	var svd mat.SVD
	if !svd.Factorize(a, mat.SVDNone) {
		t.Fatal("SVD failed")
	}
	s := svd.Values(nil)
	for i := range s {
		s[i] *= s[i]
	}
	return s
}

// S-transform multiplicativity on a product of asymptotically free
// elements (F13): for independent Gaussian W₁, W₂ (N=500), the spectrum of
// (W₂W₁)ᵀ(W₂W₁) is MP⊠MP, and for a deterministic Bernoulli projection D
// the spectrum of D W₁ᵀW₁ D is Bern(p)⊠MP. SNumeric of the product must
// equal the product of SNumeric of the factors and the closed form.
//
// Tolerance: S at fixed z < 0 is a smooth linear statistic of the
// spectrum; its fluctuations and bias are O(1/N). Over 20 seeds at N=500
// the relative error of S_AB against the closed form had std 0.4–0.5% and
// mean 0.1–0.35% (z = −0.1…−0.5), and against S_A·S_B std ≤ 0.23%, mean
// ≤ 0.07%; 2.5% is ≥ 4 standard deviations beyond the bias, while a wrong
// law (e.g. S_A alone, off by 10–100%) fails.
func TestSMultiplicativityMonteCarlo(t *testing.T) {
	const n = 500
	rng := rand.New(rand.NewPCG(7, 11))
	w1, w2 := gaussMat(n, rng), gaussMat(n, rng)
	var prod mat.Dense
	prod.Mul(w2, w1)
	eA, eB, eAB := sqSingular(t, w1), sqSingular(t, w2), sqSingular(t, &prod)

	const p = 0.6
	var a mat.Dense
	a.Mul(w1.T(), w1)
	k := int(p * n)
	dad := mat.NewDense(k, k, nil)
	dad.Copy(a.Slice(0, k, 0, k)) // D A D restricted to the kept block
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(k, dad.RawMatrix().Data), false) {
		t.Fatal("eig failed")
	}
	eDAD := append(eig.Values(nil), make([]float64, n-k)...) // plus n−k zeros

	for _, z := range []float64{-0.1, -0.25, -0.5} {
		sA, err := SNumeric(eA, z)
		if err != nil {
			t.Fatal(err)
		}
		sB, _ := SNumeric(eB, z)
		sAB, _ := SNumeric(eAB, z)
		closed := 1 / ((1 + z) * (1 + z))
		if math.Abs(sAB/(sA*sB)-1) > 0.025 || math.Abs(sAB/closed-1) > 0.025 {
			t.Errorf("MP⊠MP z=%g: S_AB=%.5f, S_A·S_B=%.5f, closed %.5f", z, sAB, sA*sB, closed)
		}
		zz := z * p // inside (−p, 0): the atom at 0 has mass 1−p
		sD, _ := SNumeric(eDAD, zz)
		sW, _ := SNumeric(eA, zz)
		bern := real(Bernoulli{p}.S(complex(zz, 0)))
		if math.Abs(sD/(bern*sW)-1) > 0.025 {
			t.Errorf("Bern⊠MP z=%g: S=%.5f, S_Bern·S_W=%.5f", zz, sD, bern*sW)
		}
	}
}
