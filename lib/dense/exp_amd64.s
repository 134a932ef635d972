#include "textflag.h"

// func expKernel(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64
//
// dst[i] = e^{src[i]+shift} for i < n (n a multiple of 4), four at a time
// with AVX2 + FMA, and returns Σ dst[i] accumulated in four lanes (lane l
// sums i ≡ l mod 4 in order) combined as (l0+l2)+(l1+l3). With
// x = src[i]+shift clamped to [−746, 710] (NaN kept):
// k = round(x log₂e), r = x − k ln2hi − k ln2lo (Cody–Waite),
// p = Σ_{j≤13} r^j/j! by Horner with FMA, e^x = (p·2^{k₁})·2^{k−k₁},
// k₁ = k>>1 (arithmetic), so that both factors are normal numbers and a
// subnormal result is rounded once. The constant table c is laid out as in
// exp.go.
TEXT ·expKernel(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD shift+24(FP), Y13
	MOVQ         c+32(FP), R8
	VXORPD       Y12, Y12, Y12 // lane sums
	SHRQ         $2, CX
	TESTQ        CX, CX
	JEQ          done
	VMOVUPD      0(R8), Y14    // 710
	VMOVUPD      32(R8), Y15   // −746

loop:
	VMOVUPD      (SI), Y0
	VADDPD       Y13, Y0, Y0
	VMINPD       Y0, Y14, Y0   // min(710, x); NaN: second source, x
	VMAXPD       Y0, Y15, Y0   // max(−746, x); NaN kept
	VMULPD       64(R8), Y0, Y4
	VROUNDPD     $0, Y4, Y4    // k, to nearest even
	VMOVAPD      Y0, Y5
	VFNMADD231PD 96(R8), Y4, Y5  // r = x − k·ln2hi
	VFNMADD231PD 128(R8), Y4, Y5 // r −= k·ln2lo
	VMOVUPD      160(R8), Y6     // 1/13!
	VFMADD213PD  192(R8), Y5, Y6
	VFMADD213PD  224(R8), Y5, Y6
	VFMADD213PD  256(R8), Y5, Y6
	VFMADD213PD  288(R8), Y5, Y6
	VFMADD213PD  320(R8), Y5, Y6
	VFMADD213PD  352(R8), Y5, Y6
	VFMADD213PD  384(R8), Y5, Y6
	VFMADD213PD  416(R8), Y5, Y6
	VFMADD213PD  448(R8), Y5, Y6
	VFMADD213PD  480(R8), Y5, Y6
	VFMADD213PD  512(R8), Y5, Y6
	VFMADD213PD  544(R8), Y5, Y6
	VFMADD213PD  576(R8), Y5, Y6 // 1/0!: p = e^r
	VCVTPD2DQY   Y4, X7          // k as int32
	VPSRAD       $1, X7, X8      // k₁ = k>>1
	VPSUBD       X8, X7, X9      // k₂ = k − k₁
	VPMOVSXDQ    X8, Y8
	VPMOVSXDQ    X9, Y9
	VMOVUPD      608(R8), Y10    // bias 1023
	VPADDQ       Y10, Y8, Y8
	VPADDQ       Y10, Y9, Y9
	VPSLLQ       $52, Y8, Y8     // 2^{k₁}
	VPSLLQ       $52, Y9, Y9     // 2^{k₂}
	VMULPD       Y8, Y6, Y6
	VMULPD       Y9, Y6, Y6
	VMOVUPD      Y6, (DI)
	VADDPD       Y6, Y12, Y12
	ADDQ         $32, SI
	ADDQ         $32, DI
	DECQ         CX
	JNE          loop

done:
	VEXTRACTF128 $1, Y12, X0
	VADDPD       X0, X12, X0   // (l0+l2, l1+l3)
	VPERMILPD    $1, X0, X1
	VADDSD       X1, X0, X0
	MOVSD        X0, ret+40(FP)
	VZEROUPPER
	RET
