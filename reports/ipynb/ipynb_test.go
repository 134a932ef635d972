package ipynb

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	nb, err := Load("testdata/ok.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(nb.Cells) != 2 {
		t.Fatalf("got %d cells, want 2", len(nb.Cells))
	}
	// nbformat's list-of-lines source is joined.
	if got, want := string(nb.Cells[0].Source), "# Title\ntext"; got != want {
		t.Errorf("markdown source = %q, want %q", got, want)
	}
	if nb.HasOutputs() {
		t.Error("HasOutputs true on a notebook without outputs")
	}
	// Round trip keeps the cells.
	b, err := Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	nb2, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if nb2.Cells[1].Source != nb.Cells[1].Source {
		t.Error("round trip changed a cell's source")
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{"testdata/invalid.ipynb", "not valid JSON"},
		{"testdata/nbformat3.ipynb", "nbformat 3 is not supported"},
		{"testdata/python.ipynb", `kernelspec "python3" is not gonb`},
	} {
		_, err := Load(tc.file)
		if err == nil {
			t.Errorf("Load(%s): no error", tc.file)
			continue
		}
		if !strings.Contains(err.Error(), tc.file) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%s) error %q: want the file name and %q", tc.file, err, tc.want)
		}
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("Load(%s) error does not wrap ErrInvalid", tc.file)
		}
	}
	if _, err := Load("testdata/missing.ipynb"); err == nil || !strings.Contains(err.Error(), "missing.ipynb") {
		t.Errorf("missing file: error %v does not name it", err)
	}
}

// TestCommittedNotebooksHaveNoOutputs enforces that notebooks/ is committed
// clean: the reports carry the outputs.
func TestCommittedNotebooksHaveNoOutputs(t *testing.T) {
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no notebooks found in ../../notebooks")
	}
	for _, p := range paths {
		nb, err := Load(p)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if nb.HasOutputs() {
			t.Errorf("%s is committed with outputs or execution counts; clear them (Jupyter: Cell > All Output > Clear)", p)
		}
		raw, _ := os.ReadFile(p)
		if strings.Contains(string(raw), `"output_type"`) {
			t.Errorf("%s contains output_type entries", p)
		}
	}
}
