package render

import (
	"fmt"
	"html"
	"net/url"
	"strings"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
)

// FigureFormats are the files each figure of a page is offered as, beside
// the page in NAME.figures/: the picture as SVG, PDF and PNG (drawn from
// the figure's bundle by kernel-ext/contract/picture) and its data as CSV (see
// publish.FigureCSV). Whoever writes the site writes them (reports/publish);
// the page links to them under the figure's caption.
var FigureFormats = []string{"svg", "pdf", "png", "csv"}

// FigureFile is the path, relative to the site, of figure id's file in
// format ext of page: PAGE.figures/ID.EXT, the id with anything but
// letters, digits, '-', '_' and '.' replaced by '-' (as in its anchor).
func FigureFile(page, id, ext string) string {
	return page + ".figures/" + strings.TrimPrefix(figureAnchor(id), "fig-") + "." + ext
}

// figureLinks writes the links to figure f's files on the current page.
func (r *Renderer) figureLinks(w *strings.Builder, f *bundle.Figure) {
	w.WriteString("<span class=\"fig-files\">")
	for i, ext := range FigureFormats {
		if i > 0 {
			w.WriteString(" ")
		}
		p := FigureFile(r.page, f.ID, ext)
		dir, file, _ := strings.Cut(p, "/")
		href := "./" + url.PathEscape(dir) + "/" + url.PathEscape(file)
		what := strings.ToUpper(ext)
		title := "the figure as " + what
		if ext == "csv" {
			what, title = "data (CSV)", "the figure's data as CSV"
		}
		fmt.Fprintf(w, "<a href=\"%s\" download title=\"%s\">%s</a>", html.EscapeString(href), html.EscapeString(title), html.EscapeString(what))
	}
	w.WriteString("</span>")
}
