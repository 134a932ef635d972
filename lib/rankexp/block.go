package rankexp

import (
	"math"

	"github.com/sigprop/sigprop/lib/compose"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/rankblock"
)

// BlockDepth are the settings of the depth profile of any block lib/rankblock
// runs, described once as a compose.Block (compose.Noci2022,
// Noci2022Softmax, Noci2022Table2, or a block of one's own): the
// simulated token correlation per layer beside compose's mean-field
// trajectory of the same block (Block.Trajectory), the profile Fig. 8 draws
// for the paper's block.
type BlockDepth struct {
	// Block is the network (rankblock.FromBlock: what it refuses is the
	// error of Run, naming the field); its depth is Block.Depth.
	Block compose.Block
	// Rho0 is the input correlation: equicorrelated Gaussian tokens of
	// unit entry variance (rankblock.EquicorrelatedInput), in
	// [−1/(n−1), 1).
	Rho0 float64
	// Draws is the number of independent networks (fresh weights and
	// input), at least 2.
	Draws int
	// Seed and Stream choose the generator, empirical.Rand(Seed, Stream).
	Seed, Stream uint64
}

// Validate returns ErrParam for Draws < 2 or an input correlation outside
// [−1/(n−1), 1) (at 1 the tokens coincide: no profile), and the block's
// own errors (compose.Block.Validate).
func (s BlockDepth) Validate() error {
	if err := s.Block.Validate(); err != nil {
		return err
	}
	if s.Draws < 2 {
		return paramErr("BlockDepth.Draws", s.Draws, "an integer >= 2")
	}
	if lo := -1 / float64(s.Block.N-1); !(s.Rho0 >= lo && s.Rho0 < 1) {
		return paramErr("BlockDepth.Rho0", s.Rho0, "in [−1/(n−1), 1)")
	}
	return nil
}

// BlockProfile is a BlockDepth run: the network run (Config), the
// simulated profile (Sim; Sim.Rho is the ratio-of-means ρ^ℓ of eq. (14)
// with its delta-method SE), compose's ρ^ℓ = p^ℓ/q^ℓ from the input's
// (q, p) = (d, ρ₀d) (Rho), and the largest |z| of Sim.Rho against it over
// layers 1..L (Z).
type BlockProfile struct {
	Settings BlockDepth
	Config   rankblock.Config
	Sim      rankblock.Profile
	Rho      []float64
	Z        float64
}

// Run simulates Draws networks of rankblock.FromBlock(Block) from
// equicorrelated tokens at Rho0, drawing from empirical.Rand(Seed,
// Stream), beside compose's trajectory. For the paper's uniform-attention
// linear block compose's ρ^ℓ is Lemma 3.2's (rankcollapse.RhoProfile;
// TestBlockDepthIsLemma32). Errors: those of Validate, rankblock.FromBlock's
// refusals, the simulator's, and the theory's (compose.ErrNoTheory for a
// block it does not cover).
func (s BlockDepth) Run() (BlockProfile, error) {
	if err := s.Validate(); err != nil {
		return BlockProfile{}, err
	}
	b := s.Block
	cfg, err := rankblock.FromBlock(b)
	if err != nil {
		return BlockProfile{}, err
	}
	d := float64(b.D)
	tr, err := b.Trajectory(d, s.Rho0*d)
	if err != nil {
		return BlockProfile{}, err
	}
	out := BlockProfile{Settings: s, Config: cfg, Rho: make([]float64, len(tr))}
	for l, pt := range tr {
		out.Rho[l] = pt.P / pt.Q
	}
	input := rankblock.EquicorrelatedInput(b.N, b.D, s.Rho0, 1)
	if out.Sim, err = rankblock.Simulate(cfg, input, rankblock.ProfileSettings{Draws: s.Draws}, empirical.Rand(s.Seed, s.Stream)); err != nil {
		return BlockProfile{}, err
	}
	if out.Z, err = empirical.MaxZ(out.Sim.Rho[1:], out.Sim.RhoSE[1:], out.Rho[1:]); err != nil {
		out.Z = math.NaN()
		return out, err
	}
	return out, nil
}
