#include "textflag.h"

// func maxKernel(x *float64, n int, out *[4]float64)
//
// out[l] = the running maximum of x[0] and x[j] for j < n, j ≡ l mod 4
// (n a multiple of 4), updated as m = x[j] > m ? x[j] : m: VMAXPD with
// x[j] as its first source returns the second source (m) when either is
// NaN or both are zeros, exactly the scalar update of maxOf. AVX.
TEXT ·maxKernel(SB), NOSPLIT, $0-24
	MOVQ         x+0(FP), SI
	MOVQ         n+8(FP), CX
	MOVQ         out+16(FP), DI
	VBROADCASTSD (SI), Y0
	SHRQ         $2, CX
	JEQ          done

loop:
	VMOVUPD (SI), Y1
	VMAXPD  Y0, Y1, Y0
	ADDQ    $32, SI
	DECQ    CX
	JNE     loop

done:
	VMOVUPD Y0, (DI)
	VZEROUPPER
	RET
