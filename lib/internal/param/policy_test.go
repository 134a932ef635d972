package param

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The validation policy (README.md, "Validation policy") read from the
// source: every settings type has Validate() error; every package's
// ErrParam is New("<package>") so that errors.Is matches across packages;
// no exported function or method only forwards to another exported one of
// its package (two APIs for one computation).

// problems are the policy's violations in a tree of packages, by rule.
type problems struct {
	noValidate []string // "pkg.Type": a settings type without Validate() error
	sentinel   []string // "pkg.Name": a parameter sentinel not made by New(pkg)
	twins      []string // "pkg.F -> G": an exported func that only calls another
	unwrapped  []string // "pkg.T.Validate: <expr>": an error Validate makes that does not wrap ErrParam
}

// settingsType reports whether a struct type named name with methods is a
// settings type: a user fills it to run an experiment or evaluate a
// quantity, so it has a Run method or is named …Settings or …Config.
func settingsType(name string, methods map[string]bool) bool {
	return methods["Run"] || strings.HasSuffix(name, "Settings") || strings.HasSuffix(name, "Config")
}

// paramSentinel reports whether a package-level variable name is a
// sentinel of bad parameters.
func paramSentinel(name string) bool {
	return name == "ErrParam" || name == "ErrInput" || name == "ErrParams" || strings.HasPrefix(name, "ErrParam")
}

// checkPolicy parses every non-test Go file under root (skipping testdata
// and hidden directories), one package per directory, and returns the
// policy's violations and the number of settings types seen.
func checkPolicy(root string) (problems, int, error) {
	var pr problems
	nSettings := 0
	dirs := map[string][]*ast.File{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" || buildIgnored(f) {
			return nil
		}
		dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], f)
		return nil
	})
	if err != nil {
		return pr, 0, err
	}
	keys := make([]string, 0, len(dirs))
	for k := range dirs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, dir := range keys {
		files := dirs[dir]
		pkg := files[0].Name.Name
		structs := map[string]bool{}
		methods := map[string]map[string]bool{} // type -> method names
		validate := map[string]bool{}           // type -> has Validate() error
		funcs := map[string]bool{}              // exported package-level funcs
		methodNames := map[string]bool{}        // exported method names
		for _, f := range files {
			for _, decl := range f.Decls {
				switch decl := decl.(type) {
				case *ast.GenDecl:
					for _, spec := range decl.Specs {
						switch spec := spec.(type) {
						case *ast.TypeSpec:
							if _, ok := spec.Type.(*ast.StructType); ok && spec.Name.IsExported() {
								structs[spec.Name.Name] = true
							}
						case *ast.ValueSpec:
							for i, name := range spec.Names {
								if !paramSentinel(name.Name) {
									continue
								}
								if name.Name != "ErrParam" || i >= len(spec.Values) || !madeByNew(spec.Values[i], pkg) {
									pr.sentinel = append(pr.sentinel, pkg+"."+name.Name)
								}
							}
						}
					}
				case *ast.FuncDecl:
					if decl.Recv == nil {
						if decl.Name.IsExported() {
							funcs[decl.Name.Name] = true
						}
						continue
					}
					recv := recvType(decl.Recv.List[0].Type)
					if methods[recv] == nil {
						methods[recv] = map[string]bool{}
					}
					methods[recv][decl.Name.Name] = true
					if decl.Name.IsExported() {
						methodNames[decl.Name.Name] = true
					}
					if decl.Name.Name == "Validate" && decl.Type.Params.NumFields() == 0 &&
						decl.Type.Results.NumFields() == 1 && isIdent(decl.Type.Results.List[0].Type, "error") {
						validate[recv] = true
						for _, e := range unwrappedErrors(decl.Body) {
							pr.unwrapped = append(pr.unwrapped, pkg+"."+recv+".Validate: "+e)
						}
					}
				}
			}
		}
		names := make([]string, 0, len(structs))
		for s := range structs {
			names = append(names, s)
		}
		slices.Sort(names)
		for _, s := range names {
			if settingsType(s, methods[s]) {
				nSettings++
				if !validate[s] {
					pr.noValidate = append(pr.noValidate, pkg+"."+s)
				}
			}
		}
		for _, f := range files {
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || !fd.Name.IsExported() || fd.Body == nil || len(fd.Body.List) != 1 {
					continue
				}
				ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					continue
				}
				call, ok := ret.Results[0].(*ast.CallExpr)
				if !ok {
					continue
				}
				var callee string
				switch fun := call.Fun.(type) {
				case *ast.Ident:
					if funcs[fun.Name] {
						callee = fun.Name
					}
				case *ast.SelectorExpr:
					// A method of this package called on the receiver or a
					// field of it (s.MLP.QCheck(...)).
					if methodNames[fun.Sel.Name] && fd.Recv != nil && rootIdent(fun.X) == recvName(fd.Recv) {
						callee = fun.Sel.Name
					}
				}
				// A twin re-types a settings value: a method passing two or
				// more of its receiver's fields (or the receiver and its
				// generator) to a positional function, or a Run calling a
				// method of a field with positional arguments. A function
				// that only fixes an argument of another (PaperInput(m) =
				// EquiCorr(m, PaperRho0), Train = TrainFirst(…, s.Steps))
				// is a convenience, not a second API.
				recv := recvName(fd.Recv)
				fromRecv := 0
				for _, a := range call.Args {
					if recv != "" && mentions(a, recv) {
						fromRecv++
					}
				}
				onField := false // a method of a field of the receiver, s.MLP.QCheck
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					_, onField = sel.X.(*ast.SelectorExpr)
				}
				if callee == "" || !(fromRecv >= 2 || onField && len(call.Args) >= 2) {
					continue
				}
				name := fd.Name.Name
				if fd.Recv != nil {
					name = recvType(fd.Recv.List[0].Type) + "." + name
				}
				pr.twins = append(pr.twins, pkg+"."+name+" -> "+callee)
			}
		}
	}
	return pr, nSettings, nil
}

