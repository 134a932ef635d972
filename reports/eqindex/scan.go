package eqindex

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// Func is one Go declaration an annotation sits on.
type Func struct {
	// Package is its directory from the repository root, "lib/tokengeom".
	Package string `json:"package"`
	// Name is "AttQP", "Net.QMap" (a method) or "Model" (a type).
	Name string `json:"name"`
	// File and Line locate the declaration (File from the repository
	// root).
	File string `json:"file"`
	Line int    `json:"line"`
}

// PkgName is the package's name, its directory's last element.
func (f Func) PkgName() string { return filepath.Base(f.Package) }

// Entry is one row of the index: one equation of one source with what
// sigprop has for it.
type Entry struct {
	Ref
	// Funcs are the declarations annotated with the equation.
	Funcs []Func `json:"funcs"`
	// Tests are the Test functions (anywhere under lib/) that call one of
	// Funcs, as "lib/tokengeom.TestAttQPLimits".
	Tests []string `json:"tests"`
	// Quantities are the `sigprop eval` quantities (lib/quantity) whose
	// definition calls one of Funcs.
	Quantities []string `json:"quantities,omitempty"`
	// Cells are the notebook code cells that call one of Funcs, directly
	// or through a kernel-ext function, as "01-mean-field#4"; the report
	// turns them into the figures those cells drew.
	Cells []Cell `json:"cells,omitempty"`
	// Errata are the anchors of the errata the annotations name,
	// "lib/sources/cowsik2024.md#erratum-1".
	Errata []string `json:"errata,omitempty"`
}

// Cell is one notebook code cell.
type Cell struct {
	Notebook string `json:"notebook"` // page name, "01-mean-field"
	Index    int    `json:"cell"`
}

// Index is the equation index of a checkout.
type Index struct {
	Entries []Entry `json:"entries"`
	// Tables are the refs each package's doc.go table lists, by package
	// directory ("lib/tokengeom").
	Tables map[string][]Ref `json:"tables"`
	// Problems are what Check found, one line each (empty when the index
	// is complete and every annotation names a listed equation).
	Problems []string `json:"problems,omitempty"`
}

// annotation is one "sigprop:eq" comment line on a declaration.
type annotation struct {
	fn      Func
	refs    []Ref
	erratum string
	pos     string
}

// annotationRE matches "sigprop:eq SOURCE REFS [erratum=ANCHOR]".
var annotationRE = regexp.MustCompile(`^sigprop:eq\s+(\S+)\s+(\S+)(?:\s+erratum=(\S+))?\s*$`)

