#include "textflag.h"

// The row kernels of NormalizeRow and SoftmaxRow (norm.go, softmax.go),
// with the operations of the Go loops in the same order lane by lane, so
// that every path gives the portable path's bits: four lane sums
// s_l = Σ_{j ≡ l mod 4} in order (no fused multiply-add: the Go loops
// forbid fusing a*a + s with an explicit conversion), and
// elementwise maps. The sums are one dependency chain per lane
// (s_l += t_j in order), so wider registers cannot make them faster without
// changing the order: both assembly paths run the four-lane sumKernel (an
// AVX-512 form that loaded eight values and added their two halves in turn
// measured no faster). The map runs eight values at a time on AVX512, the
// last values under a write mask.

// func sumKernel(x *float64, n int, mu float64, sq bool, out *[4]float64)
//
// out[l] = Σ_{j<n, j ≡ l mod 4} t_j in order, t_j = x[j] if !sq and
// (x[j]−mu)·(x[j]−mu) if sq; n a multiple of 4. AVX.
TEXT ·sumKernel(SB), NOSPLIT, $0-40
	MOVQ         x+0(FP), SI
	MOVQ         n+8(FP), CX
	VBROADCASTSD mu+16(FP), Y2
	MOVBQZX      sq+24(FP), AX
	MOVQ         out+32(FP), DI
	VXORPD       Y0, Y0, Y0
	SHRQ         $2, CX
	JEQ          done
	TESTQ        AX, AX
	JNE          sqloop

loop:
	VADDPD (SI), Y0, Y0
	ADDQ   $32, SI
	DECQ   CX
	JNE    loop
	JMP    done

sqloop:
	VMOVUPD (SI), Y1
	VSUBPD  Y2, Y1, Y1
	VMULPD  Y1, Y1, Y1
	VADDPD  Y1, Y0, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNE     sqloop

done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func affineKernel(dst, src *float64, n int, mu, s float64)
//
// dst[j] = (src[j] − mu)·s for j < n, n a multiple of 4 (mu = 0 and
// src = dst for SoftmaxRow's x·s: x − 0 = x exactly, −0 included). AVX.
TEXT ·affineKernel(SB), NOSPLIT, $0-40
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD mu+24(FP), Y2
	VBROADCASTSD s+32(FP), Y3
	SHRQ         $2, CX
	JEQ          done

loop:
	VMOVUPD (SI), Y1
	VSUBPD  Y2, Y1, Y1
	VMULPD  Y3, Y1, Y1
	VMOVUPD Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNE     loop

done:
	VZEROUPPER
	RET

// func affineKernel512(dst, src *float64, n int, mu, s float64)
//
// affineKernel eight values at a time for any n (AVX-512F), the last
// n mod 8 under a write mask.
TEXT ·affineKernel512(SB), NOSPLIT, $0-40
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD mu+24(FP), Z2
	VBROADCASTSD s+32(FP), Z3
	MOVQ         CX, DX
	SHRQ         $3, CX
	ANDQ         $7, DX
	TESTQ        CX, CX
	JEQ          tail

loop:
	VMOVUPD (SI), Z1
	VSUBPD  Z2, Z1, Z1
	VMULPD  Z3, Z1, Z1
	VMOVUPD Z1, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	DECQ    CX
	JNE     loop

tail:
	TESTQ     DX, DX
	JEQ       done
	MOVQ      DX, CX
	MOVQ      $1, AX
	SHLQ      CX, AX
	DECQ      AX         // the low n mod 8 bits
	KMOVW     AX, K1
	VMOVUPD.Z (SI), K1, Z1
	VSUBPD    Z2, Z1, Z1
	VMULPD    Z3, Z1, Z1
	VMOVUPD   Z1, K1, (DI)

done:
	VZEROUPPER
	RET

// func dotKernel(x, y *float64, n int, c float64, diff bool, out *[4]float64)
//
// out[l] = Σ_{j<n, j ≡ l mod 4} t_j in order, t_j = x[j]·y[j] if !diff and
// x[j]·(c − y[j]) if diff; n a multiple of 4. A product, then a sum: never
// fused (dot.go's Go loops). AVX.
TEXT ·dotKernel(SB), NOSPLIT, $0-48
	MOVQ         x+0(FP), SI
	MOVQ         y+8(FP), DX
	MOVQ         n+16(FP), CX
	VBROADCASTSD c+24(FP), Y2
	MOVBQZX      diff+32(FP), AX
	MOVQ         out+40(FP), DI
	VXORPD       Y0, Y0, Y0
	SHRQ         $2, CX
	JEQ          dotdone
	TESTQ        AX, AX
	JNE          diffloop

dotloop:
	VMOVUPD (SI), Y1
	VMULPD  (DX), Y1, Y1
	VADDPD  Y1, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DX
	DECQ    CX
	JNE     dotloop
	JMP     dotdone

diffloop:
	VSUBPD  (DX), Y2, Y1
	VMULPD  (SI), Y1, Y1
	VADDPD  Y1, Y0, Y0
	ADDQ    $32, SI
	ADDQ    $32, DX
	DECQ    CX
	JNE     diffloop

dotdone:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET

// func dotRowsKernel(x, y *[4]*float64, n int, out *[4][4]float64)
//
// out[r][l] = Σ_{j<n, j ≡ l mod 4} x_r[j]·y_r[j] in order, for four pairs
// of rows at once: dotKernel's four lanes for each pair, in four
// independent accumulators, so that the four chains of additions overlap
// (one pair's chain waits on the adder's latency); n a multiple of 4. A
// product, then a sum: never fused. AVX.
TEXT ·dotRowsKernel(SB), NOSPLIT, $0-32
	MOVQ    x+0(FP), AX
	MOVQ    y+8(FP), BX
	MOVQ    n+16(FP), CX
	MOVQ    0(AX), SI
	MOVQ    8(AX), DI
	MOVQ    16(AX), R8
	MOVQ    24(AX), R9
	MOVQ    0(BX), R10
	MOVQ    8(BX), R11
	MOVQ    16(BX), R12
	MOVQ    24(BX), R13
	VXORPD  Y0, Y0, Y0
	VXORPD  Y1, Y1, Y1
	VXORPD  Y2, Y2, Y2
	VXORPD  Y3, Y3, Y3
	XORQ    DX, DX
	SHLQ    $3, CX
	JEQ     rowsdone

rowsloop:
	VMOVUPD (SI)(DX*1), Y4
	VMULPD  (R10)(DX*1), Y4, Y4
	VADDPD  Y4, Y0, Y0
	VMOVUPD (DI)(DX*1), Y5
	VMULPD  (R11)(DX*1), Y5, Y5
	VADDPD  Y5, Y1, Y1
	VMOVUPD (R8)(DX*1), Y6
	VMULPD  (R12)(DX*1), Y6, Y6
	VADDPD  Y6, Y2, Y2
	VMOVUPD (R9)(DX*1), Y7
	VMULPD  (R13)(DX*1), Y7, Y7
	VADDPD  Y7, Y3, Y3
	ADDQ    $32, DX
	CMPQ    DX, CX
	JNE     rowsloop

rowsdone:
	MOVQ    out+24(FP), DI
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	VZEROUPPER
	RET
