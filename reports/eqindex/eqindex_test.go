package eqindex

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRepository scans this checkout: the index must be complete for the
// equations the doc.go tables list, every annotation must name a listed
// equation, and every entry must be called by a test.
func TestRepository(t *testing.T) {
	ix, err := Scan("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ix.Problems {
		t.Error(p)
	}
	if len(ix.Entries) < 80 {
		t.Errorf("%d entries; the doc.go tables list more than 80 equations", len(ix.Entries))
	}
}

// writeTree writes files (path → content) under a new temporary root.
func writeTree(t *testing.T, files map[string]string) string {
	root := t.TempDir()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// srcPage is the notes page of the mini checkout's source (spelt in two
// parts: lib/sources' tests take the whole spelling for a citation of a
// page of this repository).
const srcPage = "lib/sources/" + "src.md"

// miniRepo is a checkout with one package, foo, whose doc.go table lists
// eqs. (1)–(2) and Thm 3.1 of source src; annotations are the caller's.
func miniRepo(t *testing.T, code string) string {
	return writeTree(t, map[string]string{
		srcPage:                      "# Notes\n\nPackages: `lib/foo`.\n\n<a id=\"erratum-1\"></a>\n### 1. A typo\n",
		"lib/foo/doc.go":             "// Package foo computes things.\n//\n//\teqs. (1)–(2)   F, G\n//\tThm 3.1        H\n//\tFig. 4         Draw\npackage foo\n",
		"lib/foo/foo.go":             "package foo\n\n" + code,
		"lib/foo/foo_test.go":        "package foo\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { F() }\n\nfunc TestH(t *testing.T) { var x T; x.H() }\n",
		"lib/quantity/q.go":          "package quantity\n\nimport \"github.com/sigprop/sigprop/lib/foo\"\n\ntype Quantity struct{ Name string; Eval func() }\n\nvar _ = Quantity{Name: \"foo.f\", Eval: func() { foo.F() }}\n",
		"kernel-ext/fooshow/show.go": "package fooshow\n\nimport \"github.com/sigprop/sigprop/lib/foo\"\n\nfunc Show() { foo.G() }\n",
		"notebooks/01-foo.ipynb": `{"cells": [{"cell_type": "code", "metadata": {}, "source": "import \"github.com/sigprop/sigprop/lib/foo\"", "outputs": []},` +
			`{"cell_type": "code", "metadata": {}, "source": "%%\nfooshow.Show()", "outputs": []}], "metadata": {"kernelspec": {"name": "sigprop"}}, "nbformat": 4, "nbformat_minor": 5}`,
	})
}

// TestCheckBothWays: a complete, consistent mini checkout has no
// problems and its entries carry what was found (tests, quantities,
// cells through kernel-ext); each kind of inconsistency is then
// reported: an annotation naming an equation the table does not list, a
// listed equation no annotation names, an entry no test calls, an
// erratum anchor that does not exist.
func TestCheckBothWays(t *testing.T) {
	good := "//sigprop:eq src eq1\nfunc F() {}\n\n//sigprop:eq src eq2 erratum=" + srcPage + "#erratum-1\nfunc G() {}\n\ntype T struct{}\n\n//sigprop:eq src thm3.1\nfunc (T) H() {}\n\nfunc TestG() { G() }\n"
	ix, err := Scan(miniRepo(t, good))
	if err != nil {
		t.Fatal(err)
	}
	// G is called only by a non-test function named like a test in a
	// non-test file, which does not count: TestG lives in foo.go.
	if want := []string{"src eq. (2): no test under lib/ calls foo.G"}; !slices.Equal(ix.Problems, want) {
		t.Errorf("problems %q, want %q", ix.Problems, want)
	}
	if len(ix.Entries) != 3 {
		t.Fatalf("%d entries, want 3: %+v", len(ix.Entries), ix.Entries)
	}
	e1, e2, e3 := ix.Entries[0], ix.Entries[1], ix.Entries[2]
	if e1.Label != "eq. (1)" || e2.Label != "eq. (2)" || e3.Label != "Thm. 3.1" {
		t.Errorf("labels %q %q %q", e1.Label, e2.Label, e3.Label)
	}
	if !slices.Equal(e1.Tests, []string{"lib/foo.TestF"}) || !slices.Equal(e1.Quantities, []string{"foo.f"}) || e1.Funcs[0].Name != "F" || e1.Funcs[0].File != "lib/foo/foo.go" {
		t.Errorf("eq. (1): %+v", e1)
	}
	if !slices.Equal(e2.Errata, []string{srcPage + "#erratum-1"}) || len(e2.Cells) != 1 || e2.Cells[0] != (Cell{"01-foo", 1}) {
		t.Errorf("eq. (2): errata %v, cells %v (want the cell calling fooshow.Show, which calls foo.G)", e2.Errata, e2.Cells)
	}
	if !slices.Equal(e3.Tests, []string{"lib/foo.TestH"}) || e3.Funcs[0].Name != "T.H" {
		t.Errorf("Thm. 3.1: %+v", e3)
	}

	bad := "//sigprop:eq src eq1,3\nfunc F() {}\n\n//sigprop:eq src thm3.1 erratum=" + srcPage + "#erratum-9\nfunc H() {}\n"
	ix, err = Scan(miniRepo(t, bad))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`lib/foo/doc.go lists src eq. (2), which no sigprop:eq annotation in lib/foo names`,
		`lib/foo/foo.go:3: annotation on F names src eq. (3), which the doc.go table of lib/foo does not list`,
		`lib/foo/foo.go:6: erratum ` + srcPage + `#erratum-9: ` + srcPage + ` has no anchor "erratum-9"`,
		`src Thm. 3.1: no test under lib/ calls foo.H`, // TestH calls a method H, not the function
	}
	if !slices.Equal(ix.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(ix.Problems, "\n"), strings.Join(want, "\n"))
	}

	if _, err := Scan(miniRepo(t, "//sigprop:eq src equation1\nfunc F() {}\n")); err == nil || !strings.Contains(err.Error(), `ref "equation1"`) {
		t.Errorf("malformed annotation: %v", err)
	}
}

