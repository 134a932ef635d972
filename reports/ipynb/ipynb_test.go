package ipynb

import (
	"encoding/json"
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
		{"testdata/python.ipynb", `kernelspec "python3" is not sigprop or gonb`},
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
	for _, c := range committedNotebooks(t) {
		p, nb := c.path, c.nb
		if nb.HasOutputs() {
			t.Errorf("%s is committed with outputs or execution counts; clear them (Jupyter: Cell > All Output > Clear)", p)
		}
		raw, _ := os.ReadFile(p)
		if strings.Contains(string(raw), `"output_type"`) {
			t.Errorf("%s contains output_type entries", p)
		}
	}
}

// committedNotebook is a notebook of the repository's notebooks/ folder.
type committedNotebook struct {
	path string
	nb   *Notebook
}

// committedNotebooks loads every notebook in ../../notebooks, in name
// order; finding none, or one that does not load, fails the test.
func committedNotebooks(t *testing.T) []committedNotebook {
	t.Helper()
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no notebooks found in ../../notebooks")
	}
	out := make([]committedNotebook, len(paths))
	for i, p := range paths {
		nb, err := Load(p)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = committedNotebook{p, nb}
	}
	return out
}

// TestMarshalRequiredKeys checks the keys nbformat 4's schema requires.
func TestMarshalRequiredKeys(t *testing.T) {
	nb := &Notebook{NBFormat: 4, Metadata: map[string]any{}, Cells: []Cell{
		{CellType: "markdown", Source: "x"},
		{CellType: "code", Source: "y"},
		{CellType: "code", Source: "z", Outputs: []Output{{OutputType: "display_data", Data: map[string]json.RawMessage{"text/plain": json.RawMessage(`"a"`)}}}},
	}}
	b, err := Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Cells []map[string]any `json:"cells"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if _, ok := raw.Cells[0]["outputs"]; ok {
		t.Error("markdown cell has outputs")
	}
	for i := 1; i < 3; i++ {
		for _, k := range []string{"outputs", "execution_count", "metadata"} {
			if _, ok := raw.Cells[i][k]; !ok {
				t.Errorf("code cell %d lacks %q", i, k)
			}
		}
	}
	out := raw.Cells[2]["outputs"].([]any)[0].(map[string]any)
	if _, ok := out["metadata"]; !ok {
		t.Error("display_data lacks metadata")
	}
}

// TestMarshalRoundTrip pins what FuzzParseMarshal found: Marshal wrote
// "<", ">" and "&" as \u003c, \u003e, \u0026 (the encoder's
// SetEscapeHTML(false) did not reach into the cells' MarshalJSON), and an
// empty display_data metadata read back from {} was dropped on the second
// write.
func TestMarshalRoundTrip(t *testing.T) {
	nb := &Notebook{NBFormat: 4, Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb"}}, Cells: []Cell{
		{CellType: "code", Source: "if a < b && c > d {}", Outputs: []Output{
			{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": json.RawMessage(`"<b>&amp;</b>"`)}},
		}},
	}}
	for round := 1; round <= 2; round++ {
		b, err := Marshal(nb)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`"if a < b && c > d {}"`, `"<b>&amp;</b>"`, `"metadata": {}`} {
			if !strings.Contains(string(b), want) {
				t.Errorf("round %d: output lacks %s:\n%s", round, want, b)
			}
		}
		if nb, err = Parse(b); err != nil {
			t.Fatal(err)
		}
	}
}

func TestParseRejectsOutputsOutsideCodeCells(t *testing.T) {
	for _, cell := range []string{
		`{"cell_type":"markdown","source":"x","outputs":[]}`,
		`{"cell_type":"raw","source":"x","execution_count":1}`,
	} {
		_, err := Parse([]byte(`{"nbformat":4,"metadata":{"kernelspec":{"name":"gonb"}},"cells":[` + cell + `]}`))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "cell 1 ") {
			t.Errorf("Parse(%s) error = %v, want ErrInvalid naming cell 1 (the first)", cell, err)
		}
	}
}
