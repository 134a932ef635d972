package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// notebookDisplay are the import paths (prefixes) of the notebook-display
// code: what a notebook's Display calls go through. The report generator
// and the contract it shares with notebooks (kernel-ext/contract/bundle, the schema;
// kernel-ext/contract/picture, the pure renderers) must not depend on them.
var notebookDisplay = []string{
	"github.com/janpfeifer/gonb/gonbui",
	"github.com/janpfeifer/gonb/common",
	"github.com/sigprop/sigprop/kernel-ext/show",
}

// TestNoNotebookDisplay: `go list -deps` of the CLI, of every package of
// reports/ and of the contract's two packages names none of the notebook
// display's packages.
func TestNoNotebookDisplay(t *testing.T) {
	checkDeps(t, []string{".", "../../reports/...", "../../kernel-ext/contract/bundle", "../../kernel-ext/contract/picture"}, notebookDisplay)
}

// TestDataFlowsOneWay: the layers depend downwards only (the README's
// layout): lib/ on nothing of sigprop's but lib/; kernel-ext/ (notebook
// display and the report contract) on lib/ and itself, not on reports/
// (where the gonb driver lives, beside the executor), internal/ or the
// CLI.
func TestDataFlowsOneWay(t *testing.T) {
	up := []string{"github.com/sigprop/sigprop/reports", "github.com/sigprop/sigprop/internal", "github.com/sigprop/sigprop/cmd"}
	checkDeps(t, []string{"../../kernel-ext/..."}, up)
	checkDeps(t, []string{"../../lib/..."}, append(up, "github.com/sigprop/sigprop/kernel-ext"))
}

// TestCellsLinkNoGonbui: what a notebook cell imports of sigprop's
// display (show, render, bundle; lib/ imports no gonb, TestDataFlowsOneWay)
// links none of gonbui's packages beyond gonbui/protocol, whose types
// show's own sender (kernel-ext/show/internal/gonbpipe) sends: gonbui
// added about 0.06 s of link to each cell program (issue 42).
func TestCellsLinkNoGonbui(t *testing.T) {
	gonbui := []string{"github.com/janpfeifer/gonb/gonbui", "github.com/janpfeifer/gonb/common", "k8s.io/klog/v2"}
	checkDeps(t, []string{"../../kernel-ext/show", "../../kernel-ext/render", "../../kernel-ext/contract/bundle"}, gonbui, "github.com/janpfeifer/gonb/gonbui/protocol")
}

// TestCellsLinkNoPlot: what a notebook cell imports of sigprop (show,
// render, bundle, the figure and markup packages show re-exports, and
// every sigprop package a committed notebook imports) links no
// gonum/plot: the cell checks a figure with figure.Check and the host
// draws it (picture.DrawDisplay), since gonum/plot's fonts, LaTeX and
// vg backends cost each cell program about 0.1 CPU-s of link (issue 42).
func TestCellsLinkNoPlot(t *testing.T) {
	pkgs := []string{"../../kernel-ext/show", "../../kernel-ext/render", "../../kernel-ext/contract/bundle",
		"../../kernel-ext/contract/figure", "../../kernel-ext/contract/markup"}
	imported, err := notebookImports("../../notebooks")
	if err != nil {
		t.Fatal(err)
	}
	if len(imported) < 10 {
		t.Fatalf("the notebooks import only %q; is the scan reading them?", imported)
	}
	for _, p := range imported {
		pkgs = append(pkgs, "../../"+strings.TrimPrefix(p, "github.com/sigprop/sigprop/"))
	}
	checkDeps(t, pkgs, []string{"gonum.org/v1/plot", "github.com/sigprop/sigprop/kernel-ext/contract/picture"})
}

