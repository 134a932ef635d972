package compose

import (
	"fmt"
	"math"
)

// RegimeTol is the largest mean distance from collapse, mean_ℓ (1 − ρ_ℓ)
// over the inputs ℓ = 0..L−1 of the L blocks on the theory's trajectory,
// at which StartRegime calls a start inside the regime that the
// collapsed-point exponents (LambdaG, GradModes, and λ_a as a rate)
// describe (lib/sources/compose.md#start-regime).
const RegimeTol = 0.01

// StartRegime says how far the theory's trajectory from a start stays
// from the collapsed point (ρ = 1) over the block's depth: the mean and
// the largest 1 − ρ_ℓ over the L block inputs ℓ = 0..L−1, whether the
// mean is at most RegimeTol (In), and, when it is not, a Warning saying
// what that means for the exponents.
type StartRegime struct {
	Q0, P0              float64
	MeanDelta, MaxDelta float64
	In                  bool
	Warning             string
}

// StartRegime evaluates the trajectory of b from (q0, p0) (Trajectory)
// and returns its regime. Errors: those of Trajectory.
func (b Block) StartRegime(q0, p0 float64) (StartRegime, error) {
	tr, err := b.Trajectory(q0, p0)
	if err != nil {
		return StartRegime{}, err
	}
	r := StartRegime{Q0: q0, P0: p0}
	for _, pt := range tr[:len(tr)-1] {
		dl := 1 - pt.Rho()
		r.MeanDelta += dl
		r.MaxDelta = math.Max(r.MaxDelta, dl)
	}
	r.MeanDelta /= float64(len(tr) - 1)
	r.In = r.MeanDelta <= RegimeTol
	if !r.In {
		r.Warning = fmt.Sprintf("the start (rho0 = %.4g) is outside the regime of the collapsed-point exponents: the tokens' mean distance from collapse along the trajectory, mean(1 - rho) = %.3g over %d blocks, exceeds %g; lambda_g describes gradients of tokens near collapse, not of this start (lib/sources/compose.md#start-regime)",
			p0/q0, r.MeanDelta, b.Depth, RegimeTol)
		if b.GradTrajectoryCovers() == nil {
			r.Warning += "; this block's attention does not depend on its input, so GradTrajectory (compose.lambda_g_trajectory) follows the trajectory from the start instead (lib/sources/compose.md#grad-trajectory)"
		}
	}
	return r, nil
}
