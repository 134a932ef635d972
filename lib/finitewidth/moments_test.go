package finitewidth

import (
	"math"
	"testing"

	"github.com/sigprop/sigprop/lib/activation"
	"github.com/sigprop/sigprop/lib/gauss"
)

func mustAct(t testing.TB, name string, p ...float64) activation.Func {
	t.Helper()
	f, err := activation.ByName(name, p...)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestMomentsAgainstClosedForms: ReLU and linear have every moment in
// closed form (⟨relu²⟩ = K/2, ⟨relu⁴⟩ = 3K²/2, D1 = 1/2, D2 = 0;
// linear K, 3K², 1, 0); erf's D2 is checked against a five-point second
// difference of its closed second moment (2/π) asin(πK/(2 + πK))
// (step h = K/400: at K/20 the truncation error h⁴f⁽⁶⁾/90 is still
// 1e-5 relative at K = 7; at K/400 the difference is ≤ 5e-10 relative,
// roundoff ε·f/h² included; tolerance 1e-8), and
// tanh's D1 (activation's Stein form ⟨uφφ′⟩/K) against the He₂ form by
// quadrature in this test (two independent routes, 1e-11).
func TestMomentsAgainstClosedForms(t *testing.T) {
	for _, k := range []float64{0.01, 0.3, 1, 7} {
		relu := GaussMoments(mustAct(t, "relu"), k)
		lin := GaussMoments(mustAct(t, "linear"), k)
		for _, c := range []struct {
			name      string
			got, want float64
		}{
			{"relu M2", relu.M2, k / 2}, {"relu M4", relu.M4, 1.5 * k * k},
			{"relu D1", relu.D1, 0.5}, {"relu D2·K", relu.D2 * k, 0},
			{"linear M4", lin.M4, 3 * k * k}, {"linear D2·K", lin.D2 * k, 0},
		} {
			if math.Abs(c.got-c.want) > 1e-12*math.Max(1, math.Abs(c.want))*math.Max(1, k) {
				t.Errorf("K = %v: %s = %.16g, want %.16g", k, c.name, c.got, c.want)
			}
		}
		erf := mustAct(t, "erf")
		f := func(q float64) float64 { return 2 / math.Pi * math.Asin(math.Pi*q/(2+math.Pi*q)) }
		h := k / 400
		d2 := (-f(k+2*h) + 16*f(k+h) - 30*f(k) + 16*f(k-h) - f(k-2*h)) / (12 * h * h)
		if m := GaussMoments(erf, k); math.Abs(m.D2/d2-1) > 1e-8 {
			t.Errorf("erf K = %v: D2 = %.12g, finite difference of the closed form %.12g", k, m.D2, d2)
		}
		tanh := mustAct(t, "tanh")
		he2 := gauss.Expect(func(u float64) float64 { v := math.Tanh(u); return v * v * (u*u/k - 1) }, k, nil) / (2 * k)
		if m := GaussMoments(tanh, k); math.Abs(m.D1-he2) > 1e-11*math.Abs(he2) {
			t.Errorf("tanh K = %v: D1 = %.15g (Stein), He₂ form %.15g", k, m.D1, he2)
		}
	}
}
