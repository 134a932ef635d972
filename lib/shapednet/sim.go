package shapednet

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/mat"
)

// ErrParam is wrapped by the errors of settings out of their range; the
// message names the field and the range allowed.
var ErrParam = param.New("shapednet")

// PaperRho0 is the input correlation ρ₀ = 0.2 of Figs. 1, 3, 4 and 7 of
// Noci et al. 2023 (Fig. 1 states it; m and the construction of X₀ are
// unstated, lib/sources/noci2023.md#figures).
const PaperRho0 = 0.2

// PaperInput is the input covariance V₀ of Figs. 1, 3, 4 and 7 for m
// tokens: unit diagonal and every off-diagonal entry PaperRho0,
// EquiCorr(m, PaperRho0). The paper does not state m: sigprop uses m = 2
// (and 4 as a variant of Fig. 1 right). It panics unless m ≥ 1.
func PaperInput(m int) *mat.SymDense { return EquiCorr(m, PaperRho0) }

// Sim are the settings of one simulation of finite networks: the network,
// its input, how many networks and the seed. Run and Forward record them
// in the result (Run.Config, Run.V0, Run.Nets, Run.Seed).
type Sim struct {
	// Config is the network (width n, depth d, γ, τ₀, attention, blocks).
	Config Config
	// V0 is the input token covariance, m×m (PaperInput for the paper's
	// figures).
	V0 mat.Matrix
	// Nets is the number of independent networks, at least 1.
	Nets int
	// Seed chooses the generators: network i draws from NetRand(Seed, i).
	Seed uint64
}

// Validate returns an error wrapping ErrParam naming the first field out
// of its range, or nil. Config and V0 are checked by Simulate and
// ForwardRun.
func (s Sim) Validate() error {
	if s.Nets < 1 {
		return fmt.Errorf("%w: Sim.Nets = %d, want >= 1", ErrParam, s.Nets)
	}
	if s.V0 == nil {
		return fmt.Errorf("%w: Sim.V0 is nil, want an m×m covariance", ErrParam)
	}
	return nil
}

// Run is Simulate(s.Config, s.V0, s.Nets, s.Seed, workers), the exact
// reduced chain. Errors: ErrParam, and those of Simulate.
func (s Sim) Run(workers int) (*Run, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return Simulate(s.Config, s.V0, s.Nets, s.Seed, workers)
}

// Forward is ForwardRun(s.Config, s.V0, s.Nets, s.Seed, workers), every
// weight matrix drawn (the only route for block.PreLN). Errors: ErrParam,
// and those of ForwardRun.
func (s Sim) Forward(workers int) (*Run, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return ForwardRun(s.Config, s.V0, s.Nets, s.Seed, workers)
}
