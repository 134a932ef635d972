package render

import (
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// TestPageTiming: with Page.Timing the header says where the run time
// went and each code cell that ran shows its time (compilation and run
// when it compiled, CPU when measured); a markdown cell and a cell that
// did not run show none; without Timing nothing is shown; a Timing with
// the wrong number of cells is an error.
func TestPageTiming(t *testing.T) {
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{
		{CellType: "markdown", Source: "# T"},
		{CellType: "code", Source: "%%\nfmt.Println(1)"},
		{CellType: "code", Source: "!echo hi"},
		{CellType: "code", Source: "%%\nfmt.Println(2)"},
	}}
	ms := time.Millisecond
	tm := &Timing{Start: 800 * ms, Compile: 2500 * ms, Run: 1250 * ms, CPU: 6 * time.Second, CPUKnown: true, Cells: []CellTime{
		{},
		{Wall: 3 * time.Second, Compile: 2500 * ms, CPU: 5 * time.Second, CPUKnown: true},
		{Wall: 750 * ms, CPU: 10 * ms, CPUKnown: true},
		{}, // skipped
	}}
	page, err := New().RenderNotebook(Page{Name: "n", Notebook: nb, Duration: 5 * time.Second, Timing: tm})
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	for _, want := range []string{
		"ran in 5.00&nbsp;s (kernel start 0.80&nbsp;s, compilation 2.50&nbsp;s, cells' own work 1.25&nbsp;s; CPU 6.00&nbsp;s)",
		`<div class="cell-time">3.00&nbsp;s: compilation 2.50&nbsp;s, run 0.50&nbsp;s; CPU 5.00&nbsp;s</div>`,
		`<div class="cell-time">0.75&nbsp;s; CPU 0.01&nbsp;s</div>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(s, `class="cell-time"`); n != 2 {
		t.Errorf("%d cell times, want 2 (the cells that ran)", n)
	}
	if i, j := strings.Index(s, `id="cell-1"`), strings.Index(s, "compilation 2.50&nbsp;s, run"); i < 0 || j < i || j > strings.Index(s, `id="cell-2"`) {
		t.Error("cell 1's time is not in cell 1")
	}

	plain, err := New().RenderNotebook(Page{Name: "n", Notebook: nb, Duration: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain), "cell-time") || strings.Contains(string(plain), "kernel start") {
		t.Error("a page without Timing shows times")
	}
	tm.Cells = tm.Cells[:3]
	if _, err := New().RenderNotebook(Page{Name: "n", Notebook: nb, Timing: tm}); err == nil || !strings.Contains(err.Error(), "3 cell times for 4 cells") {
		t.Errorf("got %v, want a cell-time length error", err)
	}
}
