package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

func TestCollect(t *testing.T) {
	p := testPage(t)
	figs, metrics, tables, err := Collect(p.Notebook)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != 1 || len(metrics) != 2 || len(tables) != 1 {
		t.Fatalf("got %d figures, %d metrics, %d tables; want 1, 2, 1", len(figs), len(metrics), len(tables))
	}
	// In order, from both the string form (gonb) and the object form.
	if metrics[0].Name != "q* rel. error" || metrics[1].Name != "chi1 z-score" {
		t.Errorf("metrics out of order: %q, %q", metrics[0].Name, metrics[1].Name)
	}
	// The figure's data survives: the NaN point comes back as NaN and the
	// hash matches the figure built directly.
	if want := testFigure.Bundle(); figs[0].Hash() != want.Hash() {
		t.Error("collected figure differs from the rendered one")
	}

	// Bad bundles are errors naming the cell and output.
	for _, tc := range []struct {
		name, data, want string
	}{
		{"schema 2", `{"schema":2,"kind":"metric","metric":{"name":"m","value":0,"tolerance":1,"pass":true}}`, "schema version 2"},
		{"schema 2 as string", `"{\"schema\":2,\"kind\":\"metric\"}"`, "schema version 2"},
		{"kind without payload", `{"schema":1,"kind":"figure"}`, "without its payload"},
		{"not JSON", `"{oops"`, "bundle"},
	} {
		nb := &ipynb.Notebook{Cells: []ipynb.Cell{{CellType: "markdown"}, {CellType: "code", Outputs: []ipynb.Output{
			{OutputType: "stream", Name: "stdout", Text: "x"},
			{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: json.RawMessage(tc.data)}},
		}}}}
		_, _, _, err := Collect(nb)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "cell 2 output 2") {
			t.Errorf("%s: got %v, want an error with %q naming cell 2 output 2 (the second output of the second cell)", tc.name, err, tc.want)
		}
		// The page still renders and shows the problem.
		page, err := New().RenderNotebook(Page{Name: "bad", Notebook: nb})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !bytes.Contains(page, []byte("sigprop bundle could not be read")) || !bytes.Contains(page, []byte("sigprop data could not be read")) {
			t.Errorf("%s: page does not show the unreadable bundle", tc.name)
		}
	}
}

// TestPageUsesGivenBundles: a page given its notebook's decoded bundles
// renders the same bytes as one that decodes them itself, and reads no
// bundle again: with the notebook's bundle outputs spoiled after decoding,
// the page and the index entry still show what was decoded.
func TestPageUsesGivenBundles(t *testing.T) {
	p := testPage(t)
	want, err := New().RenderNotebook(p)
	if err != nil {
		t.Fatal(err)
	}
	wantEntry, err := NewIndexEntry(p, "x.html")
	if err != nil {
		t.Fatal(err)
	}
	p.Bundles = DecodeBundles(p.Notebook)
	spoiled := 0
	for ci := range p.Notebook.Cells {
		for oi := range p.Notebook.Cells[ci].Outputs {
			if o := &p.Notebook.Cells[ci].Outputs[oi]; o.Data[bundle.MIMEType] != nil {
				o.Data[bundle.MIMEType] = json.RawMessage(`"{oops"`)
				spoiled++
			}
		}
	}
	if spoiled < 4 {
		t.Fatalf("spoiled %d bundle outputs, want the test page's 4 or more", spoiled)
	}
	got, err := New().RenderNotebook(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("page rendered from the given bundles differs from the page that decoded them")
	}
	gotEntry, err := NewIndexEntry(p, "x.html")
	if err != nil {
		t.Fatal(err)
	}
	if gotEntry.Figures != wantEntry.Figures || gotEntry.Metrics != wantEntry.Metrics || gotEntry.MetricsPassed != wantEntry.MetricsPassed {
		t.Errorf("index entry %+v from the given bundles, want %+v", gotEntry, wantEntry)
	}
}
