package meanfield

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// ErrParam is wrapped by the errors of a setting out of its range
// (Net.Validate, Settings.Validate); the message names the field and its
// allowed range, and errors.Is matches any lib package's ErrParam
// (lib/internal/param).
var ErrParam = param.New("meanfield")

// The ranges of a network's variances, declared once: Net.Validate checks
// them and lib/quantity's sigma_w and sigma_b take their bounds from them
// (σ_w ∈ (0, ∞) is σ_w² ∈ SigmaW2Range, σ_b ∈ [0, ∞) is σ_b² ∈ SigmaB2Range).
var (
	SigmaW2Range = param.Range{Min: 0, Max: math.Inf(1), MinOpen: true, MaxOpen: true} // σ_w²
	SigmaB2Range = param.Range{Min: 0, Max: math.Inf(1), MaxOpen: true}                // σ_b²
)

// Settings tunes the fixed-point and root searches. The zero value (or a
// nil *Settings) gives the defaults.
type Settings struct {
	// Q0 is the input variance from which the q-map iteration defining q*
	// starts (default 1). It matters only where several stable fixed
	// points exist, and at marginal points (linear or ReLU exactly
	// critical with σ_b = 0), where every q is fixed and q* = Q0.
	Q0 float64
	// QMax: a q-map that exceeds it is reported as diverging (default 1e8).
	QMax float64
	// MaxIter bounds each root search (default 200).
	MaxIter int
}

// Validate returns ErrParam for a Q0 or QMax that is not finite and >= 0,
// or MaxIter < 0 (zero means the default); a nil *Settings is valid.
func (s *Settings) Validate() error {
	switch {
	case s == nil:
		return nil
	case !(s.Q0 >= 0) || math.IsInf(s.Q0, 0):
		return param.Err(ErrParam, "Settings.Q0", s.Q0, "finite and >= 0 (0: 1)")
	case !(s.QMax >= 0) || math.IsInf(s.QMax, 0):
		return param.Err(ErrParam, "Settings.QMax", s.QMax, "finite and >= 0 (0: 1e8)")
	case s.MaxIter < 0:
		return param.Err(ErrParam, "Settings.MaxIter", s.MaxIter, "an integer >= 0 (0: 200)")
	}
	return nil
}

func (s *Settings) q0() float64 {
	if s == nil || s.Q0 == 0 {
		return 1
	}
	return s.Q0
}

func (s *Settings) qmax() float64 {
	if s == nil || s.QMax == 0 {
		return 1e8
	}
	return s.QMax
}

func (s *Settings) maxIter() int {
	if s == nil || s.MaxIter == 0 {
		return 200
	}
	return s.MaxIter
}

// qMin: below this the q-map iteration is taken to have reached q* = 0.
const qMin = 1e-30

// Sentinel errors; returned errors wrap them with details (errors.Is).
var (
	// ErrDiverges: the q-map grows without bound (e.g. linear with σ_w ≥ 1
	// and σ_b > 0, ReLU with σ_w² ≥ 2 and σ_b > 0).
	ErrDiverges = errors.New("meanfield: q-map diverges")
	// ErrNoFixedPoint: a root search failed (no sign change, NaN).
	ErrNoFixedPoint = errors.New("meanfield: no fixed point found")
	// ErrNoEdge: the requested edge-of-chaos point does not exist.
	ErrNoEdge = errors.New("meanfield: no edge-of-chaos point")
)

// Net is a deep, infinitely wide random network in the mean-field limit:
// pre-activations h^ℓ = W^ℓ φ(h^{ℓ−1}) + b^ℓ with W_ij ~ N(0, σ_w²/N) (or
// σ_w × Haar-orthogonal) and b_i ~ N(0, σ_b²). SigmaW2 and SigmaB2 are the
// variances σ_w², σ_b².
type Net struct {
	Phi      activation.Func
	SigmaW2  float64 // σ_w² > 0
	SigmaB2  float64 // σ_b² ≥ 0
	Settings *Settings
}

// Validate returns ErrParam naming the first field out of its range: an
// unset φ, σ_w² outside (0, +inf), σ_b² outside [0, +inf), or Settings
// (Settings.Validate). The methods that return an error (FixedPoint,
// QStar, Chi1, CStar, Phase, DepthScales, …) return this one; the maps
// that return a number (QMap, ChiQ, CovMap, …) panic with it, a caller
// holding a user's values validating first.
func (n Net) Validate() error {
	switch {
	case n.Phi.Phi == nil || n.Phi.DPhi == nil:
		return param.Err(ErrParam, "Net.Phi", "unset", "an activation (activation.ByName)")
	case !SigmaW2Range.Contains(n.SigmaW2):
		return SigmaW2Range.Check(ErrParam, "Net.SigmaW2", n.SigmaW2)
	case !SigmaB2Range.Contains(n.SigmaB2):
		return SigmaB2Range.Check(ErrParam, "Net.SigmaB2", n.SigmaB2)
	}
	return n.Settings.Validate()
}

