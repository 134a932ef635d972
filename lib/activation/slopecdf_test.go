package activation

import (
	"math"
	"testing"
)

// TestSlopeCDF checks the law of φ′(u), u ~ N(0, q), against closed forms:
//   - piecewise-linear φ: P(φ′ ≤ t) = 1 − μ₁ for t ∈ [0, 1), 1 for t ≥ 1,
//     0 for t < 0 (μ₁ = P(φ′ = 1) from the closed forms above);
//   - erf: φ′ = e^{−πu²/4} ≤ t ⇔ |u| ≥ √(−4 ln t/π), so
//     P = erfc(√(−4 ln t/π)/√(2q));
//   - tanh: 1 − tanh²u ≤ t ⇔ |u| ≥ atanh √(1−t).
//
// Tolerance 1e-12 absolute (bisection to 1e-15, erfc exact).
func TestSlopeCDF(t *testing.T) {
	for _, q := range []float64{0.2, 1, 2} {
		for _, name := range []string{"relu", "hardtanh", "shifted_relu"} {
			f, _ := ByName(name)
			p := f.Mu(q, 1)
			for _, c := range []struct{ t, want float64 }{{-0.1, 0}, {0, 1 - p}, {0.5, 1 - p}, {0.999, 1 - p}, {1, 1}} {
				if got := f.SlopeCDF(q, c.t); math.Abs(got-c.want) > 1e-12 {
					t.Errorf("%s q=%v: P(φ′ ≤ %v) = %.15f want %.15f", name, q, c.t, got, c.want)
				}
			}
		}
		for _, tt := range []float64{0.05, 0.3, 0.7, 0.95} {
			u := math.Sqrt(-4 * math.Log(tt) / math.Pi)
			want := math.Erfc(u / math.Sqrt(2*q))
			if got := Erf().SlopeCDF(q, tt); math.Abs(got-want) > 1e-12 {
				t.Errorf("erf q=%v t=%v: %.15f want %.15f", q, tt, got, want)
			}
			u = math.Atanh(math.Sqrt(1 - tt))
			want = math.Erfc(u / math.Sqrt(2*q))
			if got := Tanh().SlopeCDF(q, tt); math.Abs(got-want) > 1e-12 {
				t.Errorf("tanh q=%v t=%v: %.15f want %.15f", q, tt, got, want)
			}
		}
	}
	// SiLU: monotone in t, 0 below min φ′ ≈ −0.0998, 1 above max ≈ 1.0998.
	s := SmoothedReLU()
	prev := -1.0
	for tt := -0.2; tt <= 1.2; tt += 0.05 {
		v := s.SlopeCDF(1, tt)
		if v < prev-1e-15 || v < 0 || v > 1 {
			t.Errorf("SiLU CDF not monotone in [0,1] at t=%v: %v after %v", tt, v, prev)
		}
		prev = v
	}
	if s.SlopeCDF(1, -0.2) != 0 || s.SlopeCDF(1, 1.2) != 1 {
		t.Errorf("SiLU CDF ends: %v %v", s.SlopeCDF(1, -0.2), s.SlopeCDF(1, 1.2))
	}
}
