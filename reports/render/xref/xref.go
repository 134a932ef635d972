package xref

import (
	"bytes"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/sigprop/sigprop/reports/render/texmath"
)

// Roles are the role names the extension reads.
const (
	RoleEq   = "eq"
	RoleFig  = "fig"
	RoleTbl  = "tbl"
	RoleGlue = "glue"
)

// Target is what a reference resolves to: the text shown and the link
// (empty for none).
type Target struct {
	Text string
	Href string
}

// Resolver says what labels, keys and names stand for. Each method
// reports false for one it does not know (and may record it, to fail the
// run).
type Resolver interface {
	// Equation is the number of the labelled equation on the page being
	// rendered, "3" for "(3)".
	Equation(label string) (string, bool)
	// Ref resolves a role (RoleEq, RoleFig, RoleTbl, RoleGlue) and its
	// target.
	Ref(role, target string) (Target, bool)
	// Cite resolves a bibliography key to its author–year label and a
	// link (to the page's reference list).
	Cite(key string) (Target, bool)
}

var resolverKey = parser.NewContextKey()

// WithResolver puts r into pc for the conversion that uses pc.
func WithResolver(pc parser.Context, r Resolver) { pc.Set(resolverKey, r) }

// ---------------------------------------------------------------- nodes

// KindRef is the node kind of Ref.
var KindRef = ast.NewNodeKind("XRef")

// Ref is a role: {role}`target`.
type Ref struct {
	ast.BaseInline
	Role, Target string
	// Resolved is what the resolver returned; Missing is set when it did
	// not know the target (or no resolver was given).
	Resolved Target
	Missing  bool
}

// Kind implements ast.Node.
func (n *Ref) Kind() ast.NodeKind { return KindRef }

// Dump implements ast.Node.
func (n *Ref) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Role": n.Role, "Target": n.Target}, nil)
}

// KindCitation is the node kind of Citation.
var KindCitation = ast.NewNodeKind("Citation")

// Citation is [@key, locator; @key2 ...].
type Citation struct {
	ast.BaseInline
	Items []CiteItem
}

// CiteItem is one key of a citation with its optional locator.
type CiteItem struct {
	Key, Locator string
	Resolved     Target
	Missing      bool
}

// Kind implements ast.Node.
func (n *Citation) Kind() ast.NodeKind { return KindCitation }

// Dump implements ast.Node.
func (n *Citation) Dump(source []byte, level int) {
	keys := make([]string, len(n.Items))
	for i, it := range n.Items {
		keys[i] = it.Key
	}
	ast.DumpHelper(n, source, level, map[string]string{"Keys": strings.Join(keys, ";")}, nil)
}

// ---------------------------------------------------------------- parsers

type roleParser struct{}

func (roleParser) Trigger() []byte { return []byte{'{'} }

// Parse implements parser.InlineParser: {role}`target` on one line.
func (roleParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	end := bytes.IndexByte(line, '}')
	if end < 2 {
		return nil
	}
	role := string(line[1:end])
	switch role {
	case RoleEq, RoleFig, RoleTbl, RoleGlue:
	default:
		return nil
	}
	rest := line[end+1:]
	if len(rest) < 3 || rest[0] != '`' {
		return nil
	}
	close := bytes.IndexByte(rest[1:], '`')
	if close < 1 {
		return nil
	}
	target := string(bytes.TrimSpace(rest[1 : 1+close]))
	if target == "" || bytes.ContainsAny(rest[1:1+close], "\n") {
		return nil
	}
	block.Advance(end + 1 + close + 2)
	return &Ref{Role: role, Target: target}
}

type citeParser struct{}

func (citeParser) Trigger() []byte { return []byte{'['} }

// Parse implements parser.InlineParser: [@key(, locator)?(; @key...)*] on
// one line, not followed by ( or [ (that is a link).
func (citeParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) < 3 || line[1] != '@' {
		return nil
	}
	end := bytes.IndexByte(line, ']')
	if end < 0 {
		return nil
	}
	if end+1 < len(line) && (line[end+1] == '(' || line[end+1] == '[') {
		return nil
	}
	var items []CiteItem
	for _, part := range strings.Split(string(line[1:end]), ";") {
		part = strings.TrimSpace(part)
		if !strings.HasPrefix(part, "@") {
			return nil
		}
		i := 1
		for i < len(part) && keyByte(part[i]) {
			i++
		}
		// A key ends in a letter or digit ("[@a.]" is not one).
		for i > 1 && !isAlnum(part[i-1]) {
			i--
		}
		key, rest := part[1:i], strings.TrimSpace(part[i:])
		if key == "" {
			return nil
		}
		loc := ""
		if rest != "" {
			if rest[0] != ',' {
				return nil
			}
			loc = strings.TrimSpace(rest[1:])
		}
		items = append(items, CiteItem{Key: key, Locator: loc})
	}
	block.Advance(end + 1)
	return &Citation{Items: items}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func keyByte(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-' || c == ':' || c == '.'
}

