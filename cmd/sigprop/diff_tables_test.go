package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

// writeTableReport writes a report directory like writeReport's (figure
// and metric unchanged between calls) plus, at the current schema, one
// table whose first loss cell is loss.
func writeTableReport(t *testing.T, dir, loss string, schema int) {
	t.Helper()
	writeReport(t, dir, 3, 0.5, schema)
	if schema != publish.ManifestSchema {
		return // an old report: no tables recorded
	}
	m, err := publish.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	m.Tables = publish.TableEntries("nb", []bundle.Table{{ID: "runs", Caption: "Runs", Header: []string{"run", "test loss"},
		Rows: [][]string{{"SGD", loss}, {"Adam", "1.25"}}}})
	b, err := publish.EncodeManifest(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDiffTables(t *testing.T) {
	tmp := t.TempDir()
	a, same, moved, old := filepath.Join(tmp, "a"), filepath.Join(tmp, "same"), filepath.Join(tmp, "moved"), filepath.Join(tmp, "old")
	writeTableReport(t, a, "2.03 ± 0.01", publish.ManifestSchema)
	writeTableReport(t, same, "2.0300000000001 ± 0.01", publish.ManifestSchema) // within rtol 1e-9
	writeTableReport(t, moved, "2.03 ± 0.02", publish.ManifestSchema)
	writeTableReport(t, old, "", 1)
	out := filepath.Join(tmp, "diffsite")

	code, stdout, errOut := runCLI("diff", "--out", out, a, same)
	if code != 0 || !strings.Contains(stdout, "tables: 0 moved, 1 unchanged") {
		t.Errorf("table within rtol: exit %d\n%s%s", code, stdout, errOut)
	}
	code, stdout, _ = runCLI("diff", "--out", out, a, moved)
	for _, want := range []string{"table changed   nb/runs", `"2.03 ± 0.01" -> "2.03 ± 0.02" (|Δ| 0.01, rel 0.5)`, "figures: 0 moved, 1 unchanged", "tables: 1 moved, 0 unchanged"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("moved table: stdout lacks %q:\n%s", want, stdout)
		}
	}
	if code != 1 {
		t.Errorf("a moved table must fail --fail-on figures (the default): exit %d", code)
	}
	if page, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || !strings.Contains(string(page), "Tables: 1 moved, 0 unchanged") {
		t.Errorf("diff page: %v", err)
	}
	if code, _, _ := runCLI("diff", "--out", out, "--fail-on", "metrics", a, moved); code != 0 {
		t.Errorf("--fail-on metrics with only a table moved: exit %d, want 0", code)
	}
	if code, _, _ := runCLI("diff", "--out", out, "--rtol", "0.6", a, moved); code != 0 {
		t.Errorf("--rtol 0.6 should absorb the SD's relative change of 0.5: exit %d", code)
	}
	code, stdout, _ = runCLI("diff", "--out", out, "--json", a, moved)
	var js struct {
		Tables []struct {
			ID, Status string
		} `json:"tables"`
	}
	if code != 1 || json.Unmarshal([]byte(stdout), &js) != nil || len(js.Tables) != 1 || js.Tables[0].Status != "changed" {
		t.Errorf("--json: exit %d, output %q", code, stdout)
	}

	// The report before tables were recorded: not compared, not a change.
	for _, pair := range [][2]string{{old, a}, {a, old}} {
		code, stdout, errOut := runCLI("diff", "--out", out, pair[0], pair[1])
		if code != 0 || !strings.Contains(stdout, "tables: not compared (a report predates tables in the manifest)") {
			t.Errorf("%s vs %s: exit %d\n%s%s", filepath.Base(pair[0]), filepath.Base(pair[1]), code, stdout, errOut)
		}
	}
}
