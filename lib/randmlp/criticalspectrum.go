package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// CriticalSpectrum is the CDF of the eigenvalues of JJᵀ at the edge of
// chaos: the limit law (Theory) and the pooled eigenvalues of two
// simulated networks (Empirical) at the points X, with the KS distance
// between them over X and D12, the KS distance between the two draws
// (their sampling spread).
type CriticalSpectrum struct {
	SigmaW2, SigmaB2, QStar float64
	X, Theory, Empirical    []float64
	KS, D12                 float64
	Samples                 int
	// Width and Depth are the settings the two networks ran with; Seed
	// and Stream the generator empirical.Rand(Seed, Stream) they drew from
	// when CriticalSpectrumSettings.Run drew them (zero from a caller's
	// generator).
	Width, Depth int
	Seed, Stream uint64
}

// criticalSpectrumAt is one spectrum of CriticalSpectrumSettings.Run: it
// places φ on its edge of chaos at bias variance
// sigmaB2 (meanfield.EoCSigmaW2: an attracting q*), draws the input–output
// Jacobians of two independent width × depth networks there (orthogonal
// weights, inputs at q¹ = q*; JacobianSim), and compares the CDF of their
// pooled squared singular values with the limit law
// jacspectrum.Critical(φ, Orthogonal, depth, q*) at 40 points up to the
// largest eigenvalue. The law's CDF is integrated from the top over one
// interval [0, 1.5·max] with the density smoothed at ε = 1e-6 (its Cauchy
// tails add O(ε log) mass), so no support search is needed.
//
// A draw-to-draw KS distance D12 measures the sampling spread; the
// notebooks accept KS ≤ 2·D12 + 10/N (TestNewActivationsSpectra).
//
// Errors: those of meanfield.EoCSigmaW2, the simulation and the
// continuation.
func criticalSpectrumAt(phi activation.Func, sigmaB2 float64, depth, width int, rng *rand.Rand) (CriticalSpectrum, error) {
	w, q, err := meanfield.EoCSigmaW2(phi, sigmaB2)
	if err != nil {
		return CriticalSpectrum{}, err
	}
	sim := JacobianSim{Width: width, Depth: depth, Phi: phi, SigmaW2: w, SigmaB2: sigmaB2, Weights: OrthogonalWeights, QStar: q}
	e1, err := sim.PooledEigs(1, rng)
	if err != nil {
		return CriticalSpectrum{}, err
	}
	e2, err := sim.PooledEigs(1, rng)
	if err != nil {
		return CriticalSpectrum{}, err
	}
	eigs := append(append([]float64(nil), e1...), e2...)
	sort.Float64s(eigs)
	hi := eigs[len(eigs)-1]
	if !(hi > 0) || math.IsInf(hi, 0) {
		return CriticalSpectrum{}, fmt.Errorf("randmlp: criticalSpectrumAt: largest eigenvalue %v", hi)
	}
	c := CriticalSpectrum{SigmaW2: w, SigmaB2: sigmaB2, QStar: q, Samples: len(eigs), D12: empirical.KS2(e1, e2), Width: width, Depth: depth}
	for k := 1; k <= 40; k++ {
		c.X = append(c.X, hi*float64(k)/40)
	}
	theory := jacspectrum.Critical(phi, jacspectrum.Orthogonal, depth, q)
	c.Theory, err = jacspectrum.CDF(theory, c.X, []jacspectrum.Interval{{Lo: 0, Hi: 1.5 * hi}}, freeprob.Continuation{Eps: 1e-6, Steps: 50})
	if err != nil {
		return CriticalSpectrum{}, err
	}
	for _, x := range c.X {
		c.Empirical = append(c.Empirical, empirical.ECDF(eigs, x))
	}
	c.KS = jacspectrum.KSDistance(eigs, c.X, c.Theory)
	return c, nil
}