// Scan reads the checkout at root: the doc.go tables and the annotations
// of every package under lib/, the tests under lib/ that call the
// annotated declarations, lib/quantity's definitions, kernel-ext's
// functions and the notebooks' code cells. It fails only when a file
// cannot be read, a file it parses does not parse, or an annotation is
// malformed; what is missing or inconsistent is listed in Index.Problems.
//
// It parses only what can change the index: under lib/, each doc.go and
// the other files that hold "sigprop:eq", and the test files in which
// the name of an annotated declaration occurs as a word (calls finds a
// test only by such a name). A file it skips is left to the compiler.
func Scan(root string) (*Index, error) {
	notes, err := sourcePackages(root)
	if err != nil {
		return nil, err
	}
	dirs, err := filepath.Glob(filepath.Join(root, "lib", "*"))
	if err != nil {
		return nil, err
	}
	ix := &Index{Tables: map[string][]Ref{}}
	var anns []annotation
	type testSource struct {
		pkg, path string
		src       []byte
	}
	var testSources []testSource
	fset := token.NewFileSet()
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		rel := filepath.ToSlash(strings.TrimPrefix(dir, root+string(filepath.Separator)))
		names, err := goFiles(dir)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			src, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			if strings.HasSuffix(name, "_test.go") {
				testSources = append(testSources, testSource{rel, name, src})
				continue
			}
			isDoc := filepath.Base(name) == "doc.go"
			if !isDoc && !bytes.Contains(src, []byte("sigprop:eq")) {
				continue
			}
			f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return nil, fmt.Errorf("eqindex: %w", err)
			}
			if isDoc && rel != "lib/quantity" && f.Doc != nil {
				ix.Tables[rel] = append(ix.Tables[rel], docTable(f.Doc.Text(), notes[rel])...)
			}
			a, err := annotations(f, fset, rel, root)
			if err != nil {
				return nil, err
			}
			anns = append(anns, a...)
		}
	}
	for pkg, refs := range ix.Tables {
		ix.Tables[pkg] = uniqueRefs(refs)
		if len(ix.Tables[pkg]) == 0 {
			delete(ix.Tables, pkg)
		}
	}

	// One entry per ref.
	byRef := map[Ref]*Entry{}
	annotated := map[string]bool{} // the names calls looks for
	for _, a := range anns {
		_, method, isMethod := strings.Cut(a.fn.Name, ".")
		if isMethod {
			annotated[method] = true
		} else {
			annotated[a.fn.Name] = true
		}
		for _, r := range a.refs {
			e := byRef[r]
			if e == nil {
				e = &Entry{Ref: r}
				byRef[r] = e
			}
			if !hasFunc(e.Funcs, a.fn) {
				e.Funcs = append(e.Funcs, a.fn)
			}
			if a.erratum != "" && !contains(e.Errata, a.erratum) {
				e.Errata = append(e.Errata, a.erratum)
			}
		}
	}
	// The Test functions of the test files that name an annotated
	// declaration, each with what its body refers to.
	type testFunc struct {
		pkg, name string
		file      *ast.File
		refs      refs
	}
	var tests []testFunc
	for _, ts := range testSources {
		if !mentions(ts.src, annotated) {
			continue
		}
		f, err := parser.ParseFile(fset, ts.path, ts.src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("eqindex: %w", err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fd.Name.Name, "Test") || fd.Recv != nil {
				continue
			}
			tests = append(tests, testFunc{ts.pkg, fd.Name.Name, f, refsOf(fd.Body)})
		}
	}
	quantities, err := quantityCalls(root)
	if err != nil {
		return nil, err
	}
	cells, skipped, err := notebookCalls(root)
	if err != nil {
		return nil, err
	}
	for _, e := range byRef {
		for _, fn := range e.Funcs {
			for _, tf := range tests {
				samePkg := tf.pkg == fn.Package
				if (samePkg || imports(tf.file, fn.PkgName())) && tf.refs.calls(fn, samePkg) {
					t := tf.pkg + "." + tf.name
					if !contains(e.Tests, t) {
						e.Tests = append(e.Tests, t)
					}
				}
			}
			for q, def := range quantities {
				if imports(def.file, fn.PkgName()) && def.refs.calls(fn, false) && !contains(e.Quantities, q) {
					e.Quantities = append(e.Quantities, q)
				}
			}
			for _, c := range cells {
				if c.uses(fn) && !hasCell(e.Cells, c.cell) {
					e.Cells = append(e.Cells, c.cell)
				}
			}
		}
		sort.Strings(e.Tests)
		sort.Strings(e.Quantities)
		sort.Slice(e.Cells, func(i, j int) bool {
			if e.Cells[i].Notebook != e.Cells[j].Notebook {
				return e.Cells[i].Notebook < e.Cells[j].Notebook
			}
			return e.Cells[i].Index < e.Cells[j].Index
		})
		ix.Entries = append(ix.Entries, *e)
	}
	sort.Slice(ix.Entries, func(i, j int) bool { return ix.Entries[i].key() < ix.Entries[j].key() })
	ix.Problems = append(check(ix, anns, root), skipped...)
	return ix, nil
}

// goFiles returns the Go files of dir, sorted.
func goFiles(dir string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	sort.Strings(names)
	return names, err
}

