package meanfield

import (
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
	"github.com/sigprop/sigprop/lib/internal/param"
)

// EoCFromQ returns the edge-of-chaos point (σ_w², σ_b²) whose fixed point
// is q* = q (F10 of lib/sources/tanner2024.md#formulas, derived):
//
//	σ_w²(q) = 1/μ₁(q),   σ_b²(q) = q − σ_w²(q) ∫Dz φ(√q z)².
//
// It uses the activation's closed forms where they exist (hard tanh, erf:
// F11 of lib/sources/tanner2024.md#formulas) and quadrature otherwise. It returns ErrParam unless q is
// finite and > 0, and an error wrapping ErrNoEdge when μ₁(q) = 0 or σ_b² < 0
// (by more than 1e-14·q; smaller negatives from rounding, as for ReLU and
// linear where σ_b² ≡ 0, are returned as 0).
//
//sigprop:eq tanner2024 F10
func EoCFromQ(phi activation.Func, q float64) (sigmaW2, sigmaB2 float64, err error) {
	if !(q > 0) || math.IsInf(q, 1) {
		return 0, 0, param.Err(ErrParam, "q*", q, "in (0, +inf)")
	}
	mu1 := phi.Mu(q, 1)
	if !(mu1 > 0) {
		return 0, 0, fmt.Errorf("%w: %v has μ₁(%g) = %g", ErrNoEdge, phi, q, mu1)
	}
	sigmaW2 = 1 / mu1
	sigmaB2 = q - sigmaW2*phi.SecondMoment(q)
	if sigmaB2 < 0 {
		if sigmaB2 < -1e-14*q {
			return sigmaW2, sigmaB2, fmt.Errorf("%w: %v at q*=%g needs σ_b² = %g < 0", ErrNoEdge, phi, q, sigmaB2)
		}
		sigmaB2 = 0
	}
	return sigmaW2, sigmaB2, nil
}

// eocQMax bounds the q* searched by the EoC solvers.
const eocQMax = 1e6

// isHomogeneous reports whether σ_b²(q) ≡ 0 on the EoC, i.e. φ positively
// homogeneous of degree 1 (linear, ReLU): then μ₁ is constant and every q
// is critical at the single point (1/μ₁, 0).
func isHomogeneous(phi activation.Func) bool {
	for _, q := range []float64{1e-3, 1, 1e3} {
		_, b, err := EoCFromQ(phi, q)
		if err != nil || math.Abs(b) > 1e-12*q {
			return false
		}
	}
	return true
}

