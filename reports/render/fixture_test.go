package render

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sigprop/sigprop/internal/golden"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// checkGolden compares got with the golden file at path (testdata/*.golden,
// ../assets/chroma.css), or rewrites it with -update.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	golden.Check(t, path, got)
}

func intp(n int) *int { return &n }

// rawJSON marshals v for an Output.Data entry.
func rawJSON(t testing.TB, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bundleOutput builds the display_data that kernel-ext/show sends for a
// bundle: the bundle as a JSON string (gonb's form) or object (Jupyter's).
func bundleOutputData(t testing.TB, b bundle.Bundle, asObject bool) json.RawMessage {
	t.Helper()
	enc, err := bundle.Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if asObject {
		return enc
	}
	return rawJSON(t, string(enc))
}

// testFigure is the figure of the fixture notebook.
var testFigure = show.Figure{
	ID:        "fig1-qmap",
	Caption:   "Length map q^l for tanh at sigma_w^2 = 1.5.",
	Paper:     papers.Claim(papers.TannerFig1),
	PaperNote: "a test panel",
	XLabel:    "layer l",
	YLabel:    "q",
	Series: []show.Series{
		{Name: "theory", X: []float64{0, 1, 2, 3}, Y: []float64{1, 0.8, 0.72, 0.7}},
		{Name: "simulation", X: []float64{0, 1, 2, 3}, Y: []float64{1, 0.81, math.NaN(), 0.69}, YErr: []float64{0, 0.01, 0.01, 0.01}, Style: show.Points},
	},
	Width: 300, Height: 200,
}

// testPage is a notebook with every kind of cell and output the renderer
// handles: markdown with math, code, stdout/stderr streams with ANSI codes,
// text/plain, text/html, text/markdown, PNG, plain SVG, a sigprop figure,
// metric (one passing, one failing) and table, an error output, a failed
// cell without error output, a timed-out cell and a skipped one.
func testPage(t testing.TB) Page {
	t.Helper()
	svg, fb, err := picture.RenderFigure(testFigure)
	if err != nil {
		t.Fatal(err)
	}
	m1, err := show.Agreement{Name: "q* rel. error", Kind: show.TheoryVsSimulation, Value: 0.004, Tol: 0.01,
		Basis: "4 SE, SE from 20 networks", Figure: "fig1-qmap", Note: "n=256"}.Metric()
	if err != nil {
		t.Fatal(err)
	}
	_, mb1, err := show.RenderMetric(m1)
	if err != nil {
		t.Fatal(err)
	}
	_, mb2, err := show.RenderMetric(show.Metric{Name: "chi1 z-score", Value: 6.5, Tolerance: 4, Note: "printed Eq. 7"}) // an old-style metric: no kind, rule or basis
	if err != nil {
		t.Fatal(err)
	}
	_, tb, err := show.RenderTable(bundle.Table{ID: "tab-fp", Caption: "Fixed points", Header: []string{"sigma_w^2", "q*"}, Rows: [][]string{{"1.5", "0.70"}}})
	if err != nil {
		t.Fatal(err)
	}
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==\n"
	nb := &ipynb.Notebook{
		NBFormat: 4, NBFormatMinor: 5,
		Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb", "display_name": "Go (gonb)", "language": "go"}},
		Cells: []ipynb.Cell{
			{CellType: "markdown", Source: "# Mean field $q^*$ test\n\nThe length map $q^{l} = \\sigma_w^2 \\int \\mathcal{D}z\\, \\phi(\\sqrt{q^{l-1}}z)^2 + \\sigma_b^2$ has *fixed point* $q^*$, and $a_1 * b_2$ is not emphasis.\n\n$$\n\\chi_1 = \\sigma_w^2 \\int \\mathcal{D}z\\, [\\phi'(\\sqrt{q^*}z)]^2\n$$\n\n\\begin{align}\n\\xi_c^{-1} &= -\\log \\chi_1 \\\\\n\\xi_q^{-1} &= -\\log \\chi_1 + \\log 2\n\\end{align}\n\nA price of $5 is not math."},
			{CellType: "code", Source: "import \"fmt\"\n\n%%\nfmt.Println(\"q* =\", 0.70) // $not math$", ExecutionCount: intp(1), Outputs: []ipynb.Output{
				{OutputType: "stream", Name: "stdout", Text: "q* = 0.7 \x1b[32mgreen\x1b[0m <tag> & $x$\n"},
				{OutputType: "stream", Name: "stdout", Text: "10%\r100%\n"},
				{OutputType: "stream", Name: "stderr", Text: "warning: slow\n"},
				{OutputType: "execute_result", ExecutionCount: intp(1), Data: map[string]json.RawMessage{"text/plain": rawJSON(t, "0.7 <b>")}},
			}},
			{CellType: "code", Source: "show.DisplayFigure(fig)", ExecutionCount: intp(2), Outputs: []ipynb.Output{
				{OutputType: "display_data", Data: map[string]json.RawMessage{
					"image/svg+xml": rawJSON(t, string(svg)),
					"text/plain":    rawJSON(t, "Figure fig1-qmap"),
					bundle.MIMEType: bundleOutputData(t, fb, false),
				}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": rawJSON(t, "x"), bundle.MIMEType: bundleOutputData(t, mb1, true)}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": rawJSON(t, "x"), bundle.MIMEType: bundleOutputData(t, mb2, false)}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": rawJSON(t, "x"), bundle.MIMEType: bundleOutputData(t, tb, false)}},
			}},
			{CellType: "code", Source: "gonbui.DisplayHTML(\"<b>bold</b>\")", ExecutionCount: intp(3), Outputs: []ipynb.Output{
				{OutputType: "display_data", Data: map[string]json.RawMessage{"text/html": rawJSON(t, []string{"<b>bold</b>", " html"})}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"text/markdown": rawJSON(t, "**md** with $x_1$")}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"image/png": rawJSON(t, png), "text/plain": rawJSON(t, "<Figure>")}},
				{OutputType: "display_data", Data: map[string]json.RawMessage{"image/svg+xml": rawJSON(t, "<?xml version=\"1.0\"?>\n<!-- c -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>\n")}},
			}},
			{CellType: "code", Source: "panic(\"boom\")", ExecutionCount: intp(4), Outputs: []ipynb.Output{
				{OutputType: "error", EName: "panic", EValue: "boom", Traceback: []string{"\x1b[31mpanic: boom\x1b[0m", "goroutine 1 [running]:", "main.main() <main.go:3>"}},
			}},
			{CellType: "code", Source: "os.Exit(3)", ExecutionCount: intp(5)},
			{CellType: "code", Source: "for {}", ExecutionCount: intp(6), Outputs: []ipynb.Output{
				{OutputType: "stream", Name: "stdout", Text: "started\n"},
			}},
			{CellType: "code", Source: "fmt.Println(\"never\")"},
			{CellType: "raw", Source: "raw <text>"},
		},
	}
	return Page{
		Name:       "test-notebook",
		Notebook:   nb,
		Status:     StatusFailed,
		Err:        "3 cells failed",
		CellStatus: []string{CellNotCode, CellOK, CellOK, CellOK, CellFailed, CellFailed, CellTimeout, CellSkipped, CellNotCode},
		Duration:   12345 * time.Millisecond,
	}
}

// writeSite renders testPage and the index into dir with the assets.
func writeSite(t testing.TB, dir string) (pagePath string) {
	t.Helper()
	r := New()
	p := testPage(t)
	page, err := r.RenderNotebook(p)
	if err != nil {
		t.Fatal(err)
	}
	e, err := NewIndexEntry(p, "test-notebook.html")
	if err != nil {
		t.Fatal(err)
	}
	index, err := r.RenderIndex([]IndexEntry{e}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteAssets(dir); err != nil {
		t.Fatal(err)
	}
	pagePath = filepath.Join(dir, "test-notebook.html")
	if err := os.WriteFile(pagePath, page, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), index, 0o644); err != nil {
		t.Fatal(err)
	}
	return pagePath
}
