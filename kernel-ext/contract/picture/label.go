package picture

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Labels, legend entries and the colour bar's label are written the way the
// repository writes symbols in text: Unicode letters with TeX's "_" and "^"
// for a subscript and a superscript ("σ_w²", "mean ρ_ℓ", "q^ℓ",
// "λ_max(V_ℓ)", "e^{−ℓ/ξ_c}", "λ_g^(16)"). Unicode has no subscript w, b
// or ℓ, so the marks cannot be turned into Unicode characters; a figure
// draws them as typeset instead: the script smaller (scriptScale) and
// raised or lowered (supRise, subDrop, in units of the font size), with
// labelText, a gonum/plot text handler.
//
// What a mark takes (parseLabel):
//   - "_{…}" or "^{…}": the braced group (braces dropped, marks inside it
//     typeset one level deeper);
//   - "_(…)" or "^(…)": the parenthesised group, parentheses kept;
//   - otherwise the run of letters and decimal digits that follows
//     ("λ_max(V_ℓ)": "max"), and nothing else: "σ_w²" keeps its Unicode
//     superscript ² after the subscript w, "λ_JJᵀ" its modifier letter ᵀ.
//
// A mark is literal, and kept as typed, when it ends a word of two or more
// letters ("leaky_relu", "sigma_w", "mlp_layers": names, not symbols), when
// nothing it could take follows it ("a_", "x^ "), or when it is escaped
// ("\_"). The bundle keeps the text as written; only the picture typesets it.
const (
	scriptScale = 0.72
	supRise     = 0.36
	subDrop     = 0.18
)

// labelRun is a piece of a label drawn at one size and baseline.
type labelRun struct {
	Text  string
	Level int // script depth: 0 for the base text, 1 for a script, ...
	Shift float64
	// Shift is the baseline offset in units of the base font size,
	// positive up.
}

// parseLabel splits s into runs (see the comment on scriptScale).
func parseLabel(s string) []labelRun {
	var out []labelRun
	parseInto(&out, s, 0, 0)
	return mergeRuns(out)
}

func parseInto(out *[]labelRun, s string, level int, shift float64) {
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			*out = append(*out, labelRun{Text: cur.String(), Level: level, Shift: shift})
			cur.Reset()
		}
	}
	prevWord := 0 // letters immediately before position i
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\\' && i+1 < len(s) && (s[i+1] == '_' || s[i+1] == '^') {
			cur.WriteByte(s[i+1])
			i += 2
			prevWord = 0
			continue
		}
		if (r == '_' || r == '^') && prevWord < 2 {
			if body, n, ok := scriptBody(s[i+1:]); ok {
				flush()
				scale := scaleAt(level)
				d := supRise * scale
				if r == '_' {
					d = -subDrop * scale
				}
				parseInto(out, body, level+1, shift+d)
				i += 1 + n
				prevWord = 0
				continue
			}
		}
		cur.WriteString(s[i : i+size])
		if unicode.IsLetter(r) {
			prevWord++
		} else {
			prevWord = 0
		}
		i += size
	}
	flush()
}

// scriptBody returns what a mark followed by s takes, how many bytes of s
// it consumes, and whether it takes anything.
func scriptBody(s string) (body string, n int, ok bool) {
	if s == "" {
		return "", 0, false
	}
	switch s[0] {
	case '{', '(':
		open, close := s[0], byte('}')
		if open == '(' {
			close = ')'
		}
		depth := 0
		for j := 0; j < len(s); j++ {
			switch s[j] {
			case open:
				depth++
			case close:
				depth--
				if depth == 0 {
					if open == '{' {
						return s[1:j], j + 1, j > 1
					}
					return s[:j+1], j + 1, true
				}
			}
		}
		return "", 0, false // unbalanced: literal
	}
	for j, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) || unicode.Is(unicode.Lm, r) {
			return s[:j], j, j > 0
		}
	}
	return s, len(s), true
}

// mergeRuns joins neighbouring runs at one level and shift.
func mergeRuns(rs []labelRun) []labelRun {
	var out []labelRun
	for _, r := range rs {
		if n := len(out); n > 0 && out[n-1].Level == r.Level && out[n-1].Shift == r.Shift {
			out[n-1].Text += r.Text
			continue
		}
		out = append(out, r)
	}
	return out
}

func scaleAt(level int) float64 {
	s := 1.0
	for range level {
		s *= scriptScale
	}
	return s
}

// labelText is the gonum/plot text handler of every text a figure draws:
// text.Plain for measuring and drawing each run of parseLabel at its size
// and baseline. Text without a mark draws exactly as text.Plain draws it.
type labelText struct {
	plain text.Plain
}

var _ text.Handler = labelText{}

func newLabelText(c *font.Cache) labelText { return labelText{plain: text.Plain{Fonts: c}} }

func (h labelText) Cache() *font.Cache                 { return h.plain.Fonts }
func (h labelText) Extents(fnt font.Font) font.Extents { return h.plain.Extents(fnt) }
func (h labelText) Lines(txt string) []string          { return h.plain.Lines(txt) }

// runFont is fnt at run r's size.
func runFont(fnt font.Font, r labelRun) font.Font {
	fnt.Size = vg.Length(float64(fnt.Size) * scaleAt(r.Level))
	return fnt
}

// Box returns the width of txt and its height above and depth below the
// baseline, scripts included.
func (h labelText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	_, height, depth = h.plain.Box("", fnt)
	for _, r := range parseLabel(txt) {
		w, a, d := h.plain.Box(r.Text, runFont(fnt, r))
		width += w
		off := vg.Length(r.Shift) * fnt.Size
		height = max(height, a+off)
		depth = max(depth, d-off)
	}
	return width, height, depth
}

// Draw draws txt as text.Plain would place it (alignment and rotation),
// each run at its size and baseline.
func (h labelText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if len(txt) == 0 {
		return
	}
	lines := h.Lines(txt)
	if len(lines) == 1 && !strings.ContainsAny(txt, "_^") {
		h.plain.Draw(c, txt, sty, pt)
		return
	}
	base := h.plain.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
		sin, cos := sincos(sty.Rotation)
		pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	}
	ht := sty.Height(txt)
	pt.Y += ht*vg.Length(sty.YAlign) - base.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		x := pt.X + vg.Length(sty.XAlign)*w
		y := pt.Y + vg.Length(len(lines)-i)*sty.Font.Size
		for _, r := range parseLabel(line) {
			f := runFont(sty.Font, r)
			face := h.plain.Fonts.Lookup(f, f.Size)
			// An SVG viewer collapses the white space that begins a text
			// element ("ξ_c at σ" drew as "ξ_cat σ"), so the spaces that
			// separate a script from the next word are advanced over, not
			// drawn.
			body := strings.TrimLeft(r.Text, " ")
			x += face.Width(r.Text[:len(r.Text)-len(body)])
			if body != "" {
				c.FillString(face, vg.Point{X: x, Y: y + vg.Length(r.Shift)*sty.Font.Size}, body)
			}
			x += face.Width(body)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}
