package safehtml

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

// policy is the allowlist for HTML a markdown author writes. A built
// bluemonday.Policy is safe for concurrent use.
var policy = newPolicy()

// newPolicy returns the allowlist described in the package comment: close to
// what Jupyter's sanitiser keeps, minus forms, media and anything that runs.
func newPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()

	elements := []string{
		// text-level formatting
		"b", "i", "u", "s", "strike", "del", "ins", "em", "strong", "mark",
		"small", "big", "tt", "abbr", "acronym", "cite", "dfn", "q", "code",
		"samp", "var", "kbd", "sub", "sup", "span", "br", "wbr", "bdi", "time",
		// blocks
		"p", "div", "hr", "pre", "blockquote", "center", "address",
		"h1", "h2", "h3", "h4", "h5", "h6", "hgroup",
		"section", "article", "aside", "header", "footer", "nav",
		"figure", "figcaption", "details", "summary",
		// lists
		"ul", "ol", "li", "dl", "dt", "dd",
		// tables
		"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td",
		// links; an <a> whose href is refused stays as <a> so that its end
		// tag, sanitised on its own, still has a start tag to close
		"a",
	}
	p.AllowElements(elements...)
	p.AllowNoAttrs().OnElements(elements...)

	// Global attributes. class and id are kept as Jupyter keeps them (notes
	// styled as "alert alert-info", anchors to link to); style only with the
	// properties below, each value checked by bluemonday's CSS handlers, so
	// url(), expression() and the like never pass.
	p.AllowAttrs("class").Matching(bluemonday.SpaceSeparatedTokens).Globally()
	p.AllowAttrs("id").Matching(idRE).Globally()
	p.AllowAttrs("title").Globally()
	p.AllowAttrs("lang").Matching(langRE).Globally()
	p.AllowAttrs("dir").Matching(bluemonday.Direction).Globally()
	p.AllowStyles(
		"color", "background-color", "text-align", "vertical-align",
		"font-weight", "font-style", "font-size", "text-decoration",
		"width", "height", "max-width",
	).Globally()

	// Links and images. Every URL attribute is parsed and must be relative
	// or http, https or mailto; data: only as a base64 raster image (see
	// rasterDataURL), and only in img src, which hrefRE keeps out of links.
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(true)
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowURLSchemeWithCustomPolicy("data", rasterDataURL)
	p.AllowAttrs("href").Matching(hrefRE).OnElements("a")
	p.AllowAttrs("name").Matching(idRE).OnElements("a")
	p.AllowAttrs("src").OnElements("img")
	p.AllowAttrs("alt").OnElements("img")
	p.AllowAttrs("width", "height").Matching(bluemonday.NumberOrPercent).OnElements("img")
	p.AllowAttrs("align").Matching(bluemonday.ImageAlign).OnElements("img")
	p.AllowAttrs("cite").OnElements("blockquote", "q", "del", "ins")

	// Tables, lists, details.
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	p.AllowAttrs("align").Matching(bluemonday.CellAlign).OnElements("td", "th", "tr", "table", "col", "colgroup")
	p.AllowAttrs("valign").Matching(bluemonday.CellVerticalAlign).OnElements("td", "th", "tr", "col", "colgroup")
	p.AllowAttrs("scope").Matching(scopeRE).OnElements("th")
	p.AllowAttrs("span").Matching(bluemonday.Integer).OnElements("col", "colgroup")
	p.AllowAttrs("border").Matching(bluemonday.Integer).OnElements("table")
	p.AllowAttrs("start").Matching(bluemonday.Integer).OnElements("ol")
	p.AllowAttrs("reversed").Matching(emptyRE).OnElements("ol")
	p.AllowAttrs("type").Matching(bluemonday.ListType).OnElements("ol", "ul", "li")
	p.AllowAttrs("value").Matching(bluemonday.Integer).OnElements("li")
	p.AllowAttrs("open").Matching(emptyRE).OnElements("details")
	p.AllowAttrs("datetime").Matching(bluemonday.ISO8601).OnElements("time")
	return p
}

var (
	// idRE is an HTML id or anchor name as markdown authors write them.
	idRE = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.:-]*$`)
	// langRE is a BCP 47 language tag.
	langRE = regexp.MustCompile(`^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`)
	// scopeRE is a table header's scope.
	scopeRE = regexp.MustCompile(`^(?i:row|col|rowgroup|colgroup)$`)
	// emptyRE matches a boolean attribute written bare or as its own name.
	emptyRE = regexp.MustCompile(`^(?i:|open|reversed)$`)
	// hrefRE keeps data: out of links: a link's URL either starts with an
	// allowed scheme or has no scheme at all (no ':' before the first '/',
	// '?' or '#'). bluemonday then parses it and checks the scheme again.
	hrefRE = regexp.MustCompile(`^(?:\s*(?i:https?|mailto):|[^:/?#]*(?:[/?#]|$))`)
	// rasterDataRE is the part of a data: URL after "data:" that an image
	// may carry: a raster type, base64. SVG is left out: in an img it cannot
	// run script, but opened on its own it can.
	rasterDataRE = regexp.MustCompile(`^image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$`)
)

// rasterDataURL is bluemonday's check of a data: URL.
func rasterDataURL(u *url.URL) bool {
	return rasterDataRE.MatchString(u.Opaque)
}

// AllowedURL reports whether a markdown link (image false) or image (true)
// may point at u, by the rule the policy applies to HTML: no scheme
// (relative), http, https or mailto; for images also a base64 data: URL of
// a PNG, JPEG, GIF or WebP. u is judged as a browser reads it: leading and
// trailing spaces and control characters and every tab and newline removed,
// the scheme case-insensitive.
func AllowedURL(u string, image bool) bool {
	u = browserURL(u)
	scheme, rest, ok := cutScheme(u)
	if !ok {
		return true // relative
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "mailto":
		return true
	case "data":
		return image && rasterDataRE.MatchString(rest)
	}
	return false
}

// browserURL applies the URL standard's input clean-up: strip leading and
// trailing C0 controls and spaces, remove ASCII tab and newline anywhere.
func browserURL(u string) string {
	u = strings.TrimFunc(u, func(r rune) bool { return r <= ' ' })
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
}

// cutScheme splits "scheme:rest" where scheme is ALPHA *(ALPHA / DIGIT /
// "+" / "-" / "."); ok is false for a URL without a scheme.
func cutScheme(u string) (scheme, rest string, ok bool) {
	for i := 0; i < len(u); i++ {
		c := u[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return u[:i], u[i+1:], true
		default:
			return "", "", false
		}
	}
	return "", "", false
}
