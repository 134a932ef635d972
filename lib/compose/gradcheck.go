package compose

import (
	"math"
)

// GradComparison sets the gradient theory at the collapsed point beside a
// simulation of the same block: per layer ℓ = 0..L the theory's
// E|∂(R·X^L)/∂X^ℓ|²_F/(nd) (GradTheory), the simulated mean and SE over
// networks (Run.Grad, one value per network: the networks are the sample
// unit), z_ℓ = |mean − theory|/SE, and the exponents
//
//	λ_g theory  (1/L) ln Theory[0]  (GradModes.LambdaG for GradIID)
//	λ_g sim     (1/L) ln mean Grad[0],  SE = SE[0]/(L mean)  (delta method)
//
// with Z = |sim − theory|/SE. Grad[L] = |R|²/(nd) has theory 1 at every
// start; the layers below it carry the assumption that the tokens sit at
// the collapsed point (lib/sources/compose.md#start-regime).
type GradComparison struct {
	Block                   Block
	Modes                   GradModes
	Theory                  []float64
	Run                     *Run
	Z                       []float64
	MaxZ                    float64
	LambdaG, SimLambdaG, SE float64
	LambdaGZ                float64
	Regime                  StartRegime
}

// CompareGrad runs Simulate with Backward and the gradient theory of b
// (GradModes) and returns them side by side, with the regime of the run's
// start (Regime). Errors: those of GradModes (wrapped in
// ErrNoGradientTheory when there is no collapsed point), of Trajectory and
// of Simulate.
func CompareGrad(b Block, s SimSettings) (*GradComparison, error) {
	s = s.withDefaults(b)
	s.Backward = true
	if err := b.TheoryCovers(); err != nil {
		return nil, err
	}
	m, err := b.GradModes(FixedSettings{})
	if err != nil {
		return nil, gradErr(err)
	}
	reg, err := b.StartRegime(s.Q0, s.Rho0*s.Q0)
	if err != nil {
		return nil, err
	}
	run, err := Simulate(b, s)
	if err != nil {
		return nil, err
	}
	L := b.Depth
	c := &GradComparison{Block: b, Modes: m, Run: run, Regime: reg, Theory: make([]float64, L+1), Z: make([]float64, L+1)}
	for l := range c.Theory {
		c.Theory[l] = m.ModeNorm(s.GradInit, b.N, L, l)
		c.Z[l] = zScore(run.Grad.Mean[l], run.Grad.SE[l], c.Theory[l])
		c.MaxZ = math.Max(c.MaxZ, c.Z[l])
	}
	fl := float64(L)
	c.LambdaG = math.Log(c.Theory[0]) / fl
	c.SimLambdaG = math.Log(run.Grad.Mean[0]) / fl
	c.SE = run.Grad.SE[0] / (fl * run.Grad.Mean[0])
	c.LambdaGZ = math.Abs(c.SimLambdaG-c.LambdaG) / c.SE
	return c, nil
}