// EoCSigmaW2 returns the edge-of-chaos weight variance σ_w² for a bias
// variance σ_b² ≥ 0, with the fixed point q* there (lib/sources/tanner2024.md#mean-field-numerics,
// `EoCSigmaW2`). It solves σ_b²(q) = sigmaB2 (F10) for q by a geometric
// bracket search from q = 1 followed by Brent's method; σ_b²(q) is
// increasing for tanh, hard tanh, erf and Shtanh, so the root is unique
// there.
//
// The root is accepted only if q* attracts (χ_q = V′(q*) < 1, or
// marginal at q* = 0) and is the fixed point the q-map reaches from q = 1
// at the σ_w² found; otherwise the other roots on a geometric grid of q
// are tried, and failing those it returns a *DivergentRegionError
// (wrapping ErrDivergentRegion and ErrNoEdge) that names the repelling q*:
// SiLU for σ_b² below ≈ 0.555, GELU below ≈ 0.173 (TestEoCRepellingCases).
//
// Special cases: σ_b² = 0 with φ(0) = 0 gives exactly (1/μ₁(0⁺), 0),
// μ₁(0⁺) = (φ′(0⁻)² + φ′(0⁺)²)/2 (φ′(0)² where φ′ is continuous), when the
// q-map at that σ_w² decays to q* = 0 (tanh, erf, sin, ELU: (1, 0); hard
// tanh, Shtanh, shifted ReLU: (1, 0), marginal, approached so slowly that
// the q-map cannot tell q ≲ 0.01 from a fixed point; SELU: (2/(λ²(1+α²)), 0));
// SiLU's, GELU's and swish's (4, 0) diverge instead, an error wrapping
// ErrDivergentRegion. Softplus (φ(0) ≠ 0) has no edge near σ_b² = 0
// (σ_b²(q) < 0 for every q), an error wrapping ErrNoEdge. For linear,
// ReLU and leaky ReLU, where every q is critical, it gives (1/μ₁, 0) with
// q* reported as 0, and any σ_b² > 0 is an error wrapping ErrNoEdge (the
// q-map at χ₁ = 1 then grows by σ_b² each layer), as is a σ_b² beyond
// the curve's range. Each outcome is the limit σ_b → 0⁺ of the outcomes
// at small σ_b > 0 (TestEoCNearZeroBias, every registered activation).
// For hard-tanh-like φ, whose σ_b²(q) is ~e^{−1/(2q)}, a σ_b² below ~1e-16
// is reached anywhere on a plateau of q (q ≲ 0.015 for hard tanh) where
// σ_b²(q) and V(q) − q are below rounding: the q* returned is a fixed
// point with χ₁ = 1 to working precision, σ_w² is 1 to 1e-15, but q* is
// not determined more closely than the plateau.
func EoCSigmaW2(phi activation.Func, sigmaB2 float64) (sigmaW2, qstar float64, err error) {
	if !(sigmaB2 >= 0) || math.IsInf(sigmaB2, 1) {
		return 0, 0, param.Err(ErrParam, "sigmaB2", sigmaB2, "in [0, +inf)")
	}
	if isHomogeneous(phi) {
		if sigmaB2 == 0 {
			return 1 / phi.Mu(1, 1), 0, nil
		}
		return 0, 0, fmt.Errorf("%w: %v is critical only at σ_b² = 0 (σ_w² = %g), got σ_b² = %g", ErrNoEdge, phi, 1/phi.Mu(1, 1), sigmaB2)
	}
	if sigmaB2 == 0 && phi.Phi(0) == 0 {
		mu0 := mu1At0(phi)
		if !(mu0 > 0) || math.IsInf(mu0, 0) {
			return 0, 0, fmt.Errorf("%w: %v has μ₁(0⁺) = %g", ErrNoEdge, phi, mu0)
		}
		return checkEoC(phi, 1/mu0, 0, 0)
	}
	var firstErr error
	g := func(q float64) float64 {
		_, b, err := eocFromQNoCheck(phi, q)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return b - sigmaB2
	}
	lo, hi, glo, ghi, ok := bracketFrom(g, 1, 2, 1e-12, eocQMax, -sigmaB2, false)
	if !ok || firstErr != nil {
		return 0, 0, fmt.Errorf("%w: %v: σ_b² = %g is not reached by σ_b²(q*) for q* in (0, %g]", ErrNoEdge, phi, sigmaB2, eocQMax)
	}
	q := lo
	if lo != hi {
		if q, err = brentRoot(g, lo, hi, glo, ghi, 1e-300, 200); err != nil {
			return 0, 0, fmt.Errorf("%w: %v", ErrNoEdge, err)
		}
	}
	w, _, err := EoCFromQ(phi, q)
	if err != nil {
		return w, q, err
	}
	w, q, err = checkEoC(phi, w, sigmaB2, q)
	if errors.Is(err, ErrDivergentRegion) {
		// The root found first repels; another root of σ_b²(q) = σ_b²
		// may attract (never for the activations shipped, whose σ_b²(q)
		// is increasing, but φ is the caller's).
		if w2, q2, ok := otherEoCRoot(phi, sigmaB2, q, g); ok {
			return w2, q2, nil
		}
	}
	return w, q, err
}

