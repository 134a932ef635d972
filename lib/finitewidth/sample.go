package finitewidth

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/empirical"
)

// SimSettings size a Monte Carlo sample of random networks.
type SimSettings struct {
	Width    int    // hidden width n ≥ 1
	Networks int    // number of independent networks ≥ 2 (the sample unit)
	Seed     uint64 // network i draws from empirical.Rand(Seed, SplitMix64(i))
	Workers  int    // goroutines (≤ 1: serial); results do not depend on it
}

// Validate returns an error wrapping ErrParam naming the first field out
// of range.
func (m SimSettings) Validate() error {
	switch {
	case m.Width < 1:
		return fmt.Errorf("%w: SimSettings.Width = %d, want an integer >= 1", ErrParam, m.Width)
	case m.Networks < 2:
		return fmt.Errorf("%w: SimSettings.Networks = %d, want an integer >= 2", ErrParam, m.Networks)
	}
	return nil
}

// Sample draws m.Networks independent networks of width m.Width and
// returns each one's kernels: q[i][ℓ−1] = q̂^ℓ = (1/n) Σ_j (h_j^ℓ)² of
// network i, ℓ = 1..s.Depth.
//
// It does not multiply matrices. For Gaussian weights and one input the
// law of the sequence (q̂^ℓ) is that of the scalar chain
//
//	Ĝ⁰ = K¹,  h^ℓ = √Ĝ^{ℓ−1} z^ℓ,  q̂^ℓ = Ĝ^{ℓ−1} ‖z^ℓ‖²/n,
//	Ĝ^ℓ = σ_b² + σ_w² (1/n) Σ_j φ(h_j^ℓ)²,     z^ℓ ~ N(0, I_n) independent,
//
// because, given layer ℓ−1, h^ℓ = W^ℓ φ(h^{ℓ−1}) + b^ℓ is N(0, Ĝ^{ℓ−1} I_n)
// whatever the direction of φ(h^{ℓ−1}) (lib/sources/finitewidth.md#chain).
// This makes a network cost O(nL) instead of O(n²L); TestChainMatchesMatrices
// checks the law against lib/randmlp's matrix networks. The chain makes no
// expansion in 1/n: it is an exact sampler, not the theory.
func (s Settings) Sample(m SimSettings) ([][]float64, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	n, depth := m.Width, s.Depth
	out := make([][]float64, m.Networks)
	flat := make([]float64, m.Networks*depth)
	phi := s.Phi.Phi
	inv := 1 / float64(n)
	empirical.Each(m.Networks, m.Workers, func(i int) {
		src := empirical.NewPCG(m.Seed, empirical.SplitMix64(uint64(i))) // empirical.Rand's generator
		q := flat[i*depth : (i+1)*depth : (i+1)*depth]
		g := s.K1()
		zs := make([]float64, n)
		for l := range depth {
			sd := math.Sqrt(g)
			var sz, sp float64
			src.Normals(zs, 1) // the layer's n draws of NormFloat64, in bulk
			for _, z := range zs {
				sz += z * z
				v := phi(sd * z)
				sp += v * v
			}
			q[l] = g * sz * inv
			g = s.SigmaB2 + s.SigmaW2*sp*inv
		}
		out[i] = q
	})
	return out, nil
}

// Stat is the across-network mean and variance of q̂^ℓ at one layer, each
// with its standard error (the network is the sample unit; the variance's
// SE from the sample's fourth moment, empirical.VarSE).
type Stat struct {
	L            int
	Mean, MeanSE float64
	Var, VarSE   float64
}

// Stats summarises Sample's output layer by layer. It panics on fewer
// than two networks or ragged rows.
func Stats(q [][]float64) []Stat {
	if len(q) < 2 {
		panic("finitewidth: Stats needs at least two networks")
	}
	depth := len(q[0])
	col := make([]float64, len(q))
	out := make([]Stat, depth)
	for l := range depth {
		for i, row := range q {
			if len(row) != depth {
				panic("finitewidth: Stats of ragged rows")
			}
			col[i] = row[l]
		}
		st := Stat{L: l + 1}
		st.Mean, st.MeanSE = empirical.MeanSE(col)
		st.Var, st.VarSE = empirical.VarSE(col)
		out[l] = st
	}
	return out
}
