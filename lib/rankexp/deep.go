package rankexp

import (
	"math"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// DeepRun is one network of Fig. 8 at depth: n iid N(0,1) tokens of width
// d through L blocks with true softmax attention (τ = 1), linear FF and no
// LN, α₁ = α₂ = 1 divided by √L when Scaled, simulated (Sim) beside the
// uniform-attention Lemmas 3.2–3.3 (Rho, SqNorm as in Depth), which
// softmax attention need not follow (Assumption 3.1).
type DeepRun struct {
	N, D, L     int
	Scaled      bool
	Seed        uint64 // the seed of its generator, empirical.Rand(Seed, stream)
	Sim         rankblock.Profile
	Rho, SqNorm []float64
}

// SoftmaxDepths runs DeepRun scaled at depth L/2 and at depth L, then
// unscaled at depth L (the contrast: without the scaling the tokens
// collapse), Draws networks each; run i draws from empirical.Rand(Seed+i,
// Stream). Errors: those of Validate, ErrParam for L < 2, the simulator's
// or the theory's.
func (s Sizes) SoftmaxDepths() (DeepRuns, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	if L < 2 {
		return nil, paramErr("Sizes.L", L, "an integer >= 2 (SoftmaxDepths also runs L/2)")
	}
	var out DeepRuns
	for i, r := range []struct {
		L      int
		scaled bool
	}{{L / 2, true}, {L, true}, {L, false}} {
		cfg := rankblock.Config{N: n, DV: d, Layers: r.L, Alpha1: 1, Alpha2: 1, DepthScaled: r.scaled, Tau: 1, Attention: block.Softmax}
		p, err := rankblock.Simulate(cfg, rankblock.GaussianInput(1), rankblock.ProfileSettings{Draws: draws}, empirical.Rand(seed+uint64(i), stream))
		if err != nil {
			return nil, err
		}
		run := DeepRun{N: n, D: d, L: r.L, Scaled: r.scaled, Seed: seed + uint64(i), Sim: p}
		a := 1.0
		if r.scaled {
			a = 1 / float64(r.L)
		}
		if run.Rho, err = rankcollapse.RhoProfile(n, 0, a, r.L); err != nil {
			return nil, err
		}
		nd := float64(n * d)
		if run.SqNorm, err = rankcollapse.NormProfile(n, nd, nd, a, a, r.L); err != nil {
			return nil, err
		}
		out = append(out, run)
	}
	return out, nil
}

// LastZ returns the z-score of the difference of the last-layer ratio
// estimates ρ^L (Profile.Rho) of two runs, (b − a)/√(SE_a² + SE_b²), and
// the same for ‖X^L‖² (Profile.SqNorm): whether doubling the depth moves
// the end state.
func LastZ(a, b DeepRun) (rho, sqNorm float64) {
	la, lb := a.L, b.L
	rho = (b.Sim.Rho[lb] - a.Sim.Rho[la]) / math.Hypot(a.Sim.RhoSE[la], b.Sim.RhoSE[lb])
	sqNorm = (b.Sim.SqNorm[lb] - a.Sim.SqNorm[la]) / math.Hypot(a.Sim.SqNormSE[la], b.Sim.SqNormSE[lb])
	return rho, sqNorm
}

// FFPlacement is one layer-norm placement of Fig. 10 in full: linear and
// ReLU feed-forward, each at α = 1 ([0]) and α = 1/√L ([1]).
type FFPlacement struct {
	Norm         block.Norm
	Linear, ReLU [2]rankblock.Profile
}

// FFPlacements is Fig. 10 as the paper describes it (App. B.1: "the
// propagation of correlation (as in Figure 4) also for a network with
// ReLU activation functions"): Fig. 4's true-softmax (τ = 1) networks for
// each LN placement, with and without 1/√L, with a linear and with a ReLU
// feed-forward layer.
type FFPlacements struct {
	N, D, L int
	Seed    uint64 // the seed argument it ran with
	Runs    []FFPlacement
}

// FeedForwardPlacements runs FFPlacements for block.NoNorm, PostLN and
// PreLN, Draws networks per run; placement i, feed-forward j (0 linear, 1
// ReLU), scaling k (0 α = 1, 1 α = 1/√L) draws from
// empirical.Rand(Seed+4i+2j+k, Stream). Errors: those of Validate, the
// simulator's.
func (s Sizes) FeedForwardPlacements() (FFPlacements, error) {
	if err := s.Validate(); err != nil {
		return FFPlacements{}, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	out := FFPlacements{N: n, D: d, L: L, Seed: seed}
	for i, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		r := FFPlacement{Norm: norm}
		for j, relu := range []bool{false, true} {
			sims, err := gaussianPair(func(scaled bool) rankblock.Config {
				return rankblock.Config{N: n, DV: d, Layers: L, Norm: norm, ReLU: relu, Alpha1: 1, Alpha2: 1, DepthScaled: scaled, Tau: 1}
			}, draws, seed+uint64(4*i+2*j), stream)
			if err != nil {
				return out, err
			}
			if relu {
				r.ReLU = sims
			} else {
				r.Linear = sims
			}
		}
		out.Runs = append(out.Runs, r)
	}
	return out, nil
}

// ReLUExcessZ returns, for each placement and scaling (placement-major,
// unscaled first), the z-score of the last-layer mean cosine of the ReLU
// run over the linear run, (ReLU − linear)/√(SE² + SE²): the paper's claim
// that ReLU "leads to an even faster increase in correlations" is that
// every one is positive.
func (f FFPlacements) ReLUExcessZ() []float64 {
	var z []float64
	for _, r := range f.Runs {
		for k := 0; k < 2; k++ {
			a, b := r.Linear[k], r.ReLU[k]
			z = append(z, (b.MeanCos[f.L]-a.MeanCos[f.L])/math.Hypot(a.MeanCosSE[f.L], b.MeanCosSE[f.L]))
		}
	}
	return z
}
