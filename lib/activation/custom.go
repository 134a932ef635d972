package activation

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/num/dual"
)

// Props are the properties of a user's φ that the theories read (see the
// fields of Func): where φ or φ′ has kinks, the smoothness length Scale
// (0 means 1, gauss's default; +Inf declares φ piecewise linear), whether
// φ is odd, and its degree of positive homogeneity (0: not homogeneous).
// Check verifies every one that is declared.
type Props struct {
	Kinks  []float64
	Scale  float64
	Odd    bool
	Degree float64
}

// FromDual returns the Func with φ(h) = phi(h + 0ϵ).Real and φ′ by
// forward-mode automatic differentiation, φ′(h) = phi(h + 1ϵ).Emag (dual
// numbers, gonum num/dual): exact to rounding wherever phi is built from
// dual operations. The properties p are checked as by Check. No closed
// forms: every Gaussian moment is by quadrature.
func FromDual(name string, phi func(dual.Number) dual.Number, p Props) (Func, error) {
	f := fromProps(name, p)
	f.Phi = func(h float64) float64 { return phi(dual.Number{Real: h}).Real }
	f.DPhi = func(h float64) float64 { return phi(dual.Number{Real: h, Emag: 1}).Emag }
	f.PhiDPhi = func(h float64) (float64, float64) {
		d := phi(dual.Number{Real: h, Emag: 1})
		return d.Real, d.Emag
	}
	return f, Check(f)
}

// New returns the Func with the given φ and φ′ and properties p, after
// Check: φ′ must match the derivative of φ, so a wrong φ′ is an error
// rather than a silently wrong theory.
func New(name string, phi, dphi func(float64) float64, p Props) (Func, error) {
	if phi == nil || dphi == nil {
		panic("activation: New needs both phi and dphi")
	}
	f := fromProps(name, p)
	f.Phi, f.DPhi = phi, dphi
	return f, Check(f)
}

func fromProps(name string, p Props) Func {
	k := append([]float64(nil), p.Kinks...)
	sort.Float64s(k)
	return Func{Name: name, Kinks: k, Scale: p.Scale, Odd: p.Odd, Degree: p.Degree}
}

// checkPoints are where Check evaluates φ: irregular, so that no period
// or symmetry of a test function hides behind them.
var checkPoints = []float64{-4.3, -2.71, -1.37, -0.83, -0.29, -0.011, 0.017, 0.33, 0.77, 1.19, 2.23, 3.61}

// Check verifies f's declared properties numerically at fixed points
// (away from f.Kinks by more than 1e-3) and returns an error naming the
// first that fails:
//
//   - φ and φ′ finite;
//   - φ′ against the 4-point central difference of φ with step
//     δ = 1e-3·max(1, |h|) (truncation δ⁴φ⁽⁵⁾/30, rounding ~ε|φ|/δ):
//     tolerance 1e-6·max(1, |φ′|, |φ|);
//   - Odd: |φ(−h) + φ(h)| ≤ 1e-12·max(1, |φ(h)|);
//   - Degree k > 0: φ(λh) = λ^k φ(h) for λ ∈ {0.37, 2.9}, 1e-12 relative;
//   - PiecewiseLinear (Scale = +Inf): φ′ constant between kinks.
func Check(f Func) error {
	if f.Phi == nil || f.DPhi == nil {
		return fmt.Errorf("activation: %v: Phi and DPhi must be set", f)
	}
	if f.Scale < 0 || math.IsNaN(f.Scale) || f.Degree < 0 || math.IsNaN(f.Degree) {
		return fmt.Errorf("activation: %v: Scale must be >= 0 (got %v) and Degree >= 0 (got %v)", f, f.Scale, f.Degree)
	}
	nearKink := func(h float64) bool {
		for _, k := range f.Kinks {
			if math.Abs(h-k) < 1e-3*math.Max(1, math.Abs(h))+1e-3 {
				return true
			}
		}
		return false
	}
	for _, h := range checkPoints {
		p, d := f.Both(h)
		if math.IsNaN(p) || math.IsInf(p, 0) || math.IsNaN(d) || math.IsInf(d, 0) {
			return fmt.Errorf("activation: %v: φ(%v) = %v, φ′ = %v not finite", f, h, p, d)
		}
		if f.Odd {
			if m := f.Phi(-h); math.Abs(m+p) > 1e-12*math.Max(1, math.Abs(p)) {
				return fmt.Errorf("activation: %v declared odd but φ(%v) = %v, φ(%v) = %v", f, -h, m, h, p)
			}
		}
		if f.Degree > 0 {
			for _, l := range []float64{0.37, 2.9} {
				want := math.Pow(l, f.Degree) * p
				if got := f.Phi(l * h); math.Abs(got-want) > 1e-12*math.Max(math.Abs(want), 1e-300) {
					return fmt.Errorf("activation: %v declared homogeneous of degree %v but φ(%v·%v) = %v, not %v", f, f.Degree, l, h, got, want)
				}
			}
		}
		if nearKink(h) {
			continue
		}
		dh := 1e-3 * math.Max(1, math.Abs(h))
		if nearKink(h-2*dh) || nearKink(h+2*dh) {
			continue
		}
		num := (f.Phi(h-2*dh) - 8*f.Phi(h-dh) + 8*f.Phi(h+dh) - f.Phi(h+2*dh)) / (12 * dh)
		if math.Abs(num-d) > 1e-6*math.Max(1, math.Max(math.Abs(d), math.Abs(p))) {
			return fmt.Errorf("activation: %v: φ′(%v) = %v but the central difference of φ is %v", f, h, d, num)
		}
	}
	if f.PiecewiseLinear() {
		edges := append([]float64{math.Inf(-1)}, f.Kinks...)
		edges = append(edges, math.Inf(1))
		for i := 0; i+1 < len(edges); i++ {
			a, b := math.Max(edges[i], -8), math.Min(edges[i+1], 8)
			if !(b > a) {
				continue
			}
			d0 := f.DPhi(a + 0.25*(b-a))
			for _, t := range []float64{0.5, 0.75} {
				if d := f.DPhi(a + t*(b-a)); d != d0 {
					return fmt.Errorf("activation: %v declared piecewise linear (Scale = +Inf) but φ′ varies between kinks on (%v, %v): %v, %v", f, edges[i], edges[i+1], d0, d)
				}
			}
		}
	}
	return nil
}