// validate panics with Validate's error, on a caller bug.
func (n Net) validate() {
	if err := n.Validate(); err != nil {
		panic(err.Error())
	}
}

func checkQ(name string, q float64) {
	if !(q >= 0) || math.IsInf(q, 1) {
		panic(fmt.Sprintf("meanfield: %s must be a finite variance >= 0, got %v", name, q))
	}
}

// QMap is the variance map (F1 of lib/sources/tanner2024.md#formulas; Poole et al. 2016 eq. (3); P18 eq. (3)):
//
//	V(q) = σ_w² ∫Dz φ(√q z)² + σ_b².
//
//sigprop:eq tanner2024 F1
//sigprop:eq pennington2018 eq3
func (n Net) QMap(q float64) float64 {
	n.validate()
	checkQ("q", q)
	return n.SigmaW2*n.Phi.SecondMoment(q) + n.SigmaB2
}

// ChiQ is the slope of the q-map (F6 of lib/sources/tanner2024.md#formulas), computed without φ″ as
//
//	V′(q) = σ_w² E[u φ(u) φ′(u)] / q,  u ~ N(0, q),
//
// which by Stein's lemma equals σ_w² ∫Dz [φ′² + φφ″] and is valid for
// kinked φ (σ_w² times the activation's ClosedDSecondMoment where it has
// one: GELU, sin, leaky ReLU). At q = 0 it returns the limit q → 0⁺
// (evaluated at q = 1e-200).
//
//sigprop:eq tanner2024 F6
func (n Net) ChiQ(q float64) float64 {
	n.validate()
	checkQ("q", q)
	if q == 0 {
		q = 1e-200
	}
	if n.Phi.ClosedDSecondMoment != nil {
		return n.SigmaW2 * n.Phi.ClosedDSecondMoment(q)
	}
	phi, d := n.Phi.Phi, n.Phi.DPhi
	e := gauss.Expect(func(u float64) float64 { return u * phi(u) * d(u) }, q, n.Phi.Quad())
	return n.SigmaW2 * e / q
}

// reach returns the fixed point q* = V(q*) (F2 of lib/sources/tanner2024.md#formulas; P18 eq. (4)) reached
// by the q-map iteration from q = Settings.Q0 (default 1). Where V is
// increasing (every activation shipped; FixedPoint checks the result's
// slope) that iteration converges monotonically to the nearest root of
// V(q) − q in the direction of sign(V(Q0) − Q0); reach brackets that root
// geometrically and refines it with Brent's method to ~1e-15 relative. It
// returns 0 when the iteration decays to 0 (σ_b = 0, φ(0) = 0 and χ ≤ 1,
// e.g. tanh with σ_w ≤ 1), and an error wrapping ErrDiverges when q
// exceeds Settings.QMax.
func (n Net) reach() (float64, error) {
	if err := n.Validate(); err != nil {
		return 0, err
	}
	q0 := n.Settings.q0()
	g0 := n.QMap(0) // value at q = 0
	if n.Phi.ClosedSecondMoment != nil {
		g := func(q float64) float64 { return n.QMap(q) - q }
		lo, hi, glo, ghi, ok := bracketFrom(g, q0, 4, qMin, n.Settings.qmax(), g0, true)
		if !ok {
			return 0, n.errDiverges()
		}
		if lo == hi || (lo == 0 && glo <= 0) {
			return lo, nil // exact fixed point, or decay to q* = 0 (V(0) = 0)
		}
		q, err := brentRoot(g, lo, hi, glo, ghi, 1e-300, n.Settings.maxIter())
		if err != nil {
			return 0, fmt.Errorf("%w: q*: %v", ErrNoFixedPoint, err)
		}
		return q, nil
	}
	// Quadrature: every evaluation also yields V′, so the bracket search
	// and the safeguarded Newton iteration share them.
	var qlast, glast, dlast float64
	g := func(q float64) float64 {
		v, d := n.qmapResidual(q)
		qlast, glast, dlast = q, v, d
		return v
	}
	lo, hi, glo, ghi, ok := bracketFrom(g, q0, 4, qMin, n.Settings.qmax(), g0, true)
	if !ok {
		return 0, n.errDiverges()
	}
	if lo == hi || (lo == 0 && glo <= 0) {
		return lo, nil
	}
	// Start with a Newton step from the last bracket point evaluated
	// (newtonRoot falls back to the secant point if it leaves the bracket).
	x0 := math.NaN()
	if dlast != 0 && (qlast == lo || qlast == hi) {
		x0 = qlast - glast/dlast
	}
	q, err := newtonRoot(n.qmapResidual, lo, hi, glo, ghi, x0, n.Settings.maxIter())
	if err != nil {
		return 0, fmt.Errorf("%w: q*: %v", ErrNoFixedPoint, err)
	}
	return q, nil
}

