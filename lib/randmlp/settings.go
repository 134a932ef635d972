package randmlp

import (
	"fmt"
	"runtime"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/empirical"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// This file holds the settings of the finite-width experiments of
// meanfieldcheck.go and criticalspectrum.go: every size, number of
// networks and seed is a named field, and each result records the
// settings it ran with (notebook 01 passes no bare positional size).

// ErrParam is wrapped by the errors of the settings' Run methods for a
// size, count or list out of range; the message names the field and its
// allowed range, so callers can test errors.Is(err, ErrParam).
var ErrParam = param.New("randmlp")

func paramErr(name string, got any, allowed string) error {
	return param.Err(ErrParam, name, got, allowed)
}

// QCheckSettings are the settings of the check of the q-map along depth
// against finite networks (qCheck from each start; the Tanner
// lecture's q^ℓ, lib/sources/tanner2024.md#monte-carlo): notebook 01's
// figures qmap-iteration and beyond-divergent.
type QCheckSettings struct {
	// MLP is the networks: width N, depth L, φ, σ_w², σ_b². The lecture
	// draws its figures at N = 1000 and states no depth (notebook 01:
	// L = 10, sigprop's choice).
	MLP MLP
	// Q1 are the starts q¹, one check each (the inputs' ‖x‖²/N is chosen
	// so that q¹ is exact).
	Q1 []float64
	// Nets is the number of independent networks per start; the lecture
	// states none (notebook 01: 6, sigprop's choice).
	Nets int
	// Seed and Stream choose the generators: start k draws from
	// empirical.Rand(Seed+k, Stream).
	Seed, Stream uint64
}

// Run follows q^ℓ from each start q¹ = Q1[k] with Nets networks drawn
// from empirical.Rand(Seed+k, Stream): the q-map V iterated Depth−1 times
// against the empirical ‖h^ℓ‖²/N of each network, averaged over its two
// uncorrelated inputs with ‖x‖²/N = (q¹ − σ_b²)/σ_w² (so that q¹ is
// exact). The two inputs of one network share its weights and biases, so
// the network, not the input, is the sample unit of the SE (LayerStats).
// Each check records its start, seed and stream.
//
// Errors: those of Validate.
func (s QCheckSettings) Run() (LayerChecks, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]LayerCheck, len(s.Q1))
	for k, q1 := range s.Q1 {
		out[k] = s.MLP.qCheck(q1, s.Nets, empirical.Rand(s.Seed+uint64(k), s.Stream))
		out[k].Seed, out[k].Stream = s.Seed+uint64(k), s.Stream
	}
	return out, nil
}

// Validate returns ErrParam for an MLP out of range (MLP.Validate), Nets
// below 1, no start, or a start below σ_b².
func (s QCheckSettings) Validate() error {
	if err := s.MLP.Validate(); err != nil {
		return err
	}
	if err := param.AtLeast(ErrParam, param.Min("Nets", s.Nets, 1), param.Min("len(Q1)", len(s.Q1), 1)); err != nil {
		return err
	}
	for k, q1 := range s.Q1 {
		if !(q1 >= s.MLP.SigmaB2) {
			return paramErr(fmt.Sprintf("Q1[%d]", k), q1, fmt.Sprintf(">= MLP.SigmaB2 = %v", s.MLP.SigmaB2))
		}
	}
	return nil
}

// CCheckSettings are the settings of the check of the covariance map
// along depth against finite networks (cCheck for each case; the
// lecture's c^ℓ): notebook 01's figures cmap-iteration and xi-c-decay.
type CCheckSettings struct {
	// MLP is the networks: width N, depth L, φ, σ_b², and σ_w² unless
	// SigmaW2 is set. The lecture draws its figures at N = 1000 and
	// states no depth (notebook 01: L = 10 and 20, sigprop's choice).
	MLP MLP
	// SigmaW2 is σ_w² of case k; nil runs every case at MLP.SigmaW2.
	SigmaW2 []float64
	// C1 is the first-layer correlation c¹ of case k.
	C1 []float64
	// Gap replaces c^ℓ by 1 − c^ℓ (cCheck).
	Gap bool
	// Nets is the number of independent networks per case; the lecture
	// states none (notebook 01: 6 and 4, sigprop's choice).
	Nets int
	// Seed and Stream choose the generators: case k draws from
	// empirical.Rand(Seed+k, Stream).
	Seed, Stream uint64
}

// Run returns cCheck(C1[k], Nets, Gap, empirical.Rand(Seed+k, Stream))
// at σ_w² = SigmaW2[k] for each case, each recording its start, seed and
// stream.
//
// Errors: those of Validate and of cCheck.
func (s CCheckSettings) Run() (LayerChecks, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]LayerCheck, len(s.C1))
	for k, c1 := range s.C1 {
		m := s.caseMLP(k)
		r, err := m.cCheck(c1, s.Nets, s.Gap, empirical.Rand(s.Seed+uint64(k), s.Stream))
		if err != nil {
			return nil, err
		}
		r.Seed, r.Stream = s.Seed+uint64(k), s.Stream
		out[k] = r
	}
	return out, nil
}

