#include "textflag.h"

// func cauchyPairs(wr, wi float64, cr, ci, dr, di []float64) (mr, mi, sr, si float64)
//
// The sums of ContourD2.M over the first 2⌊len/2⌋ nodes, two nodes per
// SSE2 instruction. Each lane runs the Go loop's operations on one node
// in its order (no fused multiply-add; a product's operands swapped
// where it is commutative, exact), and the four sums take lane 0 then
// lane 1, so they are accumulated node by node in the Go loop's order:
// the same bits.
TEXT ·cauchyPairs(SB), NOSPLIT, $0-144
	MOVSD wr+0(FP), X0
	UNPCKLPD X0, X0            // (wr, wr)
	MOVSD wi+8(FP), X1
	UNPCKLPD X1, X1            // (wi, wi)
	MOVSD $1.0, X2
	UNPCKLPD X2, X2            // (1, 1)
	MOVQ $0x8000000000000000, AX
	MOVQ AX, X3
	UNPCKLPD X3, X3            // sign mask
	MOVQ cr_base+16(FP), SI
	MOVQ ci_base+40(FP), DI
	MOVQ dr_base+64(FP), R8
	MOVQ di_base+88(FP), R9
	MOVQ cr_len+24(FP), CX
	SHRQ $1, CX                // pairs
	XORPS X12, X12             // mr
	XORPS X13, X13             // mi
	XORPS X14, X14             // sr (M′'s real part)
	XORPS X15, X15             // si
	XORQ BX, BX                // byte offset
	TESTQ CX, CX
	JZ done

loop:
	MOVUPD (R8)(BX*1), X4
	MOVAPD X0, X6
	SUBPD X4, X6               // ar = wr − d_re
	MOVUPD (R9)(BX*1), X5
	MOVAPD X1, X7
	SUBPD X5, X7               // ai = wi − d_im
	MOVAPD X6, X4
	MULPD X6, X4               // ar·ar
	MOVAPD X7, X5
	MULPD X7, X5               // ai·ai
	ADDPD X5, X4               // ar·ar + ai·ai
	MOVAPD X2, X5
	DIVPD X4, X5               // inv
	MULPD X5, X6               // rr = ar·inv
	MULPD X5, X7
	XORPD X3, X7               // ri = −(ai·inv)
	MOVUPD (SI)(BX*1), X8      // c·d real
	MOVUPD (DI)(BX*1), X9      // c·d imaginary
	MOVAPD X8, X10
	MULPD X6, X10              // cr·rr
	MOVAPD X9, X11
	MULPD X7, X11              // ci·ri
	SUBPD X11, X10             // tr = cr·rr − ci·ri
	MULPD X7, X8               // cr·ri
	MULPD X6, X9               // ci·rr
	ADDPD X9, X8               // ti = cr·ri + ci·rr
	MOVAPD X10, X4
	MULPD X6, X4               // tr·rr
	MOVAPD X8, X5
	MULPD X7, X5               // ti·ri
	SUBPD X5, X4               // u = tr·rr − ti·ri
	MULPD X10, X7              // tr·ri
	MULPD X8, X6               // ti·rr
	ADDPD X6, X7               // v = tr·ri + ti·rr
	ADDSD X10, X12             // node 2k
	ADDSD X8, X13
	SUBSD X4, X14
	SUBSD X7, X15
	UNPCKHPD X10, X10          // node 2k+1
	UNPCKHPD X8, X8
	UNPCKHPD X4, X4
	UNPCKHPD X7, X7
	ADDSD X10, X12
	ADDSD X8, X13
	SUBSD X4, X14
	SUBSD X7, X15
	ADDQ $16, BX
	DECQ CX
	JNZ loop

done:
	MOVSD X12, mr+112(FP)
	MOVSD X13, mi+120(FP)
	MOVSD X14, sr+128(FP)
	MOVSD X15, si+136(FP)
	RET

// func cauchyTwo(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64)
//
// The sums of ContourD2.M at two points w0 and w1 over all the nodes, one
// node of both points per SSE2 instruction: lane i runs the Go loop's
// operations at w_i on each node in its order (no fused multiply-add; a
// product's operands swapped where it is commutative, exact) and keeps
// its own four sums, accumulated node by node: at each point the Go
// loop's bits.
TEXT ·cauchyTwo(SB), NOSPLIT, $0-192
	MOVSD wr0+0(FP), X0
	MOVSD wr1+16(FP), X4
	UNPCKLPD X4, X0            // (wr0, wr1)
	MOVSD wi0+8(FP), X1
	MOVSD wi1+24(FP), X5
	UNPCKLPD X5, X1            // (wi0, wi1)
	MOVSD $1.0, X2
	UNPCKLPD X2, X2            // (1, 1)
	MOVQ $0x8000000000000000, AX
	MOVQ AX, X3
	UNPCKLPD X3, X3            // sign mask
	MOVQ cr_base+32(FP), SI
	MOVQ ci_base+56(FP), DI
	MOVQ dr_base+80(FP), R8
	MOVQ di_base+104(FP), R9
	MOVQ cr_len+40(FP), CX
	XORPS X12, X12             // mr
	XORPS X13, X13             // mi
	XORPS X14, X14             // sr (M′'s real part)
	XORPS X15, X15             // si
	XORQ BX, BX                // byte offset
	TESTQ CX, CX
	JZ done

