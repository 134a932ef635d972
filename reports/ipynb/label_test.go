package ipynb

import "testing"

// TestCellLabel: cells are named by their 1-based position in the notebook
// as its author wrote it; a cell a -p run added (InjectedTag) is not
// counted, and is named as such.
func TestCellLabel(t *testing.T) {
	injected := Cell{CellType: "code", Metadata: map[string]any{"tags": []any{"x", InjectedTag}}}
	params := Cell{CellType: "code", Metadata: map[string]any{"tags": []any{"parameters"}}}
	plain := Cell{CellType: "code", Metadata: map[string]any{}}
	md := Cell{CellType: "markdown"}
	nb := &Notebook{Cells: []Cell{md, plain, params, injected, plain, md, plain}}
	for i, want := range []string{"cell 1", "cell 2", "cell 3", "the -p parameters cell", "cell 4", "cell 5", "cell 6"} {
		if got := nb.CellLabel(i); got != want {
			t.Errorf("cell index %d: %q, want %q", i, got, want)
		}
	}
	// Without an added cell the label is the index plus one.
	nb = &Notebook{Cells: []Cell{md, params, plain}}
	for i, want := range []string{"cell 1", "cell 2", "cell 3"} {
		if got := nb.CellLabel(i); got != want {
			t.Errorf("no -p, cell index %d: %q, want %q", i, got, want)
		}
	}
	if !injected.HasTag(InjectedTag) || !injected.HasTag("x") || params.HasTag(InjectedTag) || md.HasTag(InjectedTag) {
		t.Error("HasTag does not read the metadata tags")
	}
	odd := Cell{Metadata: map[string]any{"tags": "injected-parameters"}} // not a list: no tags
	if odd.HasTag(InjectedTag) {
		t.Error("a tags value that is not a list holds a tag")
	}
}
