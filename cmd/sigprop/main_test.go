package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/publish"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestEval(t *testing.T) {
	code, out, errOut := runCLI("eval", "meanfield.qstar", "phi=tanh", "sigma_w=1.5", "sigma_b=0.1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Name   string         `json:"name"`
		Params map[string]any `json:"params"`
		Value  any            `json:"value"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output %q is not one JSON object: %v", out, err)
	}
	if got.Name != "meanfield.qstar" || got.Params["sigma_w"] != 1.5 || got.Params["phi"] != "tanh" || got.Value == nil {
		t.Errorf("eval output = %+v", got)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "no.such"}, `unknown quantity "no.such"`},
		{[]string{"eval", "meanfield.qstar", "sigma_w=-1"}, "sigma_w=-1 out of range"},
		{[]string{"eval", "meanfield.qstar", "bogus=1"}, `unknown parameter "bogus"`},
		{[]string{"eval", "meanfield.qstar", "sigma_w"}, "not key=value"},
		{[]string{"eval"}, "missing quantity name"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestEvalList(t *testing.T) {
	code, out, _ := runCLI("eval", "--list", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var list []quantityListing
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, q := range list {
		names[q.Name] = true
		if q.Source == "" {
			t.Errorf("%s has no source equation", q.Name)
		}
	}
	for _, want := range []string{"meanfield.qstar", "meanfield.chi1", "meanfield.eoc_sigma_w", "meanfield.xi_c", "meanfield.mu"} {
		if !names[want] {
			t.Errorf("--list lacks %s", want)
		}
	}
	// Every quantity evaluates at its defaults (those with all defaults).
	for _, q := range list {
		args := []string{"eval", q.Name}
		code, _, errOut := runCLI(args...)
		if code == 2 && strings.Contains(errOut, "is required") {
			continue
		}
		if code != 0 {
			t.Errorf("eval %s at defaults: exit %d: %s", q.Name, code, errOut)
		}
	}
}

// writeReport writes a minimal report directory with one figure and metric.
func writeReport(t *testing.T, dir string, y2, metric float64, schema int) {
	t.Helper()
	f := bundle.Figure{ID: "fig", Series: []bundle.Series{{Name: "s", X: bundle.Floats([]float64{0, 1, 2}), Y: bundle.Floats([]float64{1, 2, y2})}}}
	m := publish.Manifest{Schema: schema,
		Figures: []publish.FigureEntry{{ID: "fig", Notebook: "nb", DataHash: f.Hash(), Data: f}},
		Metrics: []publish.MetricEntry{{Name: "agree", Notebook: "nb", Value: bundle.Float(metric), Tolerance: 1, Pass: metric <= 1}},
	}
	b, err := publish.EncodeManifest(&m)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestDiffDirectories(t *testing.T) {
	tmp := t.TempDir()
	a, b, c, old := filepath.Join(tmp, "a"), filepath.Join(tmp, "b"), filepath.Join(tmp, "c"), filepath.Join(tmp, "old")
	writeReport(t, a, 3, 0.5, publish.ManifestSchema)
	writeReport(t, b, 3.5, 0.5, publish.ManifestSchema) // figure moved, metric same
	writeReport(t, c, 3, 1.5, publish.ManifestSchema)   // metric regressed
	writeReport(t, old, 3, 0.5, 0)
	out := filepath.Join(tmp, "diffsite")

	if code, stdout, errOut := runCLI("diff", "--out", out, a, a); code != 0 {
		t.Errorf("identical reports: exit %d\n%s%s", code, stdout, errOut)
	}
	code, stdout, _ := runCLI("diff", "--out", out, a, b)
	if code != 1 || !strings.Contains(stdout, `series "s" max |Δy| 0.5`) {
		t.Errorf("moved figure: exit %d, stdout:\n%s", code, stdout)
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("no diff page: %v", err)
	}
	if code, _, _ := runCLI("diff", "--out", out, "--fail-on", "metrics", a, b); code != 0 {
		t.Errorf("--fail-on metrics with only a figure moved: exit %d, want 0", code)
	}
	if code, _, _ := runCLI("diff", "--out", out, "--fail-on", "metrics", a, c); code != 1 {
		t.Errorf("--fail-on metrics with a regressed metric: exit %d, want 1", code)
	}
	if code, _, _ := runCLI("diff", "--out", out, "--rtol", "0.2", a, b); code != 0 {
		t.Errorf("--rtol 0.2 should absorb a relative change of 1/7: exit %d", code)
	}
	code, stdout, _ = runCLI("diff", "--out", out, "--json", a, b)
	var js map[string]any
	if code != 1 || json.Unmarshal([]byte(stdout), &js) != nil {
		t.Errorf("--json: exit %d, output %q", code, stdout)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", a, "no-such-revision-xyz"}, "neither a report directory nor a git revision"},
		{[]string{"diff", a, tmp}, "not a sigprop report"},
		{[]string{"diff", a, old}, "manifest schema 0"},
		{[]string{"diff", a}, "want exactly two"},
		{[]string{"diff", "--fail-on", "pixels", a, b}, "--fail-on must be"},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestDiffRevisions is the end-to-end check: a temporary git repository
// holding this module and one notebook, two commits that differ in one
// plotted constant. The diff must name exactly that figure and the size of
// the change; and two uncached reports of one commit must agree byte for
// byte in their figure data and manifest (run times aside).
func TestDiffRevisions(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	if testing.Short() {
		t.Skip("runs the gonb kernel four times")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	if err := copyModule(root, repo); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(repo, "notebooks"), 0o755)
	notebook := func(k string) {
		src := `{"cells":[
 {"cell_type":"code","metadata":{},"outputs":[],"execution_count":null,"source":"import \"github.com/sigprop/sigprop/kernel-ext/show\"\n\n%%\nshow.View{show.Fig(show.Figure{ID: \"const\", Series: []show.Series{{Name: \"line\", X: []float64{0, 1, 2}, Y: []float64{1, 2, K}}}}),\n\tshow.Fig(show.Figure{ID: \"fixed\", Series: []show.Series{{Name: \"line\", X: []float64{0, 1}, Y: []float64{5, 6}}}})}.Show()"}],
 "metadata":{"kernelspec":{"name":"gonb","display_name":"Go (gonb)","language":"go"}},"nbformat":4,"nbformat_minor":5}`
		os.WriteFile(filepath.Join(repo, "notebooks", "t.ipynb"), []byte(strings.Replace(src, "K}", k+"}", 1)), 0o644)
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v: %s", args, err, out)
		}
	}
	notebook("3")
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")
	notebook("3.5")
	git("commit", "-qam", "two")

	// The repository's sigprop (the same sources), built once for the
	// three runs below, with -trimpath as the diff builds each revision's:
	// the build cache then serves the revisions', rather than compiling the
	// module again (`go run` here compiled every package of the copy, whose
	// path is new each time, and linked it three times). The build is the
	// one TestDiffFaults shares (trimpathSigprop).
	bin := trimpathSigprop(t)
	cmd := exec.Command(bin, "diff", "--out", filepath.Join(repo, "d"), "HEAD~1", "HEAD")
	cmd.Dir = repo
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("diff of two commits: %v (want exit 1)\nstdout:\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	got := stdout.String()
	if !strings.Contains(got, "changed   t/const") || !strings.Contains(got, `series "line" max |Δy| 0.5 (rel 0.143) at index 2 (x=2)`) ||
		strings.Contains(got, "t/fixed") || !strings.Contains(got, "figures: 1 moved, 1 unchanged") {
		t.Errorf("diff output does not name exactly the moved figure and its change:\n%s", got)
	}
	wt := exec.Command("git", "worktree", "list")
	wt.Dir = repo
	if out, _ := wt.Output(); strings.Count(string(out), "\n") != 1 {
		t.Errorf("worktrees left behind:\n%s", out)
	}

	// Determinism: two uncached reports of HEAD.
	var manifests [2][]byte
	for i := range manifests {
		out := filepath.Join(repo, "site"+string(rune('a'+i)))
		cmd := exec.Command(bin, "report", "--no-cache", "--out", out)
		cmd.Dir = repo
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("report: %v\n%s", err, b)
		}
		m, err := publish.ReadManifest(out)
		if err != nil {
			t.Fatal(err)
		}
		// Run times differ between executions; everything else must not.
		if m.Notebooks[0].Timing == nil {
			t.Errorf("report %d: no timing", i)
		}
		if manifests[i], err = publish.EncodeManifest(m.WithoutTiming()); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(manifests[0], manifests[1]) {
		t.Errorf("two reports of one commit differ:\n%s\n---\n%s", manifests[0], manifests[1])
	}
}

func TestReportBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "--jobs", "-1"}, "--jobs must be >= 0"},
		{[]string{"report", "--timeout", "0s"}, "must be positive"},
		{[]string{"report", "no/such/notebook.ipynb"}, "no/such/notebook.ipynb"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
	} {
		code, _, errOut := runCLI(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestReportFailedNotebook runs a malformed notebook through the whole
// command: the run finishes, the site is written, the exit status is 1 and
// the manifest names the failure.
func TestReportFailedNotebook(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.ipynb")
	os.WriteFile(bad, []byte(`{"cells": [`), 0o644)
	out := filepath.Join(dir, "site")
	code, _, errOut := runCLI("report", "--out", out, bad)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	m, err := publish.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Notebooks) != 1 || m.Notebooks[0].Status != "failed" || !strings.Contains(m.Notebooks[0].Error, "bad.ipynb") {
		t.Errorf("manifest notebooks = %+v", m.Notebooks)
	}
}

// TestReportNamedKeepsIndex reports two notebooks, then one of them: the
// site's manifest and index still list both (malformed notebooks, so no
// kernel starts and the test is fast; both fail, exit 1).
func TestReportNamedKeepsIndex(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"one", "two"} {
		os.WriteFile(filepath.Join(dir, n+".ipynb"), []byte(`{"cells": [`), 0o644)
	}
	out := filepath.Join(dir, "site")
	if code, _, errOut := runCLI("report", "--out", out, filepath.Join(dir, "one.ipynb"), filepath.Join(dir, "two.ipynb")); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	if code, _, errOut := runCLI("report", "--out", out, filepath.Join(dir, "two.ipynb")); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut)
	}
	m, err := publish.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Notebooks) != 2 || m.Notebooks[0].Name != "one" || !m.Notebooks[0].Kept || m.Notebooks[1].Name != "two" || m.Notebooks[1].Kept {
		t.Errorf("manifest notebooks after reporting two alone: %+v", m.Notebooks)
	}
	idx, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, want := range []string{`href="./one.html"`, `href="./two.html"`} {
		if !strings.Contains(string(idx), want) {
			t.Errorf("index lacks %s", want)
		}
	}
}