// mentions reports whether one of names occurs in src as a word: a run
// of letters, digits, underscores and non-ASCII bytes, which every Go
// identifier of src is (and strings and comments are read alike, so it
// says yes more often than an identifier would, never less).
func mentions(src []byte, names map[string]bool) bool {
	word := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	for i := 0; i < len(src); {
		if !word(src[i]) {
			i++
			continue
		}
		j := i
		for j < len(src) && word(src[j]) {
			j++
		}
		if names[string(src[i:j])] { // no allocation: the compiler's map lookup by []byte
			return true
		}
		i = j
	}
	return false
}

// parseDir parses the Go files of dir in mode.
func parseDir(dir string, mode parser.Mode) ([]*ast.File, *token.FileSet, error) {
	fset := token.NewFileSet()
	names, err := goFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, n, nil, mode)
		if err != nil {
			return nil, nil, fmt.Errorf("eqindex: %w", err)
		}
		out = append(out, f)
	}
	return out, fset, nil
}

// docTable returns the refs of the table lines (the tab-indented code
// block lines; list items are prose) of a package comment; def is the
// package's source.
func docTable(doc, def string) []Ref {
	var out []Ref
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "\t") {
			out = append(out, tableRefs(line, def)...)
		}
	}
	return out
}

// annotations returns the sigprop:eq lines of f's declarations.
func annotations(f *ast.File, fset *token.FileSet, pkg, root string) ([]annotation, error) {
	var out []annotation
	read := func(doc *ast.CommentGroup, fn Func, pos token.Pos) error {
		if doc == nil {
			return nil
		}
		for _, c := range doc.List {
			text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			if !strings.HasPrefix(text, "sigprop:eq") {
				continue
			}
			p := fset.Position(c.Pos())
			where := fmt.Sprintf("%s:%d", relPath(root, p.Filename), p.Line)
			m := annotationRE.FindStringSubmatch(text)
			if m == nil {
				return fmt.Errorf("eqindex: %s: want \"sigprop:eq SOURCE REFS [erratum=lib/sources/<page>.md#<anchor>]\", found %q", where, text)
			}
			labels, err := parseAnnotationRefs(m[2])
			if err != nil {
				return fmt.Errorf("eqindex: %s: %w", where, err)
			}
			a := annotation{fn: fn, erratum: m[3], pos: where}
			for _, l := range labels {
				a.refs = append(a.refs, Ref{m[1], l})
			}
			out = append(out, a)
		}
		return nil
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) == 1 {
				name = recvName(d.Recv.List[0].Type) + "." + name
			}
			p := fset.Position(d.Pos())
			if err := read(d.Doc, Func{Package: pkg, Name: name, File: relPath(root, p.Filename), Line: p.Line}, d.Pos()); err != nil {
				return nil, err
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				ts, ok := s.(*ast.TypeSpec)
				if !ok {
					continue
				}
				doc := ts.Doc
				if doc == nil && len(d.Specs) == 1 {
					doc = d.Doc
				}
				p := fset.Position(ts.Pos())
				if err := read(doc, Func{Package: pkg, Name: ts.Name.Name, File: relPath(root, p.Filename), Line: p.Line}, ts.Pos()); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	}
	return "?"
}

func relPath(root, p string) string {
	if r, err := filepath.Rel(root, p); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(p)
}

// refs is what a body refers to by name, gathered in one walk: each
// pkg.Name selector whose left side is an identifier, the name on the
// right of every selector (a field or a method), and every identifier
// that is not on the right of a selector.
type refs struct {
	qualified map[string]bool // "pkg.Name"
	selected  map[string]bool // "Name" of any x.Name
	idents    map[string]bool
}

// refsOf returns what the nodes refer to (nil nodes refer to nothing).
func refsOf(nodes ...ast.Node) refs {
	r := refs{map[string]bool{}, map[string]bool{}, map[string]bool{}}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			r.selected[x.Sel.Name] = true
			if id, ok := x.X.(*ast.Ident); ok {
				r.qualified[id.Name+"."+x.Sel.Name] = true
			}
			ast.Inspect(x.X, visit) // x.Sel names a field or method, not an identifier in scope
			return false
		case *ast.Ident:
			r.idents[x.Name] = true
		}
		return true
	}
	for _, n := range nodes {
		if n != nil {
			ast.Inspect(n, visit)
		}
	}
	return r
}

