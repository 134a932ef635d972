package show

import (
	"testing"
)

func TestByLayer(t *testing.T) {
	s := ByLayer("a", []float64{3, 4, 5}, nil, Points)
	if len(s.X) != 3 || s.X[0] != 0 || s.X[2] != 2 || s.Y[1] != 4 || s.Style != Points || s.Name != "a" {
		t.Errorf("ByLayer = %+v", s)
	}
}

// Each cell's value encodes its four indices, so the test reads the
// layout back: Z[j*nx+i] with i = ox·nix+ix, j = oy·niy+iy.
func TestNestedHeat(t *testing.T) {
	h := NestedHeat("f", "z", 2, 3, 4, 5, func(ox, oy, ix, iy int) float64 {
		return float64(1000*ox + 100*oy + 10*ix + iy)
	})
	if len(h.X) != 8 || len(h.Y) != 15 || len(h.Z) != 120 {
		t.Fatalf("sizes %d, %d, %d", len(h.X), len(h.Y), len(h.Z))
	}
	for j := 0; j < 15; j++ {
		for i := 0; i < 8; i++ {
			want := float64(1000*(i/4) + 100*(j/5) + 10*(i%4) + j%5)
			if got := h.Z[j*8+i]; got != want {
				t.Fatalf("Z at (%d, %d) = %g, want %g", i, j, got, want)
			}
		}
	}
	if _, _, err := RenderFigure(Figure{ID: "x", Heat: h}); err != nil {
		t.Error(err)
	}
	defer func() {
		if recover() == nil {
			t.Error("zero size: no panic")
		}
	}()
	NestedHeat("f", "z", 0, 1, 1, 1, nil)
}
