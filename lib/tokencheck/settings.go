package tokencheck

import (
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
	"github.com/sigprop/sigprop/lib/tokengeom"
	"github.com/sigprop/sigprop/lib/tokennet"
)

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("tokencheck")

// NetworksRange is the number of networks of a run that reports a
// standard error (Layers.Curves, Restoration, the simulated planes): at
// least two. lib/quantity's networks take their bounds from it.
var NetworksRange = param.Range{Min: 2, Max: math.Inf(1), Integer: true}

// Layers are the settings of a per-layer experiment of Cowsik et al. 2024
// (Fig. 2): the model, the depth, the input and the number of networks.
// Fig2 returns the paper's; a reader changes a field and runs Curves,
// Portrait or Histograms, each of which checks the settings with Validate
// first.
type Layers struct {
	// Model is the theory model; the network is Network(Model, L). The
	// paper: n = 256, d = 64, tanh, two MLP layers, α_A = α_M = 8^{-1/2}
	// (Fig. 2), σ_A unstated (1).
	Model tokengeom.Model
	// L is the number of blocks: Fig. 2 draws 16 iterates.
	L int
	// Q0 and P0 are the target squared norm q and dot product p of the
	// permutation-symmetric input: Fig. 2 starts from (q, p) = (d, 0).
	Q0, P0 float64
	// Networks is the number of networks simulated; the paper does not
	// state it: 8 are chosen for the per-layer means.
	Networks int
	// Seeds are the seeds of the run: the networks draw from Seeds.Rand(0).
	// The paper states none (sigprop's choice; the result records them).
	Seeds Seeds
}

// Fig2 returns the settings of Fig. 2 at σ_w (the paper's rows: σ_w = 1,
// ordered, and 5, chaotic): α_A = α_M = 8^{-1/2}, n = 256, d = 64, 16
// blocks from (q, p) = (d, 0), 8 networks.
func Fig2(sigmaW float64) Layers {
	a := 1 / math.Sqrt(8)
	m := tokengeom.NewModel(a, a, sigmaW)
	return Layers{Model: m, L: 16, Q0: m.D, P0: 0, Networks: 8}
}

// Validate returns ErrParam naming the first setting out of its range: the
// model's (tokengeom.Model.Validate), L < 1, Networks < 1, or a start
// (Q0, P0) that is not the geometry of Model.N tokens (tokengeom.CheckQP).
func (s Layers) Validate() error {
	if err := s.Model.Validate(); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("Layers.L", s.L, 1), param.Min("Layers.Networks", s.Networks, 1)); err != nil {
		return err
	}
	return tokengeom.CheckQP(s.Q0, s.P0, s.Model.N)
}

// Curves simulates Networks transformers of L blocks (Network(Model, L))
// from permutation-symmetric tokens with target (Q0, P0), drawing from
// Seeds.Rand(0), and returns them beside the theory iterates of F from the
// same point, recording Seeds. Errors: those of Validate, ErrParam for
// Networks < 2 (a standard error needs two), the simulator's and the
// trajectory's.
func (s Layers) Curves() (Curves, error) {
	if err := s.Validate(); err != nil {
		return Curves{}, err
	}
	if !NetworksRange.Contains(float64(s.Networks)) {
		return Curves{}, param.Err(ErrParam, "Layers.Networks", s.Networks, NetworksRange.String()+" for Curves (a standard error)")
	}
	c, err := layerCurves(s.Model, s.L, s.Q0, s.P0, s.Networks, s.Seeds.Rand(0))
	c.Seeds = s.Seeds
	return c, err
}

// Portrait is tokengeom.PhasePortrait(s.Model, xs, ys, s.Q0, s.P0, s.L): the
// phase portrait of the block map on the grid xs × ys (x = q/d, y = p/q)
// with the theory's trajectory from the same input (q, p) = (Q0, P0) over
// the same L blocks as the simulation, the first column of Fig. 2.
// Errors: those of Validate and of tokengeom.PhasePortrait.
func (s Layers) Portrait(xs, ys []float64) (tokengeom.Portrait, error) {
	if err := s.Validate(); err != nil {
		return tokengeom.Portrait{}, err
	}
	return tokengeom.PhasePortrait(s.Model, xs, ys, s.Q0, s.P0, s.L)
}