// checkEoC accepts the edge-of-chaos candidate (σ_w², σ_b², q*) only if
// q* is the fixed point the q-map iteration reaches from q = 1 and it is
// not repelling (χ_q = V′(q*) ≤ 1 within StabilityTol); otherwise it
// returns an error wrapping ErrDivergentRegion (the iteration diverges, or
// q* repels: a *DivergentRegionError) or ErrNoEdge (the iteration reaches
// another fixed point).
func checkEoC(phi activation.Func, sigmaW2, sigmaB2, q float64) (float64, float64, error) {
	n := Net{Phi: phi, SigmaW2: sigmaW2, SigmaB2: sigmaB2}
	chiQ := n.ChiQ(q)
	div := &DivergentRegionError{Phi: phi.String(), SigmaB2: sigmaB2}
	if classify(chiQ) == Repelling {
		div.SigmaW2, div.QStar, div.ChiQ = sigmaW2, q, chiQ
		return sigmaW2, q, div
	}
	fp, err := n.FixedPoint()
	switch {
	case errors.Is(err, ErrDiverges):
		div.Detail = fmt.Sprintf("at σ_w² = %g the q-map from q = %g diverges", sigmaW2, n.Settings.q0())
		return sigmaW2, q, div
	case err != nil:
		return sigmaW2, q, fmt.Errorf("%w: %v at σ_b² = %g: %v", ErrNoEdge, phi, sigmaB2, err)
	case !sameFixedPoint(n, fp.Q, q):
		return sigmaW2, q, fmt.Errorf("%w: %v at σ_b² = %g: χ₁ = 1 at q* = %g (σ_w² = %g), but the q-map from q = %g reaches q* = %g instead",
			ErrNoEdge, phi, sigmaB2, q, sigmaW2, fp.From, fp.Q)
	}
	return sigmaW2, q, nil
}

// otherEoCRoot scans σ_b²(q) − σ_b² = g(q) on a geometric grid of q
// (factor 2, from 1e-12 to eocQMax) for sign changes other than at skip
// and returns the first root that checkEoC accepts.
func otherEoCRoot(phi activation.Func, sigmaB2, skip float64, g func(float64) float64) (float64, float64, bool) {
	a := 1e-12
	ga := g(a)
	for a < eocQMax {
		b := 2 * a
		gb := g(b)
		if (ga > 0) != (gb > 0) && !(skip >= a && skip <= b) {
			q, err := brentRoot(g, a, b, ga, gb, 1e-300, 200)
			if err == nil {
				if w, _, err := EoCFromQ(phi, q); err == nil {
					if w, q, err := checkEoC(phi, w, sigmaB2, q); err == nil {
						return w, q, true
					}
				}
			}
		}
		a, ga = b, gb
	}
	return 0, 0, false
}

// eocFromQNoCheck is σ_b²(q) without the sign check, for root finding.
func eocFromQNoCheck(phi activation.Func, q float64) (float64, float64, error) {
	if q == 0 {
		return 0, 0, nil
	}
	m2, mu1 := eocMoments(phi, q)
	if !(mu1 > 0) {
		return 0, 0, fmt.Errorf("%w: %v has μ₁(%g) = %g", ErrNoEdge, phi, q, mu1)
	}
	w := 1 / mu1
	return w, q - w*m2, nil
}

// eocMoments returns E φ(√q z)² and μ₁(q), from closed forms when both
// exist, else from one quadrature pass.
func eocMoments(phi activation.Func, q float64) (m2, mu1 float64) {
	if phi.ClosedSecondMoment != nil && phi.ClosedMu != nil {
		return phi.ClosedSecondMoment(q), phi.ClosedMu(q, 1)
	}
	r := rulePool.Get().(*gauss.Rule)
	r.Reset(q, phi.Quad())
	for i, u := range r.X {
		p, d := phi.Both(u)
		m2 += r.W[i] * p * p
		mu1 += r.W[i] * d * d
	}
	rulePool.Put(r)
	return m2, mu1
}

// mu1At0 returns μ₁(0⁺) = lim_{q→0} E φ′(√q z)² = (φ′(0⁻)² + φ′(0⁺)²)/2,
// with the one-sided derivatives read at ±1e-300 (φ′(0)² for φ′
// continuous at 0; SELU's jump from λα to λ gives λ²(1+α²)/2).
func mu1At0(phi activation.Func) float64 {
	dm, dp := phi.DPhi(-1e-300), phi.DPhi(1e-300)
	return (dm*dm + dp*dp) / 2
}

