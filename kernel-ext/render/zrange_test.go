package render

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/result"
)

// TestPlaneZRange: a plane's fixed colour scale reaches the heat map (a
// loss on [0, ln 10] whose values span [1, 2]); without one the heat map
// keeps 0, 0: the data's range.
func TestPlaneZRange(t *testing.T) {
	p := result.Plane{Xs: []float64{0, 1}, Ys: []float64{0}, Z: []float64{1, 2}, ZName: "loss", ZMin: 0, ZMax: 2.302585, Record: result.Record{NoPaperFigure: true}}
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0 || h.Max != 2.302585 {
		t.Errorf("colour scale [%v, %v], want [0, 2.302585]", h.Min, h.Max)
	}
	p.ZMax = 0
	if h := Plane(show.Figure{ID: "p"}, p).Figures()[0].Heat; h.Min != 0 || h.Max != 0 {
		t.Errorf("colour scale [%v, %v], want the data's (0, 0)", h.Min, h.Max)
	}
}
