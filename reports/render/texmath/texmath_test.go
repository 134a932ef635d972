package texmath

import (
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/testutil"
)

// TestMathCases runs the spec-style cases in testdata/math.txt (goldmark's
// case-file format: number and description, markdown, expected HTML).
// Run one case with `go test ./reports/render/texmath -run Cases -- 3`? Use
// goldmark's testutil flags: -case 3.
func TestMathCases(t *testing.T) {
	md := goldmark.New(
		goldmark.WithExtensions(extension.GFM, Math),
		goldmark.WithRendererOptions(html.WithUnsafe()),
	)
	testutil.DoTestCaseFile(md, "testdata/math.txt", t, testutil.ParseCliCaseArg()...)
}
