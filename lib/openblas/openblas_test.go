package openblas

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// TestGemmAgrees compares whichever BLAS is in use (OpenBLAS with the tag,
// gonum without) with gonum's pure-Go dgemm on a 37×53·53×29 product: the
// two differ only by summation order, so 1e-12 relative is ample.
func TestGemmAgrees(t *testing.T) {
	const m, k, n = 37, 53, 29
	a := blas64.General{Rows: m, Cols: k, Stride: k, Data: make([]float64, m*k)}
	b := blas64.General{Rows: k, Cols: n, Stride: n, Data: make([]float64, k*n)}
	for i := range a.Data {
		a.Data[i] = math.Sin(float64(i))
	}
	for i := range b.Data {
		b.Data[i] = math.Cos(float64(3 * i))
	}
	got := blas64.General{Rows: m, Cols: n, Stride: n, Data: make([]float64, m*n)}
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, got)
	want := make([]float64, m*n)
	gonum.Implementation{}.Dgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a.Data, k, b.Data, n, 0, want, n)
	for i := range want {
		if d := math.Abs(got.Data[i] - want[i]); d > 1e-12*(1+math.Abs(want[i])) {
			t.Fatalf("entry %d: %v vs pure-Go %v (OpenBLAS enabled: %v)", i, got.Data[i], want[i], Enabled)
		}
	}
}
