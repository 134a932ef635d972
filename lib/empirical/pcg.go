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
// leaves p where those calls leave it: the same bits (TestNormalsBits).
// Where the CPU has AVX-512 (F, DQ, VL) it takes p's outputs eight at a
// time (normalsBlocks); elsewhere one at a time in a Go loop. On a 2.6 GHz
// Xeon (BenchmarkNormals, 16384 draws) NormFloat64 took 85 µs, the Go
// loop 60 µs and the AVX-512 path 47 µs.
func (p *PCG) Normals(dst []float64, scale float64) {
	if normalsAsm {
		dst = dst[p.normalsBlocks(dst, scale):]
	}
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
		// The wedge: accept when y < float32(e^{−x²/2}), deciding by
		// wedgeBounds where it can (the same answer, without e^v).
		y := zigF[i] + float32(s.Uniform())*(zigF[i-1]-zigF[i])
		v := -.5 * x * x
		if below, above := wedgeBounds(i, v, y); below || !above && y < float32(math.Exp(v)) {
			return x
		}
		u = s.Uint64()
	}
}

// wedgeBounds compares y with float32(e^v) in strip i ≥ 1 without
// computing e^v where it can: below says that y < float32(e^v), above
// that y ≥ float32(e^v); at most one holds, and neither where y is too
// close to tell. The strip's v = −x²/2 lie in [v₀, v₀ + Δ] (zigV0,
// zigDelta), so e^v = e^{v₀}·e^d, d = v − v₀ ∈ [0, Δ], lies between
// e^{v₀}·P(d), P Taylor's polynomial of degree 4, and that plus the
// remainder's bound e^{v₀}·d⁵·e^Δ/120 (zigE0, zigRem). float32 rounding
// moves e^v by at most 2⁻²⁴ of it and the float64 arithmetic here by
// less than 10⁻¹⁴, so a margin of 2⁻²² on each side keeps both answers
// exact (TestWedgeBounds). y falls in the undecided band in about 2 of
// 10⁵ wedge draws, which then compute e^v as before; the others skip it.
func wedgeBounds(i uint64, v float64, y float32) (below, above bool) {
	d := v - zigV0[i]
	if !(d >= 0 && d <= zigDelta[i]) {
		return false, false
	}
	p := 1 + d*(1+d*(1.0/2+d*(1.0/6+d*(1.0/24))))
	lo := zigE0[i] * p
	d2 := d * d
	hi := zigE0[i] * (p + d2*d2*d*zigRem[i])
	yy := float64(y)
	return yy < lo*(1-0x1p-22), yy >= hi*(1+0x1p-22)
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

// The wedge bounds of strip i ≥ 1 (wedgeBounds): zigV0 is below the
// least v = −x²/2 of the strip's wedge draws (x = j·w_i, k_i ≤ |j| ≤
// 2³¹), zigDelta above the span of v from there, zigE0 = e^{zigV0} and
// zigRem an upper bound of e^{zigDelta}/120.
var zigV0, zigDelta, zigE0, zigRem [128]float64

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
	for i := 1; i < 128; i++ {
		xMax := float64(zigW[i]) * m1 // 2³¹·w_i, exact
		xMin := float64(zigK[i]) * float64(zigW[i])
		zigV0[i] = -.5 * xMax * xMax * (1 + 0x1p-40)
		zigDelta[i] = (-.5*xMin*xMin-zigV0[i])*(1+1e-9) + 1e-15
		zigE0[i] = math.Exp(zigV0[i])
		zigRem[i] = math.Exp(zigDelta[i]) * (1 + 1e-9) / 120
	}
}
