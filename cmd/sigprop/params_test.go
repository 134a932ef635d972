package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/ipynb"
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
