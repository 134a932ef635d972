package publish

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/eqindex"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// withMarkdown appends markdown cells to r's notebook (and their results).
func withMarkdown(r execute.Result, mds ...string) execute.Result {
	for _, s := range mds {
		r.Cells = append(r.Cells, execute.CellResult{Index: len(r.Notebook.Cells), Status: execute.CellNotCode})
		r.Notebook.Cells = append(r.Notebook.Cells, ipynb.Cell{CellType: "markdown", Source: ipynb.MultiString(s)})
	}
	return r
}

// TestBuildCrossReferences: a page refers to another page's equation and
// figure; a reference to an unknown label fails its notebook (and so the
// report) naming the notebook and the label; a partial report (Update)
// still resolves references to the pages it keeps, from the manifest.
func TestBuildCrossReferences(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	a := withMarkdown(executed(t, "a", 0.5), "$$q = V(q)$$ (qmap)\n")
	b := withMarkdown(executed(t, "b", 0.5), "By eq. {eq}`qmap` and {fig}`f1` [@cowsik2024].\n")
	m, err := Build(out, []execute.Result{a, b}, prov)
	if err != nil {
		t.Fatal(err)
	}
	if m.Failed() {
		t.Fatalf("report failed: %+v", m.Notebooks)
	}
	if len(m.Equations) != 1 || m.Equations[0] != (EquationEntry{Label: "qmap", Notebook: "a", Number: 1}) {
		t.Errorf("manifest equations %+v", m.Equations)
	}
	page, _ := os.ReadFile(filepath.Join(out, "b.html"))
	for _, want := range []string{
		`<a class="xref eq" href="./a.html#eq-qmap">(1) in a</a>`,
		`<a class="xref fig" href="#fig-f1">Fig. 1</a>`, // b's own f1 first
		`<li id="ref-cowsik2024">`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("b.html lacks %s", want)
		}
	}

	// Update b alone: a is kept, its equation still resolves.
	m, err = Update(out, []execute.Result{withMarkdown(executed(t, "b", 0.5), "Again {eq}`qmap`.\n")}, prov)
	if err != nil {
		t.Fatal(err)
	}
	if m.Failed() || len(m.Equations) != 1 {
		t.Fatalf("update: failed %v, equations %+v, notebooks %+v", m.Failed(), m.Equations, m.Notebooks)
	}

	// An unknown label fails b, naming it.
	bad := withMarkdown(executed(t, "b", 0.5), "By eq. {eq}`nosuch`.\n")
	m, err = Build(out, []execute.Result{a, bad}, prov)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Failed() || m.Notebooks[1].Status != "failed" || m.Notebooks[0].Status != "ok" {
		t.Fatalf("statuses %+v", m.Notebooks)
	}
	if want := `unresolved references in b.ipynb:` + "\n" + `cell 3: unknown equation label "nosuch"`; !strings.Contains(m.Notebooks[1].Error, want) {
		t.Errorf("error %q lacks %q", m.Notebooks[1].Error, want)
	}
}

// TestBuildEquationIndex: with an index, the site has equations.html,
// listing the figures of the cells that use each equation, and the index
// and notebook pages link to it.
func TestBuildEquationIndex(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	ix := &eqindex.Index{Entries: []eqindex.Entry{{Ref: eqindex.Ref{Source: "cowsik2024", Label: "eq. (10)"},
		Funcs: []eqindex.Func{{Package: "lib/tokengeom", Name: "AttQP", File: "lib/tokengeom/attention.go", Line: 28}},
		Cells: []eqindex.Cell{{Notebook: "a", Index: 1}}}}}
	if _, err := Build(out, []execute.Result{executed(t, "a", 0.5)}, prov, WithEquationIndex(ix)); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "equations.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<a href="./a.html#fig-f1">a f1</a>`) {
		t.Errorf("equations.html does not list figure f1 of cell 1 of a")
	}
	for _, f := range []string{"index.html", "a.html"} {
		if b, _ := os.ReadFile(filepath.Join(out, f)); !strings.Contains(string(b), `href="equations.html"`) {
			t.Errorf("%s does not link the equation index", f)
		}
	}
}

// TestSiblingEquations: a notebook run alone into a site of its own (a
// parameterised run) still resolves an equation of a notebook beside it
// on disk: the number and the notebook's name, no link to a page the site
// does not have; an unknown label still fails.
func TestSiblingEquations(t *testing.T) {
	dir := t.TempDir()
	a := withMarkdown(executed(t, "a", 0.5), "$$x$$ (first)\n\n$$q = V(q)$$ (qmap)\n")
	enc, err := ipynb.Marshal(a.Notebook)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.ipynb"), enc, 0o644); err != nil {
		t.Fatal(err)
	}
	b := withMarkdown(executed(t, "b", 0.5), "By eq. {eq}`qmap`.\n")
	b.Path = filepath.Join(dir, "b.ipynb")
	out := filepath.Join(t.TempDir(), "site")
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	m, err := Build(out, []execute.Result{b}, prov)
	if err != nil {
		t.Fatal(err)
	}
	if m.Failed() {
		t.Fatalf("report failed: %+v", m.Notebooks)
	}
	page, _ := os.ReadFile(filepath.Join(out, "b.html"))
	if want := `(2) in a`; !strings.Contains(string(page), want) || strings.Contains(string(page), `href="./a.html`) {
		t.Errorf("b.html: want %q without a link to a.html", want)
	}
	bad := withMarkdown(executed(t, "b", 0.5), "By eq. {eq}`nosuch`.\n")
	bad.Path = b.Path
	if m, err = Build(filepath.Join(t.TempDir(), "site"), []execute.Result{bad}, prov); err != nil || !m.Failed() {
		t.Errorf("unknown label beside a sibling: failed %v, err %v", m != nil && m.Failed(), err)
	}
}
