package dense

import (
	"sync"

	"gonum.org/v1/gonum/blas/blas64"
)

// Register and cache blocking of Gemm on the AVX512 path (Goto and van de
// Geijn 2008, as for the AVX2 path in gemm.go): an 8×16 tile of C in 16 zmm
// accumulators (gen_avx512.go says why this tile). Unlike the AVX2 path the
// loop over micro-panels of op(A) is the outer one: an 8×kc512 micro-panel
// of op(A) (16 KiB) stays in L1 while the kc512×16 micro-panels of op(B)
// (32 KiB each, as large as this machine's L1d) stream past it; in large
// products an mc512×kc512 block of op(A) (512 KiB) is packed for each
// block of op(B).
// Chosen on one core of the development machine (Zen 4: 32 KiB L1d, 1 MiB
// L2 per core) by the best of 60 alternating runs at n = 64, 256, 1024 and
// the transformer's shapes, among both loop orders, mc ∈ {32, 64, 96, 128,
// 256, 512, 1024} and nc ∈ {256, 512, 1024, 2048}: this order with
// mc = 256 ran n = 256 at 55 GFLOP/s against 53 for the AVX2 path's order
// (where op(B) is read in place up to 256 rows of C), and n = 1024 at 52
// against 51; the other choices were within the noise of a machine shared
// with other work. A core with a larger L1d/L2 (48 KiB / 2 MiB) may prefer
// other values.
//
// kc512 is the AVX2 path's kc on purpose: the tile shape, the loop order,
// mc and nc decide only which elements a kernel call forms, never the
// arithmetic of one element (a fused multiply-add chain over k from zero,
// one block of kc at a time, then fma(α, S, β C)), so with the same kc the
// AVX512 path gives the AVX2 path's bits (TestGemmAVX512BitsAVX2) and no
// golden hash or report figure moves between them. A different kc would be
// a third set of bits.
const (
	mr512 = 8    // rows of the micro-tile (kern8x16; kern1x16 … kern7x16 for edges)
	nr512 = 16   // columns of the micro-tile
	kc512 = kc   // depth of a packed panel: the AVX2 path's, see above
	mc512 = 256  // rows of a packed block of op(A), a multiple of mr512
	nc512 = 2048 // columns of a packed block of op(B), a multiple of nr512
)

// gemm512Work holds the packing buffers of one Gemm call on the AVX512
// path.
type gemm512Work struct {
	a, b []float64
}

var gemm512Pool = sync.Pool{New: func() any { return new(gemm512Work) }}

// kern512 holds the AVX-512 micro-kernels by their number of rows.
var kern512 = [mr512 + 1]func(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha, beta float64, load bool, mask int){
	nil, kern1x16, kern2x16, kern3x16, kern4x16, kern5x16, kern6x16, kern7x16, kern8x16,
}

// gemm512 is Gemm on the AVX512 path, for checked, non-empty operands
// with k > 0 and α ≠ 0: op(A)(i, p) at a[i·rsa + p·csa], op(B)(p, j) at
// b[p·rsb + j·csb]. The sums over k are fused multiply-adds in order,
// blocked by kc512: C ← fma(α, S₁, β C), then C ← fma(α, S_q, C) for
// each further block q of kc512 products.
//
// An edge tile (fewer than 8 rows or 16 columns of C) runs the kernel with
// as many rows as it has, reading only those rows of op(A), and stores only
// its columns (an AVX-512 write mask), so no tile goes through a buffer and
// no operand is read past its view; only the edge strip of op(B) is packed
// (zero-padded) when op(B) is otherwise read in place.
func gemm512(m, n, k int, alpha float64, a []float64, rsa, csa int, b []float64, rsb, csb int, beta float64, c blas64.General) {
	w := gemm512Pool.Get().(*gemm512Work)
	defer gemm512Pool.Put(w)
	// As on the AVX2 path: large products pack op(A) and op(B); small ones
	// read op(A) in place (any strides) and op(B) when its rows are
	// contiguous.
	packAll := n >= 256 && m*k >= 1<<16
	packAllB := csb != 1 || (m > mc512 && k*n >= 1<<16)
	nb0, kb0, mb0 := min(n, nc512), min(k, kc512), min(m, mc512)
	w.b = grow(w.b, roundUp(nb0, nr512)*kb0)
	if packAll {
		w.a = grow(w.a, roundUp(mb0, mr512)*kb0)
	}
	for jc := 0; jc < n; jc += nc512 {
		nb := min(nc512, n-jc)
		for pc := 0; pc < k; pc += kc512 {
			kb := min(kc512, k-pc)
			if packAllB {
				packB512(w.b, b, rsb, csb, pc, kb, jc, nb)
			} else if nb%nr512 != 0 {
				e := nb - nb%nr512
				packB512(w.b[e*kb:], b, rsb, csb, pc, kb, jc+e, nb-e)
			}
			bt, load := beta, beta != 0
			if pc > 0 {
				bt, load = 1, true
			}
			for ic := 0; ic < m; ic += mc512 {
				mb := min(mc512, m-ic)
				if packAll {
					packA512(w.a, a, rsa, csa, ic, mb, pc, kb)
				}
				for ir := 0; ir < mb; ir += mr512 {
					mt := min(mr512, mb-ir)
					ap, ra, ca := w.a, 1, mr512
					if packAll {
						ap = w.a[ir*kb:]
					} else {
						ap, ra, ca = a[(ic+ir)*rsa+pc*csa:], rsa, csa
					}
					for jr := 0; jr < nb; jr += nr512 {
						nt := min(nr512, nb-jr)
						bp, ldb := w.b[jr*kb:], nr512
						if !packAllB && nt == nr512 {
							bp, ldb = b[pc*rsb+jc+jr:], rsb
						}
						off := (ic+ir)*c.Stride + jc + jr
						micro512(kb, mt, nt, ap, ra, ca, bp, ldb, c.Data[off:], c.Stride, alpha, bt, load)
					}
				}
			}
		}
	}
}

