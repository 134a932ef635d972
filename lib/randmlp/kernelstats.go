package randmlp

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sigprop/sigprop/lib/empirical"
	"gonum.org/v1/gonum/mat"
)

// KernelStats are the across-network statistics of one network's kernel
// q̂^ℓ = ‖h^ℓ‖²/N on one input, layer by layer (index l = 0..Depth−1 is
// h^{l+1}), the network the sample unit: what the finite-width theory of
// lib/finitewidth predicts (its Layer.Var and Layer.MeanShift), so that
// the two compare directly.
type KernelStats struct {
	Nets int
	// Mean ± MeanSE and Var ± VarSE (empirical.VarSE: the SE of a sample
	// variance from its fourth moment) of q̂^ℓ over the networks.
	Mean, MeanSE, Var, VarSE []float64
	// K is the infinite-width kernel (meanfield's q-map from
	// K¹ = σ_b² + σ_w² q⁰) and Shift = Mean − K the simulated 1/n shift
	// of the mean (its SE is MeanSE).
	K, Shift []float64
}

// KernelStats draws nets networks of m (Propagate, one after another
// from rng) on the input x = √q0·(1, …, 1), so that ‖x‖²/N = q0, and
// returns the statistics of q̂^ℓ. Errors: nets < 2 or q0 not in
// [0, +inf) (the arguments a user types).
func (m MLP) KernelStats(nets int, q0 float64, rng *rand.Rand) (KernelStats, error) {
	if nets < 2 {
		return KernelStats{}, paramErr("KernelStats nets", nets, "an integer >= 2")
	}
	if !(q0 >= 0) || math.IsInf(q0, 1) {
		return KernelStats{}, paramErr("KernelStats q0", q0, "in [0, +inf)")
	}
	if err := m.Validate(); err != nil {
		return KernelStats{}, err
	}
	k := m.SigmaB2 + m.SigmaW2*q0
	if !(k > 0) {
		return KernelStats{}, paramErr("KernelStats q0 (with MLP.SigmaB2 = 0)", q0, "> 0: the first-layer kernel σ_b² + σ_w² q0 must be positive")
	}
	x := mat.NewDense(m.Width, 1, nil)
	for i := range m.Width {
		x.Set(i, 0, math.Sqrt(q0))
	}
	q := make([][]float64, m.Depth)
	for l := range q {
		q[l] = make([]float64, nets)
	}
	for i := range nets {
		tr := m.Propagate(x, rng)
		for l := range q {
			q[l][i] = tr.Q[l][0]
		}
	}
	s := KernelStats{Nets: nets}
	mf := m.MeanField()
	for l := range q {
		mean, mse := empirical.MeanSE(q[l])
		v, vse := empirical.VarSE(q[l])
		s.Mean, s.MeanSE, s.Var, s.VarSE = append(s.Mean, mean), append(s.MeanSE, mse), append(s.Var, v), append(s.VarSE, vse)
		s.K, s.Shift = append(s.K, k), append(s.Shift, mean-k)
		k = mf.QMap(k)
		if !(k > 0) || math.IsInf(k, 0) {
			return KernelStats{}, fmt.Errorf("randmlp: KernelStats: the infinite-width kernel is %v after layer %d", k, l+1)
		}
	}
	return s, nil
}
