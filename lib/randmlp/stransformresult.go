package randmlp

import (
	"fmt"

	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/freeprob"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/lib/result"
)

// STransformZTol bounds the max |z| of the simulated S-transform against
// S_MP·S_MP: the SE is the spread of the run's own draws (t with Draws − 1
// dof; the basis states P(|t| > 5) per point).
const STransformZTol = 5

// STransformCurves is the S-transform of the product of two free Gaussian
// layers, S_MP·S_MP = (1+z)^(-2) (freeprob.SquaredMPS), against the mean
// over the draws of s (a depth-2 linear network; STransform) at zs, with
// the check of its max |z| (STransformZTol, papers.P18FreeProduct), whose
// SE, the spread of the draws, is the check's own (result.Check.Points:
// the figure draws the means as they are). It claims its figure at
// LectureSTransform's sizes (SpectrumSpec.SameSizes). Errors: s not of
// depth 2 or of fewer than 2 draws (ErrParam: the notebook's SDraws), and
// STransform's.
func (s SpectrumSample) STransformCurves(zs []float64) (result.Curves, error) {
	if s.Depth != 2 || s.Draws < 2 {
		return result.Curves{}, fmt.Errorf("%w: the S-transform check needs a depth-2 run of Draws >= 2 (for an SE), got depth %d, %d draws", ErrParam, s.Depth, s.Draws)
	}
	mean, se, err := s.STransform(zs)
	if err != nil {
		return result.Curves{}, err
	}
	theory := make([]float64, len(zs))
	for i, z := range zs {
		theory[i] = freeprob.SquaredMPS(z)
	}
	dof := s.Draws - 1
	return result.Curves{
		Caption: fmt.Sprintf("S-transform of two free Gaussian layers: S_MP·S_MP = (1+z)^(-2) vs the mean of %d width-%d estimates.", s.Draws, s.Width),
		X:       result.Axis{Label: "z"}, Y: result.Axis{Label: "S(z)"},
		Lines: []result.Line{{Name: "(1+z)^-2", Role: result.Theory, X: zs, Y: theory}, {Name: fmt.Sprintf("N=%d SNumeric", s.Width), Role: result.Simulated, X: zs, Y: mean}},
		Checks: []result.Check{{Name: "S_{W2W1}: max |z| of the simulated S-transform", Kind: result.TheoryVsSimulation, Test: result.MaxZ, Tol: STransformZTol,
			Points: &result.Points{Y: mean, SE: se, Theory: theory}, Statement: papers.P18FreeProduct,
			Basis: fmt.Sprintf("SE from the spread of %d products of width %d (t with %d dof: P(|t| > 5) ≈ %.1g per point)", s.Draws, s.Width, dof, empirical.TTail2(STransformZTol, dof))}},
		Record: result.Record{Params: map[string]float64{"N": float64(s.Width)}, Seed: s.Seed, HasSeed: true, AtPaper: s.SpectrumSpec.SameSizes(LectureSTransform())},
	}, nil
}
