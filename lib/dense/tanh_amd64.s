#include "textflag.h"

// func tanhKernel(dst, src *float64, n int, c *[tanhConsts][4]float64)
//
// dst[i] = tanh(src[i]) for i < n (n a multiple of 4), four at a time with
// AVX2 + FMA, by the algorithm of Go's math.Tanh: for |x| < 0.625 the
// Cephes rational x + x s P(s)/Q(s), s = x²; otherwise 1 − 2/(e^{2|x|}+1)
// with e^y = 2^k p(r), k = round(y/ln 2), r = y − k ln 2 (Cody–Waite),
// p the degree-13 Taylor polynomial (truncation < 5e-18 on |r| ≤ ln2/2),
// y clamped to 44 (tanh(22) rounds to 1); then the sign of x. NaN
// propagates. The constant table c is laid out as in tanh.go.
TEXT ·tanhKernel(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ c+24(FP), R8
	SHRQ $2, CX
	TESTQ CX, CX
	JEQ  done
	VMOVUPD 96(R8), Y14  // 44
	VMOVUPD 672(R8), Y15 // 1

loop:
	VMOVUPD (SI), Y0
	VANDPD  0(R8), Y0, Y1  // z = |x|
	VANDPD  32(R8), Y0, Y2 // sign
	// big path: y = min(2z, 44), NaN-propagating (second source is y)
	VADDPD  Y1, Y1, Y3
	VMINPD  Y3, Y14, Y3
	VMULPD  128(R8), Y3, Y4  // y·log2e
	VROUNDPD $0, Y4, Y4      // k, to nearest
	VMOVAPD Y3, Y5
	VFNMADD231PD 160(R8), Y4, Y5 // r = y − k·ln2hi
	VFNMADD231PD 192(R8), Y4, Y5 // r −= k·ln2lo
	VMOVUPD 224(R8), Y6          // c13
	VFMADD213PD 256(R8), Y5, Y6  // c12
	VFMADD213PD 288(R8), Y5, Y6
	VFMADD213PD 320(R8), Y5, Y6
	VFMADD213PD 352(R8), Y5, Y6
	VFMADD213PD 384(R8), Y5, Y6
	VFMADD213PD 416(R8), Y5, Y6
	VFMADD213PD 448(R8), Y5, Y6
	VFMADD213PD 480(R8), Y5, Y6
	VFMADD213PD 512(R8), Y5, Y6
	VFMADD213PD 544(R8), Y5, Y6
	VFMADD213PD 576(R8), Y5, Y6
	VFMADD213PD 608(R8), Y5, Y6
	VFMADD213PD 640(R8), Y5, Y6  // c0: p = e^r
	VCVTPD2DQY Y4, X7
	VPMOVSXDQ  X7, Y7
	VPADDQ     928(R8), Y7, Y7   // + 1023
	VPSLLQ     $52, Y7, Y7       // 2^k
	VMULPD     Y7, Y6, Y6        // s = e^y
	VADDPD     Y15, Y6, Y6       // s + 1
	VMOVUPD    704(R8), Y8       // 2
	VDIVPD     Y6, Y8, Y8        // 2/(s+1)
	VSUBPD     Y8, Y15, Y9       // big = 1 − 2/(s+1)
	// small path: z + z·s·P(s)/Q(s), s = z²
	VMULPD  Y1, Y1, Y10
	VMOVUPD 736(R8), Y11         // P0
	VFMADD213PD 768(R8), Y10, Y11 // ·s + P1
	VFMADD213PD 800(R8), Y10, Y11 // ·s + P2
	VADDPD  832(R8), Y10, Y12     // s + Q0
	VFMADD213PD 864(R8), Y10, Y12 // ·s + Q1
	VFMADD213PD 896(R8), Y10, Y12 // ·s + Q2
	VDIVPD  Y12, Y11, Y11         // P/Q
	VMULPD  Y10, Y11, Y11         // s·P/Q
	VFMADD213PD Y1, Y1, Y11       // z·(s·P/Q) + z
	// select and sign
	VCMPPD    $1, 64(R8), Y1, Y13 // z < 0.625
	VBLENDVPD Y13, Y11, Y9, Y9
	VORPD     Y2, Y9, Y9
	VMOVUPD   Y9, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNE  loop

done:
	VZEROUPPER
	RET
