package render

import (
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// TestVisible: controls, bidi controls and zero-width characters are
// written as \u escapes; everything else, Greek and math included, is
// left as it is.
func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"Mean field σ_w² ≥ 1":         "Mean field σ_w² ≥ 1",
		"a\x00b":                      `a\u0000b`,
		"report\u202Egpj.exe":         `report\u202Egpj.exe`,
		"x\u2066y\u2069\u200Bz\uFEFF": `x\u2066y\u2069\u200Bz\uFEFF`,
		"tab\tnew\nline":              "tab new line",
		"bad \xff byte":               `bad \uFFFD byte`,
		"\x1b[31mred":                 `\u001B[31mred`,
	} {
		if got := Visible(in); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTitleAndIndexVisible: a heading or a notebook name holding NUL or
// U+202E reaches neither the page's <title> nor the index raw (issue 36).
func TestTitleAndIndexVisible(t *testing.T) {
	nb := &ipynb.Notebook{NBFormat: 4, Cells: []ipynb.Cell{{CellType: "markdown", Source: "# Evil\x00 title \u202Eexe.txt"}}}
	page, err := New().RenderNotebook(Page{Name: "evil\u202Egpj", Notebook: nb, Status: StatusOK})
	if err != nil {
		t.Fatal(err)
	}
	_, head, _ := strings.Cut(string(page), "<title>")
	head, _, _ = strings.Cut(head, "</title>")
	if strings.ContainsAny(head, "\x00\u202E") || !strings.Contains(head, `\u202E`) {
		t.Errorf("<title>%s</title> holds a raw control or lacks its escape", head)
	}
	idx, err := New().RenderIndex([]IndexEntry{{Name: "evil\u202Egpj", Title: "Evil\x00 title \u202Eexe.txt", Href: "x.html", Status: StatusOK}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(string(idx), "\x00\u202E") {
		t.Errorf("the index holds a raw NUL or U+202E")
	}
	for _, want := range []string{`Evil\u0000 title \u202Eexe.txt`, `<code>evil\u202Egpj</code>`} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("the index lacks %q", want)
		}
	}
}
