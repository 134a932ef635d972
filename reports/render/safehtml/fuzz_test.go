package safehtml

import "testing"

// FuzzPolicy sanitises two HTML fragments separately and checks that each
// and their concatenation are inert: the renderer sanitises inline tags one
// by one and writes the results side by side, so the package comment's
// claim that joined pieces cannot open a new context is what this tests.
// Crashers found while fuzzing are kept in testdata/fuzz/FuzzPolicy.
func FuzzPolicy(f *testing.F) {
	for _, s := range [][2]string{
		{`<b>`, `</b>`},
		{`<a href="https://x">`, `</a>`},
		{`<img src=x onerror=alert(1)>`, ``},
		{`<svg><script>alert(1)</script>`, `</svg>`},
		{`<noscript><p title="`, `</noscript><img src=x onerror=alert(1)>">`},
		{`<math><mtext><table><mglyph><style>`, `<img src=x onerror=alert(1)>`},
		{`<textarea>`, `</textarea><script>alert(1)</script>`},
		{`<!--`, `--><script>alert(1)</script>`},
		{`<a href="jav&#x09;ascript:alert(1)">`, `x</a>`},
		{`<div style="color: red; background: url(javascript:alert(1))">`, `</div>`},
		{`<img src="data:image/svg+xml;base64,PHN2Zz4=">`, `<img src="data:image/png;base64,iVBO">`},
		{`<details open><summary>`, `s</summary></details>`},
		{`<table><tr><td colspan=2>`, `</td></tr></table>`},
		{`<p title='x`, `' onmouseover=alert(1)>`},
		{`<a href="`, `javascript:alert(1)">`},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		sa, sb := policy.Sanitize(a), policy.Sanitize(b)
		for _, s := range []string{sa, sb, sa + sb} {
			if err := Check([]byte(s)); err != nil {
				t.Fatalf("Sanitize(%q) + Sanitize(%q) = %q: %v", a, b, s, err)
			}
		}
	})
}
