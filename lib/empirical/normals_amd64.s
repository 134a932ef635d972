#include "textflag.h"

// MUL128 sets (H, L) = (H, L)·(AH, AL) + (CH, CL) mod 2¹²⁸ in each of the
// eight 64-bit lanes: PCG.Uint64's step. The full 64×64-bit product L·AL
// comes from four 32×32-bit ones (VPMULUDQ; ALH = AL>>32), the low halves
// of the cross terms H·AL and L·AH from VPMULLQ, and the carry of the low
// half's addition from an unsigned compare. Z29 holds 2³²−1 in each lane
// and Z30 ones. Clobbers Z20–Z27 and K3.
#define MUL128(H, L, AH, AL, ALH, CH, CL) \
	VPSRLQ    $32, L, Z20 \
	VPMULUDQ  AL, L, Z21 \
	VPMULUDQ  ALH, L, Z22 \
	VPMULUDQ  AL, Z20, Z23 \
	VPMULUDQ  ALH, Z20, Z24 \
	VPMULLQ   AL, H, H \
	VPMULLQ   AH, L, Z25 \
	VPADDQ    Z25, H, H \
	VPSRLQ    $32, Z21, Z25 \
	VPANDQ    Z29, Z22, Z26 \
	VPADDQ    Z26, Z25, Z25 \
	VPANDQ    Z29, Z23, Z26 \
	VPADDQ    Z26, Z25, Z25 \
	VPSRLQ    $32, Z22, Z22 \
	VPSRLQ    $32, Z23, Z23 \
	VPADDQ    Z22, Z24, Z24 \
	VPADDQ    Z23, Z24, Z24 \
	VPSRLQ    $32, Z25, Z27 \
	VPADDQ    Z27, Z24, Z24 \
	VPADDQ    Z24, H, H \
	VPSLLQ    $32, Z25, Z25 \
	VPANDQ    Z29, Z21, Z21 \
	VPORQ     Z21, Z25, L \
	VPADDQ    CL, L, L \
	VPCMPUQ   $1, CL, L, K3 \
	VPADDQ    CH, H, H \
	VPADDQ    Z30, H, K3, H

// func normalsBlocks512(x *float64, u *uint64, ok *uint8, blocks int, scale float64, p *PCG, c *normalsConsts)
//
// The ziggurat's first step (ZigguratRect) on 8·blocks successive outputs
// of p, eight at a time, without a branch: lane j of a block holds the
// generator's state j+1 steps on (set from p by c's per-lane jumps, then
// moved on by eight steps a block), takes its DXSM output u_j, and from
// j = int32(u_j), i = u_j>>32 & 127 the value scale·j·w_i and whether
// |j| < k_i. Output t's value goes to x[t], the output itself to u[t], and
// bit t%8 of ok[t/8] says whether it passed. p is left after the last
// output. blocks ≥ 1.
TEXT ·normalsBlocks512(SB), NOSPLIT, $128-56
	MOVQ          x+0(FP), DI
	MOVQ          u+8(FP), R11
	MOVQ          ok+16(FP), R12
	MOVQ          blocks+24(FP), CX
	VBROADCASTSD  scale+32(FP), Z31
	MOVQ          p+40(FP), SI
	MOVQ          c+48(FP), R8
	VMOVDQU64     0(R8), Z29
	VMOVDQU64     64(R8), Z30
	VMOVDQU64     128(R8), Z28
	VMOVDQU64     192(R8), Z19
	VMOVDQU64     256(R8), Z10
	VMOVDQU64     320(R8), Z11
	VMOVDQU64     384(R8), Z12
	VMOVDQU64     448(R8), Z13
	VMOVDQU64     512(R8), Z14
	LEAQ          ·zigK(SB), R9
	LEAQ          ·zigW(SB), R10
	// The lanes: a^{j+1}·s + c_{j+1}, s = p's state.
	VPBROADCASTQ  0(SI), Z0
	VPBROADCASTQ  8(SI), Z1
	VMOVDQU64     576(R8), Z2
	VMOVDQU64     640(R8), Z3
	VMOVDQU64     704(R8), Z4
	VMOVDQU64     768(R8), Z5
	VMOVDQU64     832(R8), Z6
	MUL128(Z0, Z1, Z2, Z3, Z4, Z5, Z6)

block:
	// DXSM: h ^= h>>32; h *= cheap; h ^= h>>48; h *= lo|1.
	VPSRLQ        $32, Z0, Z7
	VPXORQ        Z0, Z7, Z7
	VPMULLQ       Z19, Z7, Z7
	VPSRLQ        $48, Z7, Z8
	VPXORQ        Z8, Z7, Z7
	VPORQ         Z30, Z1, Z8
	VPMULLQ       Z8, Z7, Z7
	VMOVDQU64     Z7, (R11)
	// The rectangle: j = int32(u), i = u>>32 & 127, ok = |j| < k_i,
	// x = scale·(j·w_i), Go's order of the products.
	VPMOVQD       Z7, Y8
	VPSRLQ        $32, Z7, Z9
	VPANDQ        Z28, Z9, Z9
	KXNORW        K1, K1, K1
	VPGATHERQD    (R9)(Z9*4), K1, Y16
	KXNORW        K2, K2, K2
	VGATHERQPS    (R10)(Z9*4), K2, Y18
	VPABSD        Y8, Y17
	VPCMPUD       $1, Y16, Y17, K4
	VCVTDQ2PD     Y8, Z17
	VCVTPS2PD     Y18, Z18
	VMULPD        Z18, Z17, Z17
	VMULPD        Z31, Z17, Z17
	VMOVUPD       Z17, (DI)
	KMOVB         K4, (R12)
	ADDQ          $64, DI
	ADDQ          $64, R11
	INCQ          R12
	DECQ          CX
	JEQ           done
	MUL128(Z0, Z1, Z10, Z11, Z12, Z13, Z14) // eight steps on
	JMP           block

done:
	// p: the last lane's state.
	VMOVDQU64     Z0, 0(SP)
	VMOVDQU64     Z1, 64(SP)
	MOVQ          56(SP), AX
	MOVQ          AX, 0(SI)
	MOVQ          120(SP), AX
	MOVQ          AX, 8(SI)
	VZEROUPPER
	RET