// calls reports whether the body r was gathered from refers to fn:
// pkg.Name from another package, Name (or Type{...}) from its own, and
// for a method any x.Method.
func (r refs) calls(fn Func, samePkg bool) bool {
	if _, method, ok := strings.Cut(fn.Name, "."); ok {
		return r.selected[method]
	}
	return r.qualified[fn.PkgName()+"."+fn.Name] || samePkg && r.idents[fn.Name]
}

// quantityDef is one quantity's definition (its composite literal and
// the bodies of the package's functions the literal names: helpers such
// as mfNet) and the file it is in.
type quantityDef struct {
	file *ast.File
	refs refs // of the literal and those bodies
}

// imports reports whether f imports a sigprop package named name.
func imports(f *ast.File, name string) bool {
	for _, im := range f.Imports {
		p := strings.Trim(im.Path.Value, "\"")
		if strings.HasPrefix(p, "github.com/sigprop/sigprop/") && filepath.Base(p) == name {
			return true
		}
	}
	return false
}

// quantityCalls returns, by quantity name, the definition of each
// quantity registered in lib/quantity: a composite literal (of type
// Quantity, or with the type elided in a []Quantity) with a Name string
// and an Eval.
func quantityCalls(root string) (map[string]quantityDef, error) {
	files, _, err := parseDir(filepath.Join(root, "lib", "quantity"), parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	helpers := map[string]ast.Node{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Body != nil {
				helpers[fd.Name.Name] = fd.Body
			}
		}
	}
	out := map[string]quantityDef{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := cl.Type.(*ast.Ident); cl.Type != nil && (!ok || id.Name != "Quantity") {
				return true
			}
			name, eval := "", false
			for _, el := range cl.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				k, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				switch k.Name {
				case "Name":
					if lit, ok := kv.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						name = strings.Trim(lit.Value, "\"`")
					}
				case "Eval":
					eval = true
				}
			}
			if name == "" || !eval {
				return true
			}
			nodes := []ast.Node{cl}
			ast.Inspect(cl, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if h, ok := helpers[id.Name]; ok {
						nodes = append(nodes, h)
					}
				}
				return true
			})
			out[name] = quantityDef{file: f, refs: refsOf(nodes...)}
			return false
		})
	}
	return out, nil
}

// cellUse is one notebook code cell with the selectors it uses, directly
// or through the kernel-ext functions it calls.
type cellUse struct {
	cell    Cell
	imports map[string]bool // package names the notebook imports
	sel     map[string]bool // "pkg.Name" and ".Method"
}

func (c cellUse) uses(fn Func) bool {
	if _, m, ok := strings.Cut(fn.Name, "."); ok {
		return c.imports[fn.PkgName()] && c.sel["."+m] || c.sel[fn.PkgName()+"#"+m]
	}
	return c.sel[fn.PkgName()+"."+fn.Name]
}

var selRE = regexp.MustCompile(`\b([a-z][A-Za-z0-9]*)\.([A-Z][A-Za-z0-9]*)\b|\.([A-Z][A-Za-z0-9]*)\(`)

