package publish

import (
	"fmt"
	"path/filepath"
	"strings"
)

// reservedPages are the site's own pages: a notebook may not take their
// names.
var reservedPages = []string{"index", "conformance", "equations"}

// PageName is the name of the page of the notebook at path, NAME.html
// (the name execute.Run gives its result): the file name without .ipynb.
func PageName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".ipynb")
}

// CheckPageNames returns an error naming both notebooks when two of paths
// would make the same page (a/x.ipynb and b/x.ipynb; compared without
// case, as a case-insensitive file system would), when one would take the
// name of a page of the site's own (index.ipynb, conformance.ipynb), or
// when a name cannot be a file name of the site (empty, or starting with
// a dot, which would hide it and could take the site's own files).
func CheckPageNames(paths []string) error {
	seen := map[string]string{}
	for _, r := range reservedPages {
		seen[r] = "the site's own " + r + ".html"
	}
	for _, p := range paths {
		name := PageName(p)
		if name == "" || strings.HasPrefix(name, ".") || strings.ContainsAny(name, `/\`) {
			return fmt.Errorf("notebook %s: its page name %q cannot be a page of the site (want a name not starting with a dot)", p, name)
		}
		k := strings.ToLower(name)
		if other, ok := seen[k]; ok {
			return fmt.Errorf("notebooks %s and %s would both make the page %s.html: rename one", other, p, name)
		}
		seen[k] = p
	}
	return nil
}
