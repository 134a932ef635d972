package execute

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// dataRefRE finds references to a directory under notebooks/data in a
// code cell: "data/NAME..." in a string, or filepath.Join(..., "data",
// "NAME", ...).
var dataRefRE = regexp.MustCompile(`"data/([^"/]+)|"data"\s*,\s*"([^"]+)"`)

// TestCommittedNotebooksDeclareData keeps the cache key honest for the
// committed notebooks: every directory under notebooks/data that a
// notebook's code names must be declared in its metadata.sigprop.data (a
// change to an undeclared file would not re-execute the notebook), and
// every os.Getenv it calls must be declared in metadata.sigprop.env or be
// SIGPROP_ROOT (the checkout, which the key covers).
func TestCommittedNotebooksDeclareData(t *testing.T) {
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no committed notebooks found: %v", err)
	}
	getenvRE := regexp.MustCompile(`os\.(?:Getenv|LookupEnv)\("([^"]+)"\)`)
	for _, p := range paths {
		nb, err := ipynb.Load(p)
		if err != nil {
			t.Fatal(err)
		}
		meta, err := readMeta(nb)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		declared := map[string]bool{}
		for _, d := range meta.Data {
			declared[filepath.ToSlash(filepath.Clean(d))] = true
		}
		env := map[string]bool{"SIGPROP_ROOT": true}
		for _, e := range meta.Env {
			env[e] = true
		}
		var missing []string
		for _, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			for _, m := range dataRefRE.FindAllStringSubmatch(string(c.Source), -1) {
				name := m[1] + m[2]
				if !declared["data/"+name] && !declared["data"] {
					missing = append(missing, "data/"+name)
				}
			}
			for _, m := range getenvRE.FindAllStringSubmatch(string(c.Source), -1) {
				if !env[m[1]] {
					missing = append(missing, "env "+m[1])
				}
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Errorf("%s reads %s but its metadata.sigprop does not declare it", filepath.Base(p), strings.Join(missing, ", "))
		}
	}
}
