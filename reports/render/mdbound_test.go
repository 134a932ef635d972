package render

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// TestMarkdownBounded: markdown too long or nested too deep to parse in
// reasonable time is shown as source, escaped, with a note, and the page
// renders at once (issue 36: nested-list markdown took 12 s at 1 MB and
// 4 min 13 s at 9 MB; 200 KB of nested quotes took 37 s here). Ordinary
// nesting is rendered as before.
func TestMarkdownBounded(t *testing.T) {
	var list strings.Builder
	for i := 0; list.Len() < 200<<10; i++ {
		list.WriteString(strings.Repeat("  ", i) + "- <b>item</b>\n")
	}
	for _, tc := range []struct {
		name, src, why string
	}{
		{"nested quotes", strings.Repeat("> ", 100<<10) + "<b>x</b>", "a line is nested 102400 containers deep"},
		{"nested list", list.String(), "containers deep"},
		{"long cell", strings.Repeat("para <b>x</b>\n\n", 30_000), "more than the 256.0 KiB rendered"},
		{"numbered", strings.Repeat("1. ", 40) + "<b>x</b>", "nested 40 containers deep"},
	} {
		nb := &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "markdown", Source: ipynb.MultiString("# T\n\n" + tc.src)}}}
		done := make(chan string, 1)
		go func() {
			b, err := New().RenderNotebook(Page{Name: "p", Notebook: nb, Status: StatusOK})
			if err != nil {
				t.Error(err)
			}
			FirstHeading(nb)
			EquationLabels(nb)
			done <- string(b)
		}()
		select {
		case s := <-done:
			if !strings.Contains(s, "Shown as source, not rendered: ") || !strings.Contains(s, tc.why) || strings.Contains(s, "<b>") {
				t.Errorf("%s: no note %q, or raw HTML", tc.name, tc.why)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: still rendering after 20 s", tc.name)
		}
	}
	// Nesting within the bound renders.
	b, err := New().markdown("> > - a\n>   > 1. b\n\n"+strings.Repeat("  ", 10)+"- c\n", nil)
	if err != nil || strings.Contains(string(b), "Shown as source") || !strings.Contains(string(b), "<blockquote>") {
		t.Errorf("ordinary nesting: %s, %v", b, err)
	}
}

// TestNesting counts a line's containers.
func TestNesting(t *testing.T) {
	for line, want := range map[string]int{
		"text":          0,
		"- a":           1,
		"> > - a":       3,
		"  - b":         2,
		"1. x":          1,
		"12) > x":       2,
		"-1.5 is a num": 0,
		"1.5 x":         0,
		"    code":      2,
	} {
		if got := nesting(line); got != want {
			t.Errorf("nesting(%q) = %d, want %d", line, got, want)
		}
	}
}

// TestCommittedMarkdownWithinBounds: every markdown cell of the committed
// notebooks is rendered, none shown as source.
func TestCommittedMarkdownWithinBounds(t *testing.T) {
	paths, _ := filepath.Glob("../../notebooks/*.ipynb")
	if len(paths) == 0 {
		t.Fatal("no committed notebooks found")
	}
	for _, p := range paths {
		nb, err := ipynb.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range nb.Cells {
			if c.CellType == "markdown" {
				if why := markdownBound(string(c.Source)); why != "" {
					t.Errorf("%s cell %d: %s", p, i, why)
				}
			}
		}
	}
}
