package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/texmath"
)

// TestBrowserRunsNoAuthorScript puts every case of testdata/sanitize.txt
// into one page, with each alert(1) turned into top.document.title=1, opens
// it in headless Chromium and checks that the page title is still its own:
// no script element, handler (img onerror, svg onload, details ontoggle,
// autofocus onfocus) or srcdoc frame of the author's ran. The same page
// rendered without the sanitiser (goldmark WithUnsafe, as before) must
// have its title changed, which shows the payloads do run when let
// through, unless the page's Content-Security-Policy is in place: with it
// they are blocked even unsanitised. Chromium is required as for TestBrowserTypesetsMath.
func TestBrowserRunsNoAuthorScript(t *testing.T) {
	bin := requireChromium(t)
	nb := &ipynb.Notebook{NBFormat: 4, Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb"}}}
	for _, c := range readCases(t, "testdata/sanitize.txt") {
		var in struct {
			Cell ipynb.Cell `json:"cell"`
		}
		if err := json.Unmarshal([]byte(strings.ReplaceAll(c.input, "alert(1)", "top.document.title=1")), &in); err != nil {
			t.Fatalf("case %s: %v", c.header, err)
		}
		nb.Cells = append(nb.Cells, in.Cell)
	}
	const title = "sanitiser attacks"
	for _, tc := range []struct {
		name    string
		unsafe  bool
		noCSP   bool
		wantRun bool
	}{
		{"sanitised", false, false, false},
		{"unsanitised control", true, true, true},
		// The Content-Security-Policy alone (no sanitiser) stops them too.
		{"unsanitised under the CSP", true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New()
			if tc.unsafe {
				r.md = goldmark.New(
					goldmark.WithExtensions(extension.GFM, texmath.Math),
					goldmark.WithParserOptions(parser.WithAutoHeadingID()),
					goldmark.WithRendererOptions(html.WithUnsafe()),
				)
			}
			page, err := r.RenderNotebook(Page{Name: "attacks", Title: title, Notebook: nb})
			if err != nil {
				t.Fatal(err)
			}
			if tc.noCSP {
				if !bytes.Contains(page, []byte(cspMeta)) {
					t.Fatal("the page carries no CSP meta to remove")
				}
				page = bytes.Replace(page, []byte(cspMeta), nil, 1)
			}
			dir := t.TempDir()
			if err := WriteAssets(dir); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "attacks.html")
			if err := os.WriteFile(path, page, 0o644); err != nil {
				t.Fatal(err)
			}
			dom, _ := dumpDOM(t, bin, path)
			ran := !strings.Contains(dom, "<title>"+title+"</title>")
			if ran != tc.wantRun {
				i := strings.Index(dom, "<title>")
				t.Errorf("author script ran = %v, want %v; DOM title: %.60q", ran, tc.wantRun, dom[max(i, 0):])
			}
		})
	}
}