// unwrappedErrors returns the errors a Validate body makes itself that do
// not wrap ErrParam: errors.New, and fmt.Errorf without an ErrParam
// argument or %w. Errors from a call (param.Err, param.AtLeast, another
// Validate, a package helper) are those functions' business.
func unwrappedErrors(body *ast.BlockStmt) []string {
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch {
		case isIdent(sel.X, "errors") && sel.Sel.Name == "New":
			out = append(out, "errors.New")
		case isIdent(sel.X, "fmt") && sel.Sel.Name == "Errorf":
			lit, _ := call.Args[0].(*ast.BasicLit)
			// A %w wraps an error from a call (a field's Validate), whose
			// own wrapping is that call's business.
			wraps := lit != nil && strings.Contains(lit.Value, "%w")
			for _, a := range call.Args[1:] {
				if mentions(a, "ErrParam") {
					wraps = true
				}
			}
			if !wraps {
				text := "fmt.Errorf"
				if lit != nil {
					text += "(" + lit.Value + ")"
				}
				out = append(out, text)
			}
		}
		return true
	})
	return out
}

// madeByNew reports whether e is New("<pkg>") or param.New("<pkg>").
func madeByNew(e ast.Expr, pkg string) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		if fun.Name != "New" {
			return false
		}
	case *ast.SelectorExpr:
		if !isIdent(fun.X, "param") || fun.Sel.Name != "New" {
			return false
		}
	default:
		return false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return false
	}
	s, err := strconv.Unquote(lit.Value)
	return err == nil && s == pkg
}

func buildIgnored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build ignore") {
				return true
			}
		}
	}
	return false
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func recvType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvType(e.X)
	case *ast.IndexExpr:
		return recvType(e.X)
	case *ast.IndexListExpr:
		return recvType(e.X)
	case *ast.Ident:
		return e.Name
	}
	return ""
}

func recvName(fl *ast.FieldList) string {
	if fl == nil || len(fl.List) == 0 || len(fl.List[0].Names) == 0 {
		return ""
	}
	return fl.List[0].Names[0].Name
}