func (n Net) errDiverges() error {
	return fmt.Errorf("%w: %v with σ_w²=%g, σ_b²=%g exceeds q = %g", ErrDiverges, n.Phi, n.SigmaW2, n.SigmaB2, n.Settings.qmax())
}

// qmapResidual returns V(q) − q and its derivative V′(q) − 1 from one
// quadrature pass (F1, F6).
func (n Net) qmapResidual(q float64) (g, dg float64) {
	r := rulePool.Get().(*gauss.Rule)
	r.Reset(q, n.Phi.Quad())
	var m2, m1 float64
	for i, u := range r.X {
		p, d := n.Phi.Both(u)
		m2 += r.W[i] * p * p
		m1 += r.W[i] * u * p * d
	}
	rulePool.Put(r)
	return n.SigmaW2*m2 + n.SigmaB2 - q, n.SigmaW2*m1/q - 1
}

var rulePool = sync.Pool{New: func() any { return &gauss.Rule{} }}

// CovMap is the two-input covariance map (F3 of lib/sources/tanner2024.md#formulas; Poole et al. 2016
// eqs. (4)–(5)): given the variances q1, q2 and correlation c of two
// inputs' pre-activations at layer ℓ−1 it returns those at layer ℓ,
//
//	q_ab′ = σ_w² E[φ(u1)φ(u2)] + σ_b²,   c′ = q_ab′ / √(q_aa′ q_bb′).
//
//sigprop:eq tanner2024 F3
func (n Net) CovMap(q1, q2, c float64) (q1n, q2n, cn float64) {
	n.validate()
	checkQ("q1", q1)
	checkQ("q2", q2)
	if math.IsNaN(c) || c < -1-1e-12 || c > 1+1e-12 {
		panic(fmt.Sprintf("meanfield: correlation c must be in [-1, 1], got %v", c))
	}
	q1n, q2n = n.QMap(q1), n.QMap(q2)
	q12 := n.SigmaW2*n.Phi.Kernel(q1, q2, c) + n.SigmaB2
	den := math.Sqrt(q1n * q2n)
	if den == 0 {
		return q1n, q2n, 1
	}
	return q1n, q2n, math.Max(-1, math.Min(1, q12/den))
}

// CMap is the correlation map at variance q (F4 of lib/sources/tanner2024.md#formulas; the lecture's R(ρ);
// Murray et al.'s R_{φ,q*}):
//
//	R(c) = [σ_w² E φ(u1)φ(u2) + σ_b²] / q,  Var u_i = q, Corr = c.
//
// At q = q*, R(1) = 1. It panics for q ≤ 0.
//
//sigprop:eq tanner2024 F4
func (n Net) CMap(q, c float64) float64 {
	n.validate()
	if !(q > 0) || math.IsInf(q, 1) {
		panic(fmt.Sprintf("meanfield: CMap needs q in (0, +inf), got %v", q))
	}
	if math.IsNaN(c) || c < -1-1e-12 || c > 1+1e-12 {
		panic(fmt.Sprintf("meanfield: correlation c must be in [-1, 1], got %v", c))
	}
	return (n.SigmaW2*n.Phi.Kernel(q, q, c) + n.SigmaB2) / q
}

// ChiC is the slope of the correlation map at correlation c and variance q
// (F8 of lib/sources/tanner2024.md#formulas; Poole et al. 2016): χ_c = σ_w² E[φ′(u1)φ′(u2)].
//
//sigprop:eq tanner2024 F8
func (n Net) ChiC(q, c float64) float64 {
	n.validate()
	checkQ("q", q)
	return n.SigmaW2 * n.Phi.DKernel(q, q, c)
}

