package vit

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// gemm computes C = α op(A) op(B) + β C like blas64.Gemm. On amd64 with
// AVX2 and FMA it uses a 4×8 register-blocked FMA kernel (gemm_amd64.s)
// for the bulk and plain loops for the edges; a transposed B is first
// copied into scratch (which must hold k·n values) so that the kernel
// reads rows of op(B). Elsewhere, or when the kernel is disabled, it calls
// blas64.Gemm. The two differ only in rounding (FMA, summation order);
// TestGemmMatchesBlas64 checks them against each other.
func gemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General, scratch []float64) {
	if !useKernel {
		blas64.Gemm(tA, tB, alpha, a, b, beta, c)
		return
	}
	m, n := c.Rows, c.Cols
	k := a.Cols
	rsa, csa := a.Stride, 1
	if tA == blas.Trans {
		k = a.Rows
		rsa, csa = 1, a.Stride
	}
	if ar := a.Rows; tA == blas.Trans {
		ar = a.Cols
		if ar != m {
			panic(fmt.Sprintf("vit: gemm shape: op(A) has %d rows, C %d", ar, m))
		}
	} else if ar != m {
		panic(fmt.Sprintf("vit: gemm shape: op(A) has %d rows, C %d", ar, m))
	}
	bd, ldb := b.Data, b.Stride
	if tB == blas.Trans {
		if b.Cols != k || b.Rows != n {
			panic(fmt.Sprintf("vit: gemm shape: B is %d×%d, want %d×%d", b.Rows, b.Cols, n, k))
		}
		if len(scratch) < k*n {
			panic(fmt.Sprintf("vit: gemm scratch holds %d values, want %d", len(scratch), k*n))
		}
		for j := 0; j < n; j++ {
			row := b.Data[j*b.Stride : j*b.Stride+k]
			for kk, v := range row {
				scratch[kk*n+j] = v
			}
		}
		bd, ldb = scratch[:k*n], n
	} else if b.Rows != k || b.Cols != n {
		panic(fmt.Sprintf("vit: gemm shape: B is %d×%d, want %d×%d", b.Rows, b.Cols, k, n))
	}
	m4, n8 := m-m%4, n-n%8
	for i := 0; i < m; i++ {
		row := c.Data[i*c.Stride : i*c.Stride+n]
		if beta == 0 && i < m4 && k > 0 {
			row = row[n8:] // the kernel overwrites the bulk
		}
		switch beta {
		case 1:
		case 0:
			clear(row)
		default:
			for j := range row {
				row[j] *= beta
			}
		}
	}
	if m == 0 || n == 0 || k == 0 {
		return
	}
	for i := 0; i < m4; i += 4 {
		ap := &a.Data[i*rsa]
		for j := 0; j < n8; j += 8 {
			kern4x8(k, ap, rsa, csa, &bd[j], ldb, &c.Data[i*c.Stride+j], c.Stride, alpha, beta != 0)
		}
	}
	// edges: rows m4..m over all columns, columns n8..n over rows < m4.
	// Narrow column strips are dot products; wide row strips are axpys
	// C_i,j0:j1 += α A_ik B_k,j0:j1 (contiguous in B).
	edge := func(i0, i1, j0, j1 int) {
		if j1-j0 < 4 {
			for i := i0; i < i1; i++ {
				ai := a.Data[i*rsa:]
				for j := j0; j < j1; j++ {
					var s float64
					for kk, o := 0, j; kk < k; kk, o = kk+1, o+ldb {
						s += ai[kk*csa] * bd[o]
					}
					c.Data[i*c.Stride+j] += alpha * s
				}
			}
			return
		}
		for i := i0; i < i1; i++ {
			crow := c.Data[i*c.Stride+j0 : i*c.Stride+j1]
			for kk := 0; kk < k; kk++ {
				f := alpha * a.Data[i*rsa+kk*csa]
				brow := bd[kk*ldb+j0 : kk*ldb+j1]
				for j, v := range brow {
					crow[j] += f * v
				}
			}
		}
	}
	edge(m4, m, 0, n)
	edge(0, m4, n8, n)
}
