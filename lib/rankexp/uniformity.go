package rankexp

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Uniformity is the distance of the attention matrix from uniform,
// (1/n²)‖A − 11ᵀ/n‖², against the key width d_k for one fixed input of
// n tokens of width d_v under Glorot query/key variance σ² = 2/(d_v + d_k)
// (App. A.5, Fig. 7): the Monte Carlo mean ± SE over weight draws
// (rankblock.UniformityGapMC) and the small-logit asymptote of Thm A.2
// (rankcollapse.UniformityGapSmallLogit) at each d_k of DK.
type Uniformity struct {
	// N, DV and Draws are the settings it ran with: n tokens of width d_v,
	// Draws weight draws per key width.
	N, DV, Draws   int
	Seed           uint64 // the seed argument it ran with
	DK             []int
	MC, SE, Theory []float64
}

// Gaps returns Uniformity for an iid N(0,1) input of N tokens of width DV
// drawn from empirical.Rand(Seed, Stream), with Draws weight draws at the
// i-th key width of DK from empirical.Rand(Seed+1+i, Stream). Errors: those
// of Validate.
//
//sigprop:eq noci2022 thmA.2
func (s UniformitySettings) Gaps() (Uniformity, error) {
	if err := s.Validate(); err != nil {
		return Uniformity{}, err
	}
	n, dv, dks, draws, seed, stream := s.N, s.DV, s.DK, s.Draws, s.Seed, s.Stream
	in := mat.NewDense(n, dv, nil)
	rankblock.GaussianInput(1)(in, empirical.Rand(seed, stream))
	st := rankcollapse.TokenStats(in)
	u := Uniformity{N: n, DV: dv, Draws: draws, Seed: seed, DK: dks}
	for i, dk := range dks {
		s2 := 2 / float64(dv+dk)
		m, e := rankblock.UniformityGapMC(in, dk, s2, 1, draws, empirical.Rand(seed+1+uint64(i), stream))
		u.MC, u.SE = append(u.MC, m), append(u.SE, e)
		u.Theory = append(u.Theory, rankcollapse.UniformityGapSmallLogit(st, rankcollapse.Layer{DK: dk, SigmaQ2: s2, SigmaK2: s2}))
	}
	return u, nil
}

// Slope returns the change of log10 of the gap from key width i to key
// width j, as Fig. 7 reads it: of the simulation,
//
//	sim = log10(MC_j/MC_i),  se = √((SE_j/MC_j)² + (SE_i/MC_i)²)/ln 10
//
// (the delta method), and of the asymptote, theory = log10(Theory_j/Theory_i).
// Over one decade of d_k this is the log-log slope; the asymptote's tends
// to −2 for d_k ≫ d_v. It panics on an index out of range.
func (u Uniformity) Slope(i, j int) (sim, se, theory float64) {
	sim, theory = math.Log10(u.MC[j]/u.MC[i]), math.Log10(u.Theory[j]/u.Theory[i])
	se = math.Hypot(u.SE[j]/u.MC[j], u.SE[i]/u.MC[i]) / math.Ln10
	return sim, se, theory
}
