package render

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/safehtml"
)

// TestHostileOutputs: a code cell's text/html output with script, an
// iframe, event handlers and a javascript: link is sanitised and the page
// says active content was removed; its classes and ids cannot take the
// page's own (a fake PASS badge); an SVG output with script is shown as
// an isolated image, while an inert one stays inline; the page carries
// the Content-Security-Policy.
func TestHostileOutputs(t *testing.T) {
	out := func(mime, s string) ipynb.Output {
		b, _ := json.Marshal(s)
		return ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{mime: b}}
	}
	one := 1
	nb := &ipynb.Notebook{NBFormat: 4, Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb"}}, Cells: []ipynb.Cell{
		{CellType: "code", Source: "%%\n", ExecutionCount: &one, Outputs: []ipynb.Output{
			out("text/html", `<p id="metrics">x</p><span class="badge pass">PASS</span><script>top.document.title=1</script><iframe src="https://evil"></iframe><img src=x onerror="top.document.title=1"><a href="javascript:alert(1)">l</a>`),
			out("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
			out("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>t</text></a></svg>`),
			out("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(1)"/></svg>`),
			out("image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0,0L1,1" style="fill:#fff"/></svg>`),
		}},
	}}
	page, err := New().RenderNotebook(Page{Name: "hostile", Notebook: nb, CellStatus: []string{"ok"}})
	if err != nil {
		t.Fatal(err)
	}
	s := string(page)
	if !strings.Contains(s, cspMeta) {
		t.Error("no Content-Security-Policy meta")
	}
	body := s[strings.Index(s, "<body"):]
	for _, bad := range []string{"<script>", "<iframe", " onerror=", `href="javascript:`, `class="badge pass">PASS`, `id="metrics">x`} {
		if i := strings.Index(body, bad); i >= 0 {
			t.Errorf("page body holds %q: %.120q", bad, body[max(0, i-60):])
		}
	}
	if !strings.Contains(body, `<span class="nb-badge nb-pass">PASS</span>`) || !strings.Contains(body, `id="nb-metrics"`) {
		t.Error("author classes and ids not prefixed")
	}
	if n := strings.Count(body, "Active content removed from this HTML output"); n != 1 {
		t.Errorf("%d notes on the HTML output, want 1", n)
	}
	if n := strings.Count(body, "shown as an isolated image"); n != 3 {
		t.Errorf("%d SVGs isolated, want 3 (script, javascript: link, set)", n)
	}
	if !strings.Contains(body, `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0,0L1,1"`) {
		t.Error("the inert SVG is not inline")
	}
	// (The notes name what was removed as escaped text.)
	// Everything left in the body's outputs passes the independent checker
	// (the isolated SVGs are data: images, which Check refuses as a URL
	// outside img raster types, so they are cut out first).
	frag := body
	for {
		i := strings.Index(frag, `<img alt="isolated SVG"`)
		if i < 0 {
			break
		}
		j := strings.Index(frag[i:], ">")
		frag = frag[:i] + frag[i+j+1:]
	}
	if err := safehtml.Check([]byte(frag)); err != nil {
		t.Errorf("page body: %v", err)
	}
}

// TestPageHref: page links are URL path segments: a notebook named
// javascript:alert(1), or holding '#', '?' or "%25", links to its own file.
func TestPageHref(t *testing.T) {
	for _, name := range []string{"javascript:alert(1)", "a#b", "q?x=1", "p%25", "with space", "plain"} {
		href := PageHref(name + ".html")
		u, err := url.Parse(href)
		if err != nil {
			t.Fatalf("%q: %v", href, err)
		}
		if u.Scheme != "" || u.RawQuery != "" || u.Fragment != "" || u.Path != "./"+name+".html" {
			t.Errorf("%q links to scheme %q path %q query %q fragment %q", name, u.Scheme, u.Path, u.RawQuery, u.Fragment)
		}
	}
	var w bytes.Buffer
	r := New()
	idx, err := r.RenderIndex([]IndexEntry{{Name: "javascript:alert(1)", Href: PageHref("javascript:alert(1).html"), Status: "ok"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(idx)
	if strings.Contains(w.String(), `href="javascript:`) || !strings.Contains(w.String(), `href="./javascript:alert%281%29.html"`) {
		t.Errorf("index link not escaped:\n%s", w.String())
	}
}

// TestBrowserBoundsMath: a formula of 200 nested \frac (which hung a tab
// for over 100 s) is not typeset but shown as source marked as a KaTeX
// error saying why, the page's other math is typeset, and the page
// finishes; with the depth bound lifted the same page would take minutes
// (not run). Chromium is required as for TestBrowserTypesetsMath.
func TestBrowserBoundsMath(t *testing.T) {
	bin := requireChromium(t)
	deep := strings.Repeat(`\frac{1}{`, 200) + "x" + strings.Repeat("}", 200)
	nb := &ipynb.Notebook{NBFormat: 4, Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb"}}, Cells: []ipynb.Cell{
		{CellType: "markdown", Source: ipynb.MultiString("# Bomb\n\n$" + deep + "$ and $x^2$")},
	}}
	page, err := New().RenderNotebook(Page{Name: "bomb", Notebook: nb})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := WriteAssets(dir); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "bomb.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	dom, _ := dumpDOM(t, bin, path)
	if !strings.Contains(dom, `data-math="done"`) {
		t.Fatal("typesetting did not finish")
	}
	if !strings.Contains(dom, "braces nested 200 deep") {
		t.Error("the deep formula is not refused with its reason")
	}
	if strings.Count(dom, `class="katex"`) != 1 {
		t.Errorf("%d formulas typeset, want 1 (x^2)", strings.Count(dom, `class="katex"`))
	}
}
