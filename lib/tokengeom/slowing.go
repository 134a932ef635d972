package tokengeom

import (
	"fmt"
	"math"
)

// Slowing is the approach of the token angle to the collapsed fixed point
// along a trajectory of F: δ_ℓ = 1 − p_ℓ/q_ℓ at layers ℓ = 0..L.
type Slowing struct {
	Layers []float64 // ℓ = 0, 1, …, L
	Delta  []float64 // δ_ℓ = 1 − p_ℓ/q_ℓ
}

// AngleApproach iterates F from (q0, p0) for steps blocks (Trajectory)
// and returns δ_ℓ = 1 − p_ℓ/q_ℓ, the distance of the token cosine from the
// collapsed fixed point p = q. Sec. 3.3 of Cowsik et al. 2024: for λ_a < 0
// it decays exponentially, δ_ℓ ∝ (1 + λ_a)^ℓ (the top eigenvalue of
// dF_{q*}, eq. (13)); at λ_a = 0 the linear term vanishes and the
// quadratic one gives δ_{ℓ+1} = δ_ℓ − aδ_ℓ² + O(δ³), so δ_ℓ = 1/(aℓ) +
// O(log ℓ/ℓ²): the O(1/L) approach, critical slowing down. Errors are
// Trajectory's.
func AngleApproach(m Model, q0, p0 float64, steps int) (Slowing, error) {
	tr, err := Trajectory(m, q0, p0, steps)
	if err != nil {
		return Slowing{}, err
	}
	s := Slowing{Layers: make([]float64, len(tr)), Delta: make([]float64, len(tr))}
	for i, x := range tr {
		s.Layers[i], s.Delta[i] = float64(i), 1-x.P/x.Q
	}
	return s, nil
}

// LogSlope returns the least-squares slope of log δ_ℓ against log ℓ over
// the layers lo ≤ ℓ ≤ hi: −1 in the limit at λ_a = 0, with a local
// correction O(log ℓ/ℓ). It panics unless 1 ≤ lo < hi ≤ L, and returns
// NaN if some δ in the range is not positive.
func (s Slowing) LogSlope(lo, hi int) float64 {
	return s.fit(lo, hi, math.Log)
}

// LinSlope returns the least-squares slope of log δ_ℓ against ℓ over
// lo ≤ ℓ ≤ hi: ln(1 + λ_a) in the limit for λ_a < 0. It panics as LogSlope.
func (s Slowing) LinSlope(lo, hi int) float64 {
	return s.fit(lo, hi, func(x float64) float64 { return x })
}

func (s Slowing) fit(lo, hi int, fx func(float64) float64) float64 {
	if lo < 1 || hi <= lo || hi >= len(s.Delta) {
		panic(fmt.Sprintf("tokengeom: slope needs 1 <= lo < hi <= %d (got %d, %d)", len(s.Delta)-1, lo, hi))
	}
	var sx, sy, sxx, sxy float64
	n := float64(hi - lo + 1)
	for l := lo; l <= hi; l++ {
		if !(s.Delta[l] > 0) {
			return math.NaN()
		}
		x, y := fx(float64(l)), math.Log(s.Delta[l])
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	return (n*sxy - sx*sy) / (n*sxx - sx*sx)
}

// EdgeGap returns, for each α of alphas (α_A = α_M = α, the rest of
// base), the σ_w of the λ_a = 0 contour (EdgeOfChaosSigmaW, eq. (13)) and
// of the λ_g^(L) = 0 contour (GradientEdgeSigmaW, eq. (21) at depth L and
// base.N tokens, variant v), both bracketed in [lo, hi]. Cowsik et al. 2024
// (Sec. 4.2, Fig. 5) state that λ_g = 0 needs a smaller σ_w than λ_a = 0:
// sg ≤ sa. Errors: a contour that does not cross the bracket.
func EdgeGap(base Model, alphas []float64, L int, v Variant, lo, hi float64) (sa, sg []float64, err error) {
	for _, a := range alphas {
		m := base
		m.AlphaA, m.AlphaM = a, a
		x, err := EdgeOfChaosSigmaW(m, lo, hi)
		if err != nil {
			return nil, nil, fmt.Errorf("tokengeom: λ_a = 0 at α = %g: %w", a, err)
		}
		y, err := GradientEdgeSigmaW(m, L, v, lo, hi)
		if err != nil {
			return nil, nil, fmt.Errorf("tokengeom: λ_g = 0 at α = %g: %w", a, err)
		}
		sa, sg = append(sa, x), append(sg, y)
	}
	return sa, sg, nil
}

// InverseDepth returns the critical 1/L law drawn through the last layer
// L of the approach, δ_L·L/ℓ at each ℓ of at: the O(1/L) approach of the
// edge λ_a = 0 (AngleApproach; Sec. 3.3 of Cowsik et al. 2024). It panics
// unless the approach has a layer beyond 0.
func (s Slowing) InverseDepth(at []float64) []float64 {
	n := len(s.Delta) - 1
	if n < 1 {
		panic(fmt.Sprintf("tokengeom: InverseDepth needs an approach of at least one layer, got %d", n))
	}
	cL := s.Delta[n] * float64(n) // δ_L·L at the last layer: the 1/L reference through it
	out := make([]float64, len(at))
	for i, l := range at {
		out[i] = cL / l
	}
	return out
}

// OrderedRate is ln(1 + λ_a), the rate per block at which ln δ_ℓ falls
// in the ordered phase (λ_a < 0): δ_ℓ ∝ (1 + λ_a)^ℓ with 1 + λ_a the top
// eigenvalue of dF at the collapsed fixed point (eq. (13) of Cowsik et
// al. 2024, LambdaA). Slowing.LinSlope estimates it from a trajectory.
//
//sigprop:eq cowsik2024 eq13
func OrderedRate(m Model) float64 { return math.Log1p(LambdaA(m)) }
