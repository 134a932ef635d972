package eqindex

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// check lists, both ways, where the annotations and the doc.go tables
// disagree, and every entry without a test:
//   - an annotation naming an equation its package's doc.go table does
//     not list (or a source with no notes page);
//   - an equation a doc.go table lists that no annotation in that
//     package names (the index must be complete for the tables);
//   - an entry no test under lib/ calls;
//   - an erratum anchor that its notes page does not have.
func check(ix *Index, anns []annotation, root string) []string {
	var out []string
	listed := map[string]map[Ref]bool{}
	for pkg, refs := range ix.Tables {
		listed[pkg] = map[Ref]bool{}
		for _, r := range refs {
			listed[pkg][r] = true
		}
	}
	annotated := map[string]map[Ref]bool{}
	for _, a := range anns {
		if annotated[a.fn.Package] == nil {
			annotated[a.fn.Package] = map[Ref]bool{}
		}
		for _, r := range a.refs {
			annotated[a.fn.Package][r] = true
			if !listed[a.fn.Package][r] {
				out = append(out, fmt.Sprintf("%s: annotation on %s names %s, which the doc.go table of %s does not list", a.pos, a.fn.Name, r, a.fn.Package))
			}
		}
		if a.erratum != "" {
			if err := anchorExists(root, a.erratum); err != nil {
				out = append(out, fmt.Sprintf("%s: erratum %s: %v", a.pos, a.erratum, err))
			}
		}
	}
	for pkg, refs := range ix.Tables {
		for _, r := range refs {
			if !annotated[pkg][r] {
				out = append(out, fmt.Sprintf("%s/doc.go lists %s, which no sigprop:eq annotation in %s names", pkg, r, pkg))
			}
		}
	}
	for _, e := range ix.Entries {
		if len(e.Tests) == 0 {
			var names []string
			for _, f := range e.Funcs {
				names = append(names, f.PkgName()+"."+f.Name)
			}
			out = append(out, fmt.Sprintf("%s: no test under lib/ calls %s", e.Ref, strings.Join(names, ", ")))
		}
	}
	sort.Strings(out)
	return out
}

// anchorExists checks "lib/sources/<page>.md#<anchor>": the page exists and
// holds <a id="ANCHOR">.
func anchorExists(root, ref string) error {
	page, anchor, ok := strings.Cut(ref, "#")
	if !ok || !strings.HasPrefix(page, "lib/sources/") {
		return fmt.Errorf("want lib/sources/<page>.md#<anchor>")
	}
	raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
	if err != nil {
		return err
	}
	if !strings.Contains(string(raw), `<a id="`+anchor+`"></a>`) {
		return fmt.Errorf("%s has no anchor %q", page, anchor)
	}
	return nil
}
