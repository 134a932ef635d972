package tokengeom

import (
	"cmp"
	"errors"
	"fmt"
	"math"

	"github.com/sigprop/sigprop/lib/internal/param"
	"gonum.org/v1/gonum/mat"
)

// ErrNoFixedPoint is returned when the requested fixed point does not exist
// (α_A = α_M = 0, where every point of the diagonal is fixed) or when the
// iteration towards it does not converge.
var ErrNoFixedPoint = errors.New("tokengeom: no fixed point")

// qStarOverD is the collapsed fixed point in units of d (Sec. 3.3):
//
//	q*/d = (α̃_M²α_A² + α_M²σ_w²Q_ℓ)/(1 − α̃_A²α̃_M²).
func qStarOverD(alphaA, alphaM float64, g Gains) float64 {
	tA2, tM2 := 1-alphaA*alphaA, 1-alphaM*alphaM
	return (tM2*alphaA*alphaA + alphaM*alphaM*g.SigmaW*g.SigmaW*g.QL()) / (1 - tA2*tM2)
}

// QStar returns the squared token norm q* of the collapsed fixed point
// p* = q* of F = F_MLP∘F_Att (Sec. 3.3). On the invariant diagonal p = q
// the attention map gives (d, d) and F is affine,
// q ↦ α̃_M²(α̃_A²q + α_A²d) + α_M²dσ_w²Q_ℓ, so
//
//	q* = d (α̃_M²α_A² + α_M²σ_w²Q_ℓ)/(1 − α̃_A²α̃_M²).
//
// It returns ErrNoFixedPoint when α_A = α_M = 0 (F is the identity) and
// Model.Validate's error for a model out of range.
func QStar(m Model) (float64, error) {
	if err := m.Validate(); err != nil {
		return 0, err
	}
	if m.AlphaA == 0 && m.AlphaM == 0 {
		return 0, fmt.Errorf("%w: alpha_a = alpha_m = 0 makes F the identity", ErrNoFixedPoint)
	}
	return m.D * qStarOverD(m.AlphaA, m.AlphaM, m.Gains()), nil
}

// lambdaA is the closed form of the angle exponent (lib/sources/cowsik2024.md#angle-exponent):
//
//	1 + λ_a = α̃_A²(α̃_M² + α_M² χ d/q_A),   q_A = α̃_A²q* + α_A²d.
func lambdaA(alphaA, alphaM float64, g Gains) float64 {
	tA2, tM2 := 1-alphaA*alphaA, 1-alphaM*alphaM
	aA2, aM2 := alphaA*alphaA, alphaM*alphaM
	if aM2 == 0 {
		return tA2 - 1
	}
	qA := tA2*qStarOverD(alphaA, alphaM, g) + aA2
	return tA2*(tM2+aM2*g.Chi/qA) - 1
}

// LambdaA returns the angle exponent of Cowsik et al. 2024, Sec. 3.3:
// 1 + λ_a is the largest eigenvalue of the 2×2 Jacobian dF at the collapsed
// fixed point (q*, q*) (eq. 13: λ_a = 0 is the edge of chaos). The
// eigenvalues of dF are α̃_A²α̃_M² (along the diagonal) and
//
//	1 + λ_a = α̃_A²(α̃_M² + α_M² χ(σ_w) d/q_A),
//
// the factor by which 1 − p/q grows per block; the attention sub-block
// contributes only α̃_A² because q′_att − p′_att = O((1−ρ)³). λ_a is
// therefore independent of n, d and σ_A (TestLambdaAIndependentOfNDSigmaA).
// Note that λ_a is an eigenvalue minus one, not a logarithm.
//
//sigprop:eq cowsik2024 eq13 erratum=lib/sources/cowsik2024.md#erratum-4
func LambdaA(m Model) float64 {
	m.validate()
	return lambdaA(m.AlphaA, m.AlphaM, m.Gains())
}

