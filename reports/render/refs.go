package render

import (
	"bytes"
	"fmt"
	"html"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/sources"
	"github.com/sigprop/sigprop/reports/bibtex"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/texmath"
	"github.com/sigprop/sigprop/reports/render/xref"
)

// Refs numbers what the pages of a site can refer to: each page's
// labelled display equations ("$$ ... $$ (label)" in its markdown cells,
// numbered 1, 2, ... in page order), its figures (by figure id, in
// output order) and its tables with an id. A page refers to them with
// package xref's roles; a label is looked up on the referring page
// first, then on every other page, where it must be unique. Build one
// with NewRefs and Add or AddNotebook for every page of the site before
// rendering any of them (WithRefs), so that a page can refer to one
// rendered after it; without one, RenderNotebook numbers the page alone.
type Refs struct {
	pages map[string]*pageRefs
}

type pageRefs struct {
	eqs, figs, tbls map[string]int
	dups            []string
	outside         bool // a notebook beside the site's, not in it (AddOutside)
}

// NewRefs returns an empty table.
func NewRefs() *Refs { return &Refs{pages: map[string]*pageRefs{}} }

// Add records page's equation labels, figure ids and table ids, each
// list in page order (an id starting with '#', a manifest's key of a
// table without an id, and "" are skipped). A label twice on one page is
// reported when the page renders (Unresolved).
func (s *Refs) Add(page string, equations, figures, tables []string) {
	p := &pageRefs{eqs: map[string]int{}, figs: map[string]int{}, tbls: map[string]int{}}
	number := func(m map[string]int, kind string, ids []string) {
		for _, id := range ids {
			if id == "" || id[0] == '#' {
				continue
			}
			if _, dup := m[id]; dup {
				p.dups = append(p.dups, fmt.Sprintf("%s %q is defined twice", kind, id))
				continue
			}
			m[id] = len(m) + 1
		}
	}
	number(p.eqs, "equation label", equations)
	number(p.figs, "figure id", figures)
	number(p.tbls, "table id", tables)
	s.pages[page] = p
}

// AddOutside records the equation labels of a notebook that is not a
// page of this site (a committed notebook beside the one a parameterised
// run executes alone): a reference to one of them renders with its number
// and the notebook's name, "(3) in 02-token-geometry", without a link to a
// page the site does not have. Its figures and tables are not known
// without running it, so they stay unresolvable. A page Add has recorded
// is left as it is.
func (s *Refs) AddOutside(page string, equations []string) {
	if s.pages[page] != nil {
		return
	}
	s.Add(page, equations, nil, nil)
	s.pages[page].outside = true
}

// AddNotebook is Add with the notebook's equation labels
// (EquationLabels) and its bundles' figure and table ids.
func (s *Refs) AddNotebook(page string, nb *ipynb.Notebook, bs *Bundles) {
	var figs, tbls []string
	for _, f := range bs.Figures {
		figs = append(figs, f.ID)
	}
	for _, t := range bs.Tables {
		tbls = append(tbls, t.ID)
	}
	s.Add(page, EquationLabels(nb), figs, tbls)
}

// EquationLabels returns the labels of the labelled display equations of
// the notebook's markdown cells, in order.
func EquationLabels(nb *ipynb.Notebook) []string {
	md := goldmark.New(goldmark.WithExtensions(texmath.Math))
	var out []string
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		if markdownBound(string(c.Source)) != "" {
			continue // shown as source: no labels
		}
		src := []byte(c.Source)
		doc := md.Parser().Parse(text.NewReader(src))
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if b, ok := n.(*texmath.MathBlock); ok && entering && b.Label != "" {
				out = append(out, b.Label)
			}
			return ast.WalkContinue, nil
		})
	}
	return out
}

// Equations returns the page's equation labels by number (for the
// manifest, so that a partial report keeps the pages it does not run
// referable).
func (s *Refs) Equations(page string) []string {
	p := s.pages[page]
	if p == nil {
		return nil
	}
	out := make([]string, len(p.eqs))
	for l, n := range p.eqs {
		out[n-1] = l
	}
	return out
}

// lookup finds role's target from page: on page itself, else on the one
// other page that has it.
func (s *Refs) lookup(page, role, target string) (xref.Target, string) {
	pick := func(p *pageRefs) map[string]int {
		switch role {
		case xref.RoleEq:
			return p.eqs
		case xref.RoleFig:
			return p.figs
		}
		return p.tbls
	}
	at, n := page, 0
	if p := s.pages[page]; p != nil {
		n = pick(p)[target]
	}
	if n == 0 {
		var found []string
		for name, p := range s.pages {
			if name != page && pick(p)[target] > 0 {
				found = append(found, name)
			}
		}
		sort.Strings(found)
		switch len(found) {
		case 0:
			return xref.Target{}, "no such label on this page or any other"
		case 1:
			at, n = found[0], pick(s.pages[found[0]])[target]
		default:
			return xref.Target{}, "ambiguous: on pages " + strings.Join(found, ", ")
		}
	}
	num := strconv.Itoa(n)
	var t xref.Target
	switch role {
	case xref.RoleEq:
		t = xref.Target{Text: "(" + num + ")", Href: "#" + texmath.EquationAnchor(target)}
	case xref.RoleFig:
		t = xref.Target{Text: "Fig. " + num, Href: "#" + figureAnchor(target)}
	default:
		t = xref.Target{Text: "Table " + num, Href: "#" + figureAnchor(target)}
	}
	if at != page {
		t.Text += " in " + at
		t.Href = PageHref(at+".html") + t.Href
		if s.pages[at].outside {
			t.Href = ""
		}
	}
	return t, ""
}

