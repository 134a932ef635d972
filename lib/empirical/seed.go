package empirical

import "math/rand/v2"

// SplitMix64 is the output function of Steele, Lea & Flood's SplitMix64
// generator (OOPSLA 2014) applied to x + φ·2⁶⁴: a bijection on uint64 whose
// outputs for consecutive inputs look independent. Simulators derive the
// seed of draw i from (seed, i) with it, so draws do not depend on which
// worker runs them.
func SplitMix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Rand returns a PCG generator on (seed, stream): the generator of one
// experiment of a notebook, whose stream constant keeps its draws apart
// from other notebooks' experiments with the same seed.
func Rand(seed, stream uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, stream)) }
