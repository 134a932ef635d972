package publish

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/lib/papers"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// executed returns a notebook as the executor would: one cell whose
// outputs carry a figure and a metric bundle.
func executed(t *testing.T, name string, metricValue float64) execute.Result {
	t.Helper()
	return executedWith(t, name, plainMetric("m1", metricValue, 1), show.Figure{ID: "f1"})
}

// plainMetric is a metric with a name, value and tolerance only (no kind,
// rule or basis), passing as show's metrics do when |value| <= tol.
func plainMetric(name string, value, tol float64) show.Metric {
	return show.Metric{Name: name, Value: bundle.Float(value), Tolerance: bundle.Float(tol), Pass: value >= -tol && value <= tol}
}

// executedWith returns a notebook that drew figs and metric m.
func executedWith(t *testing.T, name string, m show.Metric, figs ...show.Figure) execute.Result {
	t.Helper()
	var bs []bundle.Bundle
	for _, f := range figs {
		f.Series = []show.Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}
		_, fb, err := picture.RenderFigure(f)
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, fb)
	}
	_, mb, err := show.RenderMetric(m)
	if err != nil {
		t.Fatal(err)
	}
	var outs []ipynb.Output
	for _, b := range append(bs, mb) {
		data, err := bundle.Encode(b)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: data}})
	}
	one := 1
	nb := &ipynb.Notebook{NBFormat: 4, Metadata: map[string]any{"kernelspec": map[string]any{"name": "gonb"}},
		Cells: []ipynb.Cell{
			{CellType: "markdown", Source: ipynb.MultiString("# Title " + name)},
			{CellType: "code", Source: "%%\n", ExecutionCount: &one, Outputs: outs},
		}}
	return execute.Result{Path: name + ".ipynb", Name: name, Notebook: nb, Status: "ok", Duration: 1500 * time.Millisecond,
		Cells: []execute.CellResult{{Index: 0, Status: execute.CellNotCode}, {Index: 1, Status: execute.CellOK}}}
}

func TestBuild(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	m, err := Build(out, []execute.Result{executed(t, "a", 0.5), executed(t, "b", 2)}, prov)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "a.html", "b.html", "manifest.json", "assets/sigprop.css"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("site lacks %s: %v", f, err)
		}
	}
	if len(m.Figures) != 2 || len(m.Metrics) != 2 || len(m.Notebooks) != 2 {
		t.Fatalf("manifest has %d figures, %d metrics, %d notebooks; want 2, 2, 2", len(m.Figures), len(m.Metrics), len(m.Notebooks))
	}
	if !m.Failed() {
		t.Error("a metric of 2 with tolerance 1 must fail the report")
	}
	if m.Notebooks[0].MetricsOK != 1 || m.Notebooks[1].MetricsOK != 0 {
		t.Errorf("metrics passed per notebook: %+v", m.Notebooks)
	}
	back, err := ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.Provenance != prov || back.Figures[0].DataHash != m.Figures[0].DataHash {
		t.Errorf("manifest does not round-trip: %+v", back.Provenance)
	}

	// Same inputs, same bytes; and no temporary directories left beside out.
	first, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	firstPage, _ := os.ReadFile(filepath.Join(out, "a.html"))
	if _, err := Build(out, []execute.Result{executed(t, "a", 0.5), executed(t, "b", 2)}, prov); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	secondPage, _ := os.ReadFile(filepath.Join(out, "a.html"))
	if !bytes.Equal(first, second) || !bytes.Equal(firstPage, secondPage) {
		t.Error("rebuilding the same results changed the site's bytes")
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("leftovers beside the site: %v", names)
	}
}

