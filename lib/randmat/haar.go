package randmat

import (
	"fmt"
	"math/rand/v2"

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
	var qr mat.QR
	qr.Factorize(dst)
	var r mat.Dense
	qr.RTo(&r)
	qr.QTo(dst)
	for j := 0; j < n; j++ {
		if r.At(j, j) < 0 {
			for i := 0; i < n; i++ {
				raw.Data[i*raw.Stride+j] = -raw.Data[i*raw.Stride+j]
			}
		}
	}
}
