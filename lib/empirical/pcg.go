package empirical

import (
	"math"
	"math/bits"
)

// PCG is math/rand/v2's PCG generator, the same bits for the same seeds:
// a 128-bit linear congruential state (O'Neill's PCG multiplier and
// increment) read out through the DXSM permutation, as rand.PCG. It is
// here for Normals, which draws what rand.New(p).NormFloat64 would, one
// after the other, without a call through the rand.Source interface per
// draw. Everything else draws through rand.New(p) and shares the state,
// so a simulation may mix the two and keep its bits.
type PCG struct{ hi, lo uint64 }

// NewPCG returns the generator rand.NewPCG(seed1, seed2) is.
func NewPCG(seed1, seed2 uint64) *PCG { return &PCG{seed1, seed2} }

// The 128-bit LCG step, state·mul + inc (mod 2¹²⁸), and the multiplier of
// DXSM's output: PCG's constants (O'Neill, pcg-cpp's
// pcg_detail::default_multiplier and default_increment for 128 bits, and
// cheap_multiplier), as math/rand/v2 uses them.
const (
	pcgMulHi = 2549297995355413924
	pcgMulLo = 4865540595714422341
	pcgIncHi = 6364136223846793005
	pcgIncLo = 1442695040888963407
	pcgCheap = 0xda942042e4dd58b5
)

// Uint64 steps the state and returns its DXSM output (rand.PCG.Uint64).
func (p *PCG) Uint64() uint64 {
	hi, lo := bits.Mul64(p.lo, pcgMulLo)
	hi += p.hi*pcgMulLo + p.lo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	p.lo, p.hi = lo, hi
	hi ^= hi >> 32
	hi *= pcgCheap
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// Uniform is rand.Rand.Float64 on p: the low 53 bits of an output over
// 2⁵³, uniform on [0, 1).
func (p *PCG) Uniform() float64 { return float64(p.Uint64()<<11>>11) / (1 << 53) }

// Normals fills dst with scale·z_i, z_0, z_1, … the standard normals that
// rand.New(p).NormFloat64() returns when called len(dst) times, and
// leaves p where those calls leave it: the same bits (TestNormalsBits),
// about 1.5 times as fast on amd64 (BenchmarkNormals).
func (p *PCG) Normals(dst []float64, scale float64) {
	g := *p // a local copy: the hot loop's state stays out of *p
	for k := range dst {
		u := g.Uint64()
		if x, ok := ZigguratRect(u); ok { // about 97% of draws
			dst[k] = scale * x
			continue
		}
		*p = g // the tail draws from p: the local copy stays in registers
		dst[k] = scale * ZigguratTail(u, p)
		g = *p
	}
	*p = g
}

// ZigguratSource is what the slow steps of the ziggurat draw from:
// further 64-bit outputs and uniforms on [0, 1) (NormFloat64 takes them
// from its generator's Uint64 and Float64; another generator may derive
// its uniforms otherwise).
type ZigguratSource interface {
	Uint64() uint64
	Uniform() float64
}

// ZigguratRect is the first step of the 128-strip normal ziggurat
// (Marsaglia & Tsang 2000) on a 64-bit output u, as
// rand.Rand.NormFloat64 takes it: j = int32(u) and strip i = u>>32 & 127
// give x = j·w_i, the draw itself when ok, that is when |j| falls inside
// the strip's rectangle (about 97% of outputs). Otherwise the draw is
// ZigguratTail(u, s).
func ZigguratRect(u uint64) (x float64, ok bool) {
	j := int32(u)
	i := u >> 32 & 0x7F
	return float64(j) * float64(zigW[i]), abs32(j) < zigK[i]
}

// ZigguratTail finishes the draw whose first output u failed
// ZigguratRect: the base strip's tail or a wedge, drawing from s in
// rand.Rand.NormFloat64's order (on a PCG, its bits; TestNormalsBits).
func ZigguratTail[S ZigguratSource](u uint64, s S) float64 {
	for {
		j := int32(u)
		i := u >> 32 & 0x7F
		x := float64(j) * float64(zigW[i])
		if abs32(j) < zigK[i] {
			return x
		}
		if i == 0 {
			for {
				x = -math.Log(s.Uniform()) * (1 / ZigguratR)
				y := -math.Log(s.Uniform())
				if y+y >= x*x {
					break
				}
			}
			if j > 0 {
				return ZigguratR + x
			}
			return -ZigguratR - x
		}
		if zigF[i]+float32(s.Uniform())*(zigF[i-1]-zigF[i]) < float32(math.Exp(-.5*x*x)) {
			return x
		}
		u = s.Uint64()
	}
}

func abs32(i int32) uint32 {
	if i < 0 {
		return uint32(-i)
	}
	return uint32(i)
}

// ZigguratR is the right edge r of the base strip of the 128-strip normal
// ziggurat (Marsaglia & Tsang 2000, J. Stat. Softw. 5(8), "r = 3.442620"),
// to the digits math/rand uses: draws beyond ±r come from the tail.
const ZigguratR = 3.442619855899

// zigK, zigW and zigF are the ziggurat's tables (kn, wn, fn of Marsaglia
// & Tsang's zigset): the acceptance bound of each strip's rectangle on
// 31-bit integers, the scale from those integers to x, and e^{−x²/2} at
// each strip's edge. Built from ZigguratR and the strips' common area v by
// their recursion; TestZigguratTables finds them equal, entry for entry,
// to math/rand/v2's literal tables.
var (
	zigK       [128]uint32
	zigW, zigF [128]float32
)

func init() {
	const m1 = 1 << 31
	const v = 9.91256303526217e-3 // the area of each strip
	dn, tn := ZigguratR, ZigguratR
	q := v / math.Exp(-.5*dn*dn)
	zigK[0] = uint32(dn / q * m1)
	zigK[1] = 0
	zigW[0] = float32(q / m1)
	zigW[127] = float32(dn / m1)
	zigF[0] = 1
	zigF[127] = float32(math.Exp(-.5 * dn * dn))
	for i := 126; i >= 1; i-- {
		dn = math.Sqrt(-2 * math.Log(v/dn+math.Exp(-.5*dn*dn)))
		zigK[i+1] = uint32(dn / tn * m1)
		tn = dn
		zigF[i] = float32(math.Exp(-.5 * dn * dn))
		zigW[i] = float32(dn / m1)
	}
}
