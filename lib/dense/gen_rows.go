//go:build ignore

// gen_rows writes exp_amd64.s and tanh_amd64.s, the AVX2 exponential and
// tanh kernels:
//
//	go run gen_rows.go
//
// Each value is a long chain of dependent operations (a degree-13 Horner
// polynomial, and for tanh two divisions), so a loop over one vector of
// four values at a time leaves the FMA units waiting on latency. The
// kernels therefore run several vectors per iteration (expChains,
// tanhChains), their instructions interleaved, and the remaining vectors
// one at a time. Every value is still the same operations in the same
// order, whichever vector of a group it is in, and expKernel adds the
// vectors to its lane sums in order, so the bits are those of the
// one-vector loops (TestKernelBitsGolden, TestTailIndependent).
//
// Chosen by the best of 40 alternated samples on one core of this
// project's two-core AMD EPYC machine (AVX2, no AVX-512), shared with
// other work: exp at 3.2–3.4 ns per value with three vectors per
// iteration, 3.8–4.0 with two, 4.4–4.7 with one; tanh at 4.75 with two
// or three, 5.7 with one (its divisions bound it).
package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

const (
	expChains  = 3 // vectors per iteration of expKernel: 4 registers each, and four shared
	tanhChains = 2 // vectors per iteration of tanhKernel: 5 registers each
)

// ymm names register i; xmm its lower half.
func ymm(i int) string { return fmt.Sprintf("Y%d", i) }
func xmm(i int) string { return fmt.Sprintf("X%d", i) }

// expChain is e^{x+shift} of the four values at off(SI) into off(DI),
// with the registers x, k, r, p (see exp_amd64.s's header); Y13 holds the
// shift, Y14 and Y15 the clamps.
func expChain(x, k, r, p, off int) []string {
	s := []string{
		fmt.Sprintf("VMOVUPD      %d(SI), %s", off, ymm(x)),
		fmt.Sprintf("VADDPD       Y13, %s, %s", ymm(x), ymm(x)),
		fmt.Sprintf("VMINPD       %s, Y14, %s // min(710, x); NaN: second source, x", ymm(x), ymm(x)),
		fmt.Sprintf("VMAXPD       %s, Y15, %s // max(−746, x); NaN kept", ymm(x), ymm(x)),
		fmt.Sprintf("VMULPD       64(R8), %s, %s", ymm(x), ymm(k)),
		fmt.Sprintf("VROUNDPD     $0, %s, %s // k, to nearest even", ymm(k), ymm(k)),
		fmt.Sprintf("VFNMADD231PD 96(R8), %s, %s // r = x − k·ln2hi", ymm(k), ymm(x)),
		fmt.Sprintf("VFNMADD231PD 128(R8), %s, %s // r −= k·ln2lo", ymm(k), ymm(x)),
		fmt.Sprintf("VMOVUPD      160(R8), %s // 1/13!", ymm(p)),
	}
	for o := 192; o <= 576; o += 32 {
		s = append(s, fmt.Sprintf("VFMADD213PD  %d(R8), %s, %s", o, ymm(x), ymm(p)))
	}
	s[len(s)-1] += " // 1/0!: p = e^r"
	return append(s,
		fmt.Sprintf("VCVTPD2DQY   %s, %s // k as int32", ymm(k), xmm(r)),
		fmt.Sprintf("VPSRAD       $1, %s, %s // k₁ = k>>1", xmm(r), xmm(x)),
		fmt.Sprintf("VPSUBD       %s, %s, %s // k₂ = k − k₁", xmm(x), xmm(r), xmm(k)),
		fmt.Sprintf("VPMOVSXDQ    %s, %s", xmm(x), ymm(x)),
		fmt.Sprintf("VPMOVSXDQ    %s, %s", xmm(k), ymm(k)),
		fmt.Sprintf("VPADDQ       608(R8), %s, %s // + bias 1023", ymm(x), ymm(x)),
		fmt.Sprintf("VPADDQ       608(R8), %s, %s", ymm(k), ymm(k)),
		fmt.Sprintf("VPSLLQ       $52, %s, %s // 2^{k₁}", ymm(x), ymm(x)),
		fmt.Sprintf("VPSLLQ       $52, %s, %s // 2^{k₂}", ymm(k), ymm(k)),
		fmt.Sprintf("VMULPD       %s, %s, %s", ymm(x), ymm(p), ymm(p)),
		fmt.Sprintf("VMULPD       %s, %s, %s", ymm(k), ymm(p), ymm(p)),
		fmt.Sprintf("VMOVUPD      %s, %d(DI)", ymm(p), off),
	)
}