// notebookCalls reads the committed notebooks' code cells and the
// kernel-ext functions they call. A notebook that does not parse is left
// out, one line of skipped saying why.
func notebookCalls(root string) (out []cellUse, skipped []string, err error) {
	via, err := kernelExtCalls(root)
	if err != nil {
		return nil, nil, err
	}
	paths, err := filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(paths)
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, err
		}
		nb, err := ipynb.Parse(raw)
		if err != nil {
			// A notebook being saved, or broken, is not the index's to
			// fail: a report that names other notebooks must still be
			// built (issue 36). The page lists it as a problem.
			skipped = append(skipped, fmt.Sprintf("notebook %s left out of the index: %v", filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator))), err))
			continue
		}
		name := strings.TrimSuffix(filepath.Base(p), ".ipynb")
		imports := map[string]bool{}
		for _, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			for _, m := range regexp.MustCompile(`"github\.com/sigprop/sigprop/[a-z-]+/([a-z]+)"`).FindAllStringSubmatch(string(c.Source), -1) {
				imports[m[1]] = true
			}
		}
		for i, c := range nb.Cells {
			if c.CellType != "code" {
				continue
			}
			u := cellUse{cell: Cell{name, i}, imports: imports, sel: map[string]bool{}}
			for _, m := range selRE.FindAllStringSubmatch(string(c.Source), -1) {
				s := "." + m[3]
				if m[3] == "" {
					s = m[1] + "." + m[2]
				}
				u.sel[s] = true
				for t := range via[s] {
					u.sel[t] = true
				}
			}
			out = append(out, u)
		}
	}
	return out, skipped, nil
}

// kernelExtCalls returns, for each kernel-ext function "pkg.Name" (and
// method ".Name"), the lib selectors its body uses ("meanfield.EoCCurve",
// ".QMap").
func kernelExtCalls(root string) (map[string]map[string]bool, error) {
	dirs, err := filepath.Glob(filepath.Join(root, "kernel-ext", "*"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]bool{}
	for _, dir := range dirs {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		files, fset, err := parseDir(dir, 0) // with objects: id.Obj below
		if err != nil {
			return nil, err
		}
		pkg := filepath.Base(dir)
		for _, f := range files {
			if strings.HasSuffix(fset.Position(f.Package).Filename, "_test.go") {
				continue
			}
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				key := pkg + "." + fd.Name.Name
				if fd.Recv != nil {
					key = "." + fd.Name.Name
				}
				set := out[key]
				if set == nil {
					set = map[string]bool{}
					out[key] = set
				}
				var libs []string // the lib packages f imports
				for _, im := range f.Imports {
					if p := strings.Trim(im.Path.Value, "\""); strings.HasPrefix(p, "github.com/sigprop/sigprop/lib/") {
						libs = append(libs, filepath.Base(p))
					}
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					if x, ok := n.(*ast.SelectorExpr); ok {
						if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
							set[id.Name+"."+x.Sel.Name] = true
						}
						for _, l := range libs { // a method of a type of a package f imports
							set[l+"#"+x.Sel.Name] = true
						}
					}
					return true
				})
			}
		}
	}
	return out, nil
}

// sourcePackages maps each package directory to the source whose notes
// (lib/sources/*.md) list it on their "Packages:" line.
func sourcePackages(root string) (map[string]string, error) {
	pages, err := filepath.Glob(filepath.Join(root, "lib", "sources", "*.md"))
	if err != nil {
		return nil, err
	}
	sort.Strings(pages)
	out := map[string]string{}
	pkgRE := regexp.MustCompile("`(lib/[a-z]+)`")
	for _, p := range pages {
		raw, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		s := string(raw)
		i := strings.Index(s, "\nPackages:")
		if i < 0 {
			continue
		}
		para, _, _ := strings.Cut(s[i+1:], "\n\n")
		src := strings.TrimSuffix(filepath.Base(p), ".md")
		for _, m := range pkgRE.FindAllStringSubmatch(para, -1) {
			if _, dup := out[m[1]]; !dup {
				out[m[1]] = src
			}
		}
	}
	return out, nil
}

func uniqueRefs(rs []Ref) []Ref {
	seen := map[Ref]bool{}
	var out []Ref
	for _, r := range rs {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key() < out[j].key() })
	return out
}

func hasFunc(fs []Func, f Func) bool {
	for _, g := range fs {
		if g.Package == f.Package && g.Name == f.Name {
			return true
		}
	}
	return false
}

func hasCell(cs []Cell, c Cell) bool {
	for _, d := range cs {
		if d == c {
			return true
		}
	}
	return false
}

func contains(ss []string, s string) bool {
	for _, t := range ss {
		if t == s {
			return true
		}
	}
	return false
}
