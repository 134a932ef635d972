package empirical

import "math/bits"

// normalsConsts are normalsBlocks512's constants, eight 64-bit lanes per
// row: the masks 2³²−1, 1 and 127, DXSM's multiplier, the LCG's jump by
// eight steps (a⁸ and its increment, the same in every lane) and lane j's
// jump by j+1 steps from the state the kernel starts at. A multiplier's
// low half is also kept shifted right by 32, the kernel's 32-bit limbs.
type normalsConsts struct {
	m32, one, c127, cheap [8]uint64
	a8hi, a8lo, a8lo32    [8]uint64
	c8hi, c8lo            [8]uint64
	ahi, alo, alo32       [8]uint64
	chi, clo              [8]uint64
}

var normalsTable = newNormalsConsts()

// pcgJump is k steps of PCG's LCG at once, s ↦ s·mul + inc (mod 2¹²⁸).
type pcgJump struct{ mulHi, mulLo, incHi, incLo uint64 }

// mul128 is x·y mod 2¹²⁸ on (hi, lo) pairs.
func mul128(xh, xl, yh, yl uint64) (uint64, uint64) {
	hi, lo := bits.Mul64(xl, yl)
	return hi + xh*yl + xl*yh, lo
}

// add128 is x + y mod 2¹²⁸.
func add128(xh, xl, yh, yl uint64) (uint64, uint64) {
	lo, c := bits.Add64(xl, yl, 0)
	hi, _ := bits.Add64(xh, yh, c)
	return hi, lo
}

// then is j followed by one more step: s ↦ (s·m + i)·a + c.
func (j pcgJump) then() pcgJump {
	mh, ml := mul128(j.mulHi, j.mulLo, pcgMulHi, pcgMulLo)
	ih, il := mul128(j.incHi, j.incLo, pcgMulHi, pcgMulLo)
	ih, il = add128(ih, il, pcgIncHi, pcgIncLo)
	return pcgJump{mh, ml, ih, il}
}

func newNormalsConsts() *normalsConsts {
	c := new(normalsConsts)
	a8 := pcgJumps[8]
	for l := range 8 {
		j := pcgJumps[l+1]
		c.m32[l], c.one[l], c.c127[l], c.cheap[l] = 1<<32-1, 1, 127, pcgCheap
		c.ahi[l], c.alo[l], c.alo32[l] = j.mulHi, j.mulLo, j.mulLo>>32
		c.chi[l], c.clo[l] = j.incHi, j.incLo
		c.a8hi[l], c.a8lo[l], c.a8lo32[l] = a8.mulHi, a8.mulLo, a8.mulLo>>32
		c.c8hi[l], c.c8lo[l] = a8.incHi, a8.incLo
	}
	return c
}

// normalsChunk is the most blocks of eight outputs normalsBlocks takes
// at once (BenchmarkNormals: chunks of 8 to 64 blocks took the same time,
// 4 blocks 10% more).
const normalsChunk = 16

// normalsBlocks fills dst from its start as Normals does, up to fewer
// than eight draws from its end, and returns how many it wrote. It takes
// the outputs of p in chunks of at most normalsChunk blocks, no more than
// dst has draws left, so that a chunk never holds an output that its
// draws do not use (each draw uses at least one). normalsBlocks512 takes
// the ziggurat's first step on each output of a chunk and writes its
// value where the draw goes if no output before it fails: the draws are
// those values in order up to the first output that failed, which goes
// to ZigguratTail with p set just after it (pcgJumps from the chunk's
// start); the draws go on from the first output the tail left, their
// values moved down by the outputs it used, and p is set after the
// chunk, unless the tail went past it.
func (p *PCG) normalsBlocks(dst []float64, scale float64) int {
	var (
		u  [8 * normalsChunk]uint64
		ok [normalsChunk]uint8
	)
	k := 0
	for len(dst)-k >= 8 {
		nb := min((len(dst)-k)/8, normalsChunk)
		s0 := *p
		normalsBlocks512(&dst[k], &u[0], &ok[0], nb, scale, p, normalsTable)
		n, base, end := 8*nb, k, *p
		t := 0
		for t < n {
			f := t // the first output at or after t that failed the rectangle, or n
			for f < n {
				if m := ^ok[f>>3] >> (f & 7); m != 0 {
					f += bits.TrailingZeros8(m)
					break
				}
				f = f&^7 + 8
			}
			if k != base+t {
				copy(dst[k:], dst[base+t:base+f])
			}
			k += f - t
			if f == n {
				t = n
				break
			}
			*p = pcgJumps[f+1].from(s0)
			dst[k] = scale * ZigguratTail(u[f], p)
			k++
			for t = f + 2; t <= n && pcgJumps[t].from(s0) != *p; t++ {
			}
		}
		if t <= n {
			*p = end
		}
	}
	return k
}

// pcgJumps[k] is k steps of the LCG, for k ≤ 8·normalsChunk: the lanes'
// jumps of normalsTable and the states within a chunk.
var pcgJumps = func() (j [8*normalsChunk + 1]pcgJump) {
	j[0] = pcgJump{0, 1, 0, 0}
	for k := 1; k < len(j); k++ {
		j[k] = j[k-1].then()
	}
	return j
}()

// from is the state k steps after s.
func (j pcgJump) from(s PCG) PCG {
	hi, lo := mul128(s.hi, s.lo, j.mulHi, j.mulLo)
	hi, lo = add128(hi, lo, j.incHi, j.incLo)
	return PCG{hi, lo}
}