// tanhChain is tanh of the four values at off(SI) into off(DI), with the
// registers z, a, b, c, d; every constant is read from the table.
func tanhChain(z, a, b, c, d, off int) []string {
	Z, A, B, C, D := ymm(z), ymm(a), ymm(b), ymm(c), ymm(d)
	s := []string{
		fmt.Sprintf("VMOVUPD      %d(SI), %s", off, Z),
		fmt.Sprintf("VANDPD       0(R8), %s, %s // z = |x|", Z, Z),
		fmt.Sprintf("VADDPD       %s, %s, %s", Z, Z, B),
		fmt.Sprintf("VMOVUPD      96(R8), %s // 44", A),
		fmt.Sprintf("VMINPD       %s, %s, %s // y = min(44, 2z), NaN-propagating (second source is 2z)", B, A, A),
		fmt.Sprintf("VMULPD       128(R8), %s, %s // y·log2e", A, B),
		fmt.Sprintf("VROUNDPD     $0, %s, %s // k, to nearest", B, B),
		fmt.Sprintf("VFNMADD231PD 160(R8), %s, %s // r = y − k·ln2hi", B, A),
		fmt.Sprintf("VFNMADD231PD 192(R8), %s, %s // r −= k·ln2lo", B, A),
		fmt.Sprintf("VMOVUPD      224(R8), %s // c13", C),
	}
	for o := 256; o <= 640; o += 32 {
		s = append(s, fmt.Sprintf("VFMADD213PD  %d(R8), %s, %s", o, A, C))
	}
	s[len(s)-1] += " // c0: p = e^r"
	return append(s,
		fmt.Sprintf("VCVTPD2DQY   %s, %s", B, xmm(a)),
		fmt.Sprintf("VPMOVSXDQ    %s, %s", xmm(a), A),
		fmt.Sprintf("VPADDQ       928(R8), %s, %s // + 1023", A, A),
		fmt.Sprintf("VPSLLQ       $52, %s, %s // 2^k", A, A),
		fmt.Sprintf("VMULPD       %s, %s, %s // s = e^y", A, C, C),
		fmt.Sprintf("VADDPD       672(R8), %s, %s // s + 1", C, C),
		fmt.Sprintf("VMOVUPD      704(R8), %s // 2", B),
		fmt.Sprintf("VDIVPD       %s, %s, %s // 2/(s+1)", C, B, B),
		fmt.Sprintf("VMOVUPD      672(R8), %s // 1", A),
		fmt.Sprintf("VSUBPD       %s, %s, %s // big = 1 − 2/(s+1)", B, A, A),
		fmt.Sprintf("VMULPD       %s, %s, %s // small path: s = z²", Z, Z, B),
		fmt.Sprintf("VMOVUPD      736(R8), %s // P0", C),
		fmt.Sprintf("VFMADD213PD  768(R8), %s, %s // ·s + P1", B, C),
		fmt.Sprintf("VFMADD213PD  800(R8), %s, %s // ·s + P2", B, C),
		fmt.Sprintf("VADDPD       832(R8), %s, %s // s + Q0", B, D),
		fmt.Sprintf("VFMADD213PD  864(R8), %s, %s // ·s + Q1", B, D),
		fmt.Sprintf("VFMADD213PD  896(R8), %s, %s // ·s + Q2", B, D),
		fmt.Sprintf("VDIVPD       %s, %s, %s // P/Q", D, C, C),
		fmt.Sprintf("VMULPD       %s, %s, %s // s·P/Q", B, C, C),
		fmt.Sprintf("VFMADD213PD  %s, %s, %s // z·(s·P/Q) + z", Z, Z, C),
		fmt.Sprintf("VCMPPD       $1, 64(R8), %s, %s // z < 0.625", Z, D),
		fmt.Sprintf("VBLENDVPD    %s, %s, %s, %s", D, C, A, A),
		fmt.Sprintf("VMOVUPD      %d(SI), %s", off, B),
		fmt.Sprintf("VANDPD       32(R8), %s, %s // sign of x", B, B),
		fmt.Sprintf("VORPD        %s, %s, %s", B, A, A),
		fmt.Sprintf("VMOVUPD      %s, %d(DI)", A, off),
	)
}

// interleave merges the chains instruction by instruction.
func interleave(chains [][]string) []string {
	var s []string
	for i := range chains[0] {
		for _, c := range chains {
			s = append(s, c[i])
		}
	}
	return s
}

func block(b *bytes.Buffer, lines []string) {
	for _, l := range lines {
		fmt.Fprintf(b, "\t%s\n", l)
	}
}

const header = "// Code generated by gen_rows.go; DO NOT EDIT.\n\n#include \"textflag.h\"\n\n"

