package publish

import (
	"strings"

	"github.com/sigprop/sigprop/lib/papers"
)

// LegacyClaim maps the free-text paper_figure of a manifest written before
// schema 4 ("Noci et al. 2022, Fig. 8 (right; ...)") to the ids of the
// lib/papers figure it names and a note: the text before " (" must be a
// figure's name or one of its AlsoAs names (papers.ByName), a panel letter
// after the number dropped ("Fig. 3b"); the parenthesis, without its
// brackets, becomes the note. A text that names no one figure ("Figs. 1/3a",
// an equation) claims none: it is kept whole as the note.
func LegacyClaim(s string) (ids []string, note string) {
	name, rest, _ := strings.Cut(s, " (")
	if rest != "" {
		note = strings.TrimSuffix(rest, ")")
	}
	f, ok := papers.ByName(name)
	if !ok {
		if n := len(name); n >= 2 && name[n-1] >= 'a' && name[n-1] <= 'z' && name[n-2] >= '0' && name[n-2] <= '9' {
			f, ok = papers.ByName(name[:n-1])
		}
	}
	if !ok {
		return nil, s
	}
	return []string{f.ID}, note
}