// plateauTol is the relative size |V(x) − x| ≤ plateauTol·x below which
// the q-map's residual is taken as rounding: its terms carry relative
// errors of a few 1e-16 (closed forms, Gauss–Hermite to ~1e-15), so
// 1e-13 is 100 times that, and an iteration moving by less than 1e-13·x
// per layer would need 1e13 layers to cross such an interval.
const plateauTol = 1e-13

// sameFixedPoint reports whether a and b are the same fixed point of the
// q-map of n to working precision: equal to 1e-6 relative (or 1e-12
// absolute), or with |V(x) − x| ≤ plateauTol·x at 65 geometrically spaced
// x from max(a, b) down to max(min(a, b), qMin) (qMin when one is 0), so
// that no computed residual separates them. This accepts the slow
// approach to q* = 0 of hard tanh at σ_w² = 1, σ_b² = 0 (V(q) − q ≈
// −e^{−1/(2q)}, below rounding for q ≲ 0.015, where the bracket search of
// FixedPoint stops), and rejects two fixed points with a computed
// residual between them.
func sameFixedPoint(n Net, a, b float64) bool {
	lo, hi := math.Min(a, b), math.Max(a, b)
	if hi-lo <= 1e-6*hi+1e-12 {
		return true
	}
	bottom := math.Max(lo, qMin)
	r := math.Pow(hi/bottom, 1.0/64)
	x := hi
	for i := 0; i <= 64; i++ {
		if math.Abs(n.QMap(x)-x) > plateauTol*x {
			return false
		}
		x /= r
	}
	return true
}

// EoCSigmaB2 returns the edge-of-chaos bias variance σ_b² for a weight
// variance σ_w², with q* there: it solves μ₁(q) = 1/σ_w² for q (bracket
// search from q = 1, then Brent) and evaluates σ_b²(q) (F10). For tanh,
// erf and hard tanh μ₁ decreases from 1 at q = 0, so a solution exists
// exactly when σ_w² ≥ 1 (σ_w² = 1 gives (0, 0)). It returns an error
// wrapping ErrNoEdge when no q solves it or when the σ_b² found is
// negative (that σ_w² has no critical σ_b²), and a *DivergentRegionError
// when q* repels or is not the fixed point reached from q = 1 (as
// EoCSigmaW2); linear and ReLU are critical
// only at σ_w² = 1 and 2 respectively (with σ_b² = 0, q* reported as 0).
func EoCSigmaB2(phi activation.Func, sigmaW2 float64) (sigmaB2, qstar float64, err error) {
	if !(sigmaW2 > 0) || math.IsInf(sigmaW2, 1) {
		return 0, 0, param.Err(ErrParam, "sigmaW2", sigmaW2, "in (0, +inf)")
	}
	target := 1 / sigmaW2
	if isHomogeneous(phi) {
		mu := phi.Mu(1, 1)
		if math.Abs(mu-target) <= 1e-14 {
			return 0, 0, nil
		}
		return 0, 0, fmt.Errorf("%w: %v is critical only at σ_w² = %g, got %g", ErrNoEdge, phi, 1/mu, sigmaW2)
	}
	mu0 := phi.Mu(0, 1)
	if math.Abs(mu0-target) <= 1e-15 && phi.Phi(0) == 0 {
		return 0, 0, nil
	}
	g := func(q float64) float64 { return phi.Mu(q, 1) - target }
	lo, hi, glo, ghi, ok := bracketFrom(g, 1, 2, 1e-12, eocQMax, mu0-target, true)
	if !ok || (lo == 0 && (glo > 0) == (ghi > 0)) {
		return 0, 0, fmt.Errorf("%w: %v: μ₁(q*) = 1/σ_w² = %g has no solution for q* in (0, %g]", ErrNoEdge, phi, target, eocQMax)
	}
	q := lo
	if lo != hi {
		if q, err = brentRoot(g, lo, hi, glo, ghi, 1e-300, 200); err != nil {
			return 0, 0, fmt.Errorf("%w: %v", ErrNoEdge, err)
		}
	}
	if q == 0 {
		return 0, 0, fmt.Errorf("%w: %v: σ_w² = %g is below the q* → 0 end of the curve", ErrNoEdge, phi, sigmaW2)
	}
	_, b, err := EoCFromQ(phi, q)
	if err != nil {
		return 0, 0, err
	}
	if _, _, err := checkEoC(phi, sigmaW2, b, q); err != nil {
		return b, q, err
	}
	return b, q, nil
}

