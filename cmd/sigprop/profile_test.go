package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/publish"
)

// TestWriteProfile prints the profile of a manifest with an executed
// notebook (CPU measured), a cached one (CPU not measured), one that ran
// no kernel and one not in the run; the table is as documented.
func TestWriteProfile(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	m := &publish.Manifest{Notebooks: []publish.NotebookEntry{
		{Name: "00-a", DurationS: 10, Timing: &publish.NotebookTiming{KernelStartS: 1, CompileS: 5, GoBuildS: 4, CellsS: 3.5, CPUS: f(12),
			Cells: []publish.CellTiming{{Cell: 1, WallS: 2, CompileS: 1.5}, {Cell: 3, WallS: 6, CompileS: 3}, {Cell: 4, WallS: 0.5, CompileS: 0.5}}}},
		{Name: "01-b", DurationS: 4, Cached: true, Timing: &publish.NotebookTiming{KernelStartS: 0.5, CompileS: 2, GoBuildS: 1.5, CellsS: 1,
			Cells: []publish.CellTiming{{Cell: 0, WallS: 3, CompileS: 2}}}},
		{Name: "02-c", DurationS: 0.25},
		{Name: "03-kept", DurationS: 99, Timing: &publish.NotebookTiming{}},
	}}
	var b bytes.Buffer
	writeProfile(&b, m, map[string]bool{"00-a": true, "01-b": true, "02-c": true})
	lines := strings.Split(b.String(), "\n")
	want := []string{
		"notebook     wall    start  compile go build    cells    other      CPU  heaviest cell",
		"00-a        10.00     1.00     5.00     4.00     3.50     0.50    12.00  #cell-3: 3.00",
		"01-b         4.00     0.50     2.00     1.50     1.00     0.50        ?  #cell-0: 1.00 (cached)",
		"02-c         0.25                                                        no kernel ran",
		"total       14.25     1.50     7.00     5.50     4.50     1.00        ?",
	}
	for i, w := range want {
		if i >= len(lines) || lines[i] != w {
			t.Errorf("line %d:\n%q\nwant\n%q\nwhole:\n%s", i, lines[min(i, len(lines)-1)], w, b.String())
			break
		}
	}
	if strings.Contains(b.String(), "03-kept") {
		t.Error("a notebook this run did not run is profiled")
	}
}

// checkProfile checks the profile printed by a report of one notebook,
// name, into site against its manifest: the row states the manifest's
// timing, and a notebook that ran compiled its cells and used CPU.
func checkProfile(t *testing.T, stdout, site, name string) {
	t.Helper()
	m, err := publish.ReadManifest(site)
	if err != nil {
		t.Fatal(err)
	}
	tm := m.Notebooks[0].Timing
	if tm == nil || tm.CPUS == nil || tm.KernelStartS <= 0 || tm.CompileS <= 0 || tm.GoBuildS > tm.CompileS || *tm.CPUS <= 0 || len(tm.Cells) == 0 {
		t.Fatalf("manifest timing %+v: want kernel start, compilation and CPU measured", tm)
	}
	var row []string
	for _, l := range strings.Split(stdout, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == name {
			row = f
		}
	}
	if len(row) < 8 {
		t.Fatalf("no profile row for %s in:\n%s", name, stdout)
	}
	for i, want := range []float64{m.Notebooks[0].DurationS, tm.KernelStartS, tm.CompileS, tm.GoBuildS, tm.CellsS, -1, *tm.CPUS} {
		got, err := strconv.ParseFloat(row[1+i], 64)
		if err != nil || (want >= 0 && strconv.FormatFloat(got, 'f', 2, 64) != strconv.FormatFloat(want, 'f', 2, 64)) {
			t.Errorf("profile column %d = %q, manifest %.3f", i+1, row[1+i], want)
		}
	}
	// The heaviest cell is named by an anchor its page has, the manifest's
	// cell with the most own work.
	heavy := tm.Cells[0]
	for _, c := range tm.Cells {
		if c.WallS-c.CompileS > heavy.WallS-heavy.CompileS {
			heavy = c
		}
	}
	anchor := "cell-" + strconv.Itoa(heavy.Cell)
	if len(row) < 9 || row[8] != "#"+anchor+":" {
		t.Errorf("heaviest cell %v, want #%s: (the manifest's cell %d)", row[8:], anchor, heavy.Cell)
	}
	page, err := os.ReadFile(filepath.Join(site, name+".html"))
	if err != nil || !strings.Contains(string(page), `id="`+anchor+`"`) {
		t.Errorf("the page of %s has no anchor %s (%v)", name, anchor, err)
	}
}

// TestDiffIgnoresTiming: two reports equal but for their run times (the
// notebooks' durations and timing) do not differ for `sigprop diff
// --rtol 0 --atol 0`.
func TestDiffIgnoresTiming(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	for i, dir := range []string{a, b} {
		writeReport(t, dir, 3, 0.5, publish.ManifestSchema)
		m, err := publish.ReadManifest(dir)
		if err != nil {
			t.Fatal(err)
		}
		s := float64(1 + 2*i)
		m.Notebooks = []publish.NotebookEntry{{Name: "nb", Status: "ok", DurationS: 2 * s, Timing: &publish.NotebookTiming{KernelStartS: 0.5 * s, CompileS: s,
			Cells: []publish.CellTiming{{Cell: 0, WallS: 1.5 * s, CompileS: s}}}}}
		enc, err := publish.EncodeManifest(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), enc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, errOut := runCLI("diff", "--rtol", "0", "--atol", "0", "--out", filepath.Join(tmp, "d"), a, b)
	if code != 0 || !strings.Contains(stdout, "figures: 0 moved, 1 unchanged") {
		t.Errorf("reports differing in run times only: exit %d\n%s%s", code, stdout, errOut)
	}
}