loop:
	MOVSD (R8)(BX*1), X4
	UNPCKLPD X4, X4            // (d_re, d_re)
	MOVAPD X0, X6
	SUBPD X4, X6               // ar = wr − d_re
	MOVSD (R9)(BX*1), X5
	UNPCKLPD X5, X5
	MOVAPD X1, X7
	SUBPD X5, X7               // ai = wi − d_im
	MOVAPD X6, X4
	MULPD X6, X4               // ar·ar
	MOVAPD X7, X5
	MULPD X7, X5               // ai·ai
	ADDPD X5, X4               // ar·ar + ai·ai
	MOVAPD X2, X5
	DIVPD X4, X5               // inv
	MULPD X5, X6               // rr = ar·inv
	MULPD X5, X7
	XORPD X3, X7               // ri = −(ai·inv)
	MOVSD (SI)(BX*1), X8
	UNPCKLPD X8, X8            // c·d real
	MOVSD (DI)(BX*1), X9
	UNPCKLPD X9, X9            // c·d imaginary
	MOVAPD X8, X10
	MULPD X6, X10              // cr·rr
	MOVAPD X9, X11
	MULPD X7, X11              // ci·ri
	SUBPD X11, X10             // tr = cr·rr − ci·ri
	MULPD X7, X8               // cr·ri
	MULPD X6, X9               // ci·rr
	ADDPD X9, X8               // ti = cr·ri + ci·rr
	MOVAPD X10, X4
	MULPD X6, X4               // tr·rr
	MOVAPD X8, X5
	MULPD X7, X5               // ti·ri
	SUBPD X5, X4               // u = tr·rr − ti·ri
	MULPD X10, X7              // tr·ri
	MULPD X8, X6               // ti·rr
	ADDPD X6, X7               // v = tr·ri + ti·rr
	ADDPD X10, X12             // mr += tr
	ADDPD X8, X13              // mi += ti
	SUBPD X4, X14              // sr −= u
	SUBPD X7, X15              // si −= v
	ADDQ $8, BX
	DECQ CX
	JNZ loop

done:
	MOVSD X12, m0r+128(FP)
	MOVSD X13, m0i+136(FP)
	MOVSD X14, s0r+144(FP)
	MOVSD X15, s0i+152(FP)
	UNPCKHPD X12, X12
	UNPCKHPD X13, X13
	UNPCKHPD X14, X14
	UNPCKHPD X15, X15
	MOVSD X12, m1r+160(FP)
	MOVSD X13, m1i+168(FP)
	MOVSD X14, s1r+176(FP)
	MOVSD X15, s1i+184(FP)
	RET

// func cauchyTwoAVX(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64)
//
// cauchyTwo on AVX: two nodes of both points per instruction, the lanes
// (node k at w0, node k at w1, node k+1 at w0, node k+1 at w1). Each lane
// runs cauchyTwo's operations (no fused multiply-add). The sums sit in two
// registers, (mr, mi) and (sr, si) at (w0, w1); node k's terms, then node
// k+1's, are gathered into that order and added (sr −= u as sr − u), so
// each sum still takes the nodes one at a time in node order: at each
// point the Go loop's bits. An odd last node runs alone on the low half.
TEXT ·cauchyTwoAVX(SB), NOSPLIT, $0-192
	VMOVSD wr0+0(FP), X0
	VMOVHPD wr1+16(FP), X0, X0     // (wr0, wr1)
	VINSERTF128 $1, X0, Y0, Y0     // (wr0, wr1, wr0, wr1)
	VMOVSD wi0+8(FP), X1
	VMOVHPD wi1+24(FP), X1, X1
	VINSERTF128 $1, X1, Y1, Y1     // (wi0, wi1, wi0, wi1)
	MOVQ $0x3ff0000000000000, AX
	MOVQ AX, X2
	VMOVDDUP X2, X2
	VINSERTF128 $1, X2, Y2, Y2     // ones
	MOVQ $0x8000000000000000, AX
	MOVQ AX, X3
	VMOVDDUP X3, X3
	VINSERTF128 $1, X3, Y3, Y3     // sign mask
	MOVQ cr_base+32(FP), SI
	MOVQ ci_base+56(FP), DI
	MOVQ dr_base+80(FP), R8
	MOVQ di_base+104(FP), R9
	MOVQ cr_len+40(FP), CX
	MOVQ CX, DX
	SHRQ $1, CX                    // node pairs
	VXORPD Y12, Y12, Y12           // (mr, mi) at (w0, w1)
	VXORPD Y14, Y14, Y14           // (sr, si): M′
	XORQ BX, BX                    // byte offset
	TESTQ CX, CX
	JZ tail

