package publish

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// executed returns a notebook as the executor would: one cell whose
// outputs carry a figure and a metric bundle.
func executed(t *testing.T, name string, metricValue float64) execute.Result {
	t.Helper()
	return executedWith(t, name, show.NewMetric("m1", metricValue, 1, ""), show.Figure{ID: "f1"})
}

// executedWith returns a notebook that drew figs and metric m.
func executedWith(t *testing.T, name string, m show.Metric, figs ...show.Figure) execute.Result {
	t.Helper()
	var bs []bundle.Bundle
	for _, f := range figs {
		f.Series = []show.Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}
		_, fb, err := show.RenderFigure(f)
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

// The site has a conformance page and the manifest a row per entry of the
// figure list; a figure claiming a row that does not list it, and a
// listed figure a complete notebook did not draw, fail the report.
func TestBuildConformance(t *testing.T) {
	list, err := conformance.Parse([]byte(`{"rows": [
 {"id": "tanner-fig1", "source": "Tanner lecture", "label": "Fig. 1", "title": "t", "type": "data", "setting": "paper", "figures": ["01-mean-field#fig1-phase-diagram", "01-mean-field#fig1-qstar"]},
 {"id": "noci2022-fig8", "source": "Noci et al. 2022", "label": "Fig. 8", "title": "t", "type": "data", "setting": "analogue", "reason": "r", "figures": ["03-rank-collapse#fig8-rho"]}]}`))
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
	good := executedWith(t, "01-mean-field", m1, show.Figure{ID: "fig1-phase-diagram", PaperFigure: "Tanner lecture, Fig. 1"},
		show.Figure{ID: "fig1-qstar", PaperFigure: "Tanner lecture, Fig. 1 (colour)"})
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

	bad := executedWith(t, "01-mean-field", m1, show.Figure{ID: "fig1-phase-diagram", PaperFigure: "Noci et al. 2022, Fig. 8"})
	m, err = Build(out, []execute.Result{bad}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(m.ConformanceErrors, "\n")
	for _, want := range []string{
		`01-mean-field#fig1-phase-diagram claims "Noci et al. 2022, Fig. 8", but row "noci2022-fig8" does not list "01-mean-field#fig1-phase-diagram"`,
		`row "tanner-fig1" lists "01-mean-field#fig1-qstar", which notebook 01-mean-field did not draw`,
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
	bad := executed(t, "bad", 0.5)
	// A bundle of a future schema version cannot be collected: Build fails.
	bad.Notebook.Cells[1].Outputs[0].Data[bundle.MIMEType] = json.RawMessage(`{"schema":99,"kind":"figure","figure":{"id":"x"}}`)
	if _, err := Build(out, []execute.Result{bad}, Provenance{}); err == nil || !strings.Contains(err.Error(), "bad.ipynb") {
		t.Fatalf("Build with a wrong-schema bundle: err = %v, want an error naming bad.ipynb", err)
	}
	if _, err := os.Stat(filepath.Join(out, "a.html")); err != nil {
		t.Errorf("the previous site was damaged by a failed build: %v", err)
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
