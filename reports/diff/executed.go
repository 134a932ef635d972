package diff

import (
	"fmt"
	"strings"

	"github.com/sigprop/sigprop/reports/publish"
)

// Executed summarises how the report m came about: which notebooks were
// executed, each with the reason the executor gave (the inputs that
// changed since the notebook's last cached run, "no cached result",
// "--no-cache"), how many were read from the result cache and, for a site
// that `sigprop report NOTEBOOK...` updated, how many it kept from an
// earlier report (publish.NotebookEntry.Kept), e.g.
//
//	B (HEAD): executed 1 of 7 notebooks: 05-shaped-transformer (lib/sde changed); 6 from the cache
func Executed(label string, m *publish.Manifest) string {
	var ran []string
	cached, kept := 0, 0
	for _, n := range m.Notebooks {
		if n.Kept {
			kept++
			continue
		}
		if n.Cached {
			cached++
			continue
		}
		why := n.Executed
		if why == "" {
			why = "not loaded"
		}
		ran = append(ran, fmt.Sprintf("%s (%s)", n.Name, why))
	}
	s := fmt.Sprintf("%s: executed %d of %d notebooks", label, len(ran), len(m.Notebooks))
	if len(ran) > 0 {
		s += ": " + strings.Join(ran, ", ")
	}
	s += fmt.Sprintf("; %d from the cache", cached)
	if kept > 0 {
		s += fmt.Sprintf("; %d kept from an earlier report", kept)
	}
	return s
}