func genExp() []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString(`// func expKernel(dst, src *float64, n int, shift float64, c *[expConsts][4]float64) float64
//
// dst[i] = e^{src[i]+shift} for i < n (n a multiple of 4), four at a time
// with AVX2 + FMA, and returns Σ dst[i] accumulated in four lanes (lane l
// sums i ≡ l mod 4 in order) combined as (l0+l2)+(l1+l3). With
// x = src[i]+shift clamped to [−746, 710] (NaN kept):
// k = round(x log₂e), r = x − k ln2hi − k ln2lo (Cody–Waite),
// p = Σ_{j≤13} r^j/j! by Horner with FMA, e^x = (p·2^{k₁})·2^{k−k₁},
// k₁ = k>>1 (arithmetic), so that both factors are normal numbers and a
// subnormal result is rounded once. The constant table c is laid out as in
// exp.go. The loop runs `)
	fmt.Fprintf(&b, "%d", expChains)
	b.WriteString(` vectors at a time, interleaved (gen_rows.go),
// then the rest one at a time; the lane sums add the vectors in order.
TEXT ·expKernel(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSD shift+24(FP), Y13
	MOVQ         c+32(FP), R8
	VXORPD       Y12, Y12, Y12 // lane sums
	SHRQ         $2, CX        // blocks of four
	JEQ          done
	VMOVUPD      0(R8), Y14    // 710
	VMOVUPD      32(R8), Y15   // −746

group:
`)
	fmt.Fprintf(&b, "\tCMPQ         CX, $%d\n\tJLT          one\n", expChains)
	var cs [][]string
	for c := 0; c < expChains; c++ {
		cs = append(cs, expChain(4*c, 4*c+1, 4*c+2, 4*c+3, 32*c))
	}
	block(&b, interleave(cs))
	for c := 0; c < expChains; c++ {
		fmt.Fprintf(&b, "\tVADDPD       %s, Y12, Y12\n", ymm(4*c+3))
	}
	fmt.Fprintf(&b, "\tADDQ         $%d, SI\n\tADDQ         $%d, DI\n\tSUBQ         $%d, CX\n\tJMP          group\n\none:\n", 32*expChains, 32*expChains, expChains)
	b.WriteString("\tTESTQ        CX, CX\n\tJEQ          done\n")
	block(&b, expChain(0, 1, 2, 3, 0))
	b.WriteString(`	VADDPD       Y3, Y12, Y12
	ADDQ         $32, SI
	ADDQ         $32, DI
	DECQ         CX
	JMP          one

done:
	VEXTRACTF128 $1, Y12, X0
	VADDPD       X0, X12, X0   // (l0+l2, l1+l3)
	VPERMILPD    $1, X0, X1
	VADDSD       X1, X0, X0
	MOVSD        X0, ret+40(FP)
	VZEROUPPER
	RET
`)
	return b.Bytes()
}

func genTanh() []byte {
	var b bytes.Buffer
	b.WriteString(header)
	b.WriteString(`// func tanhKernel(dst, src *float64, n int, c *[tanhConsts][4]float64)
//
// dst[i] = tanh(src[i]) for i < n (n a multiple of 4), four at a time with
// AVX2 + FMA, by the algorithm of Go's math.Tanh: for |x| < 0.625 the
// Cephes rational x + x s P(s)/Q(s), s = x²; otherwise 1 − 2/(e^{2|x|}+1)
// with e^y = 2^k p(r), k = round(y/ln 2), r = y − k ln 2 (Cody–Waite),
// p the degree-13 Taylor polynomial (truncation < 5e-18 on |r| ≤ ln2/2),
// y clamped to 44 (tanh(22) rounds to 1); then the sign of x. NaN
// propagates. The constant table c is laid out as in tanh.go. The loop
// runs `)
	fmt.Fprintf(&b, "%d", tanhChains)
	b.WriteString(` vectors at a time, interleaved (gen_rows.go), then the rest
// one at a time.
TEXT ·tanhKernel(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ c+24(FP), R8
	SHRQ $2, CX // blocks of four
	JEQ  done

group:
`)
	fmt.Fprintf(&b, "\tCMPQ CX, $%d\n\tJLT  one\n", tanhChains)
	var cs [][]string
	for c := 0; c < tanhChains; c++ {
		cs = append(cs, tanhChain(5*c, 5*c+1, 5*c+2, 5*c+3, 5*c+4, 32*c))
	}
	block(&b, interleave(cs))
	fmt.Fprintf(&b, "\tADDQ $%d, SI\n\tADDQ $%d, DI\n\tSUBQ $%d, CX\n\tJMP  group\n\none:\n", 32*tanhChains, 32*tanhChains, tanhChains)
	b.WriteString("\tTESTQ CX, CX\n\tJEQ   done\n")
	block(&b, tanhChain(0, 1, 2, 3, 4, 0))
	b.WriteString(`	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  one

done:
	VZEROUPPER
	RET
`)
	return b.Bytes()
}

func main() {
	if 4*expChains+4 > 16 || 5*tanhChains > 16 {
		panic("gen_rows: more chains than ymm registers")
	}
	for name, src := range map[string][]byte{"exp_amd64.s": genExp(), "tanh_amd64.s": genTanh()} {
		if strings.Contains(string(src), "\t\n") {
			panic("gen_rows: empty line in " + name)
		}
		if err := os.WriteFile(name, src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
