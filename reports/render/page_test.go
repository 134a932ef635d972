package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/reports/ipynb"
)

func TestRenderNotebookGolden(t *testing.T) {
	r := New()
	p := testPage(t)
	got, err := r.RenderNotebook(p)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/notebook.html.golden", got)

	// Same page, same bytes (maps in the notebook iterate in random order).
	for range 3 {
		again, err := New().RenderNotebook(testPage(t))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, again) {
			t.Fatal("rendering is not deterministic")
		}
	}

	// The golden file pins everything; these spell out what matters, so a
	// careless -update cannot bless a regression.
	s := string(got)
	for _, want := range []string{
		`<title>Mean field $q^*$ test</title>`,               // title from the first H1
		`<span class="math inline">a_1 * b_2</span>`,         // math protected from emphasis
		`<div class="math display">\begin{align}`,            // align block
		`A price of $5 is not math.`,                         // dollars in prose stay text
		`<div class="prompt">In&nbsp;[1]:</div>`,             // execution count
		`class="chroma"`,                                     // highlighted code
		`q* = 0.7 green &lt;tag&gt; &amp; $x$`,               // escaped, ANSI stripped, no math in output
		"\n100%\n",                                           // carriage return applied
		`<div class="output stream stderr">`,                 // stderr styled apart
		`<figure class="sigprop-figure" id="fig-fig1-qmap">`, // figure by its SVG...
		`reproduces Test et al. 2024, Fig. 1`,                // ...with its paper figure
		`<span class="badge fail">FAIL</span>`,               // failing metric
		`metrics 1/2 passed`,                                 // header counts
		`<div class="cell code failed" id="cell-4">`,         // error cell framed
		`<div class="ename">panic: boom</div>`,               // error output
		`The cell failed without an error output.`,           // failed cell, no error output
		`<div class="cell code timeout" id="cell-6">`,        // timed-out cell
		`<div class="cell code skipped" id="cell-7">`,        // skipped cell
		`<img alt="" src="data:image/png;base64,iVBOR`,       // PNG as data URI
		`<div class="output svg"><svg xmlns`,                 // SVG inline, prolog gone
		`<div class="output markdown"><p><strong>md</strong> with <span class="math inline">x_1</span>`,
		`<div class="output html"><b>bold</b> html</div>`, // html passed through
		`<div class="notebook-error"><strong>Notebook failed.</strong><pre>3 cells failed</pre>`,
		`<li><a href="#fig-fig1-qmap">fig1-qmap</a>`, // figure list
		`href="assets/katex/katex.min.css"`,          // relative assets
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, "\x1b") {
		t.Error("page contains an ANSI escape")
	}
	if strings.Contains(s, "<?xml") {
		t.Error("inline SVG kept its XML declaration")
	}
	if n := strings.Count(s, `<tr class="pass"><td>`) + strings.Count(s, `<tr class="fail"><td>`); n != 2 {
		t.Errorf("metrics table has %d rows, want 2", n)
	}
	if regexp.MustCompile(`(?:src|href)="(?:https?:)?//`).MatchString(s) {
		t.Error("page links to the network")
	}
}

func TestRenderIndexGolden(t *testing.T) {
	p := testPage(t)
	e, err := NewIndexEntry(p, "test-notebook.html")
	if err != nil {
		t.Fatal(err)
	}
	if e.Figures != 1 || e.Metrics != 2 || e.MetricsPassed != 1 || e.Title != "Mean field $q^*$ test" {
		t.Errorf("index entry %+v, want 1 figure, 1/2 metrics and the H1 title", e)
	}
	ok := IndexEntry{Name: "000-overview", Href: "000-overview.html", Status: StatusOK, Duration: 75e9, Figures: 3, Metrics: 4, MetricsPassed: 4}
	got, err := New().RenderIndex([]IndexEntry{ok, e})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "testdata/index.html.golden", got)
	s := string(got)
	for _, want := range []string{
		`2 notebooks, 1 failed`, `metrics 5/6 passed`, `1&nbsp;min 15&nbsp;s`, `12.35&nbsp;s`,
		`<a href="test-notebook.html">Mean field $q^*$ test</a>`, `<span class="err">3 cells failed</span>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("index lacks %q", want)
		}
	}
}

func TestRenderNotebookErrors(t *testing.T) {
	r := New()
	if _, err := r.RenderNotebook(Page{Name: "x"}); err == nil {
		t.Error("nil notebook accepted")
	}
	p := testPage(t)
	p.CellStatus = p.CellStatus[:2]
	if _, err := r.RenderNotebook(p); err == nil || !strings.Contains(err.Error(), "2 cell statuses for 9 cells") {
		t.Errorf("got %v, want a cell-status length error", err)
	}
}

func TestTitle(t *testing.T) {
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{
		{CellType: "code", Source: "// # not a heading"},
		{CellType: "markdown", Source: "## Second level\n\ntext"},
		{CellType: "markdown", Source: "Intro\n\n# The *real* `title`\n# Another"},
	}}
	if got := FirstHeading(nb); got != "The real title" {
		t.Errorf("FirstHeading = %q", got)
	}
	page, err := New().RenderNotebook(Page{Name: "n", Notebook: &ipynb.Notebook{}})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte("<title>n</title>")) || !bytes.Contains(page, []byte("<h1>n</h1>")) {
		t.Error("a notebook without H1 is not titled by its name")
	}
	page, err = New().RenderNotebook(Page{Name: "n", Title: "Given", Notebook: nb})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte("<title>Given</title>")) {
		t.Error("explicit Title ignored")
	}
}

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
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "cell 1 output 1") {
			t.Errorf("%s: got %v, want an error with %q naming cell 1 output 1", tc.name, err, tc.want)
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

func TestWriteAssetsCoversLinks(t *testing.T) {
	dir := t.TempDir()
	pagePath := writeSite(t, dir)
	page, err := os.ReadFile(pagePath)
	if err != nil {
		t.Fatal(err)
	}
	// Every asset the page links to exists...
	links := regexp.MustCompile(`(?:href|src)="(assets/[^"]+)"`).FindAllSubmatch(page, -1)
	if len(links) != 5 {
		t.Errorf("page links %d assets, want 5 (katex css+js, chroma.css, sigprop css+js)", len(links))
	}
	for _, l := range links {
		if _, err := os.Stat(filepath.Join(dir, string(l[1]))); err != nil {
			t.Errorf("linked asset missing: %v", err)
		}
	}
	// ...and so does the woff2 source of every KaTeX @font-face (the .woff
	// and .ttf fallbacks are not shipped; browsers take the first format
	// they support).
	css, err := os.ReadFile(filepath.Join(dir, "assets/katex/katex.min.css"))
	if err != nil {
		t.Fatal(err)
	}
	fonts := regexp.MustCompile(`url\((fonts/[^)]+\.woff2)\)`).FindAllSubmatch(css, -1)
	if len(fonts) < 20 {
		t.Errorf("found %d woff2 fonts in katex.min.css, want >= 20", len(fonts))
	}
	for _, f := range fonts {
		if _, err := os.Stat(filepath.Join(dir, "assets/katex", string(f[1]))); err != nil {
			t.Errorf("KaTeX font missing: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "assets/katex/LICENSE")); err != nil {
		t.Error("KaTeX licence not shipped")
	}
}

func TestChromaCSSUpToDate(t *testing.T) {
	css, err := ChromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "../assets/chroma.css", css)
	if bytes.Contains(css, []byte(".err")) {
		t.Error("chroma.css styles error tokens")
	}
}