// JacobianAtCollapse returns dF at (q*, q*) in (q, p) coordinates, rows =
// outputs (q′, p′), columns = ∂/∂q, ∂/∂p (lib/sources/cowsik2024.md#angle-exponent):
//
//	dF = [ x − α̃_M²κ            α̃_M²κ              ]
//	     [ −α̃_A²c − α̃_M²κ       x + α̃_M²κ + α̃_A²c  ]
//
// with x = α̃_A²α̃_M², κ = α_A² d(n−1)/(n q*), c = α_M² χ d/q_A. Each row
// sums to x. It returns ErrNoFixedPoint when α_A = α_M = 0.
func JacobianAtCollapse(m Model) (*mat.Dense, error) {
	qs, err := QStar(m)
	if err != nil {
		return nil, err
	}
	g := m.Gains()
	tA2, tM2 := 1-m.AlphaA*m.AlphaA, 1-m.AlphaM*m.AlphaM
	x := tA2 * tM2
	n := float64(m.N)
	kappa := m.AlphaA * m.AlphaA * m.D * (n - 1) / (n * qs)
	qA := tA2*qs + m.AlphaA*m.AlphaA*m.D
	c := m.AlphaM * m.AlphaM * g.Chi * m.D / qA
	return mat.NewDense(2, 2, []float64{
		x - tM2*kappa, tM2 * kappa,
		-tA2*c - tM2*kappa, x + tM2*kappa + tA2*c,
	}), nil
}

// jacobianAtCollapseFD is the one-sided finite-difference Jacobian of F at
// (q*, q*) with relative step h (lib/sources/cowsik2024.md#numerics: p > q is not a Gram matrix, so the
// q-column uses (q*+δ, q*) and the diagonal direction (q*+δ, q*+δ); then
// ∂/∂p = diagonal − ∂/∂q). It is an independent check of
// JacobianAtCollapse.
func jacobianAtCollapseFD(m Model, h float64) (*mat.Dense, error) {
	qs, err := QStar(m)
	if err != nil {
		return nil, err
	}
	if !(h > 0) {
		panic("tokengeom: finite-difference step must be > 0")
	}
	dq := h * qs
	q0, p0 := F(m, qs, qs)
	q1, p1 := F(m, qs+dq, qs)
	q2, p2 := F(m, qs+dq, qs+dq)
	jq := [2]float64{(q1 - q0) / dq, (p1 - p0) / dq}
	jd := [2]float64{(q2 - q0) / dq, (p2 - p0) / dq}
	return mat.NewDense(2, 2, []float64{
		jq[0], jd[0] - jq[0],
		jq[1], jd[1] - jq[1],
	}), nil
}

// QP is a point (q, p) of the permutation-symmetric token geometry.
type QP struct{ Q, P float64 }

// Trajectory iterates F = F_MLP∘F_Att from (q0, p0) for steps blocks and
// returns the steps+1 points including the start. It returns an error if a
// point leaves the domain or is not finite, and ErrParam for a model out of
// range (Model.Validate), steps < 0 or a start outside CheckQP's domain.
func Trajectory(m Model, q0, p0 float64, steps int) ([]QP, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if steps < 0 {
		return nil, param.Err(ErrParam, "steps", steps, "an integer >= 0")
	}
	if err := CheckQP(q0, p0, m.N); err != nil {
		return nil, err
	}
	out := make([]QP, 0, steps+1)
	out = append(out, QP{q0, p0})
	q, p := q0, p0
	for i := 0; i < steps; i++ {
		q, p = F(m, q, p)
		if math.IsNaN(q) || math.IsNaN(p) || math.IsInf(q, 0) || math.IsInf(p, 0) {
			return out, fmt.Errorf("tokengeom: trajectory not finite at step %d", i+1)
		}
		out = append(out, QP{q, p})
	}
	return out, nil
}

// FixedPointSettings controls NonCollapsedFixedPoint. Zero values mean
// defaults: MaxIter 20000, Tol 1e-12 (relative change in (q, p/q)).
type FixedPointSettings struct {
	MaxIter int
	Tol     float64
}

