package safehtml

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// AuthorPrefix starts every class and id (and anchor name) in HTML an
// author writes, so that it cannot take the page's own: a
// <span class="badge pass"> in a markdown cell or an HTML output is not
// styled as the report's PASS badge, and an id="metrics" does not capture
// the page's links to its metric table. Link to an anchor of your own as
// #nb-NAME.
const AuthorPrefix = "nb-"

// Sanitize returns the HTML fragment b through the policy (see the
// package comment), with every class token, id and anchor name prefixed
// by AuthorPrefix. It is what raw HTML in markdown and the text/html
// outputs of code cells go through.
func Sanitize(b []byte) []byte {
	return prefixAuthorNames(policy.SanitizeBytes(b))
}

// prefixAuthorNames rewrites the class, id and name attributes of the
// start tags in b (the sanitiser's well-formed output); text, end tags and
// other attributes are copied unchanged.
func prefixAuthorNames(b []byte) []byte {
	if !bytes.Contains(b, []byte("class=")) && !bytes.Contains(b, []byte("id=")) && !bytes.Contains(b, []byte("name=")) {
		return b
	}
	z := html.NewTokenizer(bytes.NewReader(b))
	var out bytes.Buffer
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out.Bytes()
		}
		raw := z.Raw()
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			out.Write(raw)
			continue
		}
		t := z.Token()
		changed := false
		for i, a := range t.Attr {
			switch a.Key {
			case "class":
				f := strings.Fields(a.Val)
				for k := range f {
					f[k] = AuthorPrefix + f[k]
				}
				t.Attr[i].Val, changed = strings.Join(f, " "), true
			case "id", "name":
				t.Attr[i].Val, changed = AuthorPrefix+a.Val, true
			}
		}
		if !changed {
			out.Write(raw)
			continue
		}
		out.WriteString(t.String())
	}
}
