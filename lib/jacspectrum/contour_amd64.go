package jacspectrum

import "golang.org/x/sys/cpu"

// cauchyPairs returns the sums of ContourD2.M (Σ t, Σ t r of its loop)
// over the first 2⌊len(cr)/2⌋ nodes of the path stored as separate
// arrays (c·d's real and imaginary parts, D's real and imaginary parts,
// all of one length), two nodes at a time, in the node order: the Go
// loop's bits (contour_amd64.s).
//
//go:noescape
func cauchyPairs(wr, wi float64, cr, ci, dr, di []float64) (mr, mi, sr, si float64)

// pairKernel says cauchyPairs exists on this architecture.
const pairKernel = true

// cauchyTwo returns the sums of ContourD2.M (Σ t, Σ t r of its loop) at
// the two points w0 = wr0 + i wi0 and w1 = wr1 + i wi1 over all the nodes
// of the path stored as separate arrays (as cauchyPairs), one node of both
// points at a time, in the node order: at each point the Go loop's bits
// (contour_amd64.s).
//
//go:noescape
func cauchyTwo(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64)

// twoKernel says cauchyTwo exists on this architecture.
const twoKernel = true

// cauchyTwoAVX is cauchyTwo on AVX, two nodes of both points per
// instruction, each point's sums still taking the nodes one at a time in
// node order: the same bits (contour_amd64.s; TestCauchyTwo runs both
// kernels).
//
//go:noescape
func cauchyTwoAVX(wr0, wi0, wr1, wi1 float64, cr, ci, dr, di []float64) (m0r, m0i, s0r, s0i, m1r, m1i, s1r, s1i float64)

// twoAVX says the CPU runs cauchyTwoAVX (x/sys/cpu also checks that the
// OS saves the ymm registers); mPair takes cauchyTwo otherwise.
var twoAVX = cpu.X86.HasAVX
