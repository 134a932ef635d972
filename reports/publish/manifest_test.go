package publish

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// withTables adds one output per table to the notebook's code cell.
func withTables(t *testing.T, res execute.Result, tables ...bundle.Table) execute.Result {
	t.Helper()
	c := &res.Notebook.Cells[1]
	for _, tab := range tables {
		data, err := bundle.Encode(bundle.Bundle{Kind: bundle.KindTable, Table: &tab})
		if err != nil {
			t.Fatal(err)
		}
		c.Outputs = append(c.Outputs, ipynb.Output{OutputType: "display_data", Data: map[string]json.RawMessage{bundle.MIMEType: data}})
	}
	return res
}

// Build records every displayed table in the manifest, keys tables without
// an ID by their position among the notebook's unnamed tables, and the
// manifest reads back equal.
func TestManifestTablesRoundTrip(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	runs := bundle.Table{ID: "runs", Caption: "Runs", Header: []string{"run", "loss"}, Rows: [][]string{{"a", "0.123"}, {"b", "3.5 ± 0.25"}}}
	anon1 := bundle.Table{Caption: "first unnamed", Header: []string{"x"}, Rows: [][]string{{"1"}}}
	anon2 := bundle.Table{Caption: "second unnamed", Header: []string{"y"}, Rows: [][]string{{"2"}}}
	a := withTables(t, executedWith(t, "a", plainMetric("m1", 0.5, 1), show.Figure{ID: "f1"}), anon1, runs, anon2)
	b := withTables(t, executedWith(t, "b", plainMetric("m1", 0.5, 1), show.Figure{ID: "f1"}), anon1)
	c := executedWith(t, "c", plainMetric("m1", 0.5, 1), show.Figure{ID: "f1"}) // no tables
	m, err := Build(out, []execute.Result{a, b, c}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range m.Tables {
		keys = append(keys, e.Notebook+"/"+e.ID)
		if e.DataHash != TableHash(e.Data) || len(e.DataHash) != 64 {
			t.Errorf("%s/%s: data hash %q, want TableHash of its data", e.Notebook, e.ID, e.DataHash)
		}
	}
	if want := []string{"a/#1", "a/runs", "a/#2", "b/#1"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("table keys %v, want %v", keys, want)
	}
	if m.Tables[1].Data.Rows[1][1] != "3.5 ± 0.25" || m.Tables[2].Data.Caption != "second unnamed" || m.Tables[2].Data.ID != "" {
		t.Errorf("table data not recorded as displayed: %+v", m.Tables)
	}
	if TableHash(anon1) == TableHash(anon2) {
		t.Error("different tables hash alike")
	}
	back, err := ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.Schema != ManifestSchema || !back.HasTables() || !reflect.DeepEqual(back.Tables, m.Tables) {
		t.Errorf("tables do not round-trip:\n got %+v\nwant %+v", back.Tables, m.Tables)
	}

	// A notebook without tables still gives "tables": [] (compared, none),
	// not null.
	empty, err := Build(out, []execute.Result{c}, Provenance{})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(out, "manifest.json"))
	if len(empty.Tables) != 0 || !strings.Contains(string(raw), `"tables": []`) {
		t.Errorf("a report without tables must record an empty list:\n%s", raw)
	}
}

// A schema 1 manifest (before tables) still reads, and says it has no
// table record; schemas outside 1..ManifestSchema are refused.
func TestReadManifestOldSchema(t *testing.T) {
	dir := t.TempDir()
	old := `{"schema": 1, "provenance": {"commit": "abc"}, "notebooks": [], "figures": [], "metrics": []}`
	os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(old), 0o644)
	m, err := ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if m.HasTables() || m.Tables != nil || m.Provenance.Commit != "abc" {
		t.Errorf("schema 1 manifest read as %+v", m)
	}
	for _, s := range []string{"0", "5"} {
		os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(`{"schema": `+s+`}`), 0o644)
		if _, err := ReadManifest(dir); err == nil || !strings.Contains(err.Error(), "manifest schema "+s+", this sigprop reads 1 to 4") {
			t.Errorf("schema %s: %v", s, err)
		}
	}
}

// TestFailedIgnoresKnownDisagreements: a declared known disagreement does
// not fail a report, a plain failure does, and so does a known
// disagreement whose value turned NaN.
func TestFailedIgnoresKnownDisagreements(t *testing.T) {
	d := &bundle.Disagreement{Paper: "p", Measured: "m", Why: "w"}
	m := &Manifest{Notebooks: []NotebookEntry{{Status: "ok"}}, Metrics: []MetricEntry{
		{Name: "ok", Value: 0.5, Tolerance: 1, Pass: true},
		{Name: "kd", Value: 4.6, Tolerance: 2, Disagreement: d},
	}}
	if m.Failed() {
		t.Error("a known disagreement fails the report")
	}
	m.Metrics[1].Value = bundle.Float(math.NaN())
	if !m.Failed() {
		t.Error("a NaN known disagreement does not fail the report")
	}
	m.Metrics[1] = MetricEntry{Name: "bad", Value: 3, Tolerance: 2}
	if !m.Failed() {
		t.Error("a failed metric does not fail the report")
	}
}

// A metric's claim and central mark survive the manifest, so that an
// update of some notebooks computes the same outcomes for the others.
func TestMetricEntryKeepsClaim(t *testing.T) {
	d := &bundle.Disagreement{Paper: "p", Measured: "m", Why: "w", Declared: bundle.Declaration{Commit: "abcdef0", DataSeeds: []uint64{3}}}
	bm := bundle.Metric{Name: "n", Value: 2, Tolerance: 1, Kind: bundle.Claim, Rule: bundle.AtMost, Basis: "b", Figure: "f", Note: "x",
		Paper: "Noci et al. 2022, Fig. 1: q", Central: true, Disagreement: d}
	e := MetricEntry{Name: bm.Name, Value: bm.Value, Tolerance: bm.Tolerance, Pass: bm.Pass, Kind: string(bm.Kind), Rule: string(bm.Rule),
		Basis: bm.Basis, Figure: bm.Figure, Note: bm.Note, Paper: bm.Paper, Central: bm.Central, Disagreement: bm.Disagreement}
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back MetricEntry
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := back.Bundle(); !reflect.DeepEqual(got, bm) {
		t.Errorf("round trip\n%+v\nwant\n%+v", got, bm)
	}
}