// Validate returns ErrParam for MaxIter < 0 or a Tol that is not finite
// and >= 0 (0 means the default).
func (s FixedPointSettings) Validate() error {
	if s.MaxIter < 0 {
		return param.Err(ErrParam, "FixedPointSettings.MaxIter", s.MaxIter, "an integer >= 0 (0: 20000)")
	}
	if !(s.Tol >= 0) || math.IsInf(s.Tol, 0) {
		return param.Err(ErrParam, "FixedPointSettings.Tol", s.Tol, "finite and >= 0 (0: 1e-12)")
	}
	return nil
}

// NonCollapsedFixedPoint finds the stable fixed point with p < q that
// appears when the collapsed point is unstable (λ_a > 0, Fig. 2 bottom row)
// by iterating F from (d, 0) and polishing with Newton's method on
// F(q,p) − (q,p). It returns ErrNoFixedPoint if λ_a <= 0 (the iteration
// then runs to the collapsed point) or if it does not converge, and
// ErrParam for a model or settings out of range.
func NonCollapsedFixedPoint(m Model, s FixedPointSettings) (QP, error) {
	if err := m.Validate(); err != nil {
		return QP{}, err
	}
	if err := s.Validate(); err != nil {
		return QP{}, err
	}
	s.MaxIter = cmp.Or(s.MaxIter, 20000)
	s.Tol = cmp.Or(s.Tol, 1e-12)
	if LambdaA(m) <= 0 {
		return QP{}, fmt.Errorf("%w: lambda_a = %v <= 0, the collapsed point is stable", ErrNoFixedPoint, LambdaA(m))
	}
	q, p := m.D, 0.0
	for i := 0; i < s.MaxIter; i++ {
		qn, pn := F(m, q, p)
		dq := math.Abs(qn-q) / q
		dr := math.Abs(pn/qn - p/q)
		q, p = qn, pn
		if dq < 1e-6 && dr < 1e-6 {
			break
		}
	}
	// Newton polish with a forward-difference Jacobian (steps inside the
	// domain p < q).
	for it := 0; it < 50; it++ {
		fq, fp := F(m, q, p)
		rq, rp := fq-q, fp-p
		if math.Abs(rq) <= s.Tol*q && math.Abs(rp) <= s.Tol*q {
			if !(p < q*(1-1e-9)) {
				return QP{}, fmt.Errorf("%w: iteration returned to the collapsed line", ErrNoFixedPoint)
			}
			return QP{q, p}, nil
		}
		h := 1e-7 * q
		aq, ap := F(m, q+h, p)
		bq, bp := F(m, q, p-h)
		j11, j21 := (aq-fq)/h-1, (ap-fp)/h
		j12, j22 := -(bq-fq)/h, -(bp-fp)/h-1
		det := j11*j22 - j12*j21
		if det == 0 || math.IsNaN(det) {
			break
		}
		q -= (j22*rq - j12*rp) / det
		p -= (-j21*rq + j11*rp) / det
		if !(q > 0) || p > q || p < -q/float64(m.N-1) {
			break
		}
	}
	return QP{}, fmt.Errorf("%w: iteration from (d, 0) did not converge", ErrNoFixedPoint)
}

// LambdaAOneStep is the theory counterpart of the numerical angle exponent
// of App. A (eq. 24): the one-block expansion factor of 1 − p/q from
// (q, p),
//
//	ln[(1 − p′/q′)/(1 − p/q)],   (q′, p′) = F(q, p).
//
// The paper measures it from (d, 0.99d). It differs from λ_a (an
// eigenvalue minus one at (q*, q*)) in magnitude but has the same zero
// crossing (lib/sources/cowsik2024.md#protocol-lambda-a, #erratum-4). It panics if p >= q.
//
//sigprop:eq cowsik2024 eq24 erratum=lib/sources/cowsik2024.md#erratum-4
func LambdaAOneStep(m Model, q, p float64) float64 {
	if !(p < q) {
		panic("tokengeom: LambdaAOneStep needs p < q")
	}
	qn, pn := F(m, q, p)
	return math.Log((1 - pn/qn) / (1 - p/q))
}
