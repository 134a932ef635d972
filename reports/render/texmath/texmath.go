package texmath

import (
	"bytes"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// KindInlineMath is the node kind of InlineMath.
var KindInlineMath = ast.NewNodeKind("InlineMath")

// InlineMath is math inside a paragraph. Its children are raw text segments
// holding the TeX source without the delimiters.
type InlineMath struct {
	ast.BaseInline
	// Display is true for $$...$$ written inside a paragraph.
	Display bool
}

// Kind implements ast.Node.
func (n *InlineMath) Kind() ast.NodeKind { return KindInlineMath }

// Dump implements ast.Node.
func (n *InlineMath) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Display": boolString(n.Display)}, nil)
}

// KindMathBlock is the node kind of MathBlock.
var KindMathBlock = ast.NewNodeKind("MathBlock")

// MathBlock is display math on lines of its own. Its Lines hold the TeX.
type MathBlock struct {
	ast.BaseBlock
	// Label is the block's label, written "$$ ... $$ (label)"; "" when
	// it has none.
	Label string
	// Number is the text shown as the labelled equation's number, "3"
	// for "(3)"; the renderer shows none when it is "".
	Number string
}

// EquationAnchor is the HTML id of the equation labelled label: "eq-" and
// the label (labels hold only letters, digits and - _ . :, see ParseLabel).
func EquationAnchor(label string) string { return "eq-" + label }

// ParseLabel returns the label of "(label)" (surrounding space allowed),
// or ok false when b is not one: a label starts with an ASCII letter and
// holds ASCII letters, digits and - _ . : only.
func ParseLabel(b []byte) (label string, ok bool) {
	b = util.TrimLeftSpace(util.TrimRightSpace(b))
	if len(b) < 3 || b[0] != '(' || b[len(b)-1] != ')' {
		return "", false
	}
	b = b[1 : len(b)-1]
	if !ValidLabel(string(b)) {
		return "", false
	}
	return string(b), true
}

// ValidLabel reports whether s can be a label: an ASCII letter, then ASCII
// letters, digits and - _ . : only.
func ValidLabel(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !isLetter(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' && c != '.' && c != ':' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Kind implements ast.Node.
func (n *MathBlock) Kind() ast.NodeKind { return KindMathBlock }

// IsRaw implements ast.Node: the lines are not parsed as markdown.
func (n *MathBlock) IsRaw() bool { return true }

// Dump implements ast.Node.
func (n *MathBlock) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Label": n.Label, "Number": n.Number}, nil)
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// ---------------------------------------------------------------- inline

type inlineParser struct{}

func (inlineParser) Trigger() []byte { return []byte{'$'} }

// Parse implements parser.InlineParser.
func (inlineParser) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	opener := 1
	if len(line) > 1 && line[1] == '$' {
		opener = 2
	}
	if opener == 1 && (len(line) < 2 || util.IsSpace(line[1])) {
		return nil // "$ 5" or a lone "$" at the end of a line: not math
	}
	l, pos := block.Position()
	block.Advance(opener)
	node := &InlineMath{Display: opener == 2}
	first := true
	for {
		line, seg := block.PeekLine()
		if line == nil {
			block.SetPosition(l, pos)
			return nil
		}
		for i := 0; i < len(line); i++ {
			c := line[i]
			if c == '\\' {
				i++ // \$ and \\ are TeX's business; skip the escaped byte
				continue
			}
			if c != '$' {
				continue
			}
			if opener == 2 {
				if i+1 < len(line) && line[i+1] == '$' {
					if i == 0 && first {
						block.SetPosition(l, pos)
						return nil // "$$$$": empty display math
					}
					appendSegment(node, seg.WithStop(seg.Start+i))
					block.Advance(i + 2)
					return node
				}
				continue
			}
			// Single $: closing must follow a non-space and precede a
			// non-digit, and the math must not be empty.
			if i == 0 {
				if first {
					block.SetPosition(l, pos)
					return nil
				}
				continue // a line starting with $ after a line break: preceded by newline
			}
			if util.IsSpace(line[i-1]) || (i+1 < len(line) && line[i+1] >= '0' && line[i+1] <= '9') {
				continue
			}
			appendSegment(node, seg.WithStop(seg.Start+i))
			block.Advance(i + 1)
			return node
		}
		if opener == 1 && util.IsBlank(line) {
			block.SetPosition(l, pos)
			return nil
		}
		appendSegment(node, seg)
		block.AdvanceLine()
		first = false
	}
}

func appendSegment(n ast.Node, seg text.Segment) {
	if !seg.IsEmpty() {
		n.AppendChild(n, ast.NewRawTextSegment(seg))
	}
}

// ---------------------------------------------------------------- block

// environments that open a display block without $$.
var environments = []string{
	"align", "align*", "equation", "equation*", "gather", "gather*", "multline", "multline*",
}

type blockParser struct{}

// blockState remembers how the open block ends: "$$" or `\end{env}`.
type blockState struct {
	closer []byte
	node   ast.Node
	done   bool // the block was complete on its opening line
}

var blockStateKey = parser.NewContextKey()

func (blockParser) Trigger() []byte { return []byte{'$', '\\'} }

// Open implements parser.BlockParser.
func (blockParser) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 {
		return nil, parser.NoChildren
	}
	rest := line[pos:]
	node := &MathBlock{}
	switch {
	case bytes.HasPrefix(rest, []byte("$$")):
		body := util.TrimRightSpace(rest[2:])
		label := ""
		if i := bytes.LastIndex(body, []byte("$$")); i >= 0 {
			if l, ok := ParseLabel(body[i+2:]); ok {
				label, body = l, util.TrimRightSpace(body[:i+2])
			}
		}
		if len(body) >= 2 && bytes.HasSuffix(body, []byte("$$")) {
			// $$...$$ on one line: a block only if nothing follows but
			// a label.
			inner := body[:len(body)-2]
			if bytes.Contains(inner, []byte("$$")) || util.IsBlank(inner) {
				return nil, parser.NoChildren
			}
			start := seg.Start + pos + 2
			node.Lines().Append(text.NewSegment(start, start+len(inner)))
			node.Label = label
			pc.Set(blockStateKey, &blockState{node: node, done: true})
			reader.AdvanceToEOL()
			return node, parser.NoChildren
		}
		if bytes.Contains(body, []byte("$$")) {
			return nil, parser.NoChildren // "$$a$$ text": inline display math in a paragraph
		}
		if !util.IsBlank(body) {
			start := seg.Start + pos + 2
			node.Lines().Append(text.NewSegment(start, seg.Stop))
		}
		pc.Set(blockStateKey, &blockState{closer: []byte("$$"), node: node})
		reader.AdvanceToEOL()
		return node, parser.NoChildren
	case bytes.HasPrefix(rest, []byte(`\begin{`)):
		for _, env := range environments {
			if !bytes.HasPrefix(rest, []byte(`\begin{`+env+`}`)) {
				continue
			}
			closer := []byte(`\end{` + env + `}`)
			node.Lines().Append(text.NewSegment(seg.Start+pos, seg.Stop))
			reader.AdvanceToEOL()
			pc.Set(blockStateKey, &blockState{closer: closer, node: node, done: bytes.Contains(rest, closer)})
			return node, parser.NoChildren
		}
	}
	return nil, parser.NoChildren
}

