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