// mentions reports whether the identifier name occurs in e.
func mentions(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

func rootIdent(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// TestPolicyChecker plants each violation in a module of its own and
// checks that checkPolicy reports exactly those.
func TestPolicyChecker(t *testing.T) {
	planted := t.TempDir()
	for name, src := range map[string]string{
		"a/a.go": `package a
import ("errors"; "fmt")
var ErrParam = errors.New("a: parameter out of range")
type RunSettings struct{ N int }
type Exp struct{ N int }
func (e Exp) Run() error { return nil }
type Ok struct{ N int }
func (o Ok) Run() error { return nil }
func (o Ok) Validate() error {
	if o.N < 0 {
		return fmt.Errorf("%w: N = %d", ErrParam, o.N)
	}
	if err := (Exp{}).Run(); err != nil {
		return fmt.Errorf("exp: %w", err)
	}
	if o.N > 9 {
		return fmt.Errorf("a: N = %d, want <= 9", o.N)
	}
	return errors.New("a: bad")
}
type Plain struct{ N int }
func Positional(n, d int) int { return n + d }
func (e Exp) Positional() int { return Positional(e.N, e.N) }
func Renamed(n int) int { return Positional(n, n) }
type SimSettings struct{ Seed uint64 }
func (s SimSettings) Validate() error { return nil }
func Simulate(n int, s SimSettings, r int) int { return n }
func (s SimSettings) Run(n int) int { return Simulate(n, s, int(s.Seed)) }
func one(n int) int { return Positional(n, n) }
`,
		"b/b.go": `package b
import "x/param"
var ErrParam = param.New("b")
var ErrInput = ErrParam
type CConfig struct{}
func (c *CConfig) Validate() error { return nil }
type M struct{ K int }
func (m M) QCheck(a, b int) int { return a + b }
type QSettings struct{ M M }
func (s QSettings) Validate() error { return nil }
func (s QSettings) Run() int { return s.M.QCheck(1, 2) }
`,
		"c/c.go": `package c
import "x/param"
var ErrParam = param.New("b")
`,
		"c/testdata/d/d.go": "package d\ntype XSettings struct{}\n",
		"c/c_test.go":       "package c\ntype YSettings struct{}\n",
	} {
		p := filepath.Join(planted, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pr, n, err := checkPolicy(planted)
	if err != nil {
		t.Fatal(err)
	}
	check := func(rule string, got, want []string) {
		t.Helper()
		if !slices.Equal(got, want) {
			t.Errorf("planted %s: got %q, want %q", rule, got, want)
		}
	}
	if n != 6 {
		t.Errorf("planted: %d settings types, want 6 (a.Exp, a.Ok, a.RunSettings, a.SimSettings, b.CConfig, b.QSettings)", n)
	}
	check("settings without Validate", pr.noValidate, []string{"a.Exp", "a.RunSettings"})
	check("sentinels", pr.sentinel, []string{"a.ErrParam", "b.ErrInput", "c.ErrParam"})
	check("unwrapped", pr.unwrapped, []string{`a.Ok.Validate: fmt.Errorf("a: N = %d, want <= 9")`, "a.Ok.Validate: errors.New"})
	check("twins", pr.twins, []string{"a.Exp.Positional -> Positional", "a.SimSettings.Run -> Simulate", "b.QSettings.Run -> QCheck"})
}

// TestPolicy holds lib to the policy.
func TestPolicy(t *testing.T) {
	pr, n, err := checkPolicy("../..")
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("found only %d settings types; is the walk reading lib?", n)
	}
	t.Logf("%d settings types", n)
	for _, s := range pr.noValidate {
		t.Errorf("settings type %s has no Validate() error", s)
	}
	for _, s := range pr.sentinel {
		t.Errorf("parameter sentinel %s is not param.New(package name): errors.Is(err, ErrParam) would not match across packages", s)
	}
	for _, s := range pr.unwrapped {
		t.Errorf("%s: an error of Validate that does not wrap ErrParam", s)
	}
	for _, s := range pr.twins {
		t.Errorf("%s: an exported function that only re-types another's arguments (two APIs for one computation)", s)
	}
}
