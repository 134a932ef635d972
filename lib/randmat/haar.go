package randmat

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// Haar returns an n×n orthogonal matrix drawn from the Haar (uniform)
// measure on O(n): the Q factor of the QR decomposition of an n×n matrix of
// i.i.d. N(0, 1) entries, with its columns multiplied by sign(R_ii)
// (Mezzadri 2007, arXiv:math-ph/0609050, §5; Tanner lecture lib/sources/tanner2024.md#monte-carlo).
// Without the sign fix Q is not Haar distributed. It panics if n < 1.
func Haar(n int, rng *rand.Rand) *mat.Dense {
	if n < 1 {
		panic(fmt.Sprintf("randmat: Haar needs n >= 1, got %d", n))
	}
	dst := mat.NewDense(n, n, nil)
	HaarInto(dst, rng)
	return dst
}

// HaarInto overwrites the square matrix dst with a Haar-distributed
// orthogonal matrix (see Haar). It panics if dst is not square.
//
// The QR decomposition runs in dst through LAPACK's Geqrf and Orgqr with
// the workspace their queries ask for (Orgqr below the blocking crossover
// n of it, which takes the same path): the calls mat.QR's Factorize and
// QTo make, without its copies of the matrix, its R and its condition
// estimate (the same bits: TestHaarIntoQR).
func HaarInto(dst *mat.Dense, rng *rand.Rand) {
	n, c := dst.Dims()
	if n != c {
		panic(fmt.Sprintf("randmat: HaarInto needs a square matrix, got %d×%d", n, c))
	}
	raw := dst.RawMatrix()
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		for j := range row {
			row[j] = rng.NormFloat64()
		}
	}
	signedQ(raw)
}

// unblockedMax is the largest n at which LAPACK's Dgeqrf and Dorgqr run
// their unblocked forms (Dgeqr2, Dorg2r) on an n×n matrix, with any
// workspace they accept: gonum's crossover (Ilaenv's nx) is 128.
const unblockedMax = 128

// signedQ overwrites the n×n matrix z with Q·diag(sign R_jj) of its QR
// decomposition z = QR.
func signedQ(z blas64.General) {
	n := z.Rows
	tau := make([]float64, n)
	work := []float64{0}
	lapack64.Geqrf(z, tau, work, -1)
	lq := int(work[0])
	lapack64.Orgqr(z, tau, work, -1)
	lo := int(work[0])
	if n <= unblockedMax {
		// Dorgqr runs Dorg2r here, whatever the workspace: it uses n of
		// it and zeroes all of it at every column.
		lo = n
	}
	work = make([]float64, max(lq, lo))
	lapack64.Geqrf(z, tau, work[:lq], lq)
	neg := make([]bool, n) // sign(R_jj) < 0: R's diagonal is z's after Geqrf
	for j := range neg {
		neg[j] = z.Data[j*z.Stride+j] < 0
	}
	lapack64.Orgqr(z, tau, work[:lo], lo)
	for j := 0; j < n; j++ {
		if neg[j] {
			for i := 0; i < n; i++ {
				z.Data[i*z.Stride+j] = -z.Data[i*z.Stride+j]
			}
		}
	}
}
