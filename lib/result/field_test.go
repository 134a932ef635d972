package result

import (
	"math"
	"testing"
)

// TestFieldWellformed: a good field passes; each planted caller bug
// (a short step list, a NaN step, a zero extent, a line whose X and Y
// differ in length) is caught.
func TestFieldWellformed(t *testing.T) {
	x := []float64{0, 1, 2}
	good := Field{Xs: x, Ys: x, DX: x, DY: x, LX: 0.1, LY: 0.1, Lines: []Line{{Name: "trajectory", X: x, Y: x}}}
	if err := good.Wellformed(); err != nil {
		t.Errorf("good field: %v", err)
	}
	bad := map[string]func(f *Field){
		"short steps":  func(f *Field) { f.DY = x[:2] },
		"NaN step":     func(f *Field) { f.DX = []float64{0, math.NaN(), 0} },
		"zero extent":  func(f *Field) { f.LY = 0 },
		"short line":   func(f *Field) { f.Lines = []Line{{Name: "trajectory", X: x, Y: x[:1]}} },
		"missing line": func(f *Field) { f.Checks = []Check{{Name: "z", Test: MaxZ, Sim: "a", Theory: "b"}} },
	}
	for name, plant := range bad {
		f := good
		plant(&f)
		if f.Wellformed() == nil {
			t.Errorf("%s: not caught", name)
		}
	}
}
