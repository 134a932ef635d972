package dense

import (
	"fmt"
	"math"
	"sync"
	"unsafe"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// Register and cache blocking of Gemm (Goto and van de Geijn 2008,
// "Anatomy of high-performance matrix multiplication", ACM TOMS 34(3)):
// an mr×nr block of C lives in registers for a kc-long sum; an mc×kc block
// of op(A) is packed to stay in L2 and a kc×nc block of op(B) in L3, each
// as the micro-panels the micro-kernel streams through L1.
const (
	mr = 6    // rows of the micro-tile (kern6x8)
	nr = 8    // columns of the micro-tile
	kc = 256  // depth of a packed panel
	mc = 96   // rows of a packed block of op(A), a multiple of mr
	nc = 2048 // columns of a packed block of op(B), a multiple of nr
)

// gemmWork holds the packing buffers of one Gemm call; they come from a
// pool, so that steady-state calls do not allocate and concurrent calls do
// not share.
type gemmWork struct {
	a, b []float64
	tile [mr * nr]float64
}

var gemmPool = sync.Pool{New: func() any { return new(gemmWork) }}

// Gemm computes the general matrix product
//
//	C ← α op(A) op(B) + β C,   op(X) = X or Xᵀ as tX says,
//
// with op(A) m×k, op(B) k×n and C m×n, like blas64.Gemm (BLAS dgemm).
// blas.ConjTrans means blas.Trans. When β = 0, C is not read (NaN in C does
// not propagate); when α = 0 or k = 0, A and B are not read and C ← β C.
//
// On the assembly path the sums over k are fused multiply-adds in a
// sequential order, blocked by 256; on the portable path separate multiplies
// and adds in the same order. Either way the result depends only on the
// inputs and the path (see doc.go), not on the call's history, and differs
// from gonum's by rounding only.
//
// Gemm panics, with a message prefixed by "dense:", on a shape mismatch, a
// stride smaller than the row length, data too short for the view, or C's
// elements overlapping those of A or B (a product cannot be formed in place).
func Gemm(tA, tB blas.Transpose, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	m, n := c.Rows, c.Cols
	am, k := a.Rows, a.Cols
	rsa, csa := a.Stride, 1
	if isTrans(tA) {
		am, k = a.Cols, a.Rows
		rsa, csa = 1, a.Stride
	}
	bk, bn := b.Rows, b.Cols
	rsb, csb := b.Stride, 1
	if isTrans(tB) {
		bk, bn = b.Cols, b.Rows
		rsb, csb = 1, b.Stride
	}
	switch {
	case am != m:
		panic(fmt.Sprintf("dense: Gemm: op(A) has %d rows, C has %d", am, m))
	case bn != n:
		panic(fmt.Sprintf("dense: Gemm: op(B) has %d columns, C has %d", bn, n))
	case bk != k:
		panic(fmt.Sprintf("dense: Gemm: op(A) has %d columns, op(B) has %d rows", k, bk))
	}
	checkGeneral("A", a)
	checkGeneral("B", b)
	checkGeneral("C", c)
	if m == 0 || n == 0 {
		return
	}
	if k == 0 || alpha == 0 {
		scale(beta, c)
		return
	}
	if overlaps(c, a) {
		panic("dense: Gemm: C overlaps A")
	}
	if overlaps(c, b) {
		panic("dense: Gemm: C overlaps B")
	}
	if curPath == Portable {
		// The portable path is gonum's pure-Go dgemm (about 15 GFLOP/s
		// here, three times what a Go micro-kernel in this blocking
		// reached); its sums over k run in a fixed order too.
		gonum.Implementation{}.Dgemm(tA, tB, m, n, k, alpha, a.Data, a.Stride, b.Data, b.Stride, beta, c.Data, c.Stride)
		return
	}
	if curPath == AVX512 {
		gemm512(m, n, k, alpha, a.Data, rsa, csa, b.Data, rsb, csb, beta, c)
		return
	}
	w := gemmPool.Get().(*gemmWork)
	defer gemmPool.Put(w)
	// Packing copies op(A) once per column block and op(B) once per row
	// block; it pays when the copy is reused often. Small products read the
	// operands in place (A with any strides, B when its rows are
	// contiguous), packing only the edge strips, so that no tile reads past
	// a view.
	packAll := n >= 256 && m*k >= 1<<16
	packAllB := csb != 1 || (m > mc && k*n >= 1<<16)
	nb0, kb0, mb0 := min(n, nc), min(k, kc), min(m, mc)
	w.b = grow(w.b, roundUp(nb0, nr)*kb0)
	w.a = grow(w.a, roundUp(mb0, mr)*kb0)
	for jc := 0; jc < n; jc += nc {
		nb := min(nc, n-jc)
		for pc := 0; pc < k; pc += kc {
			kb := min(kc, k-pc)
			if packAllB {
				packB(w.b, b.Data, rsb, csb, pc, kb, jc, nb)
			} else if nb%nr != 0 {
				e := nb - nb%nr // the edge strip, at its place in w.b
				packB(w.b[e*kb:], b.Data, rsb, csb, pc, kb, jc+e, nb-e)
			}
			bt, load := beta, beta != 0
			if pc > 0 {
				bt, load = 1, true
			}
			for ic := 0; ic < m; ic += mc {
				mb := min(mc, m-ic)
				if packAll {
					packA(w.a, a.Data, rsa, csa, ic, mb, pc, kb)
				} else if mb%mr != 0 {
					e := mb - mb%mr
					packA(w.a[e*kb:], a.Data, rsa, csa, ic+e, mb-e, pc, kb)
				}
				for jr := 0; jr < nb; jr += nr {
					nt := min(nr, nb-jr)
					bp, ldb := w.b[jr*kb:], nr
					if !packAllB && nt == nr {
						bp, ldb = b.Data[pc*rsb+jc+jr:], rsb
					}
					for ir := 0; ir < mb; ir += mr {
						mt := min(mr, mb-ir)
						ap, ra, ca := w.a[ir*kb:], 1, mr
						if !packAll && mt == mr {
							ap, ra, ca = a.Data[(ic+ir)*rsa+pc*csa:], rsa, csa
						}
						off := (ic+ir)*c.Stride + jc + jr
						if mt == mr && nt == nr {
							micro(kb, ap, ra, ca, bp, ldb, c.Data[off:], c.Stride, alpha, bt, load)
							continue
						}
						if mt == 4 && nt == nr { // the packed edge strip, its four rows only
							micro4(kb, ap, ra, ca, bp, ldb, c.Data[off:], c.Stride, alpha, bt, load)
							continue
						}
						micro(kb, ap, ra, ca, bp, ldb, w.tile[:], nr, 1, 0, false)
						mergeTile(c.Data[off:], c.Stride, w.tile[:], nr, mt, nt, alpha, bt, load)
					}
				}
			}
		}
	}
}

func isTrans(t blas.Transpose) bool {
	switch t {
	case blas.NoTrans:
		return false
	case blas.Trans, blas.ConjTrans:
		return true
	}
	panic(fmt.Sprintf("dense: bad transpose %v", t))
}

func checkGeneral(name string, g blas64.General) {
	if g.Rows < 0 || g.Cols < 0 {
		panic(fmt.Sprintf("dense: %s has negative dimensions %d×%d", name, g.Rows, g.Cols))
	}
	if g.Stride < max(1, g.Cols) {
		panic(fmt.Sprintf("dense: %s has stride %d < max(1, %d columns)", name, g.Stride, g.Cols))
	}
	if g.Rows > 0 && g.Cols > 0 && len(g.Data) < (g.Rows-1)*g.Stride+g.Cols {
		panic(fmt.Sprintf("dense: %s (%d×%d, stride %d) needs %d values, has %d",
			name, g.Rows, g.Cols, g.Stride, (g.Rows-1)*g.Stride+g.Cols, len(g.Data)))
	}
}

// overlaps reports whether the elements spanned by the views x and y share
// memory (spans from first to last element, a conservative test).
func overlaps(x, y blas64.General) bool {
	if x.Rows == 0 || x.Cols == 0 || y.Rows == 0 || y.Cols == 0 {
		return false
	}
	x0 := uintptr(unsafe.Pointer(&x.Data[0]))
	x1 := x0 + uintptr((x.Rows-1)*x.Stride+x.Cols)*8
	y0 := uintptr(unsafe.Pointer(&y.Data[0]))
	y1 := y0 + uintptr((y.Rows-1)*y.Stride+y.Cols)*8
	return x0 < y1 && y0 < x1
}

func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

func roundUp(x, q int) int { return (x + q - 1) / q * q }

// scale sets C ← β C (C ← 0 when β = 0, whatever C held).
func scale(beta float64, c blas64.General) {
	for i := 0; i < c.Rows; i++ {
		row := c.Data[i*c.Stride : i*c.Stride+c.Cols]
		switch beta {
		case 0:
			clear(row)
		case 1:
		default:
			for j := range row {
				row[j] *= beta
			}
		}
	}
}

// packA copies op(A)[i0:i0+mb, p0:p0+kb], element (i, p) at
// a[i·rsa + p·csa], into dst as ⌈mb/mr⌉ micro-panels, each kb columns of
// mr values (rows past mb are zero).
func packA(dst, a []float64, rsa, csa, i0, mb, p0, kb int) {
	for ir := 0; ir < mb; ir += mr {
		mt := min(mr, mb-ir)
		panel := dst[ir*kb : ir*kb+mr*kb]
		if mt == mr && csa == 1 {
			base := (i0+ir)*rsa + p0
			r0 := a[base : base+kb]
			r1 := a[base+rsa : base+rsa+kb]
			r2 := a[base+2*rsa : base+2*rsa+kb]
			r3 := a[base+3*rsa : base+3*rsa+kb]
			r4 := a[base+4*rsa : base+4*rsa+kb]
			r5 := a[base+5*rsa : base+5*rsa+kb]
			for p := range kb {
				q := panel[p*mr : p*mr+mr : p*mr+mr]
				q[0], q[1], q[2], q[3], q[4], q[5] = r0[p], r1[p], r2[p], r3[p], r4[p], r5[p]
			}
			continue
		}
		if mt == mr && rsa == 1 {
			for p := range kb {
				src := a[(p0+p)*csa+i0+ir:]
				src = src[:mr:mr]
				q := panel[p*mr : p*mr+mr : p*mr+mr]
				q[0], q[1], q[2], q[3], q[4], q[5] = src[0], src[1], src[2], src[3], src[4], src[5]
			}
			continue
		}
		for p := range kb {
			q := panel[p*mr : p*mr+mr]
			for i := range mr {
				if i < mt {
					q[i] = a[(i0+ir+i)*rsa+(p0+p)*csa]
				} else {
					q[i] = 0
				}
			}
		}
	}
}

// packB copies op(B)[p0:p0+kb, j0:j0+nb], element (p, j) at
// b[p·rsb + j·csb], into dst as ⌈nb/nr⌉ micro-panels, each kb rows of nr
// values (columns past nb are zero).
func packB(dst, b []float64, rsb, csb, p0, kb, j0, nb int) {
	for jr := 0; jr < nb; jr += nr {
		nt := min(nr, nb-jr)
		panel := dst[jr*kb : jr*kb+nr*kb]
		if nt == nr && csb == 1 {
			for p := range kb {
				src := b[(p0+p)*rsb+j0+jr:]
				src = src[:nr:nr]
				q := panel[p*nr : p*nr+nr : p*nr+nr]
				q[0], q[1], q[2], q[3] = src[0], src[1], src[2], src[3]
				q[4], q[5], q[6], q[7] = src[4], src[5], src[6], src[7]
			}
			continue
		}
		if nt == nr && rsb == 1 {
			base := (j0+jr)*csb + p0
			c0 := b[base : base+kb]
			c1 := b[base+csb : base+csb+kb]
			c2 := b[base+2*csb : base+2*csb+kb]
			c3 := b[base+3*csb : base+3*csb+kb]
			c4 := b[base+4*csb : base+4*csb+kb]
			c5 := b[base+5*csb : base+5*csb+kb]
			c6 := b[base+6*csb : base+6*csb+kb]
			c7 := b[base+7*csb : base+7*csb+kb]
			for p := range kb {
				q := panel[p*nr : p*nr+nr : p*nr+nr]
				q[0], q[1], q[2], q[3] = c0[p], c1[p], c2[p], c3[p]
				q[4], q[5], q[6], q[7] = c4[p], c5[p], c6[p], c7[p]
			}
			continue
		}
		for p := range kb {
			q := panel[p*nr : p*nr+nr]
			for j := range nr {
				if j < nt {
					q[j] = b[(p0+p)*rsb+(j0+jr+j)*csb]
				} else {
					q[j] = 0
				}
			}
		}
	}
}

// micro runs the AVX2+FMA micro-kernel: A(i, p) at a[i·rsa + p·csa],
// B(p, 0:8) at b[p·ldb:], C(i, 0:8) at c[i·ldc:].
func micro(k int, a []float64, rsa, csa int, b []float64, ldb int, c []float64, ldc int, alpha, beta float64, load bool) {
	// bounds: the last elements of the A panel, the B panel and the C block
	_ = a[(mr-1)*rsa+(k-1)*csa]
	_ = b[(k-1)*ldb+nr-1]
	_ = c[(mr-1)*ldc+nr-1]
	kern6x8(k, &a[0], rsa, csa, &b[0], ldb, &c[0], ldc, alpha, beta, load)
}

// micro4 runs kern4x8, micro's kernel on four rows (the same arithmetic
// per element of C).
func micro4(k int, a []float64, rsa, csa int, b []float64, ldb int, c []float64, ldc int, alpha, beta float64, load bool) {
	_ = a[3*rsa+(k-1)*csa]
	_ = b[(k-1)*ldb+nr-1]
	_ = c[3*ldc+nr-1]
	kern4x8(k, &a[0], rsa, csa, &b[0], ldb, &c[0], ldc, alpha, beta, load)
}

// mergeTile stores an edge tile t (the mt×nt corner of a micro-tile sum S
// stored with row stride ldt) into C with the arithmetic of the full-tile
// store (a fused multiply-add).
func mergeTile(c []float64, ldc int, t []float64, ldt, mt, nt int, alpha, beta float64, load bool) {
	for i := range mt {
		row := c[i*ldc : i*ldc+nt]
		ti := t[i*ldt : i*ldt+nt]
		if !load {
			for j, s := range ti {
				row[j] = alpha * s
			}
			continue
		}
		for j, s := range ti {
			row[j] = math.FMA(alpha, s, beta*row[j])
		}
	}
}
