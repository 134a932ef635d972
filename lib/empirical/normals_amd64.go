package empirical

import "golang.org/x/sys/cpu"

// normalsAsm says whether Normals takes its outputs eight at a time in
// normalsBlocks512: AVX-512F with its DQ (VPMULLQ) and VL (256-bit EVEX)
// extensions, which x/sys/cpu reports only where the OS saves the zmm
// registers. A variable, so that the tests run both paths.
var normalsAsm = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VL

// normalsBlocks512 takes the ziggurat's first step on the next 8·blocks
// outputs of p (normals_amd64.s): x[t] is output t's value scale·j·w_i,
// u[t] the output, bit t%8 of ok[t/8] whether it fell in its strip's
// rectangle; p is left after them. blocks ≥ 1.
//
//go:noescape
func normalsBlocks512(x *float64, u *uint64, ok *uint8, blocks int, scale float64, p *PCG, c *normalsConsts)
