package render

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"net/url"
	"strings"

	nethtml "golang.org/x/net/html"

	"github.com/sigprop/sigprop/reports/render/safehtml"
)

// ContentSecurityPolicy is the policy every page carries in a <meta
// http-equiv> tag: scripts only from the site itself (sigprop.js and the
// vendored KaTeX, no inline script, no eval), styles from the site plus
// inline style attributes (KaTeX and the sanitised markdown set them;
// they cannot run script), fonts from the site, images from the site and
// data: URLs (figures isolated as images, PNG outputs), nothing fetched
// from elsewhere, no frames, no plugins, no forms, no <base>. Code cells'
// outputs need nothing more: their HTML is sanitised and their SVG either
// inline and inert or isolated in an <img>.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; img-src 'self' data:; " +
	"connect-src 'none'; frame-src 'none'; object-src 'none'; form-action 'none'; base-uri 'none'"

// cspMeta is the tag that carries ContentSecurityPolicy.
var cspMeta = "<meta http-equiv=\"Content-Security-Policy\" content=\"" + ContentSecurityPolicy + "\">\n" // no \" or & in it: nothing to escape

// htmlOutput writes a code cell's text/html output through the markdown
// sanitiser (safehtml.Sanitize); when that removed something that could
// run in the reader's browser, the page says so.
func htmlOutput(w *bytes.Buffer, s string) {
	w.WriteString("<div class=\"output html\">")
	if err := safehtml.Check([]byte(s)); err != nil {
		fmt.Fprintf(w, "<p class=\"output-note\">Active content removed from this HTML output (%s): it is shown through the page's sanitiser, as markdown is.</p>",
			html.EscapeString(strings.TrimPrefix(err.Error(), "safehtml: ")))
	}
	w.Write(safehtml.Sanitize([]byte(s)))
	w.WriteString("</div>\n")
}

// svgActive returns why an SVG document may not be placed in the page as
// it is (""), judged by safehtml.Check plus the SVG constructs that can
// navigate or fetch (animation of attributes, foreignObject, links, use
// and image elements pointing outside the document).
func svgActive(s string) string {
	if err := safehtml.Check([]byte(s)); err != nil {
		return strings.TrimPrefix(err.Error(), "safehtml: ")
	}
	doc, err := nethtml.Parse(strings.NewReader(s))
	if err != nil {
		return "unparseable SVG"
	}
	var why string
	var walk func(n *nethtml.Node)
	walk = func(n *nethtml.Node) {
		if why != "" {
			return
		}
		if n.Type == nethtml.ElementNode {
			switch strings.ToLower(n.Data) {
			case "animate", "set", "animatemotion", "animatetransform", "foreignobject", "a", "image", "feimage":
				why = "<" + n.Data + "> element"
				return
			}
			for _, a := range n.Attr {
				k := strings.ToLower(a.Key)
				if (k == "href" || k == "src") && !strings.HasPrefix(strings.TrimSpace(a.Val), "#") {
					why = "an external " + k
					return
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return why
}

// svgOutput writes an SVG picture: inline when it is inert (sigprop's
// figures are), else isolated as an <img> of a data: URL, in which a
// browser runs no script and loads nothing, with a note saying why.
func svgOutput(w *bytes.Buffer, s string) {
	s = inlineSVG(s)
	why := svgActive(s)
	if why == "" {
		w.WriteString(s)
		return
	}
	fmt.Fprintf(w, "<p class=\"output-note\">This SVG holds active content (%s): it is shown as an isolated image, in which nothing runs.</p>", html.EscapeString(why))
	fmt.Fprintf(w, "<img alt=\"isolated SVG\" src=\"data:image/svg+xml;base64,%s\">", base64.StdEncoding.EncodeToString([]byte(s)))
}

// PageHref is the relative link to the page file name (NAME.html),
// escaped as a URL path segment so that a name holding ':', '#', '?' or
// '%' (a notebook named "javascript:alert(1).ipynb") is a link to that
// file and nothing else; "./" keeps a name with ':' from reading as a
// scheme.
func PageHref(file string) string {
	return "./" + url.PathEscape(file)
}
