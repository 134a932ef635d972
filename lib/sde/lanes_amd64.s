#include "textflag.h"

// func dotRowLanes(dst, a, b *float64, sa, sb, n, cnt, db int)
//
// For c < cnt and the 16 lanes l:
//
//	dst[c·16 + l] = Σ_{q<n} a[q·sa + l] · b[c·db + q·sb + l],
//
// each sum from +0 in increasing q, every product rounded before it is
// added (VMULPD then VADDPD, no fused multiply-add): per lane the
// operations of the Go loop x += a·b, so the bits are the same. Strides
// are in float64s.
TEXT ·dotRowLanes(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), R10
	MOVQ b+16(FP), R11
	MOVQ sa+24(FP), R8
	MOVQ sb+32(FP), R9
	MOVQ n+40(FP), R12
	MOVQ cnt+48(FP), R13
	MOVQ db+56(FP), R14
	SHLQ $3, R8
	SHLQ $3, R9
	SHLQ $3, R14
	TESTQ R13, R13
	JEQ  end

row:
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ   R10, SI
	MOVQ   R11, DX
	MOVQ   R12, CX
	TESTQ  CX, CX
	JEQ    store

loop:
	VMOVUPD (SI), Y4
	VMOVUPD 32(SI), Y5
	VMOVUPD 64(SI), Y6
	VMOVUPD 96(SI), Y7
	VMULPD  (DX), Y4, Y4
	VMULPD  32(DX), Y5, Y5
	VMULPD  64(DX), Y6, Y6
	VMULPD  96(DX), Y7, Y7
	VADDPD  Y4, Y0, Y0
	VADDPD  Y5, Y1, Y1
	VADDPD  Y6, Y2, Y2
	VADDPD  Y7, Y3, Y3
	ADDQ    R8, SI
	ADDQ    R9, DX
	DECQ    CX
	JNE     loop

store:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    R14, R11
	DECQ    R13
	JNE     row

end:
	VZEROUPPER
	RET
