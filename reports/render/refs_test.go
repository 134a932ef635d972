package render

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/lib/sources"
	"github.com/sigprop/sigprop/reports/bibtex"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// bundleOutput is a display_data carrying b as gonb delivers it (the
// encoded bundle as a JSON string).
func bundleOutput(t testing.TB, b bundle.Bundle) ipynb.Output {
	enc, err := bundle.Encode(b)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := json.Marshal(string(enc))
	return ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: s, "text/plain": json.RawMessage(`"x"`)}}
}

// glue is the value bundle show.Glue sends (reports does not import the
// notebooks' display package; kernel-ext/show's tests check RenderGlue).
func glue(t testing.TB, name string, v float64, format string) ipynb.Output {
	return bundleOutput(t, bundle.Bundle{Kind: bundle.KindValue, Value: &bundle.Value{Name: name, Value: bundle.Float(v), Text: fmt.Sprintf(format, v)}})
}

func md(src string) ipynb.Cell {
	return ipynb.Cell{CellType: "markdown", Source: ipynb.MultiString(src)}
}

func code(outs ...ipynb.Output) ipynb.Cell {
	return ipynb.Cell{CellType: "code", Source: "x", Outputs: outs}
}

// siteCase is testdata/site/*.txt: pages separated by "=== NAME" lines,
// each a list of cells; a cell is "--- md" followed by markdown, or
// "--- fig ID", "--- tbl ID" or "--- glue NAME VALUE" (an output of a
// code cell: a figure, a table, a value formatted %.4g).
func readSite(t *testing.T, path string) (names []string, nbs []*ipynb.Notebook) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var nb *ipynb.Notebook
	var mdLines []string
	flush := func() {
		if mdLines != nil {
			nb.Cells = append(nb.Cells, md(strings.Join(mdLines, "\n")+"\n"))
			mdLines = nil
		}
	}
	for _, line := range strings.Split(string(raw), "\n") {
		switch {
		case strings.HasPrefix(line, "=== "):
			if nb != nil {
				flush()
			}
			nb = &ipynb.Notebook{}
			names = append(names, strings.TrimPrefix(line, "=== "))
			nbs = append(nbs, nb)
		case strings.HasPrefix(line, "--- "):
			flush()
			f := strings.Fields(strings.TrimPrefix(line, "--- "))
			switch f[0] {
			case "md":
				mdLines = []string{}
			case "fig":
				nb.Cells = append(nb.Cells, code(bundleOutput(t, bundle.Bundle{Kind: bundle.KindFigure, Figure: &bundle.Figure{ID: f[1], Caption: "c",
					Series: []bundle.Series{{Name: "s", X: bundle.Floats([]float64{1}), Y: bundle.Floats([]float64{1})}}}})))
			case "tbl":
				nb.Cells = append(nb.Cells, code(bundleOutput(t, bundle.Bundle{Kind: bundle.KindTable, Table: &bundle.Table{ID: f[1], Header: []string{"a"}, Rows: [][]string{{"1"}}}})))
			case "glue":
				var v float64
				fmt.Sscan(f[2], &v)
				nb.Cells = append(nb.Cells, code(glue(t, f[1], v, "%.4g")))
			default:
				t.Fatalf("%s: bad line %q", path, line)
			}
		default:
			if mdLines != nil {
				mdLines = append(mdLines, line)
			}
		}
	}
	flush()
	return names, nbs
}

// renderSite numbers the pages together (WithRefs) and renders each; it
// returns the markdown cells' and reference list's HTML of each page and
// what each page could not resolve.
func renderSite(t *testing.T, names []string, nbs []*ipynb.Notebook) (string, map[string][]string) {
	refs := NewRefs()
	for i, nb := range nbs {
		refs.AddNotebook(names[i], nb, DecodeBundles(nb))
	}
	r := New(WithRefs(refs))
	var out strings.Builder
	keep := regexp.MustCompile(`(?s)<div class="cell markdown".*?\n</div>\n|<figcaption>.*?</figcaption>|<div class="output value".*?</div>|<div class="output table"[^>]*>(?:<div class="tbl-num">[^<]*</div>)?|<section class="references">.*?</section>\n|<div class="notebook-error">.*?</div>\n`)
	for i, nb := range nbs {
		page, err := r.RenderNotebook(Page{Name: names[i], Notebook: nb})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "=== %s\n", names[i])
		for _, m := range keep.FindAllString(string(page), -1) {
			out.WriteString(strings.TrimRight(m, "\n") + "\n")
		}
	}
	return out.String(), r.TakeUnresolved()
}

