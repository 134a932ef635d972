package show

import (
	"math"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
)

// Four values on [0, 1] in two bins: densities 2·(3/4) and 2·(1/4); the
// KDE of one point at its centre is 1/(h√(2π)) with Scott's fallback
// bandwidth h = 1e-3 for a single value.
func TestDensitySeries(t *testing.T) {
	h := HistSeries("h", []float64{0.1, 0.2, 0.3, 0.9}, 0, 1, 2, Points)
	if h.Name != "h" || h.Style != Points || len(h.X) != 2 || h.X[0] != 0.25 || h.Y[0] != 1.5 || h.Y[1] != 0.5 {
		t.Errorf("HistSeries = %+v", h)
	}
	k := KDESeries("k", []float64{0.5}, 0, 1, 3, Line)
	want := 1 / (1e-3 * math.Sqrt(2*math.Pi))
	if len(k.X) != 3 || k.X[1] != 0.5 || math.Abs(k.Y[1]/want-1) > 1e-12 || k.Y[0] != 0 {
		t.Errorf("KDESeries = %+v, want %v at 0.5 and 0 at the ends", k, want)
	}
}

// A Dashed series is drawn as a line with a dash pattern, the others
// without one.
func TestDashedStyle(t *testing.T) {
	f := Figure{ID: "d", Series: []Series{{Name: "a", X: []float64{0, 1}, Y: []float64{0, 1}, Style: Dashed}}}
	svg, _, err := picture.RenderFigure(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "stroke-dasharray") {
		t.Error("Dashed series drawn without a dash pattern")
	}
	f.Series[0].Style = Line
	if svg, _, _ = picture.RenderFigure(f); strings.Contains(string(svg), "stroke-dasharray") {
		t.Error("Line series drawn with a dash pattern")
	}
	if Dashed.String() != "dashed" {
		t.Errorf("Dashed.String() = %q", Dashed.String())
	}
}

// Colour k+1 draws a series in series k's colour.
func TestSeriesColour(t *testing.T) {
	a := Series{Name: "a", X: []float64{0, 1}, Y: []float64{0, 1}}
	b := Series{Name: "b", X: []float64{0, 1}, Y: []float64{1, 0}, Style: Dashed}
	svg, _, err := picture.RenderFigure(Figure{ID: "c", Series: []Series{a, b}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "#D55E00") {
		t.Error("second series not in the second colour by default")
	}
	b.Colour = 1
	if svg, _, _ = picture.RenderFigure(Figure{ID: "c", Series: []Series{a, b}}); strings.Contains(string(svg), "#D55E00") {
		t.Error("Colour = 1 did not draw the second series in the first colour")
	}
}
