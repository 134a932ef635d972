package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

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
		`reproduces Tanner lecture, Fig. 1 (a test panel)`,   // ...with its paper figure
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

func TestHeadingIDsUniqueAcrossCells(t *testing.T) {
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{
		{CellType: "markdown", Source: "## Results"},
		{CellType: "markdown", Source: "## Results"},
	}}
	page, err := New().RenderNotebook(Page{Name: "n", Notebook: nb})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`<h2 id="results">`)) || !bytes.Contains(page, []byte(`<h2 id="results-1">`)) {
		t.Error("repeated headings in two cells do not get distinct ids")
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
