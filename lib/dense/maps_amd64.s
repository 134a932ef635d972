#include "textflag.h"

// func tanhPrimeKernel(d, y *float64, n int)
//
// d[j] = d[j]·(1 − y[j]·y[j]) for j < n, n a multiple of 4: a product, a
// difference and a product, never fused, as the Go loop
// d[j] *= 1 - float64(y[j]*y[j]) in maps.go. AVX.
TEXT ·tanhPrimeKernel(SB), NOSPLIT, $0-24
	MOVQ         d+0(FP), DI
	MOVQ         y+8(FP), SI
	MOVQ         n+16(FP), CX
	MOVQ         $0x3ff0000000000000, AX // 1.0
	MOVQ         AX, X4
	VBROADCASTSD X4, Y4
	SHRQ         $2, CX
	JEQ          done

loop:
	VMOVUPD (SI), Y1
	VMULPD  Y1, Y1, Y1 // g²
	VSUBPD  Y1, Y4, Y1 // 1 − g²
	VMOVUPD (DI), Y2
	VMULPD  Y1, Y2, Y1 // d·(1 − y²), d the first source as in the loop
	VMOVUPD Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNE     loop

done:
	VZEROUPPER
	RET

// func tanhPrimeKernel512(d, y *float64, n int)
//
// tanhPrimeKernel eight values at a time for any n (AVX-512F), the last
// n mod 8 under a write mask; the same bits.
TEXT ·tanhPrimeKernel512(SB), NOSPLIT, $0-24
	MOVQ         d+0(FP), DI
	MOVQ         y+8(FP), SI
	MOVQ         n+16(FP), CX
	MOVQ         $0x3ff0000000000000, AX // 1.0
	MOVQ         AX, X4
	VBROADCASTSD X4, Z4
	MOVQ         CX, DX
	SHRQ         $3, CX
	ANDQ         $7, DX
	TESTQ        CX, CX
	JEQ          tail

loop:
	VMOVUPD (SI), Z1
	VMULPD  Z1, Z1, Z1
	VSUBPD  Z1, Z4, Z1
	VMOVUPD (DI), Z2
	VMULPD  Z1, Z2, Z1
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
	DECQ      AX
	KMOVW     AX, K1
	VMOVUPD.Z (SI), K1, Z1
	VMOVUPD.Z (DI), K1, Z2
	VMULPD    Z1, Z1, Z1
	VSUBPD    Z1, Z4, Z1
	VMULPD    Z1, Z2, Z1
	VMOVUPD   Z1, K1, (DI)

done:
	VZEROUPPER
	RET

// func rmsBackKernel(out, gr, y *float64, n int, f, s float64, add bool)
//
// out[j] = f·(g[j] − s·y[j]), or out[j] += that when add, for j < n, n a
// multiple of 4: a product, a difference, a product (and a sum), never
// fused, as the Go loop of RMSBack in maps.go. AVX.
TEXT ·rmsBackKernel(SB), NOSPLIT, $0-49
	MOVQ         out+0(FP), DI
	MOVQ         gr+8(FP), SI
	MOVQ         y+16(FP), DX
	MOVQ         n+24(FP), CX
	VBROADCASTSD f+32(FP), Y4
	VBROADCASTSD s+40(FP), Y5
	MOVBLZX      add+48(FP), AX
	SHRQ         $2, CX
	JEQ          done
	TESTQ        AX, AX
	JNE          addloop

setloop:
	VMOVUPD (DX), Y1
	VMULPD  Y1, Y5, Y1 // s·y
	VMOVUPD (SI), Y2
	VSUBPD  Y1, Y2, Y1 // g − s·y
	VMULPD  Y1, Y4, Y1 // f·(g − s·y)
	VMOVUPD Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, DX
	DECQ    CX
	JNE     setloop
	JMP     done

addloop:
	VMOVUPD (DX), Y1
	VMULPD  Y1, Y5, Y1
	VMOVUPD (SI), Y2
	VSUBPD  Y1, Y2, Y1
	VMULPD  Y1, Y4, Y1
	VMOVUPD (DI), Y3
	VADDPD  Y1, Y3, Y1 // out + f·(g − s·y)
	VMOVUPD Y1, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, DX
	DECQ    CX
	JNE     addloop

done:
	VZEROUPPER
	RET

// func rmsBackKernel512(out, gr, y *float64, n int, f, s float64, add bool)
//
// rmsBackKernel eight values at a time for any n (AVX-512F), the last
// n mod 8 under a write mask; the same bits.
TEXT ·rmsBackKernel512(SB), NOSPLIT, $0-49
	MOVQ         out+0(FP), DI
	MOVQ         gr+8(FP), SI
	MOVQ         y+16(FP), DX
	MOVQ         n+24(FP), CX
	VBROADCASTSD f+32(FP), Z4
	VBROADCASTSD s+40(FP), Z5
	MOVBLZX      add+48(FP), AX
	MOVQ         CX, BX
	SHRQ         $3, CX
	ANDQ         $7, BX
	TESTQ        CX, CX
	JEQ          tail

loop:
	VMOVUPD (DX), Z1
	VMULPD  Z1, Z5, Z1
	VMOVUPD (SI), Z2
	VSUBPD  Z1, Z2, Z1
	VMULPD  Z1, Z4, Z1
	TESTQ   AX, AX
	JEQ     store
	VMOVUPD (DI), Z3
	VADDPD  Z1, Z3, Z1

store:
	VMOVUPD Z1, (DI)
	ADDQ    $64, SI
	ADDQ    $64, DI
	ADDQ    $64, DX
	DECQ    CX
	JNE     loop

tail:
	TESTQ     BX, BX
	JEQ       done
	MOVQ      BX, CX
	MOVQ      $1, R8
	SHLQ      CX, R8
	DECQ      R8
	KMOVW     R8, K1
	VMOVUPD.Z (DX), K1, Z1
	VMOVUPD.Z (SI), K1, Z2
	VMULPD    Z1, Z5, Z1
	VSUBPD    Z1, Z2, Z1
	VMULPD    Z1, Z4, Z1
	TESTQ     AX, AX
	JEQ       tailstore
	VMOVUPD.Z (DI), K1, Z3
	VADDPD    Z1, Z3, Z1

tailstore:
	VMOVUPD Z1, K1, (DI)

done:
	VZEROUPPER
	RET