// packA512 copies op(A)[i0:i0+mb, p0:p0+kb], element (i, p) at
// a[i·rsa + p·csa], into dst as ⌈mb/mr512⌉ micro-panels, each kb columns
// of mr512 values (rows past mb are zero).
func packA512(dst, a []float64, rsa, csa, i0, mb, p0, kb int) {
	for ir := 0; ir < mb; ir += mr512 {
		mt := min(mr512, mb-ir)
		panel := dst[ir*kb : ir*kb+mr512*kb]
		switch {
		case mt == mr512 && csa == 1: // eight contiguous rows
			base := (i0+ir)*rsa + p0
			r0 := a[base : base+kb]
			r1 := a[base+rsa : base+rsa+kb]
			r2 := a[base+2*rsa : base+2*rsa+kb]
			r3 := a[base+3*rsa : base+3*rsa+kb]
			r4 := a[base+4*rsa : base+4*rsa+kb]
			r5 := a[base+5*rsa : base+5*rsa+kb]
			r6 := a[base+6*rsa : base+6*rsa+kb]
			r7 := a[base+7*rsa : base+7*rsa+kb]
			for p := range kb {
				q := panel[p*mr512 : p*mr512+mr512 : p*mr512+mr512]
				q[0], q[1], q[2], q[3] = r0[p], r1[p], r2[p], r3[p]
				q[4], q[5], q[6], q[7] = r4[p], r5[p], r6[p], r7[p]
			}
		case rsa == 1: // columns of op(A) contiguous: copy each column
			for p := range kb {
				q := panel[p*mr512 : p*mr512+mr512]
				clear(q[copy(q, a[(p0+p)*csa+i0+ir:][:mt]):])
			}
		default:
			for p := range kb {
				q := panel[p*mr512 : p*mr512+mr512]
				for i := range mr512 {
					if i < mt {
						q[i] = a[(i0+ir+i)*rsa+(p0+p)*csa]
					} else {
						q[i] = 0
					}
				}
			}
		}
	}
}

// packB512 copies op(B)[p0:p0+kb, j0:j0+nb], element (p, j) at
// b[p·rsb + j·csb], into dst as ⌈nb/nr512⌉ micro-panels, each kb rows of
// nr512 values (columns past nb are zero).
func packB512(dst, b []float64, rsb, csb, p0, kb, j0, nb int) {
	for jr := 0; jr < nb; jr += nr512 {
		nt := min(nr512, nb-jr)
		panel := dst[jr*kb : jr*kb+nr512*kb]
		if csb == 1 { // rows of op(B) contiguous: copy each row
			for p := range kb {
				q := panel[p*nr512 : p*nr512+nr512]
				clear(q[copy(q, b[(p0+p)*rsb+j0+jr:][:nt]):])
			}
			continue
		}
		if rsb == 1 && nt == nr512 { // columns of op(B) contiguous: 16 columns side by side, a row of the panel at a time
			col := func(j int) []float64 { return b[(j0+jr+j)*csb+p0:][:kb] }
			c0, c1, c2, c3, c4, c5, c6, c7 := col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7)
			c8, c9, c10, c11, c12, c13, c14, c15 := col(8), col(9), col(10), col(11), col(12), col(13), col(14), col(15)
			for p := range kb {
				q := panel[p*nr512 : p*nr512+nr512 : p*nr512+nr512]
				q[0], q[1], q[2], q[3] = c0[p], c1[p], c2[p], c3[p]
				q[4], q[5], q[6], q[7] = c4[p], c5[p], c6[p], c7[p]
				q[8], q[9], q[10], q[11] = c8[p], c9[p], c10[p], c11[p]
				q[12], q[13], q[14], q[15] = c12[p], c13[p], c14[p], c15[p]
			}
			continue
		}
		// general strides (or a last, partial micro-panel): a column at a time
		for j := range nt {
			src := b[(j0+jr+j)*csb+p0*rsb:]
			for p := range kb {
				panel[p*nr512+j] = src[p*rsb]
			}
		}
		for j := nt; j < nr512; j++ {
			for p := range kb {
				panel[p*nr512+j] = 0
			}
		}
	}
}

// micro512 runs the AVX-512 micro-kernel of mt ≤ 8 rows on the first
// nt ≤ 16 columns: A(i, p) at a[i·rsa + p·csa], B(p, 0:16) at b[p·ldb:]
// (all 16 readable), C(i, 0:nt) at c[i·ldc:].
func micro512(k, mt, nt int, a []float64, rsa, csa int, b []float64, ldb int, c []float64, ldc int, alpha, beta float64, load bool) {
	// bounds: the last elements of the A panel, the B panel and the C block
	_ = a[(mt-1)*rsa+(k-1)*csa]
	_ = b[(k-1)*ldb+nr512-1]
	_ = c[(mt-1)*ldc+nt-1]
	kern512[mt](k, &a[0], rsa, csa, &b[0], ldb, &c[0], ldc, alpha, beta, load, 1<<nt-1)
}