// notebookImports returns the sigprop packages the code cells of the
// notebooks in dir import (each quoted "github.com/sigprop/sigprop/..."
// path), sorted.
func notebookImports(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no notebooks in %s (%v)", dir, err)
	}
	re := regexp.MustCompile(`"(github\.com/sigprop/sigprop/[a-z0-9/_-]+)"`)
	seen := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var nb struct {
			Cells []struct {
				CellType string `json:"cell_type"`
				Source   any    `json:"source"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(b, &nb); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			for _, m := range re.FindAllStringSubmatch(fmt.Sprint(c.Source), -1) {
				seen[m[1]] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(seen)), nil
}

// checkDeps fails for every package in `go list -deps pkg` of a pkg of
// pkgs that is one of bad or lies below one, except the packages allowed.
// One go list lists every pkg at once, each package it matches with its
// Deps (what `go list -deps` of the package prints, less the package
// itself) and the patterns of pkgs that matched it (Match): one go command
// instead of one per pkg (TestCellsLinkNoPlot lists some 25).
func checkDeps(t *testing.T, pkgs, bad []string, allowed ...string) {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	args := append([]string{"list", "-json=ImportPath,Deps,Match"}, pkgs...)
	out, err := exec.Command(goBin, args...).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", strings.Join(pkgs, " "), err)
	}
	deps := map[string][]string{} // by pkg: its packages and all they import, as `go list -deps pkg`
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p struct {
			ImportPath  string
			Deps, Match []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list %s: %v", strings.Join(pkgs, " "), err)
		}
		for _, m := range p.Match {
			deps[m] = append(append(deps[m], p.ImportPath), p.Deps...)
		}
	}
	for _, pkg := range pkgs {
		if len(deps[pkg]) < 10 {
			t.Fatalf("go list -deps %s listed only %q", pkg, deps[pkg])
		}
		seen := map[string]bool{}
		for _, d := range deps[pkg] {
			if seen[d] || slices.Contains(allowed, d) {
				continue
			}
			seen[d] = true
			for _, b := range bad {
				if d == b || strings.HasPrefix(d, b+"/") {
					t.Errorf("go list -deps %s includes %s", pkg, d)
				}
			}
		}
	}
}

// TestEveryPackageHasDocGo: every package of the module has a doc.go
// holding its package comment ("Package NAME ..."; a command's says what
// the command does), and no other file of the package has one (STYLE.md,
// "Packages and files"). The check itself is tried on a planted module
// first.
func TestEveryPackageHasDocGo(t *testing.T) {
	planted := t.TempDir()
	for name, src := range map[string]string{
		"go.mod":            "module example.com/m\n",
		"a/a.go":            "// Package a is documented in the wrong file.\npackage a\n",
		"b/doc.go":          "// Package b does b.\npackage b\n",
		"b/b.go":            "// Package b again.\npackage b\n",
		"b/b_test.go":       "// Package b in a test file.\npackage b\n",
		"c/doc.go":          "// Package c does c.\npackage c\n",
		"c/c.go":            "package c\n",
		"c/gen.go":          "//go:build ignore\n\n// Gen writes a table.\npackage main\n",
		"c/testdata/x/x.go": "package x\n",
		"d/doc.go":          "package d\n",
		"e/doc.go":          "// Package f is misnamed.\npackage e\n",
		"nested/go.mod":     "module example.com/nested\n",
		"nested/n/n.go":     "package n\n",
		".hidden/h.go":      "package h\n",
		"cmd/tool/doc.go":   "// Command tool does things.\npackage main\n",
		"cmd/tool/main.go":  "package main\n",
		"docs/README.md":    "no Go here\n",
	} {
		p := filepath.Join(planted, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, problems, err := packageDocs(planted)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"a has no doc.go",
		"a/a.go has the package comment; it belongs in doc.go",
		"b/b.go has a package comment besides doc.go's",
		"d/doc.go has no package comment",
		`e/doc.go: the package comment starts "Package f is misnamed.", want "Package e "`,
	}
	if n != 6 || !slices.Equal(problems, want) {
		t.Fatalf("planted module: %d packages, problems\n%s\nwant 6 packages, problems\n%s", n, strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}

	n, problems, err = packageDocs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Fatalf("found only %d packages; is the walk reading the module?", n)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// packageDocs walks the module at root the way `go list ./...` sees it
// (directories with a non-test .go file, without testdata, directories
// starting with . or _, and nested modules such as examples/library and
// lib/vit/gomlxpeer; files constrained by //go:build ignore are not part
// of a package) and returns the number of packages and what is wrong
// with their package comments, in path order.
func packageDocs(root string) (int, []string, error) {
	type pkg struct {
		name      string
		hasDoc    bool
		docText   string
		commented []string // files other than doc.go with a package comment
	}
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == root {
				return nil
			}
			if n := d.Name(); n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if c.Text == "//go:build ignore" {
					return nil
				}
			}
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		p := pkgs[rel]
		if p == nil {
			p = &pkg{name: f.Name.Name}
			pkgs[rel] = p
		}
		switch {
		case d.Name() == "doc.go":
			p.hasDoc = true
			if f.Doc != nil {
				p.docText = f.Doc.Text()
			}
		case f.Doc != nil:
			p.commented = append(p.commented, d.Name())
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	var out []string
	for _, dir := range slices.Sorted(maps.Keys(pkgs)) {
		p := pkgs[dir]
		switch {
		case !p.hasDoc:
			out = append(out, dir+" has no doc.go")
		case p.docText == "":
			out = append(out, dir+"/doc.go has no package comment")
		case p.name != "main" && !strings.HasPrefix(p.docText, "Package "+p.name+" "):
			first, _, _ := strings.Cut(p.docText, "\n")
			out = append(out, fmt.Sprintf("%s/doc.go: the package comment starts %q, want %q", dir, first, "Package "+p.name+" "))
		}
		for _, f := range p.commented {
			if p.hasDoc {
				out = append(out, dir+"/"+f+" has a package comment besides doc.go's")
			} else {
				out = append(out, dir+"/"+f+" has the package comment; it belongs in doc.go")
			}
		}
	}
	return len(pkgs), out, nil
}
