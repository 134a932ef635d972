package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// notDisplay are the directories of kernel-ext that are not notebook
// display: the display API (show) and the report contract (contract:
// bundle, picture).
// Every other package of kernel-ext is a display package, so a new one
// is held to displayArithmetic without being listed.
var notDisplay = []string{"show", "contract"}

// numericImports are the packages whose functions compute: a display
// package uses them only for the arithmetic of displayArithmetic or at
// a site of displayFormulaSites.
var numericImports = []string{"math", "math/cmplx", "gonum.org/v1/gonum/stat", "gonum.org/v1/gonum/stat/distuv", "gonum.org/v1/gonum/floats", "gonum.org/v1/gonum/mat"}

// displayArithmetic are the functions and constants of package math a
// display builder may use anywhere: the arithmetic of comparing and
// formatting numbers (a deviation, a worst case, a z of two estimates'
// difference, a missing value), never a formula of the sources.
var displayArithmetic = []string{"Abs", "Max", "Min", "Hypot", "NaN", "IsNaN", "Inf", "IsInf", "Nextafter", "Copysign", "Round", "Floor", "Ceil", "Trunc"}

// A formulaSite is a use of a numeric function by a display package that
// is not a formula of the sources, named by file, enclosing function
// (or "var" at package level) and the function used, with how many uses
// the site may hold and why it is display.
type formulaSite struct {
	Site string // "pkg/file.go Func math.Log10"
	N    int
	Why  string
}

// displayFormulaSites are the uses of numeric functions left in the
// display packages once the theory the builders computed moved into lib
// (issue 38, item 1). Each is display, a check's statistic of data, or a
// paper-settings comparison that issue 38's item 2 replaces; none is a
// formula a figure's theory curve or expected value comes from. A new use
// must be one of these kinds and be listed here; theory goes to lib. None
// is left: the last (rankshow's Grid and Table2 statistics) moved into
// lib/rankexp with the builders.
var displayFormulaSites = []formulaSite{}

