package render

import (
	"fmt"
	"html"
	"strings"
)

// Bounds of markdown: goldmark's block parser is superlinear in the
// nesting of containers (measured: 200 KB of nested block quotes took
// 37 s, and the nested list 4 min 13 s at 9 MB). A markdown
// source longer than MaxMarkdownBytes, or with a line nested deeper than
// MaxMarkdownNesting containers, is not parsed: the page shows it as
// source, with a note saying why, and defines no heading, label or
// reference from it.
const (
	MaxMarkdownBytes   = 256 << 10
	MaxMarkdownNesting = 32
)

// markdownBound says why src is shown as source instead of rendered (""
// when it is rendered). A line's nesting is counted from its start: each
// '>' and each list marker (-, *, + or a number with . or ) before a
// space) is a container, and so is every 2 columns of the line's leading
// indentation (a nested list's continuation).
func markdownBound(src string) string {
	if len(src) > MaxMarkdownBytes {
		return fmt.Sprintf("its %s are more than the %s rendered", sizeText(len(src)), sizeText(MaxMarkdownBytes))
	}
	for line := range strings.Lines(src) {
		if d := nesting(line); d > MaxMarkdownNesting {
			return fmt.Sprintf("a line is nested %d containers deep, more than the %d rendered", d, MaxMarkdownNesting)
		}
	}
	return ""
}

// nesting counts the containers that open line (see markdownBound).
func nesting(line string) int {
	d, cols := 0, 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == ' ' && d == 0:
			cols++
		case c == '\t' && d == 0:
			cols += 4
		case c == ' ' || c == '\t': // between markers
		case c == '>':
			d++
		case (c == '-' || c == '*' || c == '+') && i+1 < len(line) && (line[i+1] == ' ' || line[i+1] == '\t'):
			d++
		case c >= '0' && c <= '9':
			j := i
			for j < len(line) && j-i < 9 && line[j] >= '0' && line[j] <= '9' {
				j++
			}
			if j+1 < len(line) && (line[j] == '.' || line[j] == ')') && (line[j+1] == ' ' || line[j+1] == '\t') {
				d++
				i = j
				continue
			}
			return d + cols/2
		default:
			return d + cols/2
		}
	}
	return d + cols/2
}

// markdownSource is src shown as source with the note why.
func markdownSource(src, why string) []byte {
	return []byte("<pre class=\"markdown-source\"><code>" + html.EscapeString(src) + "</code></pre>\n" +
		"<p class=\"output-note\">Shown as source, not rendered: " + html.EscapeString(why) + ".</p>\n")
}
