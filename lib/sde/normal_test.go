package sde

import (
	"math"
	"slices"
	"testing"

	"github.com/sigprop/sigprop/lib/empirical"
)

// TestGaussZiggurat: 10⁶ draws of the integrator's normal generator against
// N(0, 1): KS distance to Φ below the 0.1% critical value 1.949/√n = 0.00195,
// mean, variance and fourth moment within 4.5 standard errors, and the tail
// beyond the ziggurat's base strip (|x| > 3.4426, probability 5.76e-4) hit at
// the right rate (Poisson se √(np)).
func TestGaussZiggurat(t *testing.T) {
	const n = 1000000
	g := newGauss(1, 2)
	x := make([]float64, n)
	var s1, s2, s4 float64
	tail := 0
	for i := range x {
		v := g.norm()
		x[i] = v
		s1 += v
		s2 += v * v
		s4 += v * v * v * v
		if math.Abs(v) > empirical.ZigguratR {
			tail++
		}
	}
	slices.Sort(x)
	d := 0.0
	for i, v := range x {
		f := 0.5 * math.Erfc(-v/math.Sqrt2)
		d = math.Max(d, math.Max(math.Abs(f-float64(i)/n), math.Abs(f-float64(i+1)/n)))
	}
	if d > 1.949/math.Sqrt(n) {
		t.Errorf("KS to Φ = %v", d)
	}
	m, v, k := s1/n, s2/n, s4/n
	if math.Abs(m) > 4.5/math.Sqrt(n) || math.Abs(v-1) > 4.5*math.Sqrt(2.0/n) || math.Abs(k-3) > 4.5*math.Sqrt(96.0/n) {
		t.Errorf("moments: mean %v var %v m4 %v", m, v, k)
	}
	p := math.Erfc(empirical.ZigguratR / math.Sqrt2)
	if math.Abs(float64(tail)-n*p) > 4.5*math.Sqrt(n*p) {
		t.Errorf("tail count %d, want %.0f", tail, n*p)
	}
}
