package sources

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// notationPage is the page that maps the sources' symbols to sigprop's
// names. It is not the notes of one source, so TestPages does not ask it
// for equations, checks and errata; TestNotationNames checks its names.
const notationPage = "notation"

var (
	codeSpan = regexp.MustCompile("`([^`]+)`")
	// goName is package.Decl with optional .Field or .Method selectors:
	// `tokengeom.Model.AlphaA`, `meanfield.Net.Chi1`.
	goName = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9_]*)((?:\.[A-Z][A-Za-z0-9_]*)*)$`)
	// evalQuantity is a `sigprop eval` quantity (`meanfield.chi1`) or a
	// family of them (`tokengeom.*`); evalParam a parameter (`alpha_a=`).
	evalQuantity = regexp.MustCompile(`^([a-z][a-z0-9]*)\.([a-z][a-z0-9_]*|\*)$`)
	evalParam    = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_]*)=$`)
	quantityName = regexp.MustCompile(`Name:\s*"([A-Za-z0-9_.]+)"`)
	pageLink     = regexp.MustCompile(`\]\(([a-z0-9-]+)\.md#([a-z0-9-]+)\)`)
)

// pkgNames are the names a package of lib declares, read with go/parser
// from its non-test files: top-level functions, types, variables and
// constants, and the fields and methods declared on any of its types.
type pkgNames struct{ top, members map[string]bool }

func readPkg(t *testing.T, dir string) (pkgNames, bool) {
	t.Helper()
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return pkgNames{}, false
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parsing %s: %v", dir, err)
	}
	n := pkgNames{top: map[string]bool{}, members: map[string]bool{}}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv != nil {
						n.members[d.Name.Name] = true
					} else {
						n.top[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							n.top[s.Name.Name] = true
						case *ast.ValueSpec:
							for _, id := range s.Names {
								n.top[id.Name] = true
							}
						}
					}
				}
			}
			ast.Inspect(f, func(x ast.Node) bool {
				if st, ok := x.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						for _, id := range fl.Names {
							n.members[id.Name] = true
						}
						if len(fl.Names) == 0 { // embedded: the type's name
							if id, ok := fl.Type.(*ast.Ident); ok {
								n.members[id.Name] = true
							}
						}
					}
				}
				return true
			})
		}
	}
	return n, true
}

// TestNotationNames checks the notation page's sigprop column against the
// code: every Go name written `pkg.Name.Field` is declared in lib/pkg (the
// first selector at top level, the others as a field or method of one of
// the package's types), every `sigprop eval` quantity (`pkg.name`) and
// family (`pkg.*`) is registered in lib/quantity, and every eval parameter
// (`name=`) is a parameter some quantity declares; its links to the
// other pages resolve. A renamed field or
// parameter fails here rather than leaving the page wrong.
func TestNotationNames(t *testing.T) {
	b, err := os.ReadFile(notationPage + ".md")
	if err != nil {
		t.Fatal(err)
	}
	// Quantity and parameter names of lib/quantity, as registered.
	names := map[string]bool{}
	qfiles, err := filepath.Glob(filepath.Join(root, "lib", "quantity", "*.go"))
	if err != nil || len(qfiles) == 0 {
		t.Fatalf("lib/quantity not found: %v", err)
	}
	for _, f := range qfiles {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range quantityName.FindAllStringSubmatch(string(src), -1) {
			names[m[1]] = true
		}
	}
	family := func(pkg string) bool {
		for n := range names {
			if strings.HasPrefix(n, pkg+".") {
				return true
			}
		}
		return false
	}

	pkgs := map[string]pkgNames{}
	var goNames, evalNames int
	for i, line := range strings.Split(string(b), "\n") {
		for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
			span := m[1]
			switch {
			case goName.MatchString(span):
				g := goName.FindStringSubmatch(span)
				p, seen := pkgs[g[1]]
				if !seen {
					var ok bool
					if p, ok = readPkg(t, filepath.Join(root, "lib", g[1])); !ok {
						t.Errorf("notation.md:%d names %s, but there is no package lib/%s", i+1, span, g[1])
						continue
					}
					pkgs[g[1]] = p
				}
				goNames++
				if !p.top[g[2]] {
					t.Errorf("notation.md:%d names %s, but lib/%s declares no %s", i+1, span, g[1], g[2])
				}
				for _, sel := range strings.Split(strings.TrimPrefix(g[3], "."), ".") {
					if sel != "" && !p.members[sel] {
						t.Errorf("notation.md:%d names %s, but no type of lib/%s has a field or method %s", i+1, span, g[1], sel)
					}
				}
			case evalQuantity.MatchString(span):
				q := evalQuantity.FindStringSubmatch(span)
				evalNames++
				if q[2] == "*" && !family(q[1]) || q[2] != "*" && !names[span] {
					t.Errorf("notation.md:%d names the eval quantity %s, which lib/quantity does not register", i+1, span)
				}
			case evalParam.MatchString(span):
				evalNames++
				if p := strings.TrimSuffix(span, "="); !names[p] {
					t.Errorf("notation.md:%d names the eval parameter %s, which no quantity of lib/quantity declares", i+1, span)
				}
			}
		}
	}
	// Links to the other pages, [text](page.md#anchor), resolve.
	ids, _ := pages(t)
	for i, line := range strings.Split(string(b), "\n") {
		for _, m := range pageLink.FindAllStringSubmatch(line, -1) {
			if !ids[m[1]][m[2]] {
				t.Errorf("notation.md:%d links to %s.md#%s, which does not exist", i+1, m[1], m[2])
			}
		}
	}
	// The page maps five sources through some sixty names; far fewer means
	// the patterns above no longer match how the page writes them.
	if goNames < 60 || evalNames < 20 {
		t.Errorf("only %d Go names and %d eval names checked; do the patterns still match the page?", goNames, evalNames)
	}
}
