package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestGemmEdgeRowsBits: on each assembly path, the rows of a product whose
// row count leaves an edge strip (m = 4 mod 6: kern4x8 on the AVX2 path;
// other remainders: the six-row kernel on a padded copy) have the bits of
// the same rows of the product with two, or more, further rows of op(A),
// where those rows are formed by full tiles: an element of C does not
// depend on the kernel that formed it. Over both transposes of A and B, β
// = 0 and β ≠ 0, k up to 300 (two blocks of kc), and m across a block of
// mc.
func TestGemmEdgeRowsBits(t *testing.T) {
	defer SetPath(CurrentPath())
	rng := rand.New(rand.NewPCG(31, 32))
	for _, p := range Paths() {
		if p == Portable {
			continue
		}
		SetPath(p)
		for _, m := range []int{4, 10, 64, 100, 256, 9, 13} {
			for _, k := range []int{1, 7, 64, 300} {
				for _, tr := range [][2]blas.Transpose{{blas.NoTrans, blas.NoTrans}, {blas.Trans, blas.NoTrans}, {blas.NoTrans, blas.Trans}} {
					for _, beta := range []float64{0, 0.75} {
						const n = 24
						pad := (6 - m%6) % 6
						if pad == 0 {
							pad = 6
						}
						M := m + pad
						a := randView(rng, M, k, 0)
						if tr[0] == blas.Trans {
							a = randView(rng, k, M, 0)
						}
						b := randView(rng, k, n, 0)
						if tr[1] == blas.Trans {
							b = randView(rng, n, k, 0)
						}
						big := randView(rng, M, n, 0)
						small := blas64.General{Rows: m, Cols: n, Stride: n, Data: append([]float64(nil), big.Data[:m*n]...)}
						as := blas64.General{Rows: m, Cols: k, Stride: a.Stride, Data: a.Data}
						if tr[0] == blas.Trans {
							as = blas64.General{Rows: k, Cols: m, Stride: a.Stride, Data: a.Data}
						}
						Gemm(tr[0], tr[1], 1.25, a, b, beta, big)
						Gemm(tr[0], tr[1], 1.25, as, b, beta, small)
						name := fmt.Sprintf("%v m=%d k=%d %c%c beta=%v", p, m, k, tr[0], tr[1], beta)
						for i, v := range small.Data {
							if math.Float64bits(v) != math.Float64bits(big.Data[i]) {
								t.Fatalf("%s: C[%d] = %v alone, %v with further rows", name, i, v, big.Data[i])
							}
						}
					}
				}
			}
		}
	}
}