// TestTableRefs reads the forms the doc.go tables use.
func TestTableRefs(t *testing.T) {
	for _, c := range []struct {
		line, def, want string
	}{
		{"eqs. (10)–(11), (25)     AttQP, FAtt", "cowsik2024", "cowsik2024 eq. (10)|cowsik2024 eq. (11)|cowsik2024 eq. (25)"},
		{"Lemmas 3.2–3.3, (11)–(13) Propagate", "noci2022", "noci2022 Lemma 3.2|noci2022 Lemma 3.3|noci2022 eq. (11)|noci2022 eq. (12)|noci2022 eq. (13)"},
		{"Eqs. (6)–(7), Lemma A.7   ExpGrad*", "noci2022", "noci2022 eq. (6)|noci2022 eq. (7)|noci2022 Lemma A.7"},
		{"F1  q-map   V(q)   Net.QMap   (P18 eq. 3)", "tanner2024", "pennington2018 eq. (3)|tanner2024 F1"},
		{"moments (F18–F20, F23) Network", "tanner2024", "tanner2024 F18|tanner2024 F19|tanner2024 F20|tanner2024 F23"},
		{"q, p   TokenGeometry (Cowsik et al. 2024, eqs. (22)–(23))", "noci2022", "cowsik2024 eq. (22)|cowsik2024 eq. (23)"},
		{"Figs. 4–5, Table 2, Sec. 3.3, App. B   Phase*", "cowsik2024", ""},
		{"Thm 4.2, Cor 4.3, Prop. A.2   Model", "noci2023", "noci2023 Thm. 4.2|noci2023 Cor. 4.3|noci2023 Prop. A.2"},
	} {
		var got []string
		for _, r := range tableRefs(c.line, c.def) {
			got = append(got, r.String())
		}
		if s := strings.Join(got, "|"); s != c.want {
			t.Errorf("tableRefs(%q) = %q, want %q", c.line, s, c.want)
		}
	}
}

