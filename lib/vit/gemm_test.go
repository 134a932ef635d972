package vit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestGemmMatchesBlas64 compares gemm (FMA kernel when the CPU has it)
// with gonum's blas64.Gemm on shapes with and without 4×8 edges, all four
// transpose combinations and β ∈ {0, 1, 0.5}, on strided views. Both sum
// the same k products in different orders with and without fused
// multiply-add, so they agree to k·ε_mach·Σ|a||b| ≈ 1e-14 here; the
// tolerance is 1e-12 relative to that scale.
func TestGemmMatchesBlas64(t *testing.T) {
	if !hasKernel {
		t.Log("no AVX2+FMA: gemm falls back to blas64, the comparison is trivial")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	randG := func(r, c, pad int) blas64.General {
		g := blas64.General{Rows: r, Cols: c, Stride: c + pad, Data: make([]float64, r*(c+pad))}
		for i := range g.Data {
			g.Data[i] = rng.NormFloat64()
		}
		return g
	}
	for _, sh := range [][3]int{{4, 8, 1}, {17, 17, 64}, {64, 64, 1088}, {1088, 64, 64}, {13, 21, 5}, {3, 7, 2}, {8, 16, 0}} {
		m, n, k := sh[0], sh[1], sh[2]
		for _, tA := range []blas.Transpose{blas.NoTrans, blas.Trans} {
			for _, tB := range []blas.Transpose{blas.NoTrans, blas.Trans} {
				for _, beta := range []float64{0, 1, 0.5} {
					name := fmt.Sprintf("%dx%dx%d_%c%c_β%v", m, n, k, tA, tB, beta)
					var a, b blas64.General
					if tA == blas.NoTrans {
						a = randG(m, k, 3)
					} else {
						a = randG(k, m, 3)
					}
					if tB == blas.NoTrans {
						b = randG(k, n, 2)
					} else {
						b = randG(n, k, 2)
					}
					c := randG(m, n, 1)
					want := blas64.General{Rows: m, Cols: n, Stride: c.Stride, Data: append([]float64(nil), c.Data...)}
					blas64.Gemm(tA, tB, 0.7, a, b, beta, want)
					gemm(tA, tB, 0.7, a, b, beta, c, make([]float64, n*k))
					var worst float64
					for i := 0; i < m; i++ {
						for j := 0; j < n; j++ {
							d := math.Abs(c.Data[i*c.Stride+j] - want.Data[i*c.Stride+j])
							worst = math.Max(worst, d/math.Sqrt(float64(k)+1))
						}
					}
					if worst > 1e-12 {
						t.Errorf("%s: max |gemm − blas64|/√(k+1) = %.3g", name, worst)
					}
					// the padding column of C must be untouched
					for i := 0; i < m; i++ {
						if c.Data[i*c.Stride+n] != want.Data[i*c.Stride+n] {
							t.Errorf("%s: wrote outside C's view in row %d", name, i)
							break
						}
					}
				}
			}
		}
	}
}

var sinkG float64

// BenchmarkGemmAttention times the per-sequence attention products of the
// n = 17, d = 64 model, whose 17 = 16 + 1 shapes exercise the edges.
func BenchmarkGemmAttention(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	g := func(r, c int) blas64.General {
		x := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
		for i := range x.Data {
			x.Data[i] = rng.NormFloat64()
		}
		return x
	}
	q, k, s := g(17, 64), g(17, 64), g(17, 17)
	scr := make([]float64, 64*64)
	for b.Loop() {
		gemm(blas.NoTrans, blas.Trans, 1, q, k, 0, s, scr) // S = Q Kᵀ
		gemm(blas.NoTrans, blas.NoTrans, 1, s, k, 0, q, scr)
		gemm(blas.Trans, blas.NoTrans, 1, s, q, 0, k, scr)
	}
	sinkG = s.Data[0]
}
