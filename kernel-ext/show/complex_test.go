package show

import (
	"math"
	"testing"
)

// ComplexPoints splits real and imaginary parts point by point.
func TestComplexPoints(t *testing.T) {
	s := ComplexPoints("eigs", []complex128{1, complex(0.5, -0.25), complex(-2, 3)})
	wantX, wantY := []float64{1, 0.5, -2}, []float64{0, -0.25, 3}
	if s.Name != "eigs" || s.Style != Points || len(s.X) != 3 || len(s.Y) != 3 {
		t.Fatalf("got %+v", s)
	}
	for i := range wantX {
		if s.X[i] != wantX[i] || s.Y[i] != wantY[i] {
			t.Errorf("point %d: (%v, %v), want (%v, %v)", i, s.X[i], s.Y[i], wantX[i], wantY[i])
		}
	}
}

// Every point of Circle lies at distance r from 0 (to rounding), the
// curve is closed, and the quarter points are where the angles say.
func TestCircle(t *testing.T) {
	const r = 0.3
	s := Circle("c", r, 201)
	if len(s.X) != 201 || s.Style != Line {
		t.Fatalf("%d points, style %v", len(s.X), s.Style)
	}
	for i := range s.X {
		if d := math.Hypot(s.X[i], s.Y[i]); math.Abs(d-r) > 1e-15 {
			t.Errorf("point %d at distance %v, want %v", i, d, r)
		}
	}
	if math.Abs(s.X[200]-s.X[0]) > 1e-15 || math.Abs(s.Y[200]-s.Y[0]) > 1e-15 {
		t.Errorf("not closed: (%v, %v) vs (%v, %v)", s.X[200], s.Y[200], s.X[0], s.Y[0])
	}
	// angle π/2 at index 50 of 200 steps: (0, r).
	if math.Abs(s.X[50]) > 1e-15 || math.Abs(s.Y[50]-r) > 1e-15 {
		t.Errorf("quarter point (%v, %v), want (0, %v)", s.X[50], s.Y[50], r)
	}
	defer func() {
		if recover() == nil {
			t.Error("n = 1 did not panic")
		}
	}()
	Circle("c", r, 1)
}
