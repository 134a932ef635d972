package texmath

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/testutil"
)

// TestMathCases runs the spec-style cases in testdata/math.txt (goldmark's
// case-file format: number and description, markdown, expected HTML). The
// math extension runs together with GFM, as in the report renderer, so the
// cases also show that tables, lists, code spans and emphasis leave math
// alone and vice versa.
func TestMathCases(t *testing.T) {
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, Math),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	testutil.DoTestCaseFile(md, "testdata/math.txt", t, testutil.ParseCliCaseArg()...)
}

// TestParseLabel checks the label rule the block parser and package xref
// share.
func TestParseLabel(t *testing.T) {
	for _, c := range []struct {
		in, label string
		ok        bool
	}{
		{"(qmap)", "qmap", true},
		{" (eq-q.star:2_b)\n", "eq-q.star:2_b", true},
		{"(1)", "", false},
		{"()", "", false},
		{"(a b)", "", false},
		{"(a", "", false},
		{"x (a)", "", false},
		{"(é)", "", false},
	} {
		label, ok := ParseLabel([]byte(c.in))
		if label != c.label || ok != c.ok {
			t.Errorf("ParseLabel(%q) = %q, %v; want %q, %v", c.in, label, ok, c.label, c.ok)
		}
	}
}
