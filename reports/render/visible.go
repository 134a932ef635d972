package render

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible returns s with every character that would not show as itself
// in a title or a name written out as an escape, \u followed by its hex
// code point: the C0 and C1 controls (NUL included; tab, newline and
// carriage return become a space), the bidirectional controls (U+061C,
// U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, which can make a name read
// backwards: "txt.\u202Eexe"), the zero-width and byte-order marks
// (U+200B–U+200D, U+2060, U+FEFF), and bytes that are not UTF-8
// (\uFFFD). The page's <title> and the index's names and titles go through
// it, after which they are HTML-escaped as before.
func Visible(s string) string {
	if !strings.ContainsFunc(s, hidden) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			b.WriteString(`\uFFFD`)
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case hidden(r):
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// hidden reports whether r is a character Visible escapes.
func hidden(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r == 0x061C, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0xFEFF:
		return true
	}
	return false
}
