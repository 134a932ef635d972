package meanfield

import (
	"errors"
	"fmt"
	"math"
)

// Stability classifies a fixed point q* of the q-map by its slope
// χ_q = V′(q*) (F6 of lib/sources/tanner2024.md#formulas): the iteration q ↦ V(q) is pulled into q* from
// nearby when |χ_q| < 1 and pushed away when |χ_q| > 1.
type Stability int

const (
	// Attracting: |χ_q| < 1 − StabilityTol.
	Attracting Stability = iota + 1
	// Marginal: |χ_q| within StabilityTol of 1. Examples: every q of
	// linear φ with σ_w² = 1, σ_b = 0 (and ReLU with σ_w² = 2, σ_b = 0);
	// q* = 0 of tanh at σ_w² = 1, σ_b = 0, approached like 1/√ℓ.
	Marginal
	// Repelling: |χ_q| > 1 + StabilityTol. No network sits at such a q*.
	Repelling
)

// StabilityTol is the band |χ_q − 1| ≤ StabilityTol called Marginal:
// quadrature gives χ_q to ~1e-13, so a fixed point called attracting or
// repelling is so beyond rounding.
const StabilityTol = 1e-9

var stabilityNames = [...]string{Attracting: "attracting", Marginal: "marginal", Repelling: "repelling"}

func (s Stability) String() string {
	if s < Attracting || s > Repelling {
		return fmt.Sprintf("Stability(%d)", int(s))
	}
	return stabilityNames[s]
}

func classify(chiQ float64) Stability {
	switch a := math.Abs(chiQ); {
	case a < 1-StabilityTol:
		return Attracting
	case a > 1+StabilityTol:
		return Repelling
	}
	return Marginal
}

// FixedPoint is a fixed point q* = V(q*) of the q-map with its stability.
type FixedPoint struct {
	Q         float64   // q*
	ChiQ      float64   // χ_q = V′(q*), F6 of lib/sources/tanner2024.md#formulas (the limit q → 0⁺ at q* = 0)
	From      float64   // the q the iteration starts from and reaches q* from (Settings.Q0)
	Stability Stability // from ChiQ
}

// ErrRepelling: a fixed point was found that the map pushes away from
// (|slope| > 1), so no network settles there.
var ErrRepelling = errors.New("meanfield: fixed point repels")

// ErrDivergentRegion: the point asked for lies where the q-map has no
// finite attracting fixed point (it diverges), so there is no edge of
// chaos there. Errors wrapping it are *DivergentRegionError.
var ErrDivergentRegion = errors.New("meanfield: divergent region")

// RepellingError names a repelling fixed point: the variance q* of the
// q-map, or the correlation c* of the correlation map at q* (What), with
// the map's slope there.
type RepellingError struct {
	What             string // "q*" or "c*"
	At, Slope        float64
	Phi              string
	SigmaW2, SigmaB2 float64
}

func (e *RepellingError) Error() string {
	return fmt.Sprintf("meanfield: %s = %g of %s with σ_w²=%g, σ_b²=%g repels (slope %.6g, |slope| > 1): no network settles there",
		e.What, e.At, e.Phi, e.SigmaW2, e.SigmaB2, e.Slope)
}

// Unwrap returns ErrRepelling.
func (e *RepellingError) Unwrap() error { return ErrRepelling }

// DivergentRegionError reports an edge-of-chaos request that falls in the
// divergent region. SigmaW2 and QStar are the (σ_w², q*) solving χ₁ = 1
// and q* = V(q*) there when one exists (0 otherwise), and ChiQ its slope
// χ_q ≥ 1: a fixed point the q-map never reaches.
type DivergentRegionError struct {
	Phi                     string
	SigmaW2, SigmaB2, QStar float64
	ChiQ                    float64
	Detail                  string
}

func (e *DivergentRegionError) Error() string {
	s := fmt.Sprintf("meanfield: %s at σ_b² = %g is in the divergent region (no finite attracting q* with χ₁ = 1)", e.Phi, e.SigmaB2)
	if e.QStar > 0 {
		s += fmt.Sprintf(": χ₁ = 1 only at q* = %g (σ_w² = %g), which repels (χ_q = %.6g)", e.QStar, e.SigmaW2, e.ChiQ)
	}
	if e.Detail != "" {
		s += "; " + e.Detail
	}
	return s
}

