package randmlp

import (
	"errors"
	"math/rand/v2"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"

	"github.com/sigprop/sigprop/lib/dense"
	"github.com/sigprop/sigprop/lib/randmat"
)

// errGramNotPD reports a Gaussian matrix whose Gram matrix is numerically
// singular (probability ~0 at the sizes used).
var errGramNotPD = errors.New("randmlp: Gram matrix of a Gaussian draw is not positive definite")

// cholHaar applies a Haar-orthogonal matrix to a matrix and a vector
// without forming it: with Z the n×n matrix of i.i.d. N(0, 1) entries
// (drawn row by row, as HaarInto draws them) and ZᵀZ = RᵀR its Cholesky
// factorisation (R upper triangular with a positive diagonal),
//
//	O = Z R^{−1}
//
// is exactly the Haar matrix Q·diag(sign R_ii) of HaarInto (Mezzadri
// 2007, §5): Z = QR with the sign fix is the unique QR factorisation with
// a positive diagonal, and ZᵀZ = RᵀR. O·J = Z·(R^{−1}J) costs a Gram
// product, a Cholesky factorisation, a triangular solve and a product
// (about 3n³ flops on dense.Gemm and gonum's trsm) instead of a QR
// factorisation, forming Q and a product. It loses orthogonality like
// cond(Z)²·ε (about 1e-9 at n = 1000): cholhaar_test.go checks O against
// HaarInto and OᵀO against I.
type cholHaar struct {
	z, gram blas64.General
}

func newCholHaar(n int) *cholHaar {
	g := func() blas64.General { return blas64.General{Rows: n, Cols: n, Stride: n, Data: make([]float64, n*n)} }
	return &cholHaar{z: g(), gram: g()}
}

// apply draws O and sets dst = alpha·O·j (j is overwritten with R^{−1}j)
// and x = O·x.
func (c *cholHaar) apply(rng *rand.Rand, alpha float64, j, dst blas64.General, x []float64) error {
	randmat.Normal(c.z.Data, 1, rng)
	dense.Gemm(blas.Trans, blas.NoTrans, 1, c.z, c.z, 0, c.gram)
	r, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Upper, N: c.gram.Rows, Stride: c.gram.Stride, Data: c.gram.Data})
	if !ok {
		return errGramNotPD
	}
	blas64.Trsm(blas.Left, blas.NoTrans, 1, r, j)
	dense.Gemm(blas.NoTrans, blas.NoTrans, alpha, c.z, j, 0, dst)
	if x != nil {
		y := append([]float64(nil), x...)
		blas64.Trsv(blas.NoTrans, r, blas64.Vector{N: len(y), Inc: 1, Data: y})
		blas64.Gemv(blas.NoTrans, 1, c.z, blas64.Vector{N: len(y), Inc: 1, Data: y}, 0, blas64.Vector{N: len(x), Inc: 1, Data: x})
	}
	return nil
}
