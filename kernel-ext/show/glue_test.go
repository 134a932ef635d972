package show

import (
	"math"
	"testing"
)

// TestRenderGlue: the bundle carries the number and the text the format
// gives; bad names, non-finite values and formats that do not format one
// number are errors.
func TestRenderGlue(t *testing.T) {
	b, err := RenderGlue("qstar", 0.63412, "%.3f")
	if err != nil {
		t.Fatal(err)
	}
	if b.Value.Name != "qstar" || float64(b.Value.Value) != 0.63412 || b.Value.Text != "0.634" {
		t.Errorf("got %+v", *b.Value)
	}
	if b, _ := RenderGlue("x", 1234.5678, ""); b.Value.Text != "1235" {
		t.Errorf("default format gave %q, want 1235 (%%.4g)", b.Value.Text)
	}
	for _, c := range []struct {
		name   string
		v      float64
		format string
	}{
		{"", 1, ""}, {"1x", 1, ""}, {"a b", 1, ""},
		{"a", math.NaN(), ""}, {"a", math.Inf(1), ""},
		{"a", 1, "%d"}, {"a", 1, "%f %f"},
	} {
		if _, err := RenderGlue(c.name, c.v, c.format); err == nil {
			t.Errorf("RenderGlue(%q, %v, %q) accepted it", c.name, c.v, c.format)
		}
	}
	if err := displayGlue("a", 1, "%g"); err != nil {
		t.Errorf("displayGlue outside a notebook: %v", err)
	}
}

// TestGlueInts: valid names glue without error outside a notebook (where
// the displays go nowhere), and a bad name panics as Glue does. That each
// value reaches the page is checked end to end by the pages of
// TestEveryNotebookAtCheapSettings (cmd/sigprop), which quote them.
func TestGlueInts(t *testing.T) {
	GlueInts(map[string]int{"width": 400, "draws": 8})
	GlueInts(nil)
	defer func() {
		if recover() == nil {
			t.Error("GlueInts with the name \"1x\" did not panic")
		}
	}()
	GlueInts(map[string]int{"ok": 1, "1x": 2})
}
