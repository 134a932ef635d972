package randmlp

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/randmat"
)

// TestCholHaarIsHaarInto: from the same random numbers, Z R^{−1} applied
// to I is HaarInto's Q·diag(sign R_ii) to 1e-9 (n = 200), and it is
// orthogonal to 1e-9.
func TestCholHaarIsHaarInto(t *testing.T) {
	const n = 200
	want := mat.NewDense(n, n, nil)
	randmat.HaarInto(want, rand.New(rand.NewPCG(3, 4)))
	id := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		id.Set(i, i, 1)
	}
	got := mat.NewDense(n, n, nil)
	x := make([]float64, n)
	x[5] = 1
	if err := newCholHaar(n).apply(rand.New(rand.NewPCG(3, 4)), 1, id.RawMatrix(), got.RawMatrix(), x); err != nil {
		t.Fatal(err)
	}
	var p mat.Dense
	p.Mul(got.T(), got)
	for i := 0; i < n; i++ {
		if d := math.Abs(x[i] - want.At(i, 5)); d > 1e-9 {
			t.Fatalf("O x differs from column 5 of Haar by %g at %d", d, i)
		}
		for j := 0; j < n; j++ {
			if d := math.Abs(got.At(i, j) - want.At(i, j)); d > 1e-9 {
				t.Fatalf("O[%d,%d] = %v, HaarInto %v", i, j, got.At(i, j), want.At(i, j))
			}
			eye := 0.0
			if i == j {
				eye = 1
			}
			if d := math.Abs(p.At(i, j) - eye); d > 1e-9 {
				t.Fatalf("(OᵀO)[%d,%d] = %v", i, j, p.At(i, j))
			}
		}
	}
}

// TestCholeskyHaarEigs: the Cholesky path gives the eigenvalues of the
// Householder path, same seed, to 1e-7 relative (hard tanh, orthogonal,
// N = 150, L = 6; the two differ only by rounding).
func TestCholeskyHaarEigs(t *testing.T) {
	s := JacobianSim{Width: 150, Depth: 6, Phi: activation.HardTanh(), SigmaW2: 1.0476692, SigmaB2: 8.89545e-3,
		Weights: OrthogonalWeights, QStar: 0.25}
	a, err := s.Eigs(rand.New(rand.NewPCG(7, 8)))
	if err != nil {
		t.Fatal(err)
	}
	s.CholeskyHaar = true
	b, err := s.Eigs(rand.New(rand.NewPCG(7, 8)))
	if err != nil {
		t.Fatal(err)
	}
	nz := 0
	for i := range a {
		if a[i] > 0 {
			nz++
		}
		if d := math.Abs(a[i] - b[i]); d > 1e-7*math.Max(a[i], 1e-3) {
			t.Fatalf("eigenvalue %d: %v (Householder) vs %v (Cholesky)", i, a[i], b[i])
		}
	}
	if nz < 100 {
		t.Fatalf("only %d nonzero eigenvalues: the test is vacuous", nz)
	}
}
