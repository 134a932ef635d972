package tokengeom

import (
	"errors"
	"math"
	"testing"
)

// The vector field is F in other coordinates: check it against F at the
// reference point of lib/sources/cowsik2024.md#figure-2, and that the collapsed fixed point is a zero of it.
func TestVectorField(t *testing.T) {
	m := NewModel(a8, a8, 2)
	// lib/sources/cowsik2024.md#checks: F(64, 32) = (70.493704525004, 35.427178162751) at σ_w = 2.
	a := VectorField(m, []float64{1}, []float64{0.5})
	if len(a) != 1 {
		t.Fatalf("len = %d, want 1", len(a))
	}
	wantX, wantY := 70.493704525004/64-1, 35.427178162751/70.493704525004-0.5
	if math.Abs(a[0].DX-wantX) > 1e-9 || math.Abs(a[0].DY-wantY) > 1e-9 {
		t.Errorf("arrow at (1, 0.5) = (%v, %v), want (%v, %v)", a[0].DX, a[0].DY, wantX, wantY)
	}
	qs, err := QStar(m)
	if err != nil {
		t.Fatal(err)
	}
	z := VectorField(m, []float64{qs / m.D}, []float64{1})[0]
	if math.Abs(z.DX) > 1e-12 || math.Abs(z.DY) > 1e-12 {
		t.Errorf("arrow at the collapsed fixed point = (%v, %v), want 0", z.DX, z.DY)
	}
	g := VectorField(m, []float64{0.5, 1, 2}, []float64{0, 0.5})
	if len(g) != 6 || g[1].X != 0.5 || g[1].Y != 0.5 || g[2].X != 1 || g[2].Y != 0 {
		t.Errorf("grid order: got %+v, want y fastest", g)
	}
}

func TestTrajectoryXY(t *testing.T) {
	m := NewModel(a8, a8, 1)
	tr, err := Trajectory(m, m.D, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	x, y := TrajectoryXY(m, tr)
	// lib/sources/cowsik2024.md#figure-2: layer 1 at (q/d, p/q) = (0.79633493, 0.00055522).
	if x[0] != 1 || y[0] != 0 || math.Abs(x[1]-0.79633493) > 1e-8 || math.Abs(y[1]-0.00055522) > 1e-8 {
		t.Errorf("trajectory = %v, %v", x, y)
	}
}

func TestEdge(t *testing.T) {
	// The notes' (lib/sources/cowsik2024.md) λ_a = 0 contour (lib/sources/cowsik2024.md#figure-4): α = 0.5 → σ_w = 1.713125.
	ex, ey := Edge([]float64{0.5}, func(a float64) (float64, error) {
		return EdgeOfChaosSigmaW(NewModel(a, a, 1), 0.2, 4)
	})
	if len(ex) != 1 || math.Abs(ey[0]-1.713125) > 1e-6 {
		t.Errorf("edge = %v, %v, want σ_w = 1.713125 at α = 0.5", ex, ey)
	}
	ex, _ = Edge([]float64{1, 2, 3}, func(x float64) (float64, error) {
		if x == 2 {
			return 0, errors.New("no root")
		}
		return x, nil
	})
	if len(ex) != 2 || ex[0] != 1 || ex[1] != 3 {
		t.Errorf("Edge kept %v, want the x with a root: [1 3]", ex)
	}
}
