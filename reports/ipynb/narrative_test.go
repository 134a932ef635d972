package ipynb

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// maxCellLines is the longest code cell a committed notebook may have: a
// cell longer than a screen is a missing library function (STYLE.md,
// "Notebooks").
const maxCellLines = 40

// maxMeanLines bounds the lines of Go across all committed notebooks, as
// an average per notebook (issue 15's target was ~1,200 over eight
// notebooks): past it, science or display code is growing in notebooks
// instead of lib and kernel-ext. A new notebook adds its share; it does
// not take the others'. The parameters cell is not counted: it holds only
// the named values a reader may change (every setting a caption states,
// issue 38), declarations the standard asks for, not code; the budget was
// lowered from 150 to 130 when they left it (the other cells held 1,109
// lines over nine notebooks), so it still binds.
const maxMeanLines = 130

// TestCommittedNotebooksNarrate enforces that the committed notebooks read
// as narrative: no code cell over maxCellLines lines, no function or type
// defined at the top level of two notebooks (a helper that notebooks share
// belongs in kernel-ext or lib), and no import of the report generator
// (data flows lib → kernel-ext → reports, never back), and no more than
// maxTotalLines lines of Go in all. It logs the lines of Go per notebook
// and in all (run with -v).
func TestCommittedNotebooksNarrate(t *testing.T) {
	definedIn := map[string][]string{} // top-level func or type name -> notebooks
	total := 0
	nbs := committedNotebooks(t)
	maxTotalLines := maxMeanLines * len(nbs)
	for _, c := range nbs {
		name := filepath.Base(c.path)
		lines, names, problems := narrative(c.nb, name)
		for _, msg := range problems {
			t.Errorf("%s: %s", name, msg)
		}
		for _, n := range names {
			definedIn[n] = append(definedIn[n], name)
		}
		t.Logf("%s: %d lines of Go", name, lines)
		total += lines
	}
	t.Logf("all notebooks: %d lines of Go", total)
	if total > maxTotalLines {
		t.Errorf("the notebooks hold %d lines of Go, more than %d: move science into lib and display into kernel-ext", total, maxTotalLines)
	}
	var dup []string
	for n, nbs := range definedIn {
		if len(nbs) > 1 {
			dup = append(dup, n+" in "+strings.Join(nbs, ", "))
		}
	}
	sort.Strings(dup)
	for _, d := range dup {
		t.Errorf("helper %s: define it once, in kernel-ext or lib", d)
	}
}

// narrative returns the lines of Go in nb's code cells, the names of the
// functions and types its declaration cells define, and what breaks the
// rules of TestCommittedNotebooksNarrate.
func narrative(nb *Notebook, name string) (lines int, names, problems []string) {
	seen := map[string]bool{}
	for i, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		src := strings.TrimRight(string(c.Source), "\n")
		if strings.HasPrefix(src, "!") { // a shell cell, not Go
			continue
		}
		if isParameters(c) {
			problems = append(problems, onlyValues(i, src)...)
			continue
		}
		n := strings.Count(src, "\n") + 1
		lines += n
		if n > maxCellLines {
			problems = append(problems, "cell "+strconv.Itoa(i)+" has "+strconv.Itoa(n)+" lines (at most "+strconv.Itoa(maxCellLines)+")")
		}
		if strings.HasPrefix(strings.TrimSpace(src), "%%") {
			continue // a main body: its declarations are local
		}
		f, err := parser.ParseFile(token.NewFileSet(), "cell.go", "package main\n"+src, parser.ImportsOnly|parser.SkipObjectResolution)
		if err == nil {
			for _, im := range f.Imports {
				if p, _ := strconv.Unquote(im.Path.Value); strings.HasPrefix(p, "github.com/sigprop/sigprop/reports") {
					problems = append(problems, "cell "+strconv.Itoa(i)+" imports "+p)
				}
			}
		}
		f, err = parser.ParseFile(token.NewFileSet(), "cell.go", "package main\n"+src, parser.SkipObjectResolution)
		if err != nil {
			problems = append(problems, "cell "+strconv.Itoa(i)+" does not parse as Go declarations: "+err.Error())
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && !seen[d.Name.Name] {
					seen[d.Name.Name] = true
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && !seen[ts.Name.Name] {
						seen[ts.Name.Name] = true
						names = append(names, ts.Name.Name)
					}
				}
			}
		}
	}
	return lines, names, problems
}

// isParameters reports whether c is tagged "parameters" (the cell whose
// values `sigprop report -p` overrides).
func isParameters(c Cell) bool {
	tags, _ := c.Metadata["tags"].([]any)
	for _, t := range tags {
		if t == "parameters" {
			return true
		}
	}
	return false
}

// onlyValues returns a problem unless the parameters cell i holds nothing
// but const and var declarations (and imports), so that exempting it from
// the line limits cannot hide code.
func onlyValues(i int, src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "cell.go", "package main\n"+src, parser.SkipObjectResolution)
	if err != nil {
		return []string{"parameters cell " + strconv.Itoa(i) + " does not parse as Go declarations: " + err.Error()}
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); !ok || (g.Tok != token.CONST && g.Tok != token.VAR && g.Tok != token.IMPORT) {
			return []string{"parameters cell " + strconv.Itoa(i) + " holds more than const and var declarations"}
		}
	}
	return nil
}

// The rules bite: a long cell, a shared helper and an import of reports/;
// a long parameters cell is not counted, one holding a function is refused.
func TestNarrativeRules(t *testing.T) {
	long := strings.Repeat("x := 1\n", maxCellLines+1)
	nb := &Notebook{Cells: []Cell{
		{CellType: "code", Source: MultiString("%%\n" + long)},
		{CellType: "code", Source: MultiString("import \"github.com/sigprop/sigprop/reports/sweep\"\n\nfunc must(err error) {}\ntype pt struct{}")},
		{CellType: "code", Source: MultiString("!*echo shell")},
		{CellType: "markdown", Source: MultiString(long)},
		{CellType: "code", Metadata: map[string]any{"tags": []any{"parameters"}}, Source: MultiString(strings.Repeat("const A = 1 // a value\n", maxCellLines+1))},
	}}
	lines, names, problems := narrative(nb, "test.ipynb")
	if want := maxCellLines + 2 + 4; lines != want {
		t.Errorf("lines = %d, want %d", lines, want)
	}
	bad := &Notebook{Cells: []Cell{{CellType: "code", Metadata: map[string]any{"tags": []any{"parameters"}}, Source: MultiString("const A = 1\nfunc f() {}")}}}
	if _, _, p := narrative(bad, "bad.ipynb"); len(p) != 1 || !strings.Contains(p[0], "more than const and var") {
		t.Errorf("a parameters cell with a function: problems %q", p)
	}
	if strings.Join(names, ",") != "must,pt" {
		t.Errorf("names = %v, want [must pt]", names)
	}
	if len(problems) != 2 || !strings.Contains(problems[0], "cell 0 has 42 lines") || !strings.Contains(problems[1], "imports github.com/sigprop/sigprop/reports/sweep") {
		t.Errorf("problems = %q", problems)
	}
}