// Continue implements parser.BlockParser.
func (blockParser) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	line, seg := reader.PeekLine()
	st, ok := pc.Get(blockStateKey).(*blockState)
	if !ok || st.node != node || st.done {
		return parser.Close // goldmark reparses this line as a new block
	}
	i := bytes.Index(line, st.closer)
	if i < 0 {
		node.Lines().Append(seg)
		reader.AdvanceToEOL()
		return parser.Continue | parser.NoChildren
	}
	stop := seg.Start + i // $$: drop the closer
	if st.closer[0] == '\\' {
		stop += len(st.closer) // \end{env}: KaTeX needs it
	} else if l, ok := ParseLabel(line[i+len(st.closer):]); ok {
		node.(*MathBlock).Label = l // "$$ (label)"
	}
	if s := text.NewSegment(seg.Start, stop); !util.IsBlank(s.Value(reader.Source())) {
		node.Lines().Append(s)
	}
	reader.AdvanceToEOL()
	return parser.Close
}

// Close implements parser.BlockParser.
func (blockParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	if st, ok := pc.Get(blockStateKey).(*blockState); ok && st.node == node {
		pc.Set(blockStateKey, nil)
	}
}

// CanInterruptParagraph implements parser.BlockParser: a $$ line ends the
// paragraph before it, as in Jupyter.
func (blockParser) CanInterruptParagraph() bool { return true }

// CanAcceptIndentedLine implements parser.BlockParser.
func (blockParser) CanAcceptIndentedLine() bool { return false }

// ---------------------------------------------------------------- renderer

// HTMLRenderer renders InlineMath and MathBlock nodes.
type HTMLRenderer struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (r HTMLRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindInlineMath, r.renderInline)
	reg.Register(KindMathBlock, r.renderBlock)
}

func (HTMLRenderer) renderInline(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	class := "math inline"
	if n.(*InlineMath).Display {
		class = "math display"
	}
	_, _ = w.WriteString(`<span class="` + class + `">`)
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		seg := c.(*ast.Text).Segment
		writeEscaped(w, seg.Value(source))
		if c.NextSibling() != nil && !bytes.HasSuffix(seg.Value(source), []byte("\n")) {
			// Segments are the lines of a multi-line span; keep the break,
			// which TeX reads as a space.
			_ = w.WriteByte('\n')
		}
	}
	_, _ = w.WriteString(`</span>`)
	return ast.WalkSkipChildren, nil
}

func (HTMLRenderer) renderBlock(w util.BufWriter, source []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	b := n.(*MathBlock)
	if b.Label != "" {
		_, _ = w.WriteString(`<div class="equation" id="` + EquationAnchor(b.Label) + `">`)
	}
	_, _ = w.WriteString(`<div class="math display">`)
	lines := n.Lines()
	var tex []byte
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		tex = append(tex, seg.Value(source)...)
	}
	writeEscaped(w, bytes.TrimSpace(tex))
	_, _ = w.WriteString("</div>")
	if b.Label != "" {
		if b.Number != "" {
			_, _ = w.WriteString(`<span class="eq-number">(`)
			writeEscaped(w, []byte(b.Number))
			_, _ = w.WriteString(`)</span>`)
		}
		_, _ = w.WriteString("</div>")
	}
	_, _ = w.WriteString("\n")
	return ast.WalkSkipChildren, nil
}

// writeEscaped writes TeX with &, <, > and " escaped; nothing else is
// touched, so backslashes, underscores and asterisks survive.
func writeEscaped(w util.BufWriter, b []byte) {
	_, _ = w.Write(util.EscapeHTML(b))
}

// ---------------------------------------------------------------- extension

type mathExtension struct{}

// Math is the extension: goldmark.New(goldmark.WithExtensions(texmath.Math)).
var Math goldmark.Extender = mathExtension{}

// Extend implements goldmark.Extender.
func (mathExtension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithBlockParsers(util.Prioritized(blockParser{}, 650)),
		parser.WithInlineParsers(util.Prioritized(inlineParser{}, 150)),
	)
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(HTMLRenderer{}, 500)))
}