// The site has a conformance page and the manifest a row per figure of
// the list, whose figures are those that claim it; a figure claiming a row
// another notebook draws, and a row a complete notebook left unclaimed,
// fail the report.
func TestBuildConformance(t *testing.T) {
	list, err := conformance.New(
		&conformance.Row{ID: "tanner-fig1", Source: papers.Tanner, Label: papers.Fig(1), Title: "t", Type: conformance.Data, Setting: conformance.AtPaper, Notebook: "01-mean-field"},
		&conformance.Row{ID: "noci2022-fig8", Source: papers.Noci2022, Label: papers.Fig(8), Title: "t", Type: conformance.Data, Setting: conformance.Analogue, Reason: "r", Notebook: "03-rank-collapse"})
	if err != nil {
		t.Fatal(err)
	}
	loadList = func() (*conformance.List, error) { return list, nil }
	defer func() { loadList = conformance.Load }()
	out := filepath.Join(t.TempDir(), "site")
	m1, err := show.Agreement{Name: "edge", Kind: show.TheoryVsPrinted, Value: 2e-5, Tol: 5e-5, Basis: "4 decimals", Figure: "fig1-phase-diagram",
		Paper: "Tanner lecture, Fig. 1: the edge of chaos at the printed point"}.Metric()
	if err != nil {
		t.Fatal(err)
	}
	good := executedWith(t, "01-mean-field", m1, show.Figure{ID: "fig1-phase-diagram", Paper: []string{"tanner-fig1"}},
		show.Figure{ID: "fig1-qstar", Paper: []string{"tanner-fig1"}, PaperNote: "colour"})
	m, err := Build(out, []execute.Result{good}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.ConformanceErrors) != 0 || m.Failed() {
		t.Fatalf("conformance errors %q", m.ConformanceErrors)
	}
	page, err := os.ReadFile(filepath.Join(out, "conformance.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<a href="./01-mean-field.html#fig-fig1-phase-diagram"><code>fig1-phase-diagram</code></a>`) {
		t.Error("conformance page does not link the figure")
	}
	var row *ConformanceEntry
	for i := range m.Conformance {
		if m.Conformance[i].ID == "tanner-fig1" {
			row = &m.Conformance[i]
		}
	}
	if row == nil || row.Metrics != 1 || row.WorstRatio == nil || float64(*row.WorstRatio) != 0.4 || len(row.Figures) != 2 ||
		row.Setting != "paper" || row.Outcome != "reproduced" || row.Claims != 1 || row.ClaimsPassed != 1 || row.Status != "" {
		t.Errorf("manifest row tanner-fig1: %+v", row)
	}
	if m.Metrics[0].Kind != "theory vs printed" || m.Metrics[0].Basis != "4 decimals" || m.Metrics[0].Figure != "fig1-phase-diagram" || m.Metrics[0].Rule != "within" {
		t.Errorf("metric entry %+v lacks kind, rule, basis or figure", m.Metrics[0])
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !strings.Contains(string(index), `<a href="conformance.html">`) {
		t.Error("index does not link the conformance page")
	}

	if f := m.Figures[1]; !slices.Equal(f.Paper, []string{"tanner-fig1"}) || f.PaperNote != "colour" {
		t.Errorf("manifest figure %s: paper %q, note %q", f.ID, f.Paper, f.PaperNote)
	}
	// A run with parameters may claim nothing: no row is left unclaimed.
	plain := executedWith(t, "01-mean-field", m1, show.Figure{ID: "fig1-phase-diagram"})
	if m, err := Build(out, []execute.Result{plain}, Provenance{}, WithParams(map[string]string{"N": "3"})); err != nil || len(m.ConformanceErrors) != 0 {
		t.Errorf("run with parameters: %v, %q", err, m.ConformanceErrors)
	}

	bad := executedWith(t, "01-mean-field", m1, show.Figure{ID: "fig1-phase-diagram", Paper: []string{"noci2022-fig8"}})
	m, err = Build(out, []execute.Result{bad}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(m.ConformanceErrors, "\n")
	for _, want := range []string{
		`01-mean-field#fig1-phase-diagram claims "noci2022-fig8", which lib/papers says notebook "03-rank-collapse" draws`,
		`notebook 01-mean-field ran to the end at its own settings, but no figure of it claims "tanner-fig1"`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("conformance errors\n%s\nlack %q", all, want)
		}
	}
	if !m.Failed() {
		t.Error("conformance errors must fail the report")
	}
	// A failed notebook cannot be blamed for the figures it did not reach.
	bad.Status = "failed"
	bad.Notebook.Cells[1].Outputs = bad.Notebook.Cells[1].Outputs[1:]
	if m, err = Build(out, []execute.Result{bad}, Provenance{}); err != nil || len(m.ConformanceErrors) != 0 {
		t.Errorf("failed notebook: %v, %q", err, m.ConformanceErrors)
	}
}

func TestBuildFailureKeepsOldSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(out, []execute.Result{executed(t, "a", 0.5)}, Provenance{}); err != nil {
		t.Fatal(err)
	}
	// A failure of the site itself (here its conformance list cannot be
	// read) fails Build and leaves the previous site as it was.
	loadList = func() (*conformance.List, error) { return nil, errors.New("conformance list: truncated") }
	defer func() { loadList = conformance.Load }()
	if _, err := Build(out, []execute.Result{executed(t, "b", 0.5)}, Provenance{}); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("Build without a conformance list: err = %v, want its error", err)
	}
	if _, err := os.Stat(filepath.Join(out, "a.html")); err != nil {
		t.Errorf("the previous site was damaged by a failed build: %v", err)
	}
}

