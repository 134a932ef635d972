package render

import (
	"bytes"
	"fmt"
	"html"
	"sort"
	"strings"

	"github.com/sigprop/sigprop/reports/eqindex"
)

// EquationsPage is what the equation index page shows: the index of the
// checkout (package eqindex) and, for each notebook cell the index names,
// the figures that cell drew in this report.
type EquationsPage struct {
	Index *eqindex.Index
	// Figures maps a cell to the ids of the figures it drew; a cell of a
	// notebook this report did not run has none.
	Figures map[eqindex.Cell][]string
}

// ModulePath is the module's import path, for the links to each
// function's documentation (pkg.go.dev's layout).
const ModulePath = "github.com/sigprop/sigprop"

// RenderEquations returns the equation index page: per source (by its
// bibliography entry) one row per equation with the Go that computes it
// (linked to its documentation, with its file and line), the tests that
// call it, the `sigprop eval` quantities built on it, the figures of this
// report drawn by cells that use it, and its erratum. Problems the index
// check found are listed at the top.
func (r *Renderer) RenderEquations(p EquationsPage) ([]byte, error) {
	if p.Index == nil {
		return nil, fmt.Errorf("render: equations page without an index")
	}
	const title = "Equation index"
	var w bytes.Buffer
	r.head(&w, title, false)
	w.WriteString("<body class=\"equations\">\n<header class=\"page\">\n")
	if r.opts.indexHref != "" {
		fmt.Fprintf(&w, "<nav class=\"crumbs\"><a href=\"%s\">%s</a> / equations</nav>\n", html.EscapeString(r.opts.indexHref), html.EscapeString(r.opts.siteTitle))
	}
	fmt.Fprintf(&w, "<h1>%s</h1>\n", title)
	fmt.Fprintf(&w, "<p class=\"meta\">%d equations of %d sources, from the <code>//sigprop:eq</code> annotations next to the code, checked against the equations each package's <code>doc.go</code> lists (package <code>reports/eqindex</code>). Tests, <code>sigprop eval</code> quantities and figures are those that call the function.</p>\n",
		len(p.Index.Entries), len(indexSources(p.Index)))
	if len(p.Index.Problems) > 0 {
		fmt.Fprintf(&w, "<div class=\"notebook-error\"><strong>The index is incomplete or inconsistent (%d).</strong><pre>%s</pre></div>\n", len(p.Index.Problems), html.EscapeString(strings.Join(p.Index.Problems, "\n")))
	}
	w.WriteString("</header>\n<main>\n")
	entries, _ := bib()
	for _, src := range indexSources(p.Index) {
		e, ok := entries[src]
		head := src
		if ok {
			head = e.Label()
		}
		fmt.Fprintf(&w, "<section class=\"source\" id=\"src-%s\">\n<h2>%s</h2>\n", html.EscapeString(src), html.EscapeString(head))
		if ok {
			fmt.Fprintf(&w, "<p class=\"meta\">%s", html.EscapeString(e.Reference()))
			if u := e.URL(); strings.HasPrefix(u, "https://") {
				fmt.Fprintf(&w, " <a href=\"%s\">%s</a>", html.EscapeString(u), html.EscapeString(u))
			}
			w.WriteString("</p>\n")
		}
		w.WriteString("<table class=\"equations\">\n<thead><tr><th>equation</th><th>computed by</th><th>checked by</th><th><code>sigprop eval</code></th><th>figures</th><th>erratum</th></tr></thead>\n<tbody>\n")
		for _, en := range p.Index.Entries {
			if en.Source != src {
				continue
			}
			fmt.Fprintf(&w, "<tr id=\"%s\"><td>%s</td><td>", html.EscapeString(equationAnchor(en.Ref)), html.EscapeString(en.Label))
			for i, f := range en.Funcs {
				if i > 0 {
					w.WriteString("<br>")
				}
				fmt.Fprintf(&w, "<a href=\"https://pkg.go.dev/%s/%s#%s\"><code>%s.%s</code></a> <span class=\"path\">%s:%d</span>",
					ModulePath, html.EscapeString(f.Package), html.EscapeString(f.Name), html.EscapeString(f.PkgName()), html.EscapeString(f.Name), html.EscapeString(f.File), f.Line)
			}
			w.WriteString("</td><td>")
			for i, t := range en.Tests {
				if i > 0 {
					w.WriteString(", ")
				}
				pkg, name, _ := strings.Cut(t, ".")
				fmt.Fprintf(&w, "<code>%s</code> <span class=\"path\">(%s)</span>", html.EscapeString(name), html.EscapeString(pkg))
			}
			w.WriteString("</td><td>")
			for i, q := range en.Quantities {
				if i > 0 {
					w.WriteString(", ")
				}
				fmt.Fprintf(&w, "<code>%s</code>", html.EscapeString(q))
			}
			w.WriteString("</td><td>")
			var figs []string
			for _, c := range en.Cells {
				for _, id := range p.Figures[c] {
					figs = append(figs, fmt.Sprintf("<a href=\"%s#%s\">%s</a>", html.EscapeString(PageHref(c.Notebook+".html")), figureAnchor(id), html.EscapeString(c.Notebook+" "+id)))
				}
			}
			w.WriteString(strings.Join(uniqueStrings(figs), ", "))
			w.WriteString("</td><td>")
			for i, a := range en.Errata {
				if i > 0 {
					w.WriteString(", ")
				}
				fmt.Fprintf(&w, "<code>%s</code>", html.EscapeString(a))
			}
			w.WriteString("</td></tr>\n")
		}
		w.WriteString("</tbody>\n</table>\n</section>\n")
	}
	w.WriteString("</main>\n</body>\n</html>\n")
	return w.Bytes(), nil
}

// equationAnchor is the id of an equation's row: "eq-cowsik2024-eq.-10".
func equationAnchor(r eqindex.Ref) string {
	var b strings.Builder
	b.WriteString("eq-" + r.Source + "-")
	for _, c := range r.Label {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.':
			b.WriteRune(c)
		case c == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// indexSources returns the index's sources in order of first appearance.
func indexSources(ix *eqindex.Index) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range ix.Entries {
		if !seen[e.Source] {
			seen[e.Source] = true
			out = append(out, e.Source)
		}
	}
	sort.Strings(out)
	return out
}

func uniqueStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// CellFigures returns, for each code cell of the page's notebook that
// drew figures, their ids (for EquationsPage.Figures).
func CellFigures(page string, bs *Bundles) map[eqindex.Cell][]string {
	out := map[eqindex.Cell][]string{}
	keys := make([]outputKey, 0, len(bs.outputs))
	for k := range bs.outputs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].cell != keys[j].cell {
			return keys[i].cell < keys[j].cell
		}
		return keys[i].output < keys[j].output
	})
	for _, k := range keys {
		d := bs.outputs[k]
		if d.err == nil && d.b.Figure != nil {
			c := eqindex.Cell{Notebook: page, Index: k.cell}
			out[c] = append(out[c], d.b.Figure.ID)
		}
	}
	return out
}