// Histograms simulates Networks transformers of L blocks from
// permutation-symmetric tokens with target (Q0, P0), drawing from
// Seeds.Rand(0), and returns their histograms on the bins of r beside the
// theory iterates, recording Seeds. Errors: those of Validate, the
// simulator's and the trajectory's.
func (s Layers) Histograms(r tokennet.HistogramRanges) (Histograms, error) {
	if err := s.Validate(); err != nil {
		return Histograms{}, err
	}
	h, err := layerHistograms(s.Model, s.L, s.Q0, s.P0, s.Networks, r, s.Seeds.Rand(0))
	h.Seeds = s.Seeds
	return h, err
}

// Restoration are the settings of Fig. 3 (the restoration of permutation
// symmetry from the two-group input of eq. 12).
type Restoration struct {
	// Model is the theory model: Fig. 3 states σ_w = 2; α is unstated
	// (8^{-1/2} is used, as in Fig. 2).
	Model tokengeom.Model
	// L is the number of blocks (32 chosen, enough for p1/p2 to near 1).
	L int
	// Q, P1 and P2 are the input's squared norm and its dot products
	// within and across the two halves: the paper's p1 = 1.5 p2 = 0.75d,
	// with q = d assumed.
	Q, P1, P2 float64
	// Networks is the number of networks simulated (unstated: 4 chosen).
	Networks int
	// Seeds are the seeds of the run: the networks draw from Seeds.Rand(0).
	// The paper states none (sigprop's choice; the result records them).
	Seeds Seeds
}

// Fig3 returns the settings of Fig. 3: σ_w = 2, α = 8^{-1/2}, 32 blocks,
// q = d, p1 = 0.75d, p2 = 0.5d, 4 networks.
func Fig3() Restoration {
	a := 1 / math.Sqrt(8)
	m := tokengeom.NewModel(a, a, 2)
	return Restoration{Model: m, L: 32, Q: m.D, P1: 0.75 * m.D, P2: 0.5 * m.D, Networks: 4}
}

// Validate returns ErrParam naming the first setting out of its range: the
// model's (tokengeom.Model.Validate), L < 1, Networks < 2, Q not finite
// and > 0, or P2 <= 0 (the ratio p1/p2 is the figure's).
func (s Restoration) Validate() error {
	if err := s.Model.Validate(); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("Restoration.L", s.L, 1), param.Min("Restoration.Networks", s.Networks, int(NetworksRange.Min))); err != nil {
		return err
	}
	if !(s.Q > 0) || math.IsInf(s.Q, 0) {
		return param.Err(ErrParam, "Restoration.Q", s.Q, "finite and > 0")
	}
	if !(s.P2 > 0) || math.IsInf(s.P2, 0) || math.IsNaN(s.P1) || math.IsInf(s.P1, 0) {
		return param.Err(ErrParam, "Restoration.P1, P2", fmt.Sprintf("%v, %v", s.P1, s.P2), "finite, P2 > 0")
	}
	return nil
}

// Run simulates Networks transformers of L blocks from the two-group
// tokens (Q; P1 within halves, P2 across), drawing from Seeds.Rand(0), and
// returns them with F's non-collapsed fixed point, recording Seeds. Errors:
// those of Validate, the simulator's, and tokengeom.ErrNoFixedPoint where
// F has none (the ordered phase).
func (s Restoration) Run() (Symmetry, error) {
	if err := s.Validate(); err != nil {
		return Symmetry{}, err
	}
	r, err := symmetryRestoration(s.Model, s.L, s.Q, s.P1, s.P2, s.Networks, s.Seeds.Rand(0))
	r.Seeds = s.Seeds
	return r, err
}