// TestSiteCases renders the sites of testdata/site/NAME.txt and compares
// the parts that cross-references, citations and values touch with
// testdata/site/NAME.html (regenerate with -update and review), and what
// was unresolved with the "unresolved:" lines at its end.
func TestSiteCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/site/*.txt")
	if len(files) < 2 {
		t.Fatalf("%d site cases, want at least 2", len(files))
	}
	for _, f := range files {
		names, nbs := readSite(t, f)
		got, unresolved := renderSite(t, names, nbs)
		var pages []string
		for p := range unresolved {
			pages = append(pages, p)
		}
		sort.Strings(pages)
		for _, p := range pages {
			for _, u := range unresolved[p] {
				got += "unresolved: " + p + ": " + u + "\n"
			}
		}
		checkGolden(t, strings.TrimSuffix(f, ".txt")+".html", []byte(got))
	}
}

// TestSiteLinks spells out what the golden of testdata/site/crossref
// must hold, so that a careless -update cannot bless a regression.
func TestSiteLinks(t *testing.T) {
	names, nbs := readSite(t, "testdata/site/crossref.txt")
	got, unresolved := renderSite(t, names, nbs)
	if len(unresolved) != 0 {
		t.Errorf("unresolved: %v", unresolved)
	}
	for _, want := range []string{
		`<div class="equation" id="eq-qmap"><div class="math display">q^\ell = V(q^{\ell-1})</div><span class="eq-number">(1)</span></div>`,
		`<div class="equation" id="eq-qstar"><div class="math display">q^* = V(q^*)</div><span class="eq-number">(2)</span></div>`,
		`<a class="xref eq" href="#eq-qstar">(2)</a>`,                                     // same page
		`<a class="xref eq" href="./01-mean-field.html#eq-qmap">(1) in 01-mean-field</a>`, // other page
		`<a class="xref fig" href="#fig-q-map">Fig. 1</a>`,
		`<a class="xref fig" href="./01-mean-field.html#fig-chi1">Fig. 2 in 01-mean-field</a>`,
		`<a class="xref tbl" href="#fig-table-1">Table 1</a>`,
		`<a class="xref glue" href="#glue-qstar">0.6341</a>`,
		`<span class="fig-num">Figure 2</span> <span class="fig-id">chi1</span>`,
		`<a class="cite" href="#ref-cowsik2024">Cowsik et al. 2024</a>, eq. 10; <a class="cite" href="#ref-poole2016">Poole et al. 2016</a>)`,
		`<li id="ref-cowsik2024"><span class="ref-label">Cowsik et al. 2024</span> Cowsik, Nebabu, Qi, Ganguli (2024).`,
		`<a href="https://arxiv.org/abs/2403.02579">`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("site lacks %s", want)
		}
	}
}

// TestUnresolvedFailsPage: an unknown label, key or value fails the page
// (status failed, the list in its error box) and TakeUnresolved names the
// page, the cell and the label.
func TestUnresolvedFailsPage(t *testing.T) {
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{md("intro"), md("see {eq}`nosuch`, [@nobody1999] and {glue}`typo`; {fig}`gone`\n")}}
	r := New()
	page, err := r.RenderNotebook(Page{Name: "nb", Notebook: nb, Status: StatusOK})
	if err != nil {
		t.Fatal(err)
	}
	u := r.TakeUnresolved()
	want := []string{
		`cell 2: unknown equation label "nosuch" (no such label on this page or any other)`,
		`cell 2: unknown bibliography key "nobody1999" (not in lib/sources/refs.bib)`,
		`cell 2: unknown value "typo" ({glue}: no cell of this notebook published it with show.Glue)`,
		`cell 2: unknown figure id "gone" (no such label on this page or any other)`,
	}
	if !slices.Equal(u["nb"], want) {
		t.Errorf("unresolved %q, want %q", u["nb"], want)
	}
	s := string(page)
	if !strings.Contains(s, `<span class="badge failed">failed</span>`) || !strings.Contains(s, "unresolved references:\ncell 2: unknown equation label &#34;nosuch&#34;") {
		t.Errorf("page does not show itself failed with the unresolved list")
	}
	if len(r.TakeUnresolved()) != 0 {
		t.Error("TakeUnresolved did not forget")
	}
}

// TestGlueFollowsCell: the number in the prose is the one the cell
// published; when the cell's result changes, so does the text.
func TestGlueFollowsCell(t *testing.T) {
	page := func(v float64) string {
		nb := &ipynb.Notebook{Cells: []ipynb.Cell{
			code(glue(t, "qstar", v, "%.4f")),
			md("The fixed point is $q^*=${glue}`qstar`.\n"),
		}}
		r := New()
		b, err := r.RenderNotebook(Page{Name: "g", Notebook: nb})
		if err != nil {
			t.Fatal(err)
		}
		if u := r.TakeUnresolved(); len(u) != 0 {
			t.Fatalf("unresolved %v", u)
		}
		m := regexp.MustCompile(`<a class="xref glue" href="#glue-qstar">([^<]*)</a>`).FindStringSubmatch(string(b))
		if m == nil {
			t.Fatalf("no glue reference in\n%s", b)
		}
		if !strings.Contains(string(b), `<div class="output value" id="glue-qstar"><code>qstar</code> = `+m[1]+`</div>`) {
			t.Errorf("the cell's output does not show the value the prose quotes")
		}
		return m[1]
	}
	if a, b := page(0.6341229), page(0.7125); a != "0.6341" || b != "0.7125" {
		t.Errorf("prose shows %q then %q, want 0.6341 then 0.7125", a, b)
	}
}

// TestDuplicateLabelsFail: a label, figure id or value defined twice on a
// page is unresolved.
func TestDuplicateLabelsFail(t *testing.T) {
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{md("$$a$$ (x)\n\n$$b$$ (x)\n"), code(glue(t, "v", 1, "%g"), glue(t, "v", 2, "%g"))}}
	r := New()
	if _, err := r.RenderNotebook(Page{Name: "d", Notebook: nb}); err != nil {
		t.Fatal(err)
	}
	want := []string{`equation label "x" is defined twice`, `value "v" is published twice (show.Glue)`}
	if got := r.TakeUnresolved()["d"]; !slices.Equal(got, want) {
		t.Errorf("unresolved %q, want %q", got, want)
	}
}

// TestBibliography: sigprop's refs.bib parses, has the five sources, and
// every citation key in the committed notebooks is in it; every {glue}
// name a notebook quotes is published by its own code (show.Glue("name",
// ...)); every {eq} label a notebook refers to is defined in some
// notebook's markdown. (Figure and table ids are checked when the report
// runs: they exist only in executed outputs.)
func TestBibliography(t *testing.T) {
	es, err := bibtex.Parse(sources.BibTeX)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for _, e := range es {
		keys[e.Key] = true
		if e.Label() == "" || e.Reference() == "" || e.Field("year") == "" {
			t.Errorf("%s: label %q, reference %q, year %q", e.Key, e.Label(), e.Reference(), e.Field("year"))
		}
	}
	for _, k := range []string{"cowsik2024", "noci2022", "noci2023", "tanner2024", "pennington2018"} {
		if !keys[k] {
			t.Errorf("refs.bib lacks %s", k)
		}
	}
	files, _ := filepath.Glob("../../notebooks/*.ipynb")
	if len(files) == 0 {
		t.Fatal("no notebooks found")
	}
	cite := regexp.MustCompile(`\[(@[^\]\n]*)\]`)
	citeKey := regexp.MustCompile(`@([A-Za-z0-9_:.-]*[A-Za-z0-9])`)
	role := regexp.MustCompile("\\{(eq|glue)\\}`([^`\n]+)`")
	glueIntsCall := regexp.MustCompile(`show\.GlueInts\(map\[string\]int\{([^}]*)\}`)
	mapKey := regexp.MustCompile(`"([^"]+)"\s*:`)
	labels := map[string]bool{}
	type use struct{ file, role, target string }
	var uses []use
	cited := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := ipynb.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range EquationLabels(nb) {
			labels[l] = true
		}
		var code strings.Builder
		for _, c := range nb.Cells {
			if c.CellType == "code" {
				code.WriteString(string(c.Source))
			}
		}
		// the names a show.GlueInts(map[string]int{"name": v, ...}) publishes
		glueInts := map[string]bool{}
		for _, m := range glueIntsCall.FindAllStringSubmatch(code.String(), -1) {
			for _, k := range mapKey.FindAllStringSubmatch(m[1], -1) {
				glueInts[k[1]] = true
			}
		}
		for _, c := range nb.Cells {
			if c.CellType != "markdown" {
				continue
			}
			for _, m := range cite.FindAllStringSubmatch(string(c.Source), -1) {
				for _, k := range citeKey.FindAllStringSubmatch(m[1], -1) {
					cited++
					if !keys[k[1]] {
						t.Errorf("%s cites %q, which lib/sources/refs.bib lacks", f, k[1])
					}
				}
			}
			for _, m := range role.FindAllStringSubmatch(string(c.Source), -1) {
				if m[1] == "glue" && !strings.Contains(code.String(), `show.Glue("`+m[2]+`"`) && !glueInts[m[2]] {
					t.Errorf("%s quotes {glue}`%s`, which its code never publishes with show.Glue or show.GlueInts", f, m[2])
				}
				uses = append(uses, use{f, m[1], m[2]})
			}
		}
	}
	for _, u := range uses {
		if u.role == "eq" && !labels[u.target] {
			t.Errorf("%s refers to equation %q, which no notebook labels", u.file, u.target)
		}
	}
	if cited < 5 {
		t.Errorf("the notebooks cite %d keys; the check found too few to mean anything", cited)
	}
}