// EoCCurve is the edge-of-chaos curve at each σ_b² in sigmaB2: the
// critical σ_w² and the fixed point q* there, as EoCSigmaW2 gives them
// point by point. It stops at the first point without an edge and returns
// that point's error, naming its σ_b²: an error wrapping
// ErrDivergentRegion where the curve enters the divergent region.
func EoCCurve(phi activation.Func, sigmaB2 []float64) (sigmaW2, qstar []float64, err error) {
	sigmaW2, qstar = make([]float64, len(sigmaB2)), make([]float64, len(sigmaB2))
	for i, b := range sigmaB2 {
		sigmaW2[i], qstar[i], err = EoCSigmaW2(phi, b)
		if err != nil {
			return nil, nil, fmt.Errorf("meanfield: edge of chaos at σ_b² = %g: %w", b, err)
		}
	}
	return sigmaW2, qstar, nil
}

// EoCPoint is a point (σ_w², σ_b²) on the edge of chaos with its fixed
// point q* and the stability of q* under the q-map there.
type EoCPoint struct {
	SigmaW2, SigmaB2 float64
	FixedPoint       FixedPoint // From = q*: a fixed point by construction
}

// EoCAtQ returns the edge-of-chaos point whose fixed point is q (EoCFromQ,
// F10 of lib/sources/tanner2024.md#formulas) with χ_q = V′(q*) there and its stability. Critical networks
// built at a given q* (jacspectrum.Critical, P18's figures at q*(L)) sit
// at a fixed point that may repel — SiLU at every q* below ≈ 20, where
// inputs at variance q* drift away within ~1/log χ_q layers. The point
// is returned whatever the stability (Stability says which); the error is
// that of EoCFromQ.
func EoCAtQ(phi activation.Func, q float64) (EoCPoint, error) {
	w, b, err := EoCFromQ(phi, q)
	if err != nil {
		return EoCPoint{}, err
	}
	chi := Net{Phi: phi, SigmaW2: w, SigmaB2: b}.ChiQ(q)
	return EoCPoint{SigmaW2: w, SigmaB2: b, FixedPoint: FixedPoint{Q: q, ChiQ: chi, From: q, Stability: classify(chi)}}, nil
}

// EdgeCurve is the edge of chaos of φ over a list of σ_b²: the points where
// it exists (an attracting q* with χ₁ = 1), and the σ_b² that fall in the
// divergent region instead (no finite attracting q* with χ₁ = 1), so that
// a curve never shows a point inside that region.
type EdgeCurve struct {
	SigmaB2, SigmaW2, QStar, ChiQ []float64 // the edge points, in input order
	Divergent                     []float64 // σ_b² in the divergent region
}

// EoCRegions evaluates EoCSigmaW2 at each σ_b² of sigmaB2, keeping the
// edge points (with χ_q = V′(q*) there, < 1 or marginal at q* = 0) and
// listing the σ_b² whose error wraps ErrDivergentRegion.
//
// Errors: the first other error (no edge for another reason, e.g. ReLU
// at σ_b² > 0), naming its σ_b².
func EoCRegions(phi activation.Func, sigmaB2 []float64) (EdgeCurve, error) {
	var c EdgeCurve
	for _, b := range sigmaB2 {
		w, q, err := EoCSigmaW2(phi, b)
		switch {
		case errors.Is(err, ErrDivergentRegion):
			c.Divergent = append(c.Divergent, b)
		case err != nil:
			return EdgeCurve{}, fmt.Errorf("meanfield: edge of chaos at σ_b² = %g: %w", b, err)
		default:
			c.SigmaB2, c.SigmaW2, c.QStar = append(c.SigmaB2, b), append(c.SigmaW2, w), append(c.QStar, q)
			c.ChiQ = append(c.ChiQ, Net{Phi: phi, SigmaW2: w, SigmaB2: b}.ChiQ(q))
		}
	}
	return c, nil
}
