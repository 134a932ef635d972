package safehtml

import (
	"bytes"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"golang.org/x/net/html"
)

func TestAllowedURL(t *testing.T) {
	for _, tc := range []struct {
		url         string
		link, image bool
	}{
		{"", true, true},
		{"fig/a.png", true, true},
		{"../01-mean-field.html#fig-q", true, true},
		{"#metrics", true, true},
		{"//example.org/x", true, true},
		{"https://arxiv.org/abs/1606.05340", true, true},
		{"HTTP://EXAMPLE.ORG", true, true},
		{"mailto:a@example.org", true, true},
		{"a/b:c", true, true}, // ':' after '/': a path, not a scheme
		{"jav%09ascript:alert(1)", true, true},
		{"javascript:alert(1)", false, false},
		{"JaVaScRiPt:alert(1)", false, false},
		{" \x01javascript:alert(1)", false, false},
		{"jav\tascript:alert(1)", false, false},
		{"java\nscript:alert(1)", false, false},
		{"vbscript:msgbox(1)", false, false},
		{"file:///etc/passwd", false, false},
		{"ftp://example.org", false, false},
		{"data:text/html,<script>alert(1)</script>", false, false},
		{"data:image/png;base64,iVBORw0KGgo=", false, true},
		{"DATA:image/jpeg;base64,/9j/", false, true},
		{"data:image/webp;base64,UklGR", false, true},
		{"data:image/svg+xml;base64,PHN2Zz4=", false, false},
		{"data:image/png,rawbytes", false, false},
		{"data:image/png;base64,iVBO<", false, false},
	} {
		if got := AllowedURL(tc.url, false); got != tc.link {
			t.Errorf("AllowedURL(%q, link) = %v, want %v", tc.url, got, tc.link)
		}
		if got := AllowedURL(tc.url, true); got != tc.image {
			t.Errorf("AllowedURL(%q, image) = %v, want %v", tc.url, got, tc.image)
		}
	}
}

// TestPolicyAgreesWithAllowedURL cross-checks the two implementations of
// the URL rule: bluemonday's scheme checks with hrefRE and rasterDataURL on
// HTML attributes, and AllowedURL on markdown destinations.
func TestPolicyAgreesWithAllowedURL(t *testing.T) {
	for _, u := range []string{
		"fig/a.png", "#x", "https://example.org/a?b=1", "http://x", "mailto:a@b", "//cdn.example/x",
		"javascript:alert(1)", "JAVASCRIPT:x", "vbscript:x", "file:///x", "ftp://x", "tel:123",
		"data:text/html,x", "data:image/png;base64,iVBORw0KGgo=", "data:image/gif;base64,R0lGOD",
		"data:image/svg+xml;base64,PHN2Zz4=", "data:image/png,raw", " data:image/png;base64,AAAA",
	} {
		for _, image := range []bool{false, true} {
			frag := `<a href="` + html.EscapeString(u) + `">x</a>`
			attr := "href"
			if image {
				frag, attr = `<img src="`+html.EscapeString(u)+`">`, "src"
			}
			kept := strings.Contains(policy.Sanitize(frag), attr+"=")
			if want := AllowedURL(u, image); kept != want {
				t.Errorf("%s: policy keeps %s = %v, AllowedURL = %v", frag, attr, kept, want)
			}
		}
	}
}

// TestPolicyDropsContextSwitchers checks what the package comment relies
// on when it concatenates separately sanitised pieces: no element whose
// content a browser reads as raw text, RCDATA or foreign content survives.
func TestPolicyDropsContextSwitchers(t *testing.T) {
	for _, el := range []string{
		"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
		"noscript", "plaintext", "template", "svg", "math", "object", "embed", "form",
		"input", "button", "select", "base", "meta", "link", "frame", "frameset",
	} {
		frag := "<" + el + ` id="a" class="b">x</` + el + ">"
		if got := policy.Sanitize(frag); strings.Contains(strings.ToLower(got), "<"+el) {
			t.Errorf("policy keeps <%s>: %q", el, got)
		}
	}
}

// TestPolicyKeeps lists markup an author may write that comes out exactly
// as written.
func TestPolicyKeeps(t *testing.T) {
	for _, frag := range []string{
		`<details open=""><summary>s</summary>t</details>`,
		`<table class="x"><caption>c</caption><thead><tr><th scope="col" align="left">a</th></tr></thead><tbody><tr><td colspan="2" rowspan="1" valign="top">1</td></tr></tbody></table>`,
		`H<sub>2</sub>O x<sup>2</sup> <kbd>C</kbd> <code>c</code> <pre>p</pre> <hr> <br> <blockquote>q</blockquote>`,
		`<h3 id="sec-1">h</h3><ol start="3"><li>i</li></ol><ul><li>u</li></ul><dl><dt>t</dt><dd>d</dd></dl>`,
		`<a href="https://example.org/a" title="t">a</a> <a name="n"></a> <img src="a.png" alt="a" width="40" height="50%">`,
		`<img src="data:image/png;base64,iVBORw0KGgo=">`,
		`<span style="color: red">r</span> <div class="alert alert-info" lang="en" dir="ltr">n</div>`,
		`<figure><img src="a.png"><figcaption>f</figcaption></figure>`,
	} {
		if got := policy.Sanitize(frag); got != frag {
			t.Errorf("policy changed\n%s\nto\n%s", frag, got)
		}
	}
}

// TestExtensionLeavesMarkdownAlone renders markdown without raw HTML with
// and without the extension: the output must be identical, the extension
// touching only what the author wrote as HTML.
func TestExtensionLeavesMarkdownAlone(t *testing.T) {
	src := "# T\n\n*a* **b** `c` [l](https://x.org \"t\") ![i](a.png) <https://x.org> www.x.org\n\n" +
		"- [x] done\n- [ ] todo\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```go\nx := 1\n```\n\n> q\n\n~~s~~ a&amp;b &lt;c&gt;\n"
	plain := goldmark.New(goldmark.WithExtensions(extension.GFM))
	safe := goldmark.New(goldmark.WithExtensions(extension.GFM, Sanitizer))
	var a, b bytes.Buffer
	if err := plain.Convert([]byte(src), &a); err != nil {
		t.Fatal(err)
	}
	if err := safe.Convert([]byte(src), &b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("extension changed markdown without HTML:\n%s\nvs\n%s", a.String(), b.String())
	}
	if err := Check(b.Bytes()); err != nil {
		t.Error(err)
	}
}
