package activation

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoNameSwitches scans every non-test Go file of lib/ (this package's
// parent directory) and fails on a capability chosen by a name: a
// comparison (== or !=) of a field or method called Name with a string
// literal, or a switch on a .Name with string-literal cases. Routes are
// chosen from a Func's properties (Kinks, Scale, Odd, Degree, DPhiC,
// closed forms), so that a user's Func takes the route its properties
// call for. The scan itself is checked on a planted example.
func TestNoNameSwitches(t *testing.T) {
	planted := `package p
func f(a struct{ Name string }) bool {
	switch a.Name {
	case "tanh":
		return true
	}
	return a.Name == "relu" || "linear" != a.Name
}`
	if got := nameSwitches(t, "planted.go", planted); len(got) != 3 {
		t.Fatalf("scanner finds %d of the 3 planted name switches: %v", len(got), got)
	}
	files := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		files++
		for _, at := range nameSwitches(t, path, nil) {
			t.Errorf("%s: capability chosen by name; read it from the Func's properties", at)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("scanned only %d files under lib/", files)
	}
}

// nameSwitches returns the positions of name comparisons in one file
// (src nil: read from path).
func nameSwitches(t *testing.T, path string, src any) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	isName := func(e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "Name"
	}
	isStr := func(e ast.Expr) bool {
		l, ok := e.(*ast.BasicLit)
		return ok && l.Kind == token.STRING
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if (x.Op == token.EQL || x.Op == token.NEQ) &&
				((isName(x.X) && isStr(x.Y)) || (isStr(x.X) && isName(x.Y))) {
				out = append(out, fset.Position(x.Pos()).String())
			}
		case *ast.SwitchStmt:
			if x.Tag == nil || !isName(x.Tag) {
				return true
			}
			for _, c := range x.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					if isStr(e) {
						out = append(out, fset.Position(e.Pos()).String())
					}
				}
			}
		}
		return true
	})
	return out
}
