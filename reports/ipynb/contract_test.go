package ipynb

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// contractExempt lists the committed cells allowed to break the display
// contract, each with its reason. An entry that no longer breaks it fails
// the test, so the list cannot go stale.
var contractExempt = map[string]string{
	"00-overview.ipynb c05": "the overview's worked example of a figure of one's own (show checks its caption against Params)",
}

// TestCommittedNotebooksShowThroughViews enforces the one display
// contract in the committed notebooks: a cell shows through show.View
// (Fig, Tab, Agree, Text items, or a kernel-ext builder's View), never by
// calling show.DisplayFigure, DisplayTable, DisplayMetric or Check itself,
// and a show.Figure literal in a cell carries only the figure's ID and the
// paper figure it claims (what the conformance list reads), and at most its
// axis scales (cellFigureFields); its caption,
// Params, seeds and series are a builder's, formatted from the result's own
// settings. A notebook of one's own may do either.
func TestCommittedNotebooksShowThroughViews(t *testing.T) {
	used := map[string]bool{}
	for _, c := range committedNotebooks(t) {
		name := filepath.Base(c.path)
		for _, cell := range c.nb.Cells {
			key := name + " " + cell.ID
			problems := contractProblems(string(cell.Source))
			if len(problems) == 0 || cell.CellType != "code" {
				continue
			}
			if _, ok := contractExempt[key]; ok {
				used[key] = true
				continue
			}
			for _, p := range problems {
				t.Errorf("%s cell %s: %s", name, cell.ID, p)
			}
		}
	}
	for key, why := range contractExempt {
		if !used[key] {
			t.Errorf("exemption %q (%s) no longer needed: delete it", key, why)
		}
	}
}

// cellFigureFields are the show.Figure fields a committed cell may set:
// the figure's id, the lib/papers figures it claims (Paper, always
// papers.Claim of the typed values, never a string) and which part of them
// (PaperNote), and the axis scales (a choice of how to draw that states
// nothing about the run).
var cellFigureFields = map[string]bool{"ID": true, "Paper": true, "PaperNote": true, "LogX": true, "LogY": true}

// isPapersClaim reports whether e is a call papers.Claim(...).
func isPapersClaim(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "papers" && sel.Sel.Name == "Claim"
}

// contractProblems returns what in the Go cell src breaks the display
// contract (nil for a cell that is not Go).
func contractProblems(src string) []string {
	src = strings.TrimRight(src, "\n")
	if strings.HasPrefix(src, "!") {
		return nil
	}
	file := "package main\n" + src
	if body, ok := strings.CutPrefix(strings.TrimSpace(src), "%%"); ok {
		file = "package main\nfunc _() {\n" + body + "\n}"
	}
	f, err := parser.ParseFile(token.NewFileSet(), "cell.go", file, parser.SkipObjectResolution)
	if err != nil {
		return []string{"does not parse as Go: " + err.Error()}
	}
	var out []string
	isShow := func(e ast.Expr, names ...string) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok || pkg.Name != "show" {
			return false
		}
		for _, n := range names {
			if sel.Sel.Name == n {
				return true
			}
		}
		return false
	}
	figureLit := func(lit *ast.CompositeLit) {
		var extra []string
		for _, el := range lit.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				extra = append(extra, "positional fields")
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); !ok || !cellFigureFields[k.Name] {
				extra = append(extra, fieldName(kv.Key))
			} else if k.Name == "Paper" && !isPapersClaim(kv.Value) {
				out = append(out, "a show.Figure literal sets Paper to something other than papers.Claim(...) of lib/papers' typed figures")
			}
		}
		if len(extra) > 0 {
			out = append(out, "a show.Figure literal sets "+strings.Join(extra, ", ")+": only ID, Paper, PaperNote and the axis scales belong in a cell (a kernel-ext builder formats the rest from the result)")
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isShow(n.Fun, "DisplayFigure", "DisplayTable", "DisplayMetric", "Check") {
				out = append(out, "calls show."+n.Fun.(*ast.SelectorExpr).Sel.Name+": show it as a show.View item (Fig, Tab, Agree)")
			}
		case *ast.CompositeLit:
			if isShow(n.Type, "Figure") {
				figureLit(n)
			}
			// Elements of []show.Figure{{...}} or map[...]show.Figure{...} elide the type.
			var elem ast.Expr
			switch t := n.Type.(type) {
			case *ast.ArrayType:
				elem = t.Elt
			case *ast.MapType:
				elem = t.Value
			}
			if elem != nil && isShow(elem, "Figure") {
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					if lit, ok := el.(*ast.CompositeLit); ok && lit.Type == nil {
						figureLit(lit)
					}
				}
			}
		}
		return true
	})
	return out
}

// fieldName is the source name of a field key.
func fieldName(e ast.Expr) string {
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return "a field"
}

// The contract check bites: each way of breaking it is found, and a cell
// keeping to it passes.
func TestContractProblems(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"%%\nshow.View{show.Fig(f), show.Agree(a)}.Show()\nx.Build(show.Figure{ID: \"a\", Paper: papers.Claim(papers.Noci2022Fig8), PaperNote: \"right\", LogY: true}).Show()", nil},
		{"%%\nx.Build(show.Figure{ID: \"a\", Paper: []string{\"noci2022-fig8\"}}).Show()", []string{"sets Paper to something other than papers.Claim"}},
		{"%%\nshow.Must(show.DisplayFigure(f))", []string{"calls show.DisplayFigure"}},
		{"%%\nshow.Must(show.DisplayTable(t))\nshow.Check(a)", []string{"calls show.DisplayTable", "calls show.Check"}},
		{"%%\nshow.View{show.Fig(show.Figure{ID: \"a\", Caption: \"n = 256\"})}.Show()", []string{"sets Caption"}},
		{"%%\nfor _, f := range []show.Figure{{ID: \"a\", Params: nil}} {\n}", []string{"sets Params"}},
		{"func claim() { show.Check(a) }", []string{"calls show.Check"}},
		{"!echo shell", nil},
	} {
		got := contractProblems(tc.src)
		if len(got) != len(tc.want) {
			t.Errorf("%q: problems %q, want %d matching %q", tc.src, got, len(tc.want), tc.want)
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%q: problem %q, want one containing %q", tc.src, got[i], w)
			}
		}
	}
}