// caseMLP is the MLP of case k: MLP at σ_w² = SigmaW2[k] when SigmaW2 is set.
func (s CCheckSettings) caseMLP(k int) MLP {
	m := s.MLP
	if s.SigmaW2 != nil {
		m.SigmaW2 = s.SigmaW2[k]
	}
	return m
}

// Validate returns ErrParam for Nets below 1, no case, a SigmaW2 of
// another length than C1, a case's MLP out of range (MLP.Validate) or c¹
// outside [−1, 1].
func (s CCheckSettings) Validate() error {
	if s.SigmaW2 != nil && len(s.SigmaW2) != len(s.C1) {
		return paramErr("len(SigmaW2)", len(s.SigmaW2), fmt.Sprintf("len(C1) = %d, or SigmaW2 nil", len(s.C1)))
	}
	if err := param.AtLeast(ErrParam, param.Min("Nets", s.Nets, 1), param.Min("len(C1)", len(s.C1), 1)); err != nil {
		return err
	}
	for k, c1 := range s.C1 {
		if err := s.caseMLP(k).Validate(); err != nil {
			return fmt.Errorf("case %d: %w", k, err)
		}
		if !(c1 >= -1 && c1 <= 1) {
			return paramErr(fmt.Sprintf("C1[%d]", k), c1, "a correlation in [-1, 1]")
		}
	}
	return nil
}

// Chi1Settings are the settings of the estimate of χ₁ = σ_w² E φ′(h)²
// on the edge of chaos and beside it (Chi1Settings.Run): notebook 01's
// figures chi1-sim and beyond-chi1.
type Chi1Settings struct {
	// Phi is the activation φ.
	Phi activation.Func
	// SigmaB2 are the σ_b² of the critical points, one row of three
	// points each.
	SigmaB2 []float64
	// Offset is the distance in σ_w² of the points beside the edge.
	Offset float64
	// Width, Depth and Nets are the networks' width N, depth L and
	// number per point; the lecture draws at N = 1000 and states neither
	// depth nor count (notebook 01: L = 3, 3 networks, sigprop's choice).
	Width, Depth, Nets int
	// Seed and Stream choose the generators: row k draws from
	// empirical.Rand(Seed+3k, Stream).
	Seed, Stream uint64
	// Workers is the number of goroutines the points run on (0 or 1:
	// one); no value depends on it.
	Workers int
}

// Run estimates χ₁ on the edge of chaos of Phi and beside it: for each
// σ_b² = SigmaB2[k], at σ_w² = σ_w²_c − Offset, σ_w²_c, σ_w²_c + Offset
// with σ_w²_c on the critical line (meanfield.EoCCurve), it draws Nets
// networks of the given width and depth with inputs at q¹ = q* (so the
// variance is settled from the start) and pools σ_w² φ′(h^L)² over the
// first input's last-layer units (MLP.LastLayer). The three points of
// row k share the generator empirical.Rand(Seed+3k, Stream), i.e. common
// random numbers across the offsets.
//
// Errors: those of Validate, of meanfield.EoCCurve and of
// meanfield.Net.QStar.
func (s Chi1Settings) Run() (Chi1Points, error) {
	if err := s.Validate(); err != nil {
		return Chi1Points{}, err
	}
	return chi1Beside(s.Phi, s.SigmaB2, s.Offset, s.Width, s.Depth, s.Nets, s.Seed, s.Stream, s.Workers)
}

// Validate returns ErrParam for a width, depth or Nets below 1, no σ_b²,
// a negative offset or Workers.
func (s Chi1Settings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("Width", s.Width, 1), param.Min("Depth", s.Depth, 1), param.Min("Nets", s.Nets, 1), param.Min("len(SigmaB2)", len(s.SigmaB2), 1), param.Min("Workers", s.Workers, 0)); err != nil {
		return err
	}
	if !(s.Offset >= 0) {
		return paramErr("Offset", s.Offset, ">= 0")
	}
	return nil
}

// SlopeLawSettings are the settings of the law of φ′(h^L) at the edge of
// chaos against finite networks (slopeLawAt at each q*): the Tanner
// lecture's Fig. 3, bottom row.
type SlopeLawSettings struct {
	// Phi is the activation φ.
	Phi activation.Func
	// Q are the fixed points q* of the edge-of-chaos points, one law
	// each; the lecture's Fig. 3 draws q* = 2, 1, 0.5, 0.2.
	Q []float64
	// T are the points t at which both CDFs are compared.
	T []float64
	// Width, Depth and Nets are the networks' width N, depth L and
	// number per law; the lecture draws at N = 1000 and states neither
	// depth nor count (notebook 01: L = 3, 2 networks, sigprop's choice).
	Width, Depth, Nets int
	// Seed and Stream choose the generators: law j draws from
	// empirical.Rand(Seed+j, Stream).
	Seed, Stream uint64
}

