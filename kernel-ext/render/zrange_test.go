package render

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// TestPlaneZRange: a plane's ZMin and ZMax fix its colour bar (the heat
// map's Min and Max); left 0 they leave it to the data (0, 0).
func TestPlaneZRange(t *testing.T) {
	p := result.Plane{Xs: []float64{0, 1}, Ys: []float64{0}, Z: []float64{0.3, 0.6}, ZName: "acc", Record: result.Record{NoPaperFigure: true}}
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0 || h.Max != 0 {
		t.Errorf("no range: min %v max %v, want 0 0", h.Min, h.Max)
	}
	p.ZMin, p.ZMax = 0.1, 0.8
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0.1 || h.Max != 0.8 {
		t.Errorf("range: min %v max %v, want 0.1 0.8", h.Min, h.Max)
	}
}
