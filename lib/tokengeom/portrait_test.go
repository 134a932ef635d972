package tokengeom

import (
	"math"
	"testing"
)

// In the ordered phase (σ_w = 1) the portrait has one fixed point, the
// collapsed one; in the chaotic phase (σ_w = 5) a second, with p < q. Each
// is checked to be a fixed point of F itself, and the trajectory against
// the notes' (lib/sources/cowsik2024.md) layer-1 iterate.
func TestPhasePortrait(t *testing.T) {
	xs, ys := []float64{0.5, 1}, []float64{0.1, 0.5, 0.9}
	for _, c := range []struct {
		sw    float64
		fixed int
	}{{1, 1}, {5, 2}} {
		m := NewModel(a8, a8, c.sw)
		pt, err := PhasePortrait(m, xs, ys, m.D, 0, 16)
		if err != nil {
			t.Fatal(err)
		}
		if len(pt.Field) != 6 || len(pt.TrajX) != 17 || len(pt.TrajY) != 17 {
			t.Errorf("σ_w = %g: %d arrows, %d trajectory points, want 6 and 17", c.sw, len(pt.Field), len(pt.TrajX))
		}
		if (pt.LambdaA > 0) != (c.fixed == 2) || len(pt.FixedX) != c.fixed || len(pt.FixedY) != c.fixed {
			t.Fatalf("σ_w = %g: λ_a = %v and %d fixed points, want %d", c.sw, pt.LambdaA, len(pt.FixedX), c.fixed)
		}
		if pt.FixedY[0] != 1 {
			t.Errorf("σ_w = %g: the first fixed point has p/q = %v, want the collapsed 1", c.sw, pt.FixedY[0])
		}
		for k := range pt.FixedX {
			q, p := pt.FixedX[k]*m.D, pt.FixedY[k]*pt.FixedX[k]*m.D
			qn, pn := F(m, q, p)
			if math.Abs(qn-q) > 1e-8*q || math.Abs(pn-p) > 1e-8*q {
				t.Errorf("σ_w = %g, fixed point %d: F(%v, %v) = (%v, %v)", c.sw, k, q, p, qn, pn)
			}
			if k == 1 && !(pt.FixedY[1] < 1) {
				t.Errorf("σ_w = %g: the non-collapsed fixed point has p/q = %v", c.sw, pt.FixedY[1])
			}
		}
	}
	// lib/sources/cowsik2024.md#figure-2: at σ_w = 1 layer 1 is (q/d, p/q) = (0.79633493, 0.00055522).
	m := NewModel(a8, a8, 1)
	pt, err := PhasePortrait(m, xs, ys, m.D, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(pt.TrajX[1]-0.79633493) > 1e-8 || math.Abs(pt.TrajY[1]-0.00055522) > 1e-8 {
		t.Errorf("layer 1 = (%v, %v)", pt.TrajX[1], pt.TrajY[1])
	}
}