// number returns the number of the page's figure or table id, 0 if none.
func (s *Refs) number(page, role, id string) int {
	p := s.pages[page]
	if p == nil {
		return 0
	}
	if role == xref.RoleFig {
		return p.figs[id]
	}
	return p.tbls[id]
}

// bib is sigprop's bibliography (lib/sources/refs.bib), parsed once.
var bib = sync.OnceValues(func() (map[string]bibtex.Entry, error) {
	es, err := bibtex.Parse(sources.BibTeX)
	if err != nil {
		return nil, fmt.Errorf("lib/sources/refs.bib: %w", err)
	}
	m := make(map[string]bibtex.Entry, len(es))
	for _, e := range es {
		m[e.Key] = e
	}
	return m, nil
})

// pageResolver resolves one page's references (xref.Resolver) and
// records what it cites and what it could not resolve.
type pageResolver struct {
	refs       *Refs
	page       string
	cell       string // the cell being rendered, as messages name it (ipynb.Notebook.CellLabel)
	values     map[string]bundle.Value
	cited      map[string]bool
	unresolved []string
}

func (r *pageResolver) miss(format string, args ...any) {
	r.unresolved = append(r.unresolved, r.cell+": "+fmt.Sprintf(format, args...))
}

// Equation implements xref.Resolver.
func (r *pageResolver) Equation(label string) (string, bool) {
	if p := r.refs.pages[r.page]; p != nil && p.eqs[label] > 0 {
		return strconv.Itoa(p.eqs[label]), true
	}
	return "", false
}

// Ref implements xref.Resolver.
func (r *pageResolver) Ref(role, target string) (xref.Target, bool) {
	if role == xref.RoleGlue {
		v, ok := r.values[target]
		if !ok {
			r.miss("unknown value %q ({glue}: no cell of this notebook published it with show.Glue)", target)
			return xref.Target{}, false
		}
		return xref.Target{Text: v.Text, Href: "#" + glueAnchor(target)}, true
	}
	t, why := r.refs.lookup(r.page, role, target)
	if why != "" {
		r.miss("unknown %s %q (%s)", refNoun[role], target, why)
		return xref.Target{}, false
	}
	return t, true
}

// refNoun names what a role refers to, for messages.
var refNoun = map[string]string{xref.RoleEq: "equation label", xref.RoleFig: "figure id", xref.RoleTbl: "table id"}

// Cite implements xref.Resolver.
func (r *pageResolver) Cite(key string) (xref.Target, bool) {
	entries, err := bib()
	if err != nil {
		r.miss("citation %q: %v", key, err)
		return xref.Target{}, false
	}
	e, ok := entries[key]
	if !ok {
		r.miss("unknown bibliography key %q (not in lib/sources/refs.bib)", key)
		return xref.Target{}, false
	}
	r.cited[key] = true
	return xref.Target{Text: e.Label(), Href: "#" + refAnchor(key)}, true
}

// glueAnchor is the HTML id of the output that published value name.
func glueAnchor(name string) string { return "glue-" + name }

// refAnchor is the HTML id of a reference list entry.
func refAnchor(key string) string { return "ref-" + key }

// references writes the page's reference list: the entries it cites,
// ordered by author–year label, each with its link.
func (r *pageResolver) references(w *bytes.Buffer) {
	if len(r.cited) == 0 {
		return
	}
	entries, _ := bib()
	var es []bibtex.Entry
	for k := range r.cited {
		es = append(es, entries[k])
	}
	bibtex.Sort(es)
	w.WriteString("<section class=\"references\">\n<h2 id=\"references\">References</h2>\n<ul class=\"references\">\n")
	for _, e := range es {
		fmt.Fprintf(w, "<li id=\"%s\"><span class=\"ref-label\">%s</span> %s", refAnchor(e.Key), html.EscapeString(e.Label()), html.EscapeString(e.Reference()))
		if u := e.URL(); u != "" && (strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) {
			fmt.Fprintf(w, " <a href=\"%s\">%s</a>", html.EscapeString(u), html.EscapeString(u))
		}
		w.WriteString("</li>\n")
	}
	w.WriteString("</ul>\n</section>\n")
}

// valuesOf indexes the page's published values by name; a name published
// twice is reported.
func valuesOf(bs *Bundles, res *pageResolver) map[string]bundle.Value {
	m := map[string]bundle.Value{}
	for _, v := range bs.Values {
		if _, dup := m[v.Name]; dup {
			res.unresolved = append(res.unresolved, fmt.Sprintf("value %q is published twice (show.Glue)", v.Name))
			continue
		}
		m[v.Name] = v
	}
	return m
}
