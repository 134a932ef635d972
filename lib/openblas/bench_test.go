package openblas

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sigprop/sigprop/lib/dense"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

var sink float64

// BenchmarkGemmVsDense times blas64.Gemm (OpenBLAS with -tags openblas,
// gonum without) against dense.Gemm on the shapes sigprop uses: square
// products and the vit/tokennet shapes (B·n = 1088 rows by d = 64, the
// 17×17 attention products), in GFLOP/s. Run OpenBLAS on one thread
// (OPENBLAS_NUM_THREADS=1) to compare per core:
//
//	OPENBLAS_NUM_THREADS=1 go test -tags openblas -run - -bench GemmVsDense ./lib/openblas
func BenchmarkGemmVsDense(b *testing.B) {
	g := func(rng *rand.Rand, r, c int) blas64.General {
		x := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
		for i := range x.Data {
			x.Data[i] = rng.NormFloat64()
		}
		return x
	}
	for _, sh := range []struct {
		name    string
		m, n, k int
		tB      blas.Transpose
	}{
		{"17x17x64_NT", 17, 17, 64, blas.Trans},
		{"1088x64x64_NT", 1088, 64, 64, blas.Trans},
		{"256x64x256", 256, 64, 256, blas.NoTrans},
		{"64", 64, 64, 64, blas.NoTrans},
		{"256", 256, 256, 256, blas.NoTrans},
		{"1024", 1024, 1024, 1024, blas.NoTrans},
	} {
		rng := rand.New(rand.NewPCG(1, 2))
		x := g(rng, sh.m, sh.k)
		y := g(rng, sh.k, sh.n)
		if sh.tB == blas.Trans {
			y = g(rng, sh.n, sh.k)
		}
		z := g(rng, sh.m, sh.n)
		for _, im := range []struct {
			name string
			f    func()
		}{
			{fmt.Sprintf("blas64(openblas=%v)", Enabled), func() { blas64.Gemm(blas.NoTrans, sh.tB, 1, x, y, 0, z) }},
			{"dense", func() { dense.Gemm(blas.NoTrans, sh.tB, 1, x, y, 0, z) }},
		} {
			b.Run(sh.name+"/"+im.name, func(b *testing.B) {
				for b.Loop() {
					im.f()
				}
				b.ReportMetric(2*float64(sh.m*sh.n*sh.k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
				sink = z.Data[0]
			})
		}
	}
}
