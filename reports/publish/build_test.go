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
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// executed returns a notebook as the executor would: one cell whose
// outputs carry a figure and a metric bundle.
func executed(t *testing.T, name string, metricValue float64) execute.Result {
	t.Helper()
	_, fb, err := show.RenderFigure(show.Figure{ID: "f1", Series: []show.Series{{Name: "s", X: []float64{0, 1}, Y: []float64{1, 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	_, mb, err := show.RenderMetric(show.NewMetric("m1", metricValue, 1, ""))
	if err != nil {
		t.Fatal(err)
	}
	var outs []ipynb.Output
	for _, b := range []bundle.Bundle{fb, mb} {
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
