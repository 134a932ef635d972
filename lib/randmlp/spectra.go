package randmlp

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/jacspectrum"
	"github.com/sigprop/sigprop/lib/meanfield"
)

// SpectrumSpec is one simulated configuration of a Jacobian-spectrum
// figure: Draws independent critical networks (σ_w² = 1/μ₁(q*), σ_b² on
// the edge of chaos at q*, jacspectrum.Critical and meanfield.EoCFromQ)
// of the given width and depth. Draw i is seeded by
// (SplitMix64(Seed + i), SpectrumStream), so any draw can be recomputed
// alone.
type SpectrumSpec struct {
	Figure string `json:"figure"` // sigprop figure id, e.g. "fig4-hardtanh"
	Phi    string `json:"phi"`    // activation.ByName name
	// PhiParam is the parameter of an activation that takes one (shtanh's
	// a, leaky_relu's slope, swish's beta); unused otherwise.
	PhiParam float64 `json:"phi_param,omitempty"`
	Weights  string  `json:"weights"` // "orthogonal" or "gaussian"
	Depth    int     `json:"depth"`
	QStar    float64 `json:"qstar"`
	Width    int     `json:"width"`
	Draws    int     `json:"draws"`
	Seed     uint64  `json:"seed"`
}

// SpectrumStream is the PCG stream of every SpectrumSpec draw.
const SpectrumStream = 1802099790

// SpectrumSample is a SpectrumSpec with its network parameters and the
// sorted eigenvalues of JJᵀ of each draw, rounded to 9 significant digits
// (Round9) as stored in notebooks/data/jacobian-spectra.
type SpectrumSample struct {
	SpectrumSpec
	SigmaW2 float64     `json:"sigma_w2"`
	SigmaB2 float64     `json:"sigma_b2"`
	Eigs    [][]float64 `json:"eigs"`
}

// act returns the activation of s: activation.ByName of Phi, with
// PhiParam if that activation takes a parameter.
func (s SpectrumSpec) act() (activation.Func, error) {
	spec, err := activation.Lookup(s.Phi)
	if err != nil {
		return activation.Func{}, err
	}
	if spec.Param == "" {
		return activation.ByName(s.Phi)
	}
	return activation.ByName(s.Phi, s.PhiParam)
}

// Network returns the theory of s (jacspectrum.Critical).
func (s SpectrumSpec) Network() (jacspectrum.Network, error) {
	act, err := s.act()
	if err != nil {
		return jacspectrum.Network{}, err
	}
	ens, err := jacspectrum.ParseEnsemble(s.Weights)
	if err != nil {
		return jacspectrum.Network{}, err
	}
	return jacspectrum.Critical(act, ens, s.Depth, s.QStar), nil
}

// Sim returns the simulator of s (orthogonal layers by CholeskyHaar).
func (s SpectrumSpec) Sim() (JacobianSim, error) {
	if s.Width < 1 || s.Depth < 1 || s.Draws < 1 || !(s.QStar > 0) || math.IsInf(s.QStar, 0) {
		return JacobianSim{}, fmt.Errorf("randmlp: spectrum spec %+v needs width, depth, draws >= 1 and q* in (0, inf)", s)
	}
	n, err := s.Network()
	if err != nil {
		return JacobianSim{}, err
	}
	act, _ := s.act()
	_, sb2, err := meanfield.EoCFromQ(act, s.QStar)
	if err != nil {
		return JacobianSim{}, fmt.Errorf("randmlp: %s at q* = %g: %w", s.Phi, s.QStar, err)
	}
	wd := OrthogonalWeights
	if n.Weights == jacspectrum.Gaussian {
		wd = GaussianWeights
	}
	return JacobianSim{Width: s.Width, Depth: s.Depth, Phi: act, SigmaW2: n.SigmaW2, SigmaB2: sb2, Weights: wd,
		QStar: s.QStar, CholeskyHaar: true}, nil
}

// Draw returns the eigenvalues of draw i of s, rounded by Round9.
func (s SpectrumSpec) Draw(i int) ([]float64, error) {
	sim, err := s.Sim()
	if err != nil {
		return nil, err
	}
	e, err := sim.Eigs(empirical.Rand(empirical.SplitMix64(s.Seed+uint64(i)), SpectrumStream))
	if err != nil {
		return nil, err
	}
	for k, v := range e {
		e[k] = Round9(v)
	}
	return e, nil
}

// Round9 rounds v to 9 significant digits, the precision of the stored
// spectra (far below their O(1/N) finite-width fluctuations).
func Round9(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 9, 64), 64)
	return r
}

// SampleSpectra computes every draw of specs on workers goroutines, the
// deepest first; the result does not depend on workers.
func SampleSpectra(specs []SpectrumSpec, workers int) ([]SpectrumSample, error) {
	out := make([]SpectrumSample, len(specs))
	type job struct{ s, d int }
	var jobs []job
	for i, s := range specs {
		sim, err := s.Sim()
		if err != nil {
			return nil, err
		}
		out[i] = SpectrumSample{SpectrumSpec: s, SigmaW2: sim.SigmaW2, SigmaB2: sim.SigmaB2, Eigs: make([][]float64, s.Draws)}
		for d := 0; d < s.Draws; d++ {
			jobs = append(jobs, job{i, d})
		}
	}
	slices.SortStableFunc(jobs, func(a, b job) int { return specs[b.s].Depth - specs[a.s].Depth })
	errs := make([]error, len(jobs))
	empirical.Each(len(jobs), workers, func(k int) {
		j := jobs[k]
		out[j.s].Eigs[j.d], errs[k] = specs[j.s].Draw(j.d)
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Pooled returns the eigenvalues of every draw of s, sorted.
func (s SpectrumSample) Pooled() []float64 {
	var all []float64
	for _, e := range s.Eigs {
		all = append(all, e...)
	}
	slices.Sort(all)
	return all
}

// AtWidth returns s recomputed at width w with the same seeds.
func (s SpectrumSample) AtWidth(w int) (SpectrumSample, error) {
	spec := s.SpectrumSpec
	spec.Width = w
	out, err := SampleSpectra([]SpectrumSpec{spec}, 1)
	if err != nil {
		return SpectrumSample{}, err
	}
	return out[0], nil
}
