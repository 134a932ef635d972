#include "textflag.h"

// func expKernel512(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64
//
// The AVX-512F form of expKernel (exp_amd64.s), eight values at a time:
// the same clamps, Cody–Waite reduction, degree-13 Horner polynomial with
// fused multiply-adds and 2^{k₁}·2^{k₂} scaling, lane by lane, so each
// dst[i] has expKernel's bits. The sum keeps expKernel's four lanes: the
// low and then the high half of each eight values are added to one ymm
// accumulator in turn (lane l still sums i ≡ l mod 4 in order), combined
// as (l0+l2)+(l1+l3). n is a multiple of 4; a last block of four runs
// under the write mask K1 = 0x0f. The constants are broadcast from the
// first element of each row of c.
TEXT ·expKernel512(SB), NOSPLIT, $0-48
	MOVQ          dst+0(FP), DI
	MOVQ          src+8(FP), SI
	MOVQ          n+16(FP), CX
	VBROADCASTSD  shift+24(FP), Z13
	MOVQ          c+32(FP), R8
	VXORPD        Y12, Y12, Y12 // four lane sums
	VBROADCASTSD  0(R8), Z14    // 710
	VBROADCASTSD  32(R8), Z15   // −746
	MOVQ          $0x0f, AX
	KMOVW         AX, K1
	MOVQ          CX, DX
	SHRQ          $3, CX        // blocks of eight
	ANDQ          $4, DX        // a last block of four?
	TESTQ         CX, CX
	JEQ           tail

loop:
	VMOVUPD       (SI), Z0
	VADDPD        Z13, Z0, Z0
	VMINPD        Z0, Z14, Z0   // min(710, x); NaN: second source, x
	VMAXPD        Z0, Z15, Z0   // max(−746, x); NaN kept
	VMULPD.BCST   64(R8), Z0, Z4
	VRNDSCALEPD   $0, Z4, Z4    // k, to nearest even
	VMOVAPD       Z0, Z5
	VFNMADD231PD.BCST 96(R8), Z4, Z5  // r = x − k·ln2hi
	VFNMADD231PD.BCST 128(R8), Z4, Z5 // r −= k·ln2lo
	VBROADCASTSD  160(R8), Z6           // 1/13!
	VFMADD213PD.BCST 192(R8), Z5, Z6
	VFMADD213PD.BCST 224(R8), Z5, Z6
	VFMADD213PD.BCST 256(R8), Z5, Z6
	VFMADD213PD.BCST 288(R8), Z5, Z6
	VFMADD213PD.BCST 320(R8), Z5, Z6
	VFMADD213PD.BCST 352(R8), Z5, Z6
	VFMADD213PD.BCST 384(R8), Z5, Z6
	VFMADD213PD.BCST 416(R8), Z5, Z6
	VFMADD213PD.BCST 448(R8), Z5, Z6
	VFMADD213PD.BCST 480(R8), Z5, Z6
	VFMADD213PD.BCST 512(R8), Z5, Z6
	VFMADD213PD.BCST 544(R8), Z5, Z6
	VFMADD213PD.BCST 576(R8), Z5, Z6 // 1/0!: p = e^r
	VCVTPD2DQ     Z4, Y7             // k as int32
	VPSRAD        $1, Y7, Y8         // k₁ = k>>1
	VPSUBD        Y8, Y7, Y9         // k₂ = k − k₁
	VPMOVSXDQ     Y8, Z8
	VPMOVSXDQ     Y9, Z9
	VPADDQ.BCST   608(R8), Z8, Z8    // + 1023
	VPADDQ.BCST   608(R8), Z9, Z9
	VPSLLQ        $52, Z8, Z8        // 2^{k₁}
	VPSLLQ        $52, Z9, Z9        // 2^{k₂}
	VMULPD        Z8, Z6, Z6
	VMULPD        Z9, Z6, Z6
	VMOVUPD       Z6, (DI)
	VEXTRACTF64X4 $1, Z6, Y7
	VADDPD        Y6, Y12, Y12       // the first four
	VADDPD        Y7, Y12, Y12       // then the next four
	ADDQ          $64, SI
	ADDQ          $64, DI
	DECQ          CX
	JNE           loop

tail:
	TESTQ         DX, DX
	JEQ           done
	VMOVUPD.Z     (SI), K1, Z0
	VADDPD        Z13, Z0, Z0
	VMINPD        Z0, Z14, Z0
	VMAXPD        Z0, Z15, Z0
	VMULPD.BCST   64(R8), Z0, Z4
	VRNDSCALEPD   $0, Z4, Z4
	VMOVAPD       Z0, Z5
	VFNMADD231PD.BCST 96(R8), Z4, Z5
	VFNMADD231PD.BCST 128(R8), Z4, Z5
	VBROADCASTSD  160(R8), Z6
	VFMADD213PD.BCST 192(R8), Z5, Z6
	VFMADD213PD.BCST 224(R8), Z5, Z6
	VFMADD213PD.BCST 256(R8), Z5, Z6
	VFMADD213PD.BCST 288(R8), Z5, Z6
	VFMADD213PD.BCST 320(R8), Z5, Z6
	VFMADD213PD.BCST 352(R8), Z5, Z6
	VFMADD213PD.BCST 384(R8), Z5, Z6
	VFMADD213PD.BCST 416(R8), Z5, Z6
	VFMADD213PD.BCST 448(R8), Z5, Z6
	VFMADD213PD.BCST 480(R8), Z5, Z6
	VFMADD213PD.BCST 512(R8), Z5, Z6
	VFMADD213PD.BCST 544(R8), Z5, Z6
	VFMADD213PD.BCST 576(R8), Z5, Z6
	VCVTPD2DQ     Z4, Y7
	VPSRAD        $1, Y7, Y8
	VPSUBD        Y8, Y7, Y9
	VPMOVSXDQ     Y8, Z8
	VPMOVSXDQ     Y9, Z9
	VPADDQ.BCST   608(R8), Z8, Z8
	VPADDQ.BCST   608(R8), Z9, Z9
	VPSLLQ        $52, Z8, Z8
	VPSLLQ        $52, Z9, Z9
	VMULPD        Z8, Z6, Z6
	VMULPD        Z9, Z6, Z6
	VMOVUPD       Z6, K1, (DI)
	VADDPD        Y6, Y12, Y12

done:
	VEXTRACTF128  $1, Y12, X0
	VADDPD        X0, X12, X0   // (l0+l2, l1+l3)
	VPERMILPD     $1, X0, X1
	VADDSD        X1, X0, X0
	MOVSD         X0, ret+40(FP)
	VZEROUPPER
	RET
