package main

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/publish"
)

// TestOutRefused: `report --out DIR` and `diff --out DIR` with a DIR that
// is not a sigprop site (a user's directory, a checkout) exit 2 naming the
// path, before any work, and every file in DIR is still there. A legacy
// site (manifest.json of a known schema, no marker) is accepted by diff
// and marked.
func TestOutRefused(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	nb := filepath.Join(root, "cmd", "sigprop", "testdata", "fault", "sleep.ipynb")
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	writeReport(t, a, 3, 0.5, publish.ManifestSchema)
	writeReport(t, b, 3, 0.5, publish.ManifestSchema)
	trees := map[string]map[string]string{
		"user":     {"thesis.tex": "years of work", "figs/f1.pdf": "%PDF"},
		"checkout": {".git/HEAD": "ref: refs/heads/main\n", "go.mod": "module example.com/x\n", "main.go": "package main"},
	}
	for name, tree := range trees {
		for _, args := range [][]string{{"report", "--no-cache", "--out", "DIR", nb}, {"diff", "--out", "DIR", a, b}} {
			dir := filepath.Join(t.TempDir(), name)
			for p, c := range tree {
				os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
				os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644)
			}
			args = append([]string(nil), args...)
			for i := range args {
				if args[i] == "DIR" {
					args[i] = dir
				}
			}
			code, _, errOut := runCLI(args...)
			if code != 2 || !strings.Contains(errOut, dir) || !strings.Contains(errOut, "not a sigprop site") {
				t.Errorf("%s --out %s: exit %d, stderr %q; want 2 and the path named", args[0], name, code, errOut)
			}
			if strings.Contains(errOut, "running") {
				t.Errorf("%s --out %s: work started before the refusal: %q", args[0], name, errOut)
			}
			for p, c := range tree {
				if got, err := os.ReadFile(filepath.Join(dir, p)); err != nil || string(got) != c {
					t.Errorf("%s --out %s: %s lost (%v)", args[0], name, p, err)
				}
			}
		}
	}
	// A diff page of an older sigprop: accepted, replaced and marked.
	legacy := filepath.Join(tmp, "diff-site")
	os.MkdirAll(filepath.Join(legacy, "assets"), 0o755)
	os.WriteFile(filepath.Join(legacy, "index.html"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(legacy, "assets", "sigprop.css"), []byte("old"), 0o644)
	if code, _, errOut := runCLI("diff", "--out", legacy, a, b); code != 0 {
		t.Fatalf("diff into a legacy diff site: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(legacy, publish.SiteMarker)); err != nil {
		t.Error(err)
	}
}

// TestEvalHelpAndEdges: `eval --help` and `eval NAME --help` print usage
// and exit 0; the edge values the issue found crashing return a number
// (sde at v = 1e-150) or a clear error (exit 1, no panic, no Inf).
func TestEvalHelpAndEdges(t *testing.T) {
	if code, out, errOut := runCLI("eval", "--help"); code != 0 || !strings.Contains(out, "sigprop eval NAME") {
		t.Errorf("eval --help: exit %d, %q %q", code, out, errOut)
	}
	if code, out, _ := runCLI("eval", "sde.drift", "--help"); code != 0 || !strings.Contains(out, "v=1") || !strings.Contains(out, "[1e-300, 1e+100]") {
		t.Errorf("eval sde.drift --help: exit %d, %q", code, out)
	}
	for _, q := range []string{"sde.drift", "sde.diffusion"} {
		for _, v := range []string{"1e-150", "1e-300", "1e-130"} {
			code, out, errOut := runCLI("eval", q, "v="+v)
			if code != 0 || !strings.Contains(out, `"value"`) {
				t.Errorf("eval %s v=%s: exit %d, %q %q", q, v, code, out, errOut)
			}
		}
	}
	code, _, errOut := runCLI("eval", "rankcollapse.grad_q", "sigma_x2=1e300")
	if code != 1 || !strings.Contains(errOut, "not finite") || !strings.Contains(errOut, "sigma_x2=1e+300") {
		t.Errorf("overflow: exit %d, stderr %q; want 1 and a message naming the parameters", code, errOut)
	}
}

// TestReportHostileNames: notebooks named javascript:alert(1), a#b, q?x
// and p%25 each get their own page, linked from the index by a URL that
// leads to that file and runs nothing; two notebooks making one page, or
// one named like the site's own index, are refused before any work.
func TestReportHostileNames(t *testing.T) {
	dir := t.TempDir()
	md := `{"cells":[{"cell_type":"markdown","metadata":{},"source":"# T"}],"metadata":{"kernelspec":{"name":"gonb","display_name":"Go (gonb)","language":"go"}},"nbformat":4,"nbformat_minor":5}`
	names := []string{"javascript:alert(1)", "a#b", "q?x", "p%25"}
	var paths []string
	for _, n := range names {
		p := filepath.Join(dir, n+".ipynb")
		os.WriteFile(p, []byte(md), 0o644)
		paths = append(paths, p)
	}
	out := filepath.Join(t.TempDir(), "site")
	if code, _, errOut := runCLI(append([]string{"report", "--no-cache", "--out", out}, paths...)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	idx, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(out, n+".html")); err != nil {
			t.Errorf("no page for %q: %v", n, err)
		}
		href := `href="./` + url.PathEscape(n+".html") + `"`
		if !strings.Contains(string(idx), href) {
			t.Errorf("index lacks %s", href)
		}
	}
	if strings.Contains(string(idx), `href="javascript:`) {
		t.Error("a javascript: link in the index")
	}
	for _, set := range [][]string{{"a/x", "b/x"}, {"n/index"}, {"n/conformance"}} {
		var ps []string
		for _, n := range set {
			p := filepath.Join(dir, n+".ipynb")
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(md), 0o644)
			ps = append(ps, p)
		}
		code, _, errOut := runCLI(append([]string{"report", "--no-cache", "--out", out}, ps...)...)
		if code != 2 || strings.Contains(errOut, "running") || !strings.Contains(errOut, ".ipynb") {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming the notebooks, before any work", set, code, errOut)
		}
	}
}

// TestReportUnwritableOut: an --out that cannot be written stops the
// report before any notebook is looked at (exit 2, naming the path).
func TestReportUnwritableOut(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.ipynb")
	os.WriteFile(bad, []byte(`{"cells": [`), 0o644)
	code, _, errOut := runCLI("report", "--out", "/proc/sigprop-no-such/site", bad)
	if code != 2 || !strings.Contains(errOut, "/proc/sigprop-no-such/site cannot be written") || strings.Contains(errOut, "failed bad") {
		t.Errorf("exit %d, stderr %q; want exit 2 naming the directory before any notebook", code, errOut)
	}
}
