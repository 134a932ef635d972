package show

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
)

func TestDisplayOutsideNotebook(t *testing.T) {
	// Under go test gonbui.IsNotebook is false: Display validates, renders
	// and returns nil without touching any pipe.
	f := Figure{ID: "a", Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}}
	if err := DisplayFigure(f); err != nil {
		t.Fatal(err)
	}
	if err := DisplayMetric(NewMetric("m", 0.1, 1, "")); err != nil {
		t.Fatal(err)
	}
	if err := DisplayTable(bundle.Table{Header: []string{"a"}, Rows: [][]string{{"1"}}}); err != nil {
		t.Fatal(err)
	}
}

// TestDisplayRejects: the Display wrappers return the renderers' errors
// (picture's tests list the cases) rather than sending a display.
func TestDisplayRejects(t *testing.T) {
	if err := DisplayFigure(Figure{Series: []Series{{X: []float64{1}, Y: []float64{1}}}}); err == nil {
		t.Error("DisplayFigure accepted a figure without an ID")
	}
	stale := Figure{ID: "b", Caption: "at σ_w² = 3", Params: map[string]float64{"sigma_w2": 2.5},
		Series: []Series{{X: []float64{1}, Y: []float64{1}}}}
	if err := DisplayFigure(stale); err == nil {
		t.Error("DisplayFigure accepted a caption stating σ_w² = 3 with Params sigma_w2 = 2.5")
	}
	if err := DisplayTable(bundle.Table{}); err == nil {
		t.Error("DisplayTable accepted a table without a header")
	}
	if err := DisplayMetric(Metric{}); err == nil {
		t.Error("DisplayMetric accepted a metric without a name")
	}
}
