package show

import (
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

func TestDisplayOutsideNotebook(t *testing.T) {
	// Under go test there is no $GONB_PIPE (notebook is nil): Display validates, renders
	// and returns nil without touching any pipe.
	f := Figure{ID: "a", Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}}}}
	if err := displayFigure(f); err != nil {
		t.Fatal(err)
	}
	if err := displayMetric(newMetric("m", 0.1, 1, "")); err != nil {
		t.Fatal(err)
	}
	if err := displayTable(bundle.Table{Header: []string{"a"}, Rows: [][]string{{"1"}}}); err != nil {
		t.Fatal(err)
	}
}

// TestDisplayRejects: the Display wrappers return the renderers' errors
// (picture's tests list the cases) rather than sending a display.
func TestDisplayRejects(t *testing.T) {
	if err := displayFigure(Figure{Series: []Series{{X: []float64{1}, Y: []float64{1}}}}); err == nil {
		t.Error("displayFigure accepted a figure without an ID")
	}
	stale := Figure{ID: "b", Caption: "at σ_w² = 3", Params: map[string]float64{"sigma_w2": 2.5},
		Series: []Series{{X: []float64{1}, Y: []float64{1}}}}
	if err := displayFigure(stale); err == nil {
		t.Error("displayFigure accepted a caption stating σ_w² = 3 with Params sigma_w2 = 2.5")
	}
	if err := displayTable(bundle.Table{}); err == nil {
		t.Error("displayTable accepted a table without a header")
	}
	if err := displayMetric(Metric{}); err == nil {
		t.Error("displayMetric accepted a metric without a name")
	}
}
