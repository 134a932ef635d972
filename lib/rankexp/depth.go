package rankexp

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/sigprop/sigprop/lib/block"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
	"github.com/sigprop/sigprop/lib/rankcollapse"
)

// Depth is one network of Fig. 8: n iid N(0,1) tokens of width d through L
// blocks with uniform attention, linear FF and no LN, at α₁² = α₂² = A1Sq
// (1, or 1/L when Scaled), simulated (Sim) beside Lemma 3.2's ρ^ℓ (Rho,
// rankcollapse.RhoProfile from ρ⁰ = 0) and Lemma 3.3's E‖X^ℓ‖² (SqNorm,
// rankcollapse.NormProfile from C(X) = ‖X‖² = nd).
type Depth struct {
	N, D        int
	Scaled      bool
	Seed        uint64 // the seed of its generator, empirical.Rand(Seed, stream)
	A1Sq        float64
	Sim         rankblock.Profile
	Rho, SqNorm []float64
}

// Propagation returns Depth without and with 1/√L scaling, Draws networks
// each; run i (0 unscaled, 1 scaled) draws from empirical.Rand(Seed+i,
// Stream). Errors: those of Validate, the simulator's or the theory's.
//
//sigprop:eq noci2022 lemma3.2,3.3
func (s Sizes) Propagation() (Propagations, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	sims, err := gaussianPair(func(scaled bool) rankblock.Config {
		return rankblock.Config{N: n, DV: d, Layers: L, Alpha1: 1, Alpha2: 1, DepthScaled: scaled, Tau: 1, Attention: block.Uniform}
	}, draws, seed, stream)
	if err != nil {
		return nil, err
	}
	var out []Depth
	for i, scaled := range []bool{false, true} {
		r := Depth{N: n, D: d, Scaled: scaled, Seed: seed + uint64(i), A1Sq: 1, Sim: sims[i]}
		if scaled {
			r.A1Sq = 1 / float64(L)
		}
		if r.Rho, err = rankcollapse.RhoProfile(n, 0, r.A1Sq, L); err != nil {
			return nil, err
		}
		nd := float64(n * d)
		if r.SqNorm, err = rankcollapse.NormProfile(n, nd, nd, r.A1Sq, r.A1Sq, L); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// gaussianPair simulates the networks cfg(false) and cfg(true) on iid
// N(0,1) tokens, draws networks each, the first from empirical.Rand(seed,
// stream) and the second from empirical.Rand(seed+1, stream).
func gaussianPair(cfg func(on bool) rankblock.Config, draws int, seed, stream uint64) ([2]rankblock.Profile, error) {
	var out [2]rankblock.Profile
	for i, on := range []bool{false, true} {
		p, err := rankblock.Simulate(cfg(on), rankblock.GaussianInput(1), rankblock.ProfileSettings{Draws: draws}, empirical.Rand(seed+uint64(i), stream))
		if err != nil {
			return out, err
		}
		out[i] = p
	}
	return out, nil
}

// Placement is one layer-norm placement of Fig. 4: the profiles at α = 1
// (Fixed) and α = 1/√L (Scaled), and under 1/√L the largest gap over
// layers 1..L between the mean cosine and the uniform-attention ρ^ℓ (Gap,
// empirical.MaxAbsDiff) and the largest z-score of that gap (Z,
// empirical.MaxZ).
type Placement struct {
	Norm          block.Norm
	Fixed, Scaled rankblock.Profile
	Gap, Z        float64
}

// Placements is Fig. 4: n iid N(0,1) tokens of width d through L
// true-softmax (τ = 1) blocks with linear FF, for each placement of LN,
// and the uniform-attention theory it is read against: ρ^ℓ at α² = 1/L
// (Theory) and at α² = 1 (Unscaled), and Effect = ρ^L(α² = 1) − ρ^L(α² =
// 1/L), what the scaling itself does at the last layer.
type Placements struct {
	N, D             int
	Seed             uint64 // the seed argument it ran with
	Runs             []Placement
	Theory, Unscaled []float64
	Effect           float64
}

// RunSeed is the seed placement i (Runs[i]) at scaling j (0: α = 1, 1:
// α = 1/√L) drew from, Seed+2i+j (Sizes.NormPlacements), the generator being
// empirical.Rand(RunSeed(i, j), stream).
func (p Placements) RunSeed(i, j int) uint64 { return p.Seed + uint64(2*i+j) }

// NormPlacements runs Placements for block.NoNorm, PostLN and PreLN in that
// order, Draws networks per run; placement i at scaling j (0 α = 1, 1 α =
// 1/√L) draws from empirical.Rand(Seed+2i+j, Stream). Errors: those of
// Validate, the simulator's or the theory's.
func (s Sizes) NormPlacements() (Placements, error) {
	if err := s.Validate(); err != nil {
		return Placements{}, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	out := Placements{N: n, D: d, Seed: seed}
	var err error
	if out.Theory, err = rankcollapse.RhoProfile(n, 0, 1/float64(L), L); err != nil {
		return out, err
	}
	if out.Unscaled, err = rankcollapse.RhoProfile(n, 0, 1, L); err != nil {
		return out, err
	}
	out.Effect = out.Unscaled[L] - out.Theory[L]
	for i, norm := range []block.Norm{block.NoNorm, block.PostLN, block.PreLN} {
		sims, err := gaussianPair(func(scaled bool) rankblock.Config {
			return rankblock.Config{N: n, DV: d, Layers: L, Norm: norm, Alpha1: 1, Alpha2: 1, DepthScaled: scaled, Tau: 1}
		}, draws, out.RunSeed(i, 0), stream)
		if err != nil {
			return out, err
		}
		r := Placement{Norm: norm, Fixed: sims[0], Scaled: sims[1]}
		r.Gap = empirical.MaxAbsDiff(r.Scaled.MeanCos[1:], out.Theory[1:])
		if r.Z, err = empirical.MaxZ(r.Scaled.MeanCos[1:], r.Scaled.MeanCosSE[1:], out.Theory[1:]); err != nil {
			return out, fmt.Errorf("rankexp: NormPlacements %v: %w", norm, err)
		}
		out.Runs = append(out.Runs, r)
	}
	return out, nil
}

// Residual is one residual weight of the runs of Figs. 3 and 9: α₁ = α₂ =
// Alpha, divided by √L when DepthScaled.
type Residual struct {
	Alpha       float64
	DepthScaled bool
}

// Table2Residuals are the residual weights of Figs. 3 and 9, largest
// first: α = 1, 0.5, 1/√L (≈ 0.29 at L = 12) and 0.1.
var Table2Residuals = []Residual{{1, false}, {0.5, false}, {1, true}, {0.1, false}}

// Runs simulates the network of the paper's Table 2
// (rankblock.Table2: d_v = 32, d_F = 128, 4 heads, n = 50, ReLU) of depth
// L with LN placement norm at each of Table2Residuals, Draws networks
// each with gradients, on random embeddings plus positional encodings
// (rankblock.EmbeddingInput(1)); residual i draws from
// empirical.Rand(Seed+i, Stream). Errors: those of Validate, the
// simulator's.
func (s Table2Settings) Runs(norm block.Norm) ([]rankblock.Profile, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	L, draws, seed, stream := s.L, s.Draws, s.Seed, s.Stream
	out := make([]rankblock.Profile, len(Table2Residuals))
	for i, r := range Table2Residuals {
		cfg := rankblock.Table2(norm, L, r.Alpha, r.DepthScaled)
		p, err := rankblock.Simulate(cfg, rankblock.EmbeddingInput(1), rankblock.ProfileSettings{Draws: draws, Gradients: true, Workers: s.Workers}, empirical.Rand(seed+uint64(i), stream))
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// EmbeddingRho0 is the correlation ρ⁰ of eq. (14) (a ratio of
// expectations, C̄/((n−1)N̄) − 1/(n−1)) of the input
// rankblock.EmbeddingInput(s) of n tokens of width d: iid N(0, s²)
// embeddings, which add n d s² to E‖X‖² and to E C(X) and nothing else,
// plus the fixed sinusoidal encodings PE, so E C = n d s² + ‖Σ_k PE_k‖²
// and E‖X‖² = n d s² + ‖PE‖². It is a property of the input law alone
// (no draw enters): ≈ 0.21 at the Table 2 sizes n = 50, d = 32, s = 1.
func EmbeddingRho0(n, d int, s float64) float64 {
	pe := mat.NewDense(n, d, nil)
	rankblock.EmbeddingInput(0)(pe, rand.New(rand.NewPCG(0, 0))) // s = 0: the encodings alone, no draw enters
	sum := make([]float64, d)
	var sq float64
	for k := range n {
		for j, x := range pe.RawRowView(k) {
			sum[j] += x
			sq += x * x
		}
	}
	var c float64
	for _, x := range sum {
		c += x * x
	}
	emb := float64(n*d) * s * s
	return (emb+c)/(float64(n-1)*(emb+sq)) - 1/float64(n-1)
}

// Table2Theory is the correlation ρ^ℓ, ℓ = 0…L, that Lemma 3.2 (through
// App. A.4, rankcollapse.RhoProfile) gives at the settings of the paper's
// Figs. 3 and 9: n = 50 tokens (rankblock.Table2) starting from the
// correlation of their input law (EmbeddingRho0 at width 32, s = 1), with
// α₁² = a1sq. The theory is for uniform attention and linear
// activations; the paper reads Fig. 3 with it (POST-LN fixes σ_x², Sec.
// 3.3). No simulated quantity enters it.
func Table2Theory(L int, a1sq float64) ([]float64, error) {
	cfg := rankblock.Table2(block.PostLN, L, 1, false)
	return rankcollapse.RhoProfile(cfg.N, EmbeddingRho0(cfg.N, cfg.DV, 1), a1sq, L)
}

// FeedForward is Fig. 10: n iid N(0,1) tokens of width d through L blocks
// with uniform attention, no LN and α = 1, with a linear and with a ReLU
// feed-forward layer, and the linear theory ρ^ℓ (Theory,
// rankcollapse.RhoProfile at α² = 1).
type FeedForward struct {
	N, D         int
	Seed         uint64 // the seed argument it ran with
	Linear, ReLU rankblock.Profile
	Theory       []float64
}

// FeedForwards runs FeedForward with Draws networks each; the linear run
// draws from empirical.Rand(Seed, Stream), the ReLU run from
// empirical.Rand(Seed+1, Stream). Errors: those of Validate, the
// simulator's or the theory's.
func (s Sizes) FeedForwards() (FeedForward, error) {
	if err := s.Validate(); err != nil {
		return FeedForward{}, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	sims, err := gaussianPair(func(relu bool) rankblock.Config {
		return rankblock.Config{N: n, DV: d, Layers: L, ReLU: relu, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: block.Uniform}
	}, draws, seed, stream)
	if err != nil {
		return FeedForward{}, err
	}
	out := FeedForward{N: n, D: d, Seed: seed, Linear: sims[0], ReLU: sims[1]}
	out.Theory, err = rankcollapse.RhoProfile(n, 0, 1, L)
	return out, err
}

// NormCase is one setting of Fig. 11: the attention and the standard
// deviation of the iid Gaussian input entries.
type NormCase struct {
	Attention block.Attention
	Std       float64
}

// NormLaw is Fig. 11 for one NormCase: n tokens of width d through L
// blocks with α = 1, linear FF and no LN, every draw's ‖X^ℓ‖² kept
// (Sim.SqNormDraws), and Lemma 3.3's E‖X^ℓ‖² (Theory,
// rankcollapse.NormProfile from C(X) = ‖X‖² = N0 = nd·Std²).
type NormLaw struct {
	NormCase
	N, D   int
	Seed   uint64 // the seed of its generator, empirical.Rand(Seed, stream)
	Sim    rankblock.Profile
	N0     float64
	Theory []float64
}

// NormLaws runs NormLaw for each case, Draws networks each; case i draws
// from empirical.Rand(Seed+i, Stream). Errors: those of Validate, the
// simulator's or the theory's.
func (s Sizes) NormLaws(cases []NormCase) (NormLaws, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	n, d, L, draws, seed, stream := s.N, s.D, s.L, s.Draws, s.Seed, s.Stream
	var out NormLaws
	for i, c := range cases {
		cfg := rankblock.Config{N: n, DV: d, Layers: L, Alpha1: 1, Alpha2: 1, Tau: 1, Attention: c.Attention}
		p, err := rankblock.Simulate(cfg, rankblock.GaussianInput(c.Std), rankblock.ProfileSettings{Draws: draws, KeepSqNorms: true}, empirical.Rand(seed+uint64(i), stream))
		if err != nil {
			return nil, fmt.Errorf("rankexp: case %d: %w", i, err)
		}
		n0 := float64(n*d) * c.Std * c.Std
		th, err := rankcollapse.NormProfile(n, n0, n0, 1, 1, L)
		if err != nil {
			return nil, err
		}
		out = append(out, NormLaw{NormCase: c, N: n, D: d, Seed: seed + uint64(i), Sim: p, N0: n0, Theory: th})
	}
	return out, nil
}