// Unwrap returns ErrDivergentRegion and ErrNoEdge: there is no edge of
// chaos at that point.
func (e *DivergentRegionError) Unwrap() []error { return []error{ErrDivergentRegion, ErrNoEdge} }

// FixedPoint returns the fixed point q* = V(q*) (F2 of lib/sources/tanner2024.md#formulas; P18 eq. (4))
// that the q-map iteration reaches from q = Settings.Q0 (default 1), with
// its slope χ_q = V′(q*) and stability. A root found by the bracket
// search is reached by the iteration when V is increasing between Q0 and
// q*, and then χ_q ≤ 1; a Repelling result (V not monotone there) is
// returned with an error wrapping ErrRepelling. It returns an error
// wrapping ErrDiverges when the iteration exceeds Settings.QMax (no finite
// attracting q* from Q0), and ErrNoFixedPoint when the root search fails.
//
// TestFixedPointAgainstIteration checks q* against 20 000 iterations of
// the map and TestFixedPointFiniteWidth against simulated networks.
func (n Net) FixedPoint() (FixedPoint, error) {
	q, err := n.reach()
	if err != nil {
		return FixedPoint{}, err
	}
	fp := FixedPoint{Q: q, ChiQ: n.ChiQ(q), From: n.Settings.q0()}
	fp.Stability = classify(fp.ChiQ)
	if fp.Stability == Repelling {
		return fp, &RepellingError{What: "q*", At: q, Slope: fp.ChiQ, Phi: n.Phi.String(), SigmaW2: n.SigmaW2, SigmaB2: n.SigmaB2}
	}
	return fp, nil
}

// QStar returns q* of FixedPoint: the fixed point reached by the q-map
// iteration from Settings.Q0 (default 1), never a repelling one.
//
//sigprop:eq tanner2024 F2
//sigprop:eq pennington2018 eq4
func (n Net) QStar() (float64, error) {
	fp, err := n.FixedPoint()
	if err != nil {
		return 0, err
	}
	return fp.Q, nil
}

// Phase is the phase of a network in the mean-field limit.
type Phase int

const (
	// Ordered: attracting q*, χ₁ < 1 − PhaseTol; nearby inputs converge.
	Ordered Phase = iota + 1
	// Critical: attracting or marginal q*, |χ₁ − 1| ≤ PhaseTol.
	Critical
	// Chaotic: attracting q*, χ₁ > 1 + PhaseTol; nearby inputs decorrelate.
	Chaotic
	// Divergent: the q-map iteration from Settings.Q0 grows without bound
	// (no finite attracting q*), e.g. ReLU with σ_w² > 2, or SiLU and
	// GELU with small σ_b past the saddle-node where q* disappears.
	Divergent
)

// PhaseTol is the band |χ₁ − 1| ≤ PhaseTol called Critical.
const PhaseTol = 1e-9

var phaseNames = [...]string{Ordered: "ordered", Critical: "critical", Chaotic: "chaotic", Divergent: "divergent"}

func (p Phase) String() string {
	if p < Ordered || p > Divergent {
		return fmt.Sprintf("Phase(%d)", int(p))
	}
	return phaseNames[p]
}

// PhaseState is a network's phase with the fixed point (zero when
// Divergent) and χ₁ there that decide it.
type PhaseState struct {
	Phase      Phase
	FixedPoint FixedPoint
	Chi1       float64 // χ₁ = σ_w² μ₁(q*), F7 of lib/sources/tanner2024.md#formulas (0 when Divergent)
}

// Phase returns the phase of n: Divergent when the q-map from
// Settings.Q0 diverges, else Ordered, Critical or Chaotic by χ₁ at the
// reached q*. Errors: those of FixedPoint other than ErrDiverges (a
// repelling or unfound fixed point).
func (n Net) Phase() (PhaseState, error) {
	fp, err := n.FixedPoint()
	if errors.Is(err, ErrDiverges) {
		return PhaseState{Phase: Divergent}, nil
	}
	if err != nil {
		return PhaseState{}, err
	}
	s := PhaseState{FixedPoint: fp, Chi1: n.Chi1At(fp.Q)}
	switch {
	case s.Chi1 < 1-PhaseTol:
		s.Phase = Ordered
	case s.Chi1 > 1+PhaseTol:
		s.Phase = Chaotic
	default:
		s.Phase = Critical
	}
	return s, nil
}
