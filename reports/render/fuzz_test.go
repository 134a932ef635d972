package render

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/safehtml"
)

// FuzzMarkdown renders arbitrary markdown as a markdown cell is rendered
// (GFM, texmath, safehtml) and requires that it does not fail or panic,
// that it gives the same bytes twice, and that safehtml.Check, an HTML5
// parse independent of the sanitiser, finds no script element, event
// handler or javascript:/vbscript:/data: URL in the output. The seed
// corpus is the markdown of the case files plus attacks; crashers found
// while fuzzing are kept in testdata/fuzz/FuzzMarkdown.
func FuzzMarkdown(f *testing.F) {
	for _, path := range []string{"testdata/cells.txt", "testdata/sanitize.txt"} {
		for _, c := range readCases(f, path) {
			var in struct {
				Cell ipynb.Cell `json:"cell"`
			}
			if err := json.Unmarshal([]byte(c.input), &in); err != nil {
				f.Fatalf("%s: case %s: %v", path, c.header, err)
			}
			if in.Cell.CellType == "markdown" {
				f.Add(string(in.Cell.Source))
			}
			for _, o := range in.Cell.Outputs {
				if s, ok := o.DataString("text/markdown"); ok {
					f.Add(s)
				}
			}
		}
	}
	for _, s := range []string{
		"",
		"<a href='javascript:alert(1)'>x</a>",
		"<a href=\"java\nscript:alert(1)\">x</a>",
		"[x](<javascript:alert(1)>)",
		"[x]: javascript:alert(1)\n\n[x]",
		"<IMG SRC=JaVaScRiPt:alert(1)>",
		"<img src=`javascript:alert(1)`>",
		"<div>\n<script>\nalert(1)\n</script>\n</div>",
		"$<img src=x onerror=alert(1)>$ $$</span><script>alert(1)</script>$$",
		"\\begin{align}\n<script>alert(1)</script>\n\\end{align}",
		"| <script>alert(1)</script> | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [l](javascript:x) |",
		"- [ ] <svg onload=alert(1)>\n- [x] <a href=vbscript:x>v</a>",
		"<details ontoggle=alert(1) open>",
		"```html\n<script>alert(1)</script>\n```\n\n    <script>alert(1)</script>",
	} {
		f.Add(s)
	}
	r := New()
	f.Fuzz(func(t *testing.T, src string) {
		out, err := r.markdown(src, nil)
		if err != nil {
			t.Fatalf("markdown(%q): %v", src, err)
		}
		again, err := r.markdown(src, nil)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("markdown(%q) is not deterministic: %v\n%s\n%s", src, err, out, again)
		}
		if err := safehtml.Check(out); err != nil {
			t.Fatalf("markdown(%q) is not inert: %v\n%s", src, err, out)
		}
	})
}
