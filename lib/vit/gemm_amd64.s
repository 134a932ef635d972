#include "textflag.h"

// func kern4x8(kc int, a *float64, rsa, csa int, b *float64, ldb int, c *float64, ldc int, alpha float64, add bool)
//
// C[0:4, 0:8] (+)= alpha · Σ_{k<kc} A(i, k) B[k, 0:8] (add: accumulate
// into C; otherwise overwrite it), with A(i, k) at
// a[i·rsa + k·csa], B row-major with row stride ldb and C with ldc
// (strides in elements). AVX2 + FMA; 8 accumulators of 4 doubles.
TEXT ·kern4x8(SB), NOSPLIT, $0-73
	MOVQ kc+0(FP), CX
	MOVQ a+8(FP), SI
	MOVQ rsa+16(FP), R8
	MOVQ csa+24(FP), R9
	MOVQ b+32(FP), DI
	MOVQ ldb+40(FP), R10
	MOVQ c+48(FP), DX
	MOVQ ldc+56(FP), R11
	SHLQ $3, R8
	SHLQ $3, R9
	SHLQ $3, R10
	SHLQ $3, R11
	LEAQ (SI)(R8*1), R12
	LEAQ (R12)(R8*1), R13
	LEAQ (R13)(R8*1), R14
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	TESTQ CX, CX
	JEQ   store

loop:
	VMOVUPD      (DI), Y8
	VMOVUPD      32(DI), Y9
	VBROADCASTSD (SI), Y10
	VFMADD231PD  Y8, Y10, Y0
	VFMADD231PD  Y9, Y10, Y1
	VBROADCASTSD (R12), Y11
	VFMADD231PD  Y8, Y11, Y2
	VFMADD231PD  Y9, Y11, Y3
	VBROADCASTSD (R13), Y10
	VFMADD231PD  Y8, Y10, Y4
	VFMADD231PD  Y9, Y10, Y5
	VBROADCASTSD (R14), Y11
	VFMADD231PD  Y8, Y11, Y6
	VFMADD231PD  Y9, Y11, Y7
	ADDQ         R9, SI
	ADDQ         R9, R12
	ADDQ         R9, R13
	ADDQ         R9, R14
	ADDQ         R10, DI
	DECQ         CX
	JNE          loop

store:
	VBROADCASTSD alpha+64(FP), Y10
	MOVBLZX      add+72(FP), AX
	TESTQ        AX, AX
	JEQ          overwrite
	VMOVUPD      (DX), Y8
	VMOVUPD      32(DX), Y9
	VFMADD231PD  Y0, Y10, Y8
	VFMADD231PD  Y1, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMOVUPD      (DX), Y8
	VMOVUPD      32(DX), Y9
	VFMADD231PD  Y2, Y10, Y8
	VFMADD231PD  Y3, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMOVUPD      (DX), Y8
	VMOVUPD      32(DX), Y9
	VFMADD231PD  Y4, Y10, Y8
	VFMADD231PD  Y5, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMOVUPD      (DX), Y8
	VMOVUPD      32(DX), Y9
	VFMADD231PD  Y6, Y10, Y8
	VFMADD231PD  Y7, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	VZEROUPPER
	RET

overwrite:
	VMULPD       Y0, Y10, Y8
	VMULPD       Y1, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMULPD       Y2, Y10, Y8
	VMULPD       Y3, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMULPD       Y4, Y10, Y8
	VMULPD       Y5, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	ADDQ         R11, DX
	VMULPD       Y6, Y10, Y8
	VMULPD       Y7, Y10, Y9
	VMOVUPD      Y8, (DX)
	VMOVUPD      Y9, 32(DX)
	VZEROUPPER
	RET
