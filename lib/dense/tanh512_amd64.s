#include "textflag.h"

// func tanhKernel512(dst, src *float64, n int, c *[tanhConsts][4]float64)
//
// The AVX-512F form of tanhKernel (tanh_amd64.s), eight values at a time,
// with the same operations in the same order lane by lane, so each dst[i]
// has tanhKernel's bits: the bitwise masks run as VPANDQ/VPORQ (AVX-512F;
// the floating-point VANDPD on zmm needs AVX-512DQ), the branch select as
// a compare into K2 and a masked move. n is a multiple of 4; a last block
// of four runs under the write mask K1 = 0x0f. The constants are broadcast
// from the first element of each row of c.
TEXT ·tanhKernel512(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	MOVQ         c+24(FP), R8
	VBROADCASTSD 96(R8), Z14  // 44
	VBROADCASTSD 672(R8), Z15 // 1
	MOVQ         $0x0f, AX
	KMOVW        AX, K1
	MOVQ         CX, DX
	SHRQ         $3, CX
	ANDQ         $4, DX
	TESTQ        CX, CX
	JEQ          tail

loop:
	VMOVUPD      (SI), Z0
	CALL         tanh8<>(SB)
	VMOVUPD      Z9, (DI)
	ADDQ         $64, SI
	ADDQ         $64, DI
	DECQ         CX
	JNE          loop

tail:
	TESTQ        DX, DX
	JEQ          done
	VMOVUPD.Z    (SI), K1, Z0
	CALL         tanh8<>(SB)
	VMOVUPD      Z9, K1, (DI)

done:
	VZEROUPPER
	RET

// tanh8 sets Z9 = tanh(Z0) with the constants at R8, Z14 = 44, Z15 = 1;
// it clobbers Z1–Z13 and K2.
TEXT tanh8<>(SB), NOSPLIT|NOFRAME, $0-0
	VPANDQ.BCST  0(R8), Z0, Z1  // z = |x|
	VPANDQ.BCST  32(R8), Z0, Z2 // sign
	// big path: y = min(2z, 44), NaN-propagating (second source is y)
	VADDPD       Z1, Z1, Z3
	VMINPD       Z3, Z14, Z3
	VMULPD.BCST  128(R8), Z3, Z4 // y·log2e
	VRNDSCALEPD  $0, Z4, Z4      // k, to nearest
	VMOVAPD      Z3, Z5
	VFNMADD231PD.BCST 160(R8), Z4, Z5 // r = y − k·ln2hi
	VFNMADD231PD.BCST 192(R8), Z4, Z5 // r −= k·ln2lo
	VBROADCASTSD 224(R8), Z6          // c13
	VFMADD213PD.BCST 256(R8), Z5, Z6  // c12
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
	VFMADD213PD.BCST 608(R8), Z5, Z6
	VFMADD213PD.BCST 640(R8), Z5, Z6  // c0: p = e^r
	VCVTPD2DQ    Z4, Y7
	VPMOVSXDQ    Y7, Z7
	VPADDQ.BCST  928(R8), Z7, Z7      // + 1023
	VPSLLQ       $52, Z7, Z7          // 2^k
	VMULPD       Z7, Z6, Z6           // s = e^y
	VADDPD       Z15, Z6, Z6          // s + 1
	VBROADCASTSD 704(R8), Z8          // 2
	VDIVPD       Z6, Z8, Z8           // 2/(s+1)
	VSUBPD       Z8, Z15, Z9          // big = 1 − 2/(s+1)
	// small path: z + z·s·P(s)/Q(s), s = z²
	VMULPD       Z1, Z1, Z10
	VBROADCASTSD 736(R8), Z11          // P0
	VFMADD213PD.BCST 768(R8), Z10, Z11 // ·s + P1
	VFMADD213PD.BCST 800(R8), Z10, Z11 // ·s + P2
	VADDPD.BCST  832(R8), Z10, Z12     // s + Q0
	VFMADD213PD.BCST 864(R8), Z10, Z12 // ·s + Q1
	VFMADD213PD.BCST 896(R8), Z10, Z12 // ·s + Q2
	VDIVPD       Z12, Z11, Z11         // P/Q
	VMULPD       Z10, Z11, Z11         // s·P/Q
	VFMADD213PD  Z1, Z1, Z11           // z·(s·P/Q) + z
	// select and sign
	VCMPPD.BCST  $1, 64(R8), Z1, K2    // z < 0.625
	VMOVAPD      Z11, K2, Z9
	VPORQ        Z2, Z9, Z9
	RET
