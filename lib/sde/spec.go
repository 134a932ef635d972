package sde

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Spec names the arguments of one Simulate run: the process, its initial
// covariance, the time, the number of paths, the seed and the integrator's
// settings. Run records them in the Result (Process, T, Paths, Seed, Step).
type Spec struct {
	// Process is the SDE integrated (a Model of Theorem 4.2 or Corollary
	// 4.3 of Noci et al. 2023, ...).
	Process Process
	// V0 is the initial covariance V_0, m×m.
	V0 mat.Matrix
	// T is the final time, finite and >= 0: depth/width of the network
	// the SDE describes.
	T float64
	// Paths is the number of independent paths, at least 1.
	Paths int
	// Seed chooses the generators: path p draws from the PCG generator of
	// (Seed, p).
	Seed uint64
	// Settings are the integrator's (step, stop radius, workers, ...);
	// the zero value is usable.
	Settings Settings
}

// Validate returns an error wrapping ErrParam naming the first field of s
// out of its range, or nil; Simulate checks the process, V_0 and the
// settings.
func (s Spec) Validate() error {
	switch {
	case s.Process == nil:
		return fmt.Errorf("%w: Spec.Process is nil", ErrParam)
	case s.V0 == nil:
		return fmt.Errorf("%w: Spec.V0 is nil, want an m×m covariance", ErrParam)
	case !(s.T >= 0) || math.IsInf(s.T, 1):
		return fmt.Errorf("%w: Spec.T = %v, want a finite T >= 0", ErrParam, s.T)
	case !PathsRange.Contains(float64(s.Paths)):
		return PathsRange.CheckInt(ErrParam, "Spec.Paths", s.Paths)
	}
	return nil
}

// Run is Simulate(s.Process, s.V0, s.T, s.Paths, s.Seed, s.Settings).
// Errors: those of Validate and Simulate.
func (s Spec) Run() (*Result, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return Simulate(s.Process, s.V0, s.T, s.Paths, s.Seed, s.Settings)
}
