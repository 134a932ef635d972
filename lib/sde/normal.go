package sde

import (
	"math"
	"math/rand/v2"
)

// gauss draws standard normal variates with the Marsaglia–Tsang (2000)
// ziggurat — the algorithm of math/rand/v2's NormFloat64 — from a concrete
// PCG source, which saves the interface call per draw in the integrator's
// inner loop (about a fifth of its run time otherwise).
type gauss struct{ src rand.PCG }

// Ziggurat tables for 128 layers (Marsaglia & Tsang 2000, "The ziggurat
// method for generating random variables", J. Stat. Softw. 5(8)).
const zigR = 3.442619855899

var (
	zigK [128]uint32
	zigW [128]float32
	zigF [128]float32
)

func init() {
	const m1 = 1 << 31
	const vn = 9.91256303526217e-3
	dn := zigR
	tn := dn
	q := vn / math.Exp(-0.5*dn*dn)
	zigK[0] = uint32(dn / q * m1)
	zigK[1] = 0
	zigW[0] = float32(q / m1)
	zigW[127] = float32(dn / m1)
	zigF[0] = 1
	zigF[127] = float32(math.Exp(-0.5 * dn * dn))
	for i := 126; i >= 1; i-- {
		dn = math.Sqrt(-2 * math.Log(vn/dn+math.Exp(-0.5*dn*dn)))
		zigK[i+1] = uint32(dn / tn * m1)
		tn = dn
		zigF[i] = float32(math.Exp(-0.5 * dn * dn))
		zigW[i] = float32(dn / m1)
	}
}

// newGauss seeds the generator of path p of a run seeded with seed; both
// PCG words depend on both numbers.
func newGauss(seed uint64, p int) *gauss {
	g := &gauss{}
	g.seed(seed, p)
	return g
}

// seed reseeds g as newGauss(seed, p).
func (g *gauss) seed(seed uint64, p int) {
	b, c := pathSeed(seed, p)
	g.src.Seed(b, c)
}

func (g *gauss) float64() float64 { return float64(g.src.Uint64()>>11) * (1.0 / (1 << 53)) }

// norm returns a standard normal variate.
func (g *gauss) norm() float64 { return g.normFrom(g.src.Uint64()) }

// normFrom is norm with the first draw of the source already taken (u):
// the slow branches of fillStrided continue from it.
func (g *gauss) normFrom(u uint64) float64 {
	for {
		j := int32(u)
		i := u >> 32 & 0x7f
		x := float64(j) * float64(zigW[i])
		aj := j
		if aj < 0 {
			aj = -aj
		}
		if uint32(aj) < zigK[i] {
			return x
		}
		if i == 0 {
			// Tail beyond zigR.
			for {
				x = -math.Log(g.float64()) * (1 / zigR)
				y := -math.Log(g.float64())
				if y+y >= x*x {
					break
				}
			}
			if j > 0 {
				return zigR + x
			}
			return -zigR - x
		}
		if zigF[i]+float32(g.float64())*(zigF[i-1]-zigF[i]) < float32(math.Exp(-0.5*x*x)) {
			return x
		}
		u = g.src.Uint64()
	}
}
