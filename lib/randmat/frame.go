package randmat

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Frame returns an n×m matrix U with orthonormal columns (UᵀU = I_m): the
// first m columns of the Q factor of the QR decomposition of an n×m matrix
// G of i.i.d. N(0, 1) entries drawn row by row (Gaussian(n, m, 1, rng)).
// There is no sign fix (see the package doc), so U is not Haar distributed
// on the Stiefel manifold; its columns span a uniformly random subspace.
// It panics unless 1 <= m <= n.
func Frame(n, m int, rng *rand.Rand) *mat.Dense {
	if m < 1 || m > n {
		panic(fmt.Sprintf("randmat: Frame needs 1 <= m <= n, got n = %d, m = %d", n, m))
	}
	g := Gaussian(n, m, 1, rng)
	var qr mat.QR
	qr.Factorize(g)
	var q mat.Dense
	qr.QTo(&q)
	return q.Slice(0, n, 0, m).(*mat.Dense)
}
