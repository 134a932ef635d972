package result

import "testing"

// TestRangedPlaneWellformed: the Plane's own bug and an empty colour range
// are caught; a well-formed value passes.
func TestRangedPlaneWellformed(t *testing.T) {
	x := []float64{0, 1}
	good := RangedPlane{Plane: Plane{Xs: x, Ys: x, Z: []float64{1, 2, 3, 4}}, Min: 1, Max: 4}
	if err := good.Wellformed(); err != nil {
		t.Errorf("good: %v", err)
	}
	short, empty := good, good
	short.Z = x
	empty.Max = 1
	for name, p := range map[string]RangedPlane{"3 values on 2 × 2": short, "Max = Min": empty} {
		if p.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
