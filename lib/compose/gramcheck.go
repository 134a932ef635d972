package compose

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// GramComparison sets the full Gram map's correlations beside a
// simulation: per layer ℓ = 0..L the theory's correlation matrix
// (GramCorr of GramTrajectory from the run's equicorrelated input), the
// simulated per-pair correlations (Run.Pair: mean and SE over networks),
// and Z[ℓ][i*n+j] = |mean − theory|/SE for i < j, with its maximum over
// pairs and layers ℓ >= 1 (MaxZ; the input layer is the sampling of the
// start) and the number of those comparisons (Tests), for a family-wise
// threshold. Gram holds the theory's Gram matrices themselves.
type GramComparison struct {
	Block  Block
	Theory []*mat.SymDense
	Gram   []*mat.SymDense
	Run    *Run
	Z      [][]float64
	MaxZ   float64
	Tests  int
}

// CompareGram runs GramTrajectory and Simulate (with Pairs) of b from the
// input (Q0, Rho0·Q0) of s. Errors: those of GramTrajectory (GramCovers)
// and of Simulate.
func CompareGram(b Block, s SimSettings) (*GramComparison, error) {
	s = s.withDefaults(b)
	tr, err := b.GramTrajectory(EquicorrGram(b.N, s.Q0, s.Rho0*s.Q0))
	if err != nil {
		return nil, err
	}
	return compareGramWith(b, s, tr)
}

// compareGramWith is CompareGram with the theory's trajectory tr given
// (GramTrajectory of b from EquicorrGram(n, Q0, Rho0·Q0), s with its
// defaults): the tests pass one computed once for several of them.
func compareGramWith(b Block, s SimSettings, tr []*mat.SymDense) (*GramComparison, error) {
	s.Pairs = true
	n := b.N
	run, err := Simulate(b, s)
	if err != nil {
		return nil, err
	}
	c := &GramComparison{Block: b, Run: run, Gram: tr}
	for l, k := range tr {
		corr := GramCorr(k)
		c.Theory = append(c.Theory, corr)
		z := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				z[i*n+j] = zScore(run.Pair[l].Mean[i*n+j], run.Pair[l].SE[i*n+j], corr.At(i, j))
				if l >= 1 {
					c.MaxZ = math.Max(c.MaxZ, z[i*n+j])
					c.Tests++
				}
			}
		}
		c.Z = append(c.Z, z)
	}
	return c, nil
}