// Chi1At is χ₁ = σ_w² ∫Dz φ′(√q z)² = σ_w² μ₁(q) at a given q (F7 of lib/sources/tanner2024.md#formulas).
func (n Net) Chi1At(q float64) float64 {
	n.validate()
	checkQ("q", q)
	return n.SigmaW2 * n.Phi.Mu(q, 1)
}

// Chi1 is χ₁ at the fixed point q* (F7 of lib/sources/tanner2024.md#formulas; P18 eq. (5)): the slope of
// the correlation map at c = 1 and the mean squared singular value of one
// layer's D W. χ₁ < 1 is the ordered phase, > 1 the chaotic one.
//
//sigprop:eq tanner2024 F7
//sigprop:eq pennington2018 eq5
func (n Net) Chi1() (float64, error) {
	q, err := n.QStar()
	if err != nil {
		return 0, err
	}
	return n.Chi1At(q), nil
}

// CStar returns the stable fixed point of the correlation map at q*
// (lib/sources/tanner2024.md#mean-field-numerics): 1 in the ordered phase (χ₁ ≤ 1); otherwise the root of
// R(c) = c in [0, 1), found by Brent's method. R(0) = σ_w²(Eφ)²/q* +
// σ_b²/q* ≥ 0, so the root is bracketed once R(1−δ) < 1−δ for some δ,
// which is searched down to δ = 1e-12; failing that it returns an error
// wrapping ErrNoFixedPoint (χ₁ within ~1e-12 of 1); a c* that repels
// (|χ_c(c*)| > 1) is returned with an error wrapping ErrRepelling.
func (n Net) CStar() (float64, error) {
	q, err := n.QStar()
	if err != nil {
		return 0, err
	}
	return n.cStarAt(q)
}

func (n Net) cStarAt(q float64) (float64, error) {
	if q == 0 {
		return 1, nil // all inputs collapse to the same (zero) point
	}
	if n.Chi1At(q) <= 1 {
		return 1, nil
	}
	g := func(c float64) float64 { return n.CMap(q, c) - c }
	g0 := g(0)
	if g0 <= 0 {
		return 0, nil
	}
	for delta := 1e-1; delta >= 1e-12; delta /= 10 {
		hi := 1 - delta
		gh := g(hi)
		if gh < 0 {
			c, err := brentRoot(g, 0, hi, g0, gh, 1e-15, n.Settings.maxIter())
			if err != nil {
				return 0, fmt.Errorf("%w: c*: %v", ErrNoFixedPoint, err)
			}
			// R(c) − c changes sign from + to − at c*, so R′(c*) ≤ 1;
			// R′ = χ_c ≥ 0 for the kernels here, but φ is the caller's.
			if chi := n.ChiC(q, c); classify(chi) == Repelling {
				return c, &RepellingError{What: "c*", At: c, Slope: chi, Phi: n.Phi.String(), SigmaW2: n.SigmaW2, SigmaB2: n.SigmaB2}
			}
			return c, nil
		}
	}
	return 0, fmt.Errorf("%w: c* of %v at σ_w²=%g, σ_b²=%g: R(c) ≥ c up to c = 1−1e-12 although χ₁ > 1", ErrNoFixedPoint, n.Phi, n.SigmaW2, n.SigmaB2)
}

// QTrajectory iterates the q-map L times from q1, the first layer's
// pre-activation variance: out[0] = q1 and out[ℓ] = V(out[ℓ−1]), so
// out[ℓ] is the variance at layer ℓ+1.
func (n Net) QTrajectory(q1 float64, L int) []float64 {
	if L < 0 {
		panic(fmt.Sprintf("meanfield: L must be >= 0, got %d", L))
	}
	out := make([]float64, L+1)
	out[0] = q1
	for l := 1; l <= L; l++ {
		out[l] = n.QMap(out[l-1])
	}
	return out
}

// CTrajectory iterates the covariance map (F3) L times from two inputs'
// first-layer variances qa, qb and correlation c1. It returns per layer
// the variances and the correlation; index 0 holds the start.
func (n Net) CTrajectory(qa, qb, c1 float64, L int) (qA, qB, c []float64) {
	if L < 0 {
		panic(fmt.Sprintf("meanfield: L must be >= 0, got %d", L))
	}
	qA, qB, c = make([]float64, L+1), make([]float64, L+1), make([]float64, L+1)
	qA[0], qB[0], c[0] = qa, qb, c1
	for l := 1; l <= L; l++ {
		qA[l], qB[l], c[l] = n.CovMap(qA[l-1], qB[l-1], c[l-1])
	}
	return
}
