package rankexp

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/internal/param"
)

// Sizes are the settings of one of the paper's depth experiments (Figs. 4,
// 8, 10 and 11): the network's sizes, the number of independent networks
// and where their randomness comes from. Each figure's constructor (Fig8,
// Fig4, Fig10, Fig11) returns the sizes the reproduction runs at, with the
// paper's statement of them; a reader changes a field and runs the
// experiment as a method, e.g.
//
//	s := rankexp.Fig8()
//	s.L, s.Seed, s.Stream = 24, 30, stream
//	runs, err := s.Propagation()
//
// Every method checks the sizes with Validate first.
type Sizes struct {
	// N is the number of tokens n (the sequence length).
	N int
	// D is the token width d = d_v = d_k.
	D int
	// L is the number of blocks (the depth).
	L int
	// Draws is the number of independent networks, each with fresh
	// weights and input.
	Draws int
	// Seed and Stream choose the generators: simulation i of an
	// experiment draws from empirical.Rand(Seed+i, Stream).
	Seed, Stream uint64
}

// Validate returns ErrParam for N < 2, D < 1, L < 1 or Draws < 2.
func (s Sizes) Validate() error {
	return param.AtLeast(ErrParam, param.Min("Sizes.N", s.N, 2), param.Min("Sizes.D", s.D, 1), param.Min("Sizes.L", s.L, 1), param.Min("Sizes.Draws", s.Draws, 2))
}

// Fig8 returns the sizes of Fig. 8 (Lemmas 3.2–3.3: correlation and
// squared norm against depth, uniform attention, linear FF, no LN). The
// paper states none of them: n = 50, d = 32, L = 12 and 100 draws are
// chosen.
func Fig8() Sizes { return Sizes{N: 50, D: 32, L: 12, Draws: 100} }

// Fig4 returns the sizes of Fig. 4 (the LN placements with and without
// 1/√L scaling). The paper states neither n, d, the depth nor the number
// of runs: n = 50, d = 32, L = 12 and 50 draws are chosen (one head,
// linear FF).
func Fig4() Sizes { return Sizes{N: 50, D: 32, L: 12, Draws: 50} }

// Fig10 returns the sizes of Fig. 10 (ReLU against linear FF, uniform
// attention, α = 1, no LN). The paper states none of them: n = 50,
// d = 32, L = 8 and 50 draws are chosen.
func Fig10() Sizes { return Sizes{N: 50, D: 32, L: 8, Draws: 50} }

// Fig11 returns the sizes of Fig. 11 (the law of ‖X^ℓ‖² over ℓ = 1…10).
// The paper states d = 30, the depth 10 and 1000 draws; n = 10 is chosen.
func Fig11() Sizes { return Sizes{N: 10, D: 30, L: 10, Draws: 1000} }

// Table2Settings are the settings of the runs of Figs. 3 and 9 on the
// network of the paper's Table 2 (rankblock.Table2: embedding d_v = 32,
// MLP d_F = 128, 4 heads, n = 50, ReLU, which the table states).
type Table2Settings struct {
	// L is the number of blocks; the paper does not state it: 12 is
	// chosen.
	L int
	// Draws is the number of networks per residual weight; the paper's
	// "50 runs".
	Draws int
	// Seed and Stream choose the generators: residual i draws from
	// empirical.Rand(Seed+i, Stream).
	Seed, Stream uint64
	// Workers is the number of goroutines each residual's draws are
	// spread over (0 or 1: one); the profiles do not depend on it
	// (rankblock.ProfileSettings.Workers).
	Workers int
}

// Table2 returns the settings of Figs. 3 and 9: L = 12, 50 draws.
func Table2() Table2Settings { return Table2Settings{L: 12, Draws: 50} }

// Validate returns ErrParam for L < 1, Draws < 2 or Workers < 0.
func (s Table2Settings) Validate() error {
	return param.AtLeast(ErrParam, param.Min("Table2Settings.L", s.L, 1), param.Min("Table2Settings.Draws", s.Draws, 2), param.Min("Table2Settings.Workers", s.Workers, 0))
}

// UniformitySettings are the settings of Fig. 7 (App. A.5): the distance
// of the attention matrix from uniform against the key width.
type UniformitySettings struct {
	// N is the number of tokens; the paper does not state it: the notes' (lib/sources/noci2022.md)
	// n = 10.
	N int
	// DV is the value width d_v = 100 and DK the key widths d_k = 10…10⁴
	// of the figure's abscissa.
	DV int
	DK []int
	// Draws is the number of weight draws per key width (200 chosen).
	Draws int
	// Seed and Stream choose the generators (Gaps).
	Seed, Stream uint64
}

// Fig7 returns the settings of Fig. 7: n = 10, d_v = 100, d_k = 10, 30,
// 100, …, 10⁴, 200 draws.
func Fig7() UniformitySettings {
	return UniformitySettings{N: 10, DV: 100, DK: []int{10, 30, 100, 300, 1000, 3000, 10000}, Draws: 200}
}

// Validate returns ErrParam for N or DV < 1, no key width, a key width
// below 1 or Draws < 2.
func (s UniformitySettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("UniformitySettings.N", s.N, 1), param.Min("UniformitySettings.DV", s.DV, 1),
		param.Min("len(UniformitySettings.DK)", len(s.DK), 1), param.Min("UniformitySettings.Draws", s.Draws, 2)); err != nil {
		return err
	}
	for i, dk := range s.DK {
		if dk < 1 {
			return paramErr(fmt.Sprintf("UniformitySettings.DK[%d]", i), dk, "an integer >= 1")
		}
	}
	return nil
}

// Fig8Deep returns the sizes of Fig. 8 at depth with true softmax
// attention (τ = 1): the paper's claim is that with the 1/√L scaling "the
// norm and the correlation are stabilized, even for very deep networks"
// (App. B.1), which uniform attention at L = 12 (Fig8) only checks as an
// identity. n = 50, d = 32 as Fig8; L = 96 (the deepest run; SoftmaxDepths
// also runs L/2) and 100 draws are chosen.
func Fig8Deep() Sizes { return Sizes{N: 50, D: 32, L: 96, Draws: 100} }
