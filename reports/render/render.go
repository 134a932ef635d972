package render

import (
	"bytes"
	"fmt"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render/safehtml"
	"github.com/sigprop/sigprop/reports/render/texmath"
	"github.com/sigprop/sigprop/reports/render/xref"
)

// Cell statuses as the executor reports them in Page.CellStatus.
const (
	CellOK       = "ok"
	CellFailed   = "failed"
	CellTimeout  = "timeout"
	CellSkipped  = "skipped"
	CellNotCode  = "not-code"
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// Page is one executed notebook to render.
type Page struct {
	// Name is the notebook's base name without extension, e.g. "004-meanfield".
	Name string
	// Title of the page; when empty, the text of the first level-1 markdown
	// heading, else Name.
	Title string
	// Notebook with its outputs.
	Notebook *ipynb.Notebook
	// Bundles are Notebook's decoded bundles (DecodeBundles), so that a
	// caller that has decoded them already does not decode them again; nil
	// means they are decoded where needed.
	Bundles *Bundles
	// Status is StatusOK or StatusFailed.
	Status string
	// Err is the notebook-level error text (kernel died, ...), if any.
	Err string
	// CellStatus holds one status per cell (CellOK, CellFailed, ...); nil
	// means unknown, and cells are then judged by their error outputs only.
	CellStatus []string
	// Duration is the wall time the notebook took to execute.
	Duration time.Duration
	// Timing, when not nil, says where that time went: in the page's
	// header and on each code cell that ran.
	Timing *Timing
}

// Timing is where a notebook's run time went (see execute.Result and
// kernel.Timing for what is measured).
type Timing struct {
	// Start is the kernel's start; Compile the cells' compilation (gonb's
	// goimports, go get and go build); Run the cells' own work (their
	// wall time less their compilation).
	Start, Compile, Run time.Duration
	// CPU is the processor time of the kernel's process tree over the
	// start and the cells, when CPUKnown.
	CPU      time.Duration
	CPUKnown bool
	// Cells holds one entry per cell of the notebook; a cell that did not
	// run has a zero Wall and shows no time.
	Cells []CellTime
}

// CellTime is where one cell's wall time went, and the CPU time of the
// kernel's process tree meanwhile (when CPUKnown).
type CellTime struct {
	Wall, Compile time.Duration
	CPU           time.Duration
	CPUKnown      bool
}

// Renderer turns executed notebooks into standalone HTML pages. It is safe
// for concurrent use once built.
type Renderer struct {
	opts options
	md   goldmark.Markdown
	// The page and cell being rendered, and the files kept beside pages
	// (bound.go).
	page      string
	cellIndex int
	files     map[string][]byte
	// The page's reference resolver (refs.go) and what the pages
	// rendered since the last TakeUnresolved could not resolve.
	res        *pageResolver
	unresolved map[string][]string
}

type options struct {
	assetBase       string
	indexHref       string
	conformanceHref string
	siteTitle       string
	refs            *Refs
	equationsHref   string
}

// Option configures a Renderer.
type Option func(*options)

// WithAssetBase sets the relative URL prefix of the assets written by
// WriteAssets (default "assets/", for pages in the site's root directory).
func WithAssetBase(base string) Option {
	return func(o *options) { o.assetBase = base }
}

// WithIndexHref sets the link from each notebook page back to the index
// (default "index.html"); empty means no link.
func WithIndexHref(href string) Option {
	return func(o *options) { o.indexHref = href }
}

// WithConformanceHref sets the link from each notebook page and the index
// to the conformance page (default "conformance.html"); empty means no link.
func WithConformanceHref(href string) Option {
	return func(o *options) { o.conformanceHref = href }
}

// WithSiteTitle sets the index page's title (default "sigprop reports").
func WithSiteTitle(title string) Option {
	return func(o *options) { o.siteTitle = title }
}

// WithRefs sets the site's numbering of equations, figures and tables
// (Refs), so that a page can refer to another page's; without it each
// page is numbered alone.
func WithRefs(refs *Refs) Option {
	return func(o *options) { o.refs = refs }
}

// WithEquationsHref sets the link from the index and each notebook page to
// the equation index page (RenderEquations); empty (the default) means
// none.
func WithEquationsHref(href string) Option {
	return func(o *options) { o.equationsHref = href }
}

// New returns a Renderer; with no options pages sit in the site root beside
// index.html and the assets directory.
func New(opts ...Option) *Renderer {
	o := options{assetBase: "assets/", indexHref: "index.html", conformanceHref: "conformance.html", siteTitle: "sigprop reports"}
	for _, opt := range opts {
		opt(&o)
	}
	md := goldmark.New(
		// Notebook markdown may carry HTML (<details>, <sub>); safehtml lets
		// it through an allowlist (see "Safe HTML" in doc.go). No
		// html.WithUnsafe: goldmark's safe mode is a second guard on links.
		goldmark.WithExtensions(extension.GFM, texmath.Math, xref.Xref, safehtml.Sanitizer),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
	)
	return &Renderer{opts: o, md: md}
}

// markdown renders one markdown source to HTML. Heading ids are generated
// from ids, which a page shares across its cells so that two "## Results"
// headings get distinct anchors; nil means a fresh set.
func (r *Renderer) markdown(src string, ids parser.IDs) ([]byte, error) {
	if why := markdownBound(src); why != "" {
		return markdownSource(src, why), nil
	}
	if ids == nil {
		ids = newIDs()
	}
	var buf bytes.Buffer
	pc := parser.NewContext(parser.WithIDs(ids))
	if r.res != nil {
		xref.WithResolver(pc, r.res)
	}
	if err := r.md.Convert([]byte(src), &buf, parser.WithContext(pc)); err != nil {
		return nil, fmt.Errorf("render: markdown: %w", err)
	}
	return buf.Bytes(), nil
}

// TakeUnresolved returns, by page name, the references the pages rendered
// since the last call could not resolve (unknown labels, bibliography
// keys and values, labels defined twice), each naming its cell, and
// forgets them. A page with any is rendered as failed.
func (r *Renderer) TakeUnresolved() map[string][]string {
	u := r.unresolved
	r.unresolved = nil
	return u
}

// FirstHeading returns the plain text of the first level-1 heading in the
// notebook's markdown cells, or "" if there is none.
func FirstHeading(nb *ipynb.Notebook) string {
	md := goldmark.New(goldmark.WithExtensions(texmath.Math))
	for _, c := range nb.Cells {
		if c.CellType != "markdown" {
			continue
		}
		if markdownBound(string(c.Source)) != "" {
			continue // shown as source: no heading
		}
		src := []byte(c.Source)
		doc := md.Parser().Parse(text.NewReader(src))
		var title string
		_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			h, ok := n.(*ast.Heading)
			if !entering || !ok || h.Level != 1 {
				return ast.WalkContinue, nil
			}
			title = plainText(h, src)
			return ast.WalkStop, nil
		})
		if title != "" {
			return title
		}
	}
	return ""
}

// plainText concatenates the text under n; math keeps its TeX source with
// its dollars.
func plainText(n ast.Node, src []byte) string {
	var buf bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *texmath.InlineMath:
			buf.WriteByte('$')
			for m := t.FirstChild(); m != nil; m = m.NextSibling() {
				buf.Write(m.(*ast.Text).Segment.Value(src))
			}
			buf.WriteByte('$')
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			buf.Write(t.Segment.Value(src))
			if t.SoftLineBreak() {
				buf.WriteByte(' ')
			}
		case *ast.String:
			buf.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return string(bytes.TrimSpace(buf.Bytes()))
}

// newIDs returns goldmark's default heading-id generator.
func newIDs() parser.IDs { return parser.NewContext().IDs() }