// withBundle returns the notebook name whose first output is replaced by
// the raw bundle JSON raw.
func withBundle(t *testing.T, name, raw string) execute.Result {
	r := executed(t, name, 0.5)
	r.Notebook.Cells[1].Outputs[0].Data[bundle.MIMEType] = json.RawMessage(raw)
	return r
}

// TestOneBadNotebookFailsAlone publishes good notebooks beside one of
// each defect the hostile test of issue 36 found taking the whole report
// down (no site, exit 2): a bundle of another schema, a metric with an
// unknown rule, two figures with one id, a figure with no finite point,
// a figure whose extent overflows. Each fails alone, with its reason on
// its page and the index row; the good ones are published as they are.
func TestOneBadNotebookFailsAlone(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	fig := func(id, ys string) string {
		return `{"schema":1,"kind":"figure","figure":{"id":"` + id + `","caption":"c","series":[{"name":"s","x":[0,1],"y":` + ys + `}]}}`
	}
	bad := map[string]struct {
		res  execute.Result
		want string
	}{
		"schema":   {withBundle(t, "schema", `{"schema":99,"kind":"figure","figure":{"id":"x"}}`), "schema version 99"},
		"rule":     {withBundle(t, "rule", `{"schema":1,"kind":"metric","metric":{"name":"m","value":1,"tolerance":2,"rule":"roughly"}}`), `rule "roughly"`},
		"collide":  {executedWith(t, "collide", plainMetric("m1", 0.5, 1), show.Figure{ID: "f1"}, show.Figure{ID: "f1"}), "share the files"},
		"nan":      {withBundle(t, "nan", fig("f1", `[null,null]`)), "no finite point"},
		"overflow": {withBundle(t, "overflow", fig("f1", `[1e308,-1e308]`)), "extent is not finite"},
	}
	results := []execute.Result{executed(t, "a-good", 0.5)}
	for _, n := range []string{"collide", "nan", "overflow", "rule", "schema"} {
		results = append(results, bad[n].res)
	}
	results = append(results, withBundle(t, "z-huge", fig("f1", `[1e308,1e308]`))) // drawn, not failed
	m, err := Build(out, results, Provenance{})
	if err != nil {
		t.Fatalf("one bad notebook failed the whole site: %v", err)
	}
	if !m.Failed() {
		t.Error("the report does not fail")
	}
	idx, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range m.Notebooks {
		b, ok := bad[e.Name]
		if !ok {
			if e.Status != "ok" {
				t.Errorf("%s: status %s (%s), want ok", e.Name, e.Status, e.Error)
			}
			continue
		}
		if e.Status != "failed" || !strings.Contains(e.Error, b.want) {
			t.Errorf("%s: status %s, error %q; want failed with %q", e.Name, e.Status, e.Error, b.want)
		}
		page, err := os.ReadFile(filepath.Join(out, e.Name+".html"))
		if err != nil {
			t.Errorf("%s: no page: %v", e.Name, err)
		}
		// The index and the page say why (HTML-escaped).
		esc := strings.NewReplacer(`"`, "&#34;").Replace(b.want)
		if !bytes.Contains(idx, []byte(esc)) {
			t.Errorf("the index does not say why %s failed (%q)", e.Name, esc)
		}
		if !bytes.Contains(page, []byte(esc)) {
			t.Errorf("the page of %s does not say why it failed (%q)", e.Name, esc)
		}
	}
	if len(m.Notebooks) != len(results) {
		t.Errorf("%d notebooks in the manifest, want %d", len(m.Notebooks), len(results))
	}
	for _, f := range []string{"a-good.figures/f1.svg", "z-huge.figures/f1.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("a good notebook's figure file is missing: %v", err)
		}
	}
}

func TestReadManifestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "not a sigprop report") {
		t.Errorf("empty dir: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"schema": 7}`), 0o644)
	if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "manifest schema 7") {
		t.Errorf("wrong schema: %v", err)
	}
}

// TestUpdateKeepsOtherNotebooks reports notebooks a and b, then a alone:
// the site still lists both, b as its first report left it (page, figure,
// metric, index row, conformance), a with its new result.
func TestUpdateKeepsOtherNotebooks(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	prov := Provenance{Commit: "abc", GoVersion: "go1.x", SigpropVersion: Version}
	first, err := Build(out, []execute.Result{executed(t, "a", 0.5), executed(t, "b", 0.25)}, prov)
	if err != nil {
		t.Fatal(err)
	}
	bPage, _ := os.ReadFile(filepath.Join(out, "b.html"))
	m, err := Update(out, []execute.Result{executed(t, "a", 0.75)}, prov)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Notebooks) != 2 || m.Notebooks[0].Name != "a" || m.Notebooks[1].Name != "b" {
		t.Fatalf("notebooks after updating a: %+v", m.Notebooks)
	}
	if m.Notebooks[0].Kept || !m.Notebooks[1].Kept {
		t.Errorf("kept flags: a %v, b %v; want false, true", m.Notebooks[0].Kept, m.Notebooks[1].Kept)
	}
	if len(m.Figures) != 2 || len(m.Metrics) != 2 {
		t.Fatalf("%d figures, %d metrics; want 2, 2", len(m.Figures), len(m.Metrics))
	}
	if m.Metrics[0].Notebook != "a" || float64(m.Metrics[0].Value) != 0.75 || m.Metrics[1].Notebook != "b" || float64(m.Metrics[1].Value) != 0.25 {
		t.Errorf("metrics: %+v", m.Metrics)
	}
	if m.Figures[1].Notebook != "b" || m.Figures[1].DataHash != first.Figures[1].DataHash {
		t.Errorf("b's figure changed: %+v, was %+v", m.Figures[1], first.Figures[1])
	}
	if got, _ := os.ReadFile(filepath.Join(out, "b.html")); !bytes.Equal(got, bPage) {
		t.Error("b's page was not kept as it was")
	}
	idx, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, want := range []string{"Title a", "Title b", `href="./a.html"`, `href="./b.html"`} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("index lacks %q", want)
		}
	}
	back, err := ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Notebooks) != 2 || back.Notebooks[1].Title != "Title b" {
		t.Errorf("manifest on disk: %+v", back.Notebooks)
	}
	// Updating a site that does not exist yet builds it.
	fresh := filepath.Join(t.TempDir(), "new")
	if m, err := Update(fresh, []execute.Result{executed(t, "a", 0.5)}, prov); err != nil || len(m.Notebooks) != 1 {
		t.Fatalf("update of a new site: %v, %+v", err, m)
	}
}
