package jacspectrum

import (
	"math"
	"math/cmplx"

	"gonum.org/v1/gonum/mat"
)

// bernoulliOrthoCandidates returns the density candidates −Im((1+m)/z)/π
// of all roots m with Im m < 0 of the F22 orthogonal polynomial
// z m (1+m)^{L−1} − σ_w^{2L} (m+p)^L = 0, from the eigenvalues of its
// companion matrix (an independent route to the roots).
func bernoulliOrthoCandidates(L int, sigmaW2, p float64, z complex128) []float64 {
	// coefficients of z m (1+m)^{L−1} and of s (m+p)^L, low order first
	a := make([]complex128, L+1)
	for k := 0; k <= L-1; k++ {
		a[k+1] += z * complex(binomF(L-1, k), 0)
	}
	s := math.Pow(sigmaW2, float64(L))
	for k := 0; k <= L; k++ {
		a[k] -= complex(s*binomF(L, k)*math.Pow(p, float64(L-k)), 0)
	}
	roots := polyRoots(a)
	// At Im z = 1e-10 the polynomial is nearly real, so the conjugate copies
	// from the real embedding pass the residual test too; merge values that
	// agree to 1e-8 (distinct roots differ by > 1e-3 here).
	var out []float64
	for _, m := range roots {
		if imag(m) >= 0 {
			continue
		}
		v := -imag((1+m)/z) / math.Pi
		dup := false
		for _, o := range out {
			if math.Abs(o-v) < 1e-8 {
				dup = true
			}
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

// polyRoots returns the roots of Σ a_k m^k via the complex companion
// matrix, embedded as a 2n×2n real matrix (its eigenvalues are the roots
// and their conjugates; the conjugate copies are removed by matching).
func polyRoots(a []complex128) []complex128 {
	n := len(a) - 1
	lead := a[n]
	// companion C (n×n complex): last column −a_k/lead, subdiagonal 1.
	C := make([]complex128, n*n)
	for i := 1; i < n; i++ {
		C[i*n+i-1] = 1
	}
	for i := 0; i < n; i++ {
		C[i*n+n-1] = -a[i] / lead
	}
	R := mat.NewDense(2*n, 2*n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			re, im := real(C[i*n+j]), imag(C[i*n+j])
			R.Set(i, j, re)
			R.Set(i, j+n, -im)
			R.Set(i+n, j, im)
			R.Set(i+n, j+n, re)
		}
	}
	var e mat.Eigen
	if !e.Factorize(R, mat.EigenNone) {
		return nil
	}
	ev := e.Values(nil)
	// Each root r of the complex polynomial appears with conj(r) of the
	// conjugate polynomial; keep eigenvalues with small residual.
	var out []complex128
	for _, r := range ev {
		v := complex(0, 0)
		for k := n; k >= 0; k-- {
			v = v*r + a[k]
		}
		scale := 0.0
		for k := n; k >= 0; k-- {
			scale = scale*cmplx.Abs(r) + cmplx.Abs(a[k])
		}
		if cmplx.Abs(v) <= 1e-8*scale {
			out = append(out, r)
		}
	}
	return out
}

func binomF(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