// TestHalfSavedNotebook: a notebook that does not parse (a Jupyter file
// cut short while saving, or nested deeper than the parser takes) is
// left out of the index and named among its problems; Scan, and with it
// every report, does not fail (issue 36: `eqindex: … invalid notebook`
// failed a report naming only 00-overview).
func TestHalfSavedNotebook(t *testing.T) {
	good := "//sigprop:eq src eq1\nfunc F() {}\n\n//sigprop:eq src eq2 erratum=" + srcPage + "#erratum-1\nfunc G() {}\n\ntype T struct{}\n\n//sigprop:eq src thm3.1\nfunc (T) H() {}\n\nfunc TestG() { G() }\n"
	root := miniRepo(t, good)
	for name, body := range map[string]string{
		"02-cut.ipynb":    `{"cells": [{"cell_type": "code", "sour`,
		"03-nested.ipynb": strings.Repeat("[", 100000) + strings.Repeat("]", 100000),
	} {
		if err := os.WriteFile(filepath.Join(root, "notebooks", name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ix, err := Scan(root)
	if err != nil {
		t.Fatalf("Scan fails on a half-saved notebook: %v", err)
	}
	problems := strings.Join(ix.Problems, "\n")
	for _, want := range []string{"notebooks/02-cut.ipynb left out", "notebooks/03-nested.ipynb left out"} {
		if !strings.Contains(problems, want) {
			t.Errorf("problems lack %q:\n%s", want, problems)
		}
	}
	cells := 0
	for _, e := range ix.Entries {
		cells += len(e.Cells)
	}
	if cells == 0 {
		t.Errorf("the good notebook's cells are not indexed: %+v", ix.Entries)
	}
}

// TestScanParsesWhatItNeeds: Scan parses the lib files that hold
// annotations (and doc.go) and the test files that name an annotated
// declaration as a word, so a syntax error elsewhere is the compiler's to
// report, and one in a file it needs fails the scan. The names of the
// mini checkout's annotated declarations are F, G and H (a method).
func TestScanParsesWhatItNeeds(t *testing.T) {
	good := "//sigprop:eq src eq1\nfunc F() {}\n\n//sigprop:eq src eq2 erratum=" + srcPage + "#erratum-1\nfunc G() {}\n\ntype T struct{}\n\n//sigprop:eq src thm3.1\nfunc (T) H() {}\n\nfunc TestG() { G() }\n"
	for _, tc := range []struct {
		path, code string
		fails      bool
	}{
		{"lib/foo/other.go", "package foo\n\nfunc broken( {\n", false},                  // no annotation
		{"lib/foo/other.go", "package foo\n\n// sigprop:eq src eq1\nfunc F( {\n", true}, // an annotation
		{"lib/baz/baz_test.go", "package baz\n\nfunc TestX(t *testing.T) { F2(xF, G_, Hé, _H }\n", false},
		{"lib/baz/baz_test.go", "package baz\n\nfunc TestX(t *testing.T) { x.H( }\n", true},
		{"lib/baz/baz_test.go", "package baz\n\n// G\nfunc TestX(t *testing.T) { ( }\n", true}, // a comment counts: more parsed, never less
	} {
		root := miniRepo(t, good)
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(tc.path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, tc.path), []byte(tc.code), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Scan(root)
		if (err != nil) != tc.fails {
			t.Errorf("%s %q: Scan error %v, want an error: %v", tc.path, tc.code, err, tc.fails)
		}
	}
}

// TestMentions: a name is found where it is a whole word of the source,
// at either end and beside any punctuation, and not inside a longer
// identifier (letters, digits, underscores, non-ASCII letters).
func TestMentions(t *testing.T) {
	names := map[string]bool{"AttQP": true, "H": true}
	for src, want := range map[string]bool{
		"AttQP":                       true,
		"x := tokengeom.AttQP(q)":     true,
		"(AttQP)":                     true,
		"\tAttQP\n":                   true,
		"y.H()":                       true,
		"H":                           true,
		"AttQP2 AttQPs _AttQP xAttQP": false,
		"HH H_ H1 Hé éH aH":           false,
		"":                            false,
		"attqp":                       false,
	} {
		if got := mentions([]byte(src), names); got != want {
			t.Errorf("mentions(%q) = %v, want %v", src, got, want)
		}
	}
}
