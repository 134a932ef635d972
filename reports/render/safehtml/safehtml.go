package safehtml

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// ---------------------------------------------------------------- renderer

// HTMLRenderer renders raw HTML nodes (ast.KindRawHTML, ast.KindHTMLBlock)
// through the policy. It replaces goldmark's own functions for these kinds,
// which in safe mode would drop the HTML altogether.
type HTMLRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r HTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, r.renderRawHTML)
	reg.Register(ast.KindHTMLBlock, r.renderHTMLBlock)
}

// renderRawHTML writes one inline tag, comment or declaration. goldmark
// makes a node of each tag, so "<b>x</b>" arrives as two nodes with a text
// node between them; each is sanitised on its own (an end tag alone passes
// if its element is allowed, a stray </a> or </span> is harmless).
func (HTMLRenderer) renderRawHTML(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	segs := n.(*ast.RawHTML).Segments
	var raw []byte
	for i := 0; i < segs.Len(); i++ {
		seg := segs.At(i)
		raw = append(raw, seg.Value(source)...)
	}
	_, _ = w.Write(Sanitize(raw))
	return ast.WalkSkipChildren, nil
}

// renderHTMLBlock writes an HTML block, its lines and closing line
// sanitised together as one fragment.
func (HTMLRenderer) renderHTMLBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var raw []byte
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		raw = append(raw, seg.Value(source)...)
	}
	if n.HasClosure() {
		raw = append(raw, n.ClosureLine.Value(source)...)
	}
	_, _ = w.Write(Sanitize(raw))
	return ast.WalkContinue, nil
}

// ---------------------------------------------------------------- transformer

// urlTransformer applies AllowedURL to markdown links, images and
// autolinks. goldmark's safe mode already blanks javascript:, vbscript:,
// file: and non-image data: URLs; this narrows that to the policy's
// allowlist (no data: link, no other scheme), so a markdown link and an
// HTML <a> obey one rule.
type urlTransformer struct{}

// Transform implements parser.ASTTransformer.
func (urlTransformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	source := reader.Source()
	var blocked []*ast.AutoLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			if !AllowedURL(string(util.URLEscape(n.Destination, true)), false) {
				n.Destination = nil
			}
		case *ast.Image:
			if !AllowedURL(string(util.URLEscape(n.Destination, true)), true) {
				n.Destination = nil
			}
		case *ast.AutoLink:
			if n.AutoLinkType == ast.AutoLinkURL && !AllowedURL(string(util.URLEscape(n.URL(source), false)), false) {
				blocked = append(blocked, n)
			}
		}
		return ast.WalkContinue, nil
	})
	// An autolink's URL is its text and cannot be blanked: replace it by a
	// link without a destination, as goldmark renders a blanked link.
	for _, a := range blocked {
		link := ast.NewLink()
		label := ast.NewString(a.Label(source))
		label.SetRaw(true)
		link.AppendChild(link, label)
		a.Parent().ReplaceChild(a.Parent(), a, link)
	}
}

// ---------------------------------------------------------------- extension

type sanitizer struct{}

// Sanitizer is the extension:
// goldmark.New(goldmark.WithExtensions(safehtml.Sanitizer)), without
// html.WithUnsafe (with it, goldmark would let dangerous link URLs through
// before this extension sees them).
var Sanitizer goldmark.Extender = sanitizer{}

// Extend implements goldmark.Extender.
func (sanitizer) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(urlTransformer{}, 100)))
	// Priority below goldmark's 1000: registered last, these functions
	// replace goldmark's for the raw HTML kinds.
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(HTMLRenderer{}, 100)))
}