// TestDisplayComputesNoTheory: the display packages of kernel-ext use the
// numeric packages only for displayArithmetic or at a listed
// displayFormulaSites site (at most its count), and a closure they
// evaluate over abscissae (show.Map) does no arithmetic
// unless its site is listed; an entry whose count exceeds what its site
// holds is stale. The check itself is tried on a planted package first: a
// theory curve written into a builder (e^{−ℓ/ξ} in a closure, 1/(1+z)²
// over abscissae, a t quantile by distuv) and a stale entry are found,
// a closure that only calls a named function is not. What it cannot see:
// a formula written without a numeric package outside such a closure (a
// loop of + and ×); those are found by reading, as issue 38's audit did.
func TestDisplayComputesNoTheory(t *testing.T) {
	planted := t.TempDir()
	for name, src := range map[string]string{
		"show/show.go": "package show\n\nimport \"math\"\n\nfunc Exp(x float64) float64 { return math.Exp(x) }\n",
		"fig/fig.go": "package fig\n\nimport (\n\t\"math\"\n\n\tdu \"gonum.org/v1/gonum/stat/distuv\"\n)\n\n" +
			"func Decay(ls []float64, xi float64) (out []float64) {\n\tfor _, l := range ls {\n\t\tout = append(out, func(l float64) float64 { return math.Exp(-l / xi) }(l))\n\t}\n\treturn out\n}\n\n" +
			"func Tol(n int) float64 { return du.StudentsT{Nu: float64(n)}.Quantile(0.975) }\n\n" +
			"func Worst(a, b float64) float64 { return math.Max(math.Abs(a), math.Abs(b)) }\n\n" +
			"func Axis(x float64) float64 { return math.Log2(x) }\n\n" +
			"func S(zs []float64) []float64 { return show.Map(zs, func(z float64) float64 { return 1 / ((1 + z) * (1 + z)) }) }\n\n" +
			"func Named(zs []float64) []float64 { return show.Map(zs, func(z float64) float64 { return lib.F(z) }) }\n",
		"fig/fig_test.go": "package fig\n\nimport \"math\"\n\nvar _ = math.Exp(1)\n",
	} {
		p := filepath.Join(planted, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	allowed := []formulaSite{{"fig/fig.go Axis math.Log2", 1, "axis"}, {"fig/fig.go Axis math.Log10", 1, "stale"}}
	problems, err := displayTheory(planted, []string{"show"}, allowed)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"fig/fig.go Decay math.Exp: 1 use, 0 allowed",
		"fig/fig.go Tol distuv.StudentsT: 1 use, 0 allowed",
		"fig/fig.go S arithmetic in a show.Map closure: 1 use, 0 allowed",
		"fig/fig.go Axis math.Log10: 0 uses, 1 allowed (a stale entry)",
	}
	if !slices.Equal(problems, want) {
		t.Fatalf("planted packages: problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}

	problems, err = displayTheory("../../kernel-ext", notDisplay, displayFormulaSites)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// displayTheory reads the non-test Go files of every package directly
// under root except skip and returns, in file order and then in the order
// of allowed, each site whose uses of numericImports (other than
// displayArithmetic) exceed what allowed grants, and each allowed entry
// with fewer uses than it grants.
func displayTheory(root string, skip []string, allowed []formulaSite) ([]string, error) {
	grant := map[string]int{}
	for _, a := range allowed {
		grant[a.Site] = a.N
	}
	uses := map[string]int{}
	var order, problems []string
	dirs, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	for _, d := range dirs {
		if !d.IsDir() || slices.Contains(skip, d.Name()) {
			continue
		}
		files, err := filepath.Glob(filepath.Join(root, d.Name(), "*.go"))
		if err != nil {
			return nil, err
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			names := map[string]string{} // local name → import path
			for _, im := range f.Imports {
				p, _ := strconv.Unquote(im.Path.Value)
				if !slices.Contains(numericImports, p) {
					continue
				}
				name := p[strings.LastIndex(p, "/")+1:]
				if im.Name != nil {
					name = im.Name.Name
				}
				names[name] = p
			}
			file := d.Name() + "/" + filepath.Base(path)
			for _, decl := range f.Decls {
				encl := "var"
				if fd, ok := decl.(*ast.FuncDecl); ok {
					encl = fd.Name.Name
				}
				ast.Inspect(decl, func(n ast.Node) bool {
					if call, ok := n.(*ast.CallExpr); ok && curveCall(call) {
						for _, a := range call.Args {
							if fl, ok := a.(*ast.FuncLit); ok && arithmetic(fl.Body) {
								key := fmt.Sprintf("%s %s arithmetic in a %s closure", file, encl, exprString(call.Fun))
								if uses[key] == 0 {
									order = append(order, key)
								}
								uses[key]++
							}
						}
					}
					sel, ok := n.(*ast.SelectorExpr)
					if !ok {
						return true
					}
					x, ok := sel.X.(*ast.Ident)
					if !ok {
						return true
					}
					p, ok := names[x.Name]
					if !ok || p == "math" && slices.Contains(displayArithmetic, sel.Sel.Name) {
						return true
					}
					key := fmt.Sprintf("%s %s %s.%s", file, encl, p[strings.LastIndex(p, "/")+1:], sel.Sel.Name)
					if uses[key] == 0 {
						order = append(order, key)
					}
					uses[key]++
					return true
				})
			}
		}
	}
	for _, k := range order {
		if uses[k] > grant[k] {
			problems = append(problems, fmt.Sprintf("%s: %d use, %d allowed", k, uses[k], grant[k]))
			if uses[k] != 1 {
				problems[len(problems)-1] = fmt.Sprintf("%s: %d uses, %d allowed", k, uses[k], grant[k])
			}
		}
	}
	for _, a := range allowed {
		if uses[a.Site] < a.N {
			problems = append(problems, fmt.Sprintf("%s: %d uses, %d allowed (a stale entry)", a.Site, uses[a.Site], a.N))
		}
	}
	return problems, nil
}

// curveCall reports whether call is show.Map: a function evaluated over a
// figure's abscissae.
func curveCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && x.Name == "show" && sel.Sel.Name == "Map"
}

// arithmetic reports whether body holds a +, −, × or ÷: a closure over
// abscissae that computes rather than calls.
func arithmetic(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			switch b.Op {
			case token.ADD, token.SUB, token.MUL, token.QUO:
				found = true
			}
		}
		return !found
	})
	return found
}

// exprString is show.Map for the selector show.Map.
func exprString(e ast.Expr) string {
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if x, ok := sel.X.(*ast.Ident); ok {
			return x.Name + "." + sel.Sel.Name
		}
	}
	return "?"
}
