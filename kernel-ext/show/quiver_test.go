package show

import (
	"math"
	"testing"
)

func TestQuiver(t *testing.T) {
	// Arrow 0 points along +x with lx = 2: tip at x + 2. Arrow 1 along
	// (1, 1) in the scaled frame (dx/lx = dy/ly): tip at (lx, ly)/√2.
	// Arrow 2 has no direction and is skipped.
	seg, heads := Quiver([]float64{0, 0, 5}, []float64{0, 0, 5}, []float64{3, 2, 0}, []float64{0, 0.5, 0}, 2, 0.5)
	if seg.Style != Line || heads.Style != Points {
		t.Errorf("styles %v, %v", seg.Style, heads.Style)
	}
	if len(seg.X) != 6 || len(heads.X) != 2 {
		t.Fatalf("got %d segment values and %d heads, want 6 and 2", len(seg.X), len(heads.X))
	}
	s := 1 / math.Sqrt2
	want := [][2]float64{{2, 0}, {2 * s, 0.5 * s}}
	for i, w := range want {
		if math.Abs(heads.X[i]-w[0]) > 1e-15 || math.Abs(heads.Y[i]-w[1]) > 1e-15 {
			t.Errorf("head %d = (%v, %v), want %v", i, heads.X[i], heads.Y[i], w)
		}
		if seg.X[3*i+1] != heads.X[i] || !math.IsNaN(seg.X[3*i+2]) {
			t.Errorf("segment %d = %v, want it to end at the head and break", i, seg.X[3*i:3*i+3])
		}
	}
}

func TestQuiverPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Quiver with lx = 0 did not panic")
		}
	}()
	Quiver([]float64{0}, []float64{0}, []float64{1}, []float64{1}, 0, 1)
}