// ---------------------------------------------------------------- transformer

type transformer struct{}

// Transform implements parser.ASTTransformer: it numbers the labelled
// equations and resolves every reference through the context's Resolver.
func (transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	res, _ := pc.Get(resolverKey).(Resolver)
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := n.(type) {
		case *texmath.MathBlock:
			if t.Label != "" && res != nil {
				t.Number, _ = res.Equation(t.Label)
			}
		case *Ref:
			if res == nil {
				t.Missing = true
				break
			}
			t.Resolved, t.Missing = resolve(res.Ref(t.Role, t.Target))
		case *Citation:
			for i := range t.Items {
				it := &t.Items[i]
				if res == nil {
					it.Missing = true
					continue
				}
				it.Resolved, it.Missing = resolve(res.Cite(it.Key))
			}
		}
		return ast.WalkContinue, nil
	})
}

func resolve(t Target, ok bool) (Target, bool) { return t, !ok }

// ---------------------------------------------------------------- renderer

// HTMLRenderer renders Ref and Citation nodes.
type HTMLRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r HTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindRef, r.renderRef)
	reg.Register(KindCitation, r.renderCitation)
}

func (HTMLRenderer) renderRef(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	ref := n.(*Ref)
	if ref.Missing {
		missing(w, "unknown "+roleNoun(ref.Role)+" "+ref.Target, "{"+ref.Role+"}`"+ref.Target+"`")
		return ast.WalkSkipChildren, nil
	}
	link(w, "xref "+ref.Role, ref.Resolved)
	return ast.WalkSkipChildren, nil
}

func (HTMLRenderer) renderCitation(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	_, _ = w.WriteString(`<span class="citation">(`)
	for i, it := range n.(*Citation).Items {
		if i > 0 {
			_, _ = w.WriteString("; ")
		}
		if it.Missing {
			missing(w, "unknown bibliography key "+it.Key, "@"+it.Key)
		} else {
			link(w, "cite", it.Resolved)
		}
		if it.Locator != "" {
			_, _ = w.WriteString(", " + html.EscapeString(it.Locator))
		}
	}
	_, _ = w.WriteString(`)</span>`)
	return ast.WalkSkipChildren, nil
}

// link writes t's text, as a link when it has one.
func link(w util.BufWriter, class string, t Target) {
	if t.Href == "" {
		_, _ = w.WriteString(`<span class="` + class + `">` + html.EscapeString(t.Text) + `</span>`)
		return
	}
	_, _ = w.WriteString(`<a class="` + class + `" href="` + html.EscapeString(t.Href) + `">` + html.EscapeString(t.Text) + `</a>`)
}

func missing(w util.BufWriter, why, shown string) {
	_, _ = w.WriteString(`<span class="xref-missing" title="` + html.EscapeString(why) + `">` + html.EscapeString(shown) + `</span>`)
}

func roleNoun(role string) string {
	switch role {
	case RoleEq:
		return "equation"
	case RoleFig:
		return "figure"
	case RoleTbl:
		return "table"
	}
	return "value"
}

// ---------------------------------------------------------------- extension

type xrefExtension struct{}

// Xref is the extension: goldmark.New(goldmark.WithExtensions(texmath.Math,
// xref.Xref)), with a Resolver put into each conversion's context.
var Xref goldmark.Extender = xrefExtension{}

// Extend implements goldmark.Extender. The citation parser runs before
// goldmark's link parser (priority 200), the role parser before code
// spans (100) would take the backticks.
func (xrefExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithInlineParsers(
			util.Prioritized(citeParser{}, 190),
			util.Prioritized(roleParser{}, 90),
		),
		parser.WithASTTransformers(util.Prioritized(transformer{}, 500)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(HTMLRenderer{}, 500)))
}