// Run draws, for each q* = Q[j], Nets networks of the given width and
// depth at the edge-of-chaos point of Phi with fixed point q*
// (meanfield.EoCFromQ), one input of each at q¹ = q*, from
// empirical.Rand(Seed+j, Stream), and compares the empirical CDF of the
// slopes φ′ of their last layer (Nets·Width samples) with the CDF of
// φ′(h), h ~ N(0, q*), at the points T. Each law records its q*, seed and
// stream.
//
// Errors: those of Validate and of meanfield.EoCFromQ.
func (s SlopeLawSettings) Run() ([]SlopeLaw, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	out := make([]SlopeLaw, len(s.Q))
	for j, q := range s.Q {
		l, err := slopeLawAt(s.Phi, q, s.T, s.Width, s.Depth, s.Nets, empirical.Rand(s.Seed+uint64(j), s.Stream))
		if err != nil {
			return nil, err
		}
		l.Q, l.Seed, l.Stream = q, s.Seed+uint64(j), s.Stream
		out[j] = l
	}
	return out, nil
}

// Validate returns ErrParam for a width, depth or Nets below 1, no q*, no
// point or a negative q*.
func (s SlopeLawSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("Width", s.Width, 1), param.Min("Depth", s.Depth, 1), param.Min("Nets", s.Nets, 1), param.Min("len(Q)", len(s.Q), 1), param.Min("len(T)", len(s.T), 1)); err != nil {
		return err
	}
	for j, q := range s.Q {
		if !(q >= 0) {
			return paramErr(fmt.Sprintf("Q[%d]", j), q, ">= 0")
		}
	}
	return nil
}

// CriticalSpectrumSettings are the settings of the spectrum of JJᵀ at the
// edge of chaos against two simulated networks per activation
// (CriticalSpectrumSettings.Run): notebook 01's figure beyond-spectrum (Pennington
// et al. 2018's law, their Fig. 1 at other activations).
type CriticalSpectrumSettings struct {
	// Phis are the activations, one spectrum each.
	Phis []activation.Func
	// SigmaB2 is the bias variance σ_b² of the edge-of-chaos points.
	SigmaB2 float64
	// Depth and Width are the networks' L and N (notebook 01: L = 8,
	// N = 600, sigprop's choice).
	Depth, Width int
	// Seed and Stream choose the generators: activation k draws from
	// empirical.Rand(Seed+k, Stream).
	Seed, Stream uint64
}

// Run places each activation Phis[k] on its edge of chaos at SigmaB2
// (meanfield.EoCSigmaW2: an attracting q*), draws the input–output
// Jacobians of two independent Width × Depth networks there (orthogonal
// weights, inputs at q¹ = q*; JacobianSim) from empirical.Rand(Seed+k,
// Stream), and compares the CDF of their pooled squared singular values
// with the limit law jacspectrum.Critical(φ, Orthogonal, Depth, q*) at 40
// points up to the largest eigenvalue; the KS distance D12 between the two
// draws measures the sampling spread (notebook 01 accepts KS ≤ 2·D12 +
// 10/N). Each spectrum records its seed and stream.
//
// Errors: those of Validate, of meanfield.EoCSigmaW2, the simulation and
// the continuation.
func (s CriticalSpectrumSettings) Run() ([]CriticalSpectrum, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	// The activations draw from their own generators: they run at once on
	// every core, each result and error at its index (the first error by
	// index is returned, as by the serial loop).
	out := make([]CriticalSpectrum, len(s.Phis))
	errs := make([]error, len(s.Phis))
	empirical.Pool(len(s.Phis), runtime.GOMAXPROCS(0), func() struct{} { return struct{}{} }, func(_ struct{}, k int) {
		out[k], errs[k] = criticalSpectrumAt(s.Phis[k], s.SigmaB2, s.Depth, s.Width, empirical.Rand(s.Seed+uint64(k), s.Stream))
		out[k].Seed, out[k].Stream = s.Seed+uint64(k), s.Stream
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Validate returns ErrParam for a width or depth below 1, no activation or
// σ_b² < 0.
func (s CriticalSpectrumSettings) Validate() error {
	if err := param.AtLeast(ErrParam, param.Min("Width", s.Width, 1), param.Min("Depth", s.Depth, 1), param.Min("len(Phis)", len(s.Phis), 1)); err != nil {
		return err
	}
	if !(s.SigmaB2 >= 0) {
		return paramErr("SigmaB2", s.SigmaB2, ">= 0")
	}
	return nil
}