loop:
	VBROADCASTF128 (R8)(BX*1), Y4
	VPERMILPD $12, Y4, Y4          // (d_re k, d_re k, d_re k+1, d_re k+1)
	VSUBPD Y4, Y0, Y6              // ar = wr − d_re
	VBROADCASTF128 (R9)(BX*1), Y5
	VPERMILPD $12, Y5, Y5
	VSUBPD Y5, Y1, Y7              // ai = wi − d_im
	VMULPD Y6, Y6, Y4              // ar·ar
	VMULPD Y7, Y7, Y5              // ai·ai
	VADDPD Y5, Y4, Y4              // ar·ar + ai·ai
	VDIVPD Y4, Y2, Y5              // inv
	VMULPD Y5, Y6, Y6              // rr = ar·inv
	VMULPD Y5, Y7, Y7
	VXORPD Y3, Y7, Y7              // ri = −(ai·inv)
	VBROADCASTF128 (SI)(BX*1), Y8
	VPERMILPD $12, Y8, Y8          // c·d real
	VBROADCASTF128 (DI)(BX*1), Y9
	VPERMILPD $12, Y9, Y9          // c·d imaginary
	VMULPD Y6, Y8, Y10             // cr·rr
	VMULPD Y7, Y9, Y11             // ci·ri
	VSUBPD Y11, Y10, Y10           // tr = cr·rr − ci·ri
	VMULPD Y7, Y8, Y8              // cr·ri
	VMULPD Y6, Y9, Y9              // ci·rr
	VADDPD Y9, Y8, Y8              // ti = cr·ri + ci·rr
	VMULPD Y6, Y10, Y4             // tr·rr
	VMULPD Y7, Y8, Y5              // ti·ri
	VSUBPD Y5, Y4, Y4              // u = tr·rr − ti·ri
	VMULPD Y10, Y7, Y7             // tr·ri
	VMULPD Y8, Y6, Y6              // ti·rr
	VADDPD Y6, Y7, Y7              // v = tr·ri + ti·rr
	VPERM2F128 $0x20, Y8, Y10, Y5  // node k: (tr, ti)
	VPERM2F128 $0x20, Y7, Y4, Y6   // (u, v)
	VPERM2F128 $0x31, Y8, Y10, Y9  // node k+1
	VPERM2F128 $0x31, Y7, Y4, Y11
	VADDPD Y5, Y12, Y12            // (mr, mi) += (tr, ti)
	VSUBPD Y6, Y14, Y14            // (sr, si) −= (u, v)
	VADDPD Y9, Y12, Y12
	VSUBPD Y11, Y14, Y14
	ADDQ $16, BX
	DECQ CX
	JNZ loop

tail:
	TESTQ $1, DX
	JZ done
	VMOVDDUP (R8)(BX*1), X4        // (d_re, d_re)
	VSUBPD X4, X0, X6              // ar
	VMOVDDUP (R9)(BX*1), X5
	VSUBPD X5, X1, X7              // ai
	VMULPD X6, X6, X4
	VMULPD X7, X7, X5
	VADDPD X5, X4, X4
	VDIVPD X4, X2, X5              // inv
	VMULPD X5, X6, X6              // rr
	VMULPD X5, X7, X7
	VXORPD X3, X7, X7              // ri
	VMOVDDUP (SI)(BX*1), X8
	VMOVDDUP (DI)(BX*1), X9
	VMULPD X6, X8, X10
	VMULPD X7, X9, X11
	VSUBPD X11, X10, X10           // tr
	VMULPD X7, X8, X8
	VMULPD X6, X9, X9
	VADDPD X9, X8, X8              // ti
	VMULPD X6, X10, X4
	VMULPD X7, X8, X5
	VSUBPD X5, X4, X4              // u
	VMULPD X10, X7, X7
	VMULPD X8, X6, X6
	VADDPD X6, X7, X7              // v
	VINSERTF128 $1, X8, Y10, Y5    // (tr, ti)
	VINSERTF128 $1, X7, Y4, Y6     // (u, v)
	VADDPD Y5, Y12, Y12
	VSUBPD Y6, Y14, Y14

done:
	VEXTRACTF128 $1, Y12, X13      // (mi at w0, mi at w1)
	VEXTRACTF128 $1, Y14, X15      // (si at w0, si at w1)
	VMOVSD X12, m0r+128(FP)
	VMOVSD X13, m0i+136(FP)
	VMOVSD X14, s0r+144(FP)
	VMOVSD X15, s0i+152(FP)
	VMOVHPD X12, m1r+160(FP)
	VMOVHPD X13, m1i+168(FP)
	VMOVHPD X14, s1r+176(FP)
	VMOVHPD X15, s1i+184(FP)
	VZEROUPPER
	RET
