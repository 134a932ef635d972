package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/show"
	"github.com/sigprop/sigprop/reports/conformance"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/publish"
)

// printed returns the page of testdata/params/params.ipynb in site.
func printed(t *testing.T, site string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(site, "params.html"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// TestReportParams runs testdata/params/params.ipynb end to end: by
// default, then with -p and --params (the injected cell re-declares a
// lone constant, a member of a const group and a typed variable, and an
// integer given for a floating-point constant stays floating-point); a
// name the parameters cell does not declare and a value its type does
// not take each exit 2 naming the parameter before any cell runs; --out
// may not be the default site.
func TestReportParams(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a notebook in gonb")
	}
	nb, err := filepath.Abs(filepath.Join("testdata", "params", "params.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	def := filepath.Join(dir, "default")
	if code, _, errOut := runCLI("report", "--no-cache", "--out", def, nb); code != 0 {
		t.Fatalf("default run: exit %d: %s", code, errOut)
	}
	if page := printed(t, def); !strings.Contains(page, "depth=3 half-scale=0.75 label=base seed=7") {
		t.Errorf("default run's page lacks its output:\n%s", page)
	}
	before, _ := os.ReadFile(filepath.Join(def, "manifest.json"))

	file := filepath.Join(dir, "params.txt")
	os.WriteFile(filepath.Join(file), []byte("# a comment\nLabel=other words\n\nSeed=11\n"), 0o644)
	ps := filepath.Join(dir, "with-params")
	code, _, errOut := runCLI("report", "--no-cache", "--out", ps, "-p", "Depth=5", "-p", "Scale=3", "--params", file, nb)
	if code != 0 {
		t.Fatalf("run with parameters: exit %d: %s", code, errOut)
	}
	page := printed(t, ps)
	if !strings.Contains(page, "depth=5 half-scale=1.5 label=other words seed=11") {
		t.Errorf("the parameters did not reach the output:\n%s", page)
	}
	for _, want := range []string{"Depth = 5", "Scale = 3.0", "Seed = 11"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page does not say the run's parameter %q", want)
		}
	}
	// One member of the const group alone: the group is declared again
	// whole, its other member unchanged.
	one := filepath.Join(dir, "one-member")
	if code, _, errOut := runCLI("report", "--no-cache", "--out", one, "-p", "Scale=4", nb); code != 0 {
		t.Fatalf("run with -p Scale=4: exit %d: %s", code, errOut)
	}
	if page := printed(t, one); !strings.Contains(page, "depth=3 half-scale=2 label=base seed=7") {
		t.Errorf("-p Scale=4 did not give its output:\n%s", page)
	}
	if after, _ := os.ReadFile(filepath.Join(def, "manifest.json")); string(after) != string(before) {
		t.Error("a run with parameters changed another site")
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-p", "Width=4"}, "parameter Width is not declared"},
		{[]string{"-p", "Depth=2.5"}, "parameter Depth: \"2.5\" is not an integer"},
		{[]string{"-p", "Seed=-1"}, "parameter Seed: \"-1\" is not a non-negative integer"},
		{[]string{"-p", "Scale=NaN"}, "parameter Scale: \"NaN\" is not a finite number"},
		{[]string{"-p", "Depth"}, "is not NAME=VALUE"},
		{[]string{"-p", "Depth=4", "-p", "Depth=5"}, "parameter Depth given twice"},
		{[]string{"-p", "Depth=4", "--out", filepath.Join(repoRoot(t), "reports", "site")}, "is the default site"},
	} {
		out := filepath.Join(dir, "bad")
		args := append([]string{"report", "--no-cache"}, tc.args...)
		if !strings.Contains(strings.Join(tc.args, " "), "--out") {
			args = append(args, "--out", out)
		}
		code, _, errOut := runCLI(append(args, nb)...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Contains(errOut, "running") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 naming %q before any cell runs", tc.args, code, errOut, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: a site was written", tc.args)
		}
	}
	// A parameter on a notebook without a parameters cell.
	plain := filepath.Join(dir, "plain.ipynb")
	b, _ := os.ReadFile(nb)
	p, _ := ipynb.Parse(b)
	p.Cells[2].Metadata = map[string]any{}
	b, _ = ipynb.Marshal(p)
	os.WriteFile(plain, b, 0o644)
	if code, _, errOut := runCLI("report", "--out", filepath.Join(dir, "bad"), "-p", "Depth=4", plain); code != 2 || !strings.Contains(errOut, `no code cell tagged "parameters"`) {
		t.Errorf("notebook without parameters cell: exit %d, %q", code, errOut)
	}
}

// CheapWidth and CheapSpectrumWidth are the widths TestNotebookParams
// runs notebook 01 at (its parameters width and spectrumWidth): a fifth of
// those of the default run (1000 and 600), so the run is cheap.
const (
	CheapWidth         = 200
	CheapSpectrumWidth = 120
)

// TestNotebookParams runs notebooks/01-mean-field.ipynb with -p
// width=CheapWidth -p spectrumWidth=CheapSpectrumWidth: no cell fails,
// every figure whose Params state a width states the value run
// (CheapSpectrumWidth for the critical spectra, CheapWidth for the
// others), and none of them claims a paper
// figure, and those the conformance list gives a paper figure say "at
// your settings" in their caption.
func TestNotebookParams(t *testing.T) {
	if testing.Short() {
		t.Skip("runs notebook 01 in gonb")
	}
	nb := filepath.Join(repoRoot(t), "notebooks", "01-mean-field.ipynb")
	out := filepath.Join(t.TempDir(), "site")
	code, _, errOut := runCLI("report", "--no-cache", "--out", out, "-p", fmt.Sprintf("width=%d", CheapWidth), "-p", fmt.Sprintf("spectrumWidth=%d", CheapSpectrumWidth), nb)
	m, err := publish.ReadManifest(out)
	if err != nil {
		t.Fatalf("exit %d, no manifest: %v\n%s", code, err, errOut)
	}
	if len(m.Notebooks) != 1 || m.Notebooks[0].Status != "ok" || len(m.Notebooks[0].FailedCell) > 0 {
		t.Fatalf("notebook 01 at width %d: %+v\n%s", CheapWidth, m.Notebooks, errOut)
	}
	if code != 0 {
		t.Errorf("exit %d at width %d (a metric or the conformance check failed):\n%s", code, CheapWidth, errOut)
	}
	list, err := conformance.Load()
	if err != nil {
		t.Fatal(err)
	}
	listed := func(ref string) bool {
		for i := range list.Rows {
			if list.Rows[i].Lists(ref) {
				return true
			}
		}
		return false
	}
	withWidth, wasClaimed := 0, 0
	for _, f := range m.Figures {
		w, ok := f.Data.Params["width"]
		if !ok {
			continue
		}
		withWidth++
		want := CheapWidth
		if f.ID == "beyond-spectrum" { // the cell of section 6 that uses spectrumWidth
			want = CheapSpectrumWidth
		}
		if w != float64(want) {
			t.Errorf("figure %s: Params width %v, want the value run %d", f.ID, w, want)
		}
		if f.PaperFigure != "" {
			t.Errorf("figure %s at width %d claims %q", f.ID, CheapWidth, f.PaperFigure)
		}
		if listed("01-mean-field#" + f.ID) {
			wasClaimed++
			if !strings.HasSuffix(f.Data.Caption, show.YourSettings) {
				t.Errorf("figure %s at width %d: caption %q does not say %q", f.ID, CheapWidth, f.Data.Caption, show.YourSettings)
			}
		}
	}
	if wasClaimed == 0 {
		t.Error("no figure of notebook 01 that states its width is on the conformance list: the claim check tested nothing")
	}
	if withWidth < 5 {
		t.Errorf("%d figures state their width, want at least 5 (notebook 01 draws 10)", withWidth)
	}
}
