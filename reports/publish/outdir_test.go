package publish

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render"
)

// writeTree makes the files of tree (path -> content) under dir.
func writeTree(t *testing.T, dir string, tree map[string]string) {
	t.Helper()
	for p, c := range tree {
		f := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuildRefusesForeignOut: Build never replaces a directory that is
// not a sigprop site (a checkout, a user's directory, the working
// directory); the error names the path and every file is still there.
// A new, an empty, a marked and a legacy site directory are accepted.
func TestBuildRefusesForeignOut(t *testing.T) {
	prov := Provenance{Commit: "abc"}
	res := []execute.Result{executed(t, "a", 0.5)}
	for _, tc := range []struct {
		name string
		tree map[string]string
	}{
		{"user files", map[string]string{"notes.txt": "mine", "data/x.csv": "1,2"}},
		{"checkout", map[string]string{"go.mod": "module github.com/sigprop/sigprop\n", ".git/HEAD": "ref: refs/heads/main\n", "README.md": "x"}},
		{"checkout with a site marker", map[string]string{".git/HEAD": "ref", SiteMarker: "sigprop site"}},
		{"manifest of another tool", map[string]string{"manifest.json": `{"name": "webapp"}`, "index.html": "x"}},
		{"reports dir", map[string]string{"site/index.html": "x", "render/x.go": "package render"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			writeTree(t, out, tc.tree)
			_, err := Build(out, res, prov)
			if err == nil || !errors.Is(err, ErrNotSite) || !strings.Contains(err.Error(), out) {
				t.Fatalf("Build into %s: err %v, want ErrNotSite naming the path", tc.name, err)
			}
			for p, c := range tc.tree {
				b, err := os.ReadFile(filepath.Join(out, p))
				if err != nil || string(b) != c {
					t.Errorf("%s: %q lost or changed (%v)", tc.name, p, err)
				}
			}
		})
	}
	t.Run("working directory", func(t *testing.T) {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"inner/keep.txt": "k"})
		t.Chdir(filepath.Join(dir, "inner"))
		for _, out := range []string{".", dir, filepath.Join(dir, "inner")} {
			if _, err := Build(out, res, prov); !errors.Is(err, ErrNotSite) {
				t.Errorf("Build(%q) from inside it: err %v, want ErrNotSite", out, err)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "inner", "keep.txt")); err != nil {
			t.Error(err)
		}
	})
	t.Run("accepted", func(t *testing.T) {
		base := t.TempDir()
		empty := filepath.Join(base, "empty")
		os.Mkdir(empty, 0o755)
		legacy := filepath.Join(base, "legacy")
		writeTree(t, legacy, map[string]string{"manifest.json": `{"schema": 2, "provenance": {}, "notebooks": []}`, "index.html": "x", "a.html": "y"})
		legacyDiff := filepath.Join(base, "legacy-diff")
		writeTree(t, legacyDiff, map[string]string{"index.html": "x", "assets/sigprop.css": "y"})
		for _, out := range []string{filepath.Join(base, "new", "site"), empty, legacy, legacyDiff} {
			if _, err := Build(out, res, prov); err != nil {
				t.Errorf("Build(%s): %v", out, err)
				continue
			}
			if _, err := os.Stat(filepath.Join(out, SiteMarker)); err != nil {
				t.Errorf("%s: no marker after Build: %v", out, err)
			}
			// Once marked, it is accepted again.
			if err := CheckOut(out); err != nil {
				t.Errorf("CheckOut(%s) after Build: %v", out, err)
			}
		}
	})
}

// TestReplaceCleansLeftovers: the build directory of a publish whose
// process was killed (kill -9, so no deferred cleanup ran) is removed by
// the next publish; a young one of a live owner is kept.
func TestReplaceCleansLeftovers(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to tell a dead owner")
	}
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	// A child process makes its build directory (as Replace does) and is
	// killed with SIGKILL before the swap.
	child := exec.Command(os.Args[0], "-test.run=^TestReplaceHelper$")
	child.Env = append(os.Environ(), "SIGPROP_PUBLISH_HELPER="+out)
	stdout, err := child.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	n, _ := stdout.Read(buf)
	dead := strings.TrimSpace(string(buf[:n]))
	child.Process.Kill()
	child.Wait()
	if !strings.HasPrefix(filepath.Base(dead), ".site.tmp-") {
		t.Fatalf("helper printed %q", dead)
	}
	if _, err := os.Stat(filepath.Join(dead, "site", "index.html")); err != nil {
		t.Fatalf("the killed publish left nothing to clean: %v", err)
	}
	if _, err := Build(out, []execute.Result{executed(t, "a", 0.5)}, Provenance{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dead); !os.IsNotExist(err) {
		t.Errorf("leftover %s of a killed publish survived the next publish (%v)", dead, err)
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		t.Errorf("beside the site: %d entries, want only the site", len(entries))
	}
}

// TestReplaceHelper is the child of TestReplaceCleansLeftovers: it starts
// a publish into $SIGPROP_PUBLISH_HELPER, prints its build directory and
// waits to be killed.
func TestReplaceHelper(t *testing.T) {
	out := os.Getenv("SIGPROP_PUBLISH_HELPER")
	if out == "" {
		t.Skip("helper process only")
	}
	Replace(out, func(dir string) error {
		os.WriteFile(filepath.Join(dir, "index.html"), []byte("half"), 0o644)
		os.Stdout.WriteString(filepath.Dir(dir) + "\n")
		select {}
	})
}

// TestSwapKeepsASite: at every moment of a swap some complete site is at
// out: the exchange is atomic, and the old site ends where the new one
// was built.
func TestSwapKeepsASite(t *testing.T) {
	dir := t.TempDir()
	out, site := filepath.Join(dir, "out"), filepath.Join(dir, "new")
	writeTree(t, out, map[string]string{"index.html": "old"})
	writeTree(t, site, map[string]string{"index.html": "new"})
	if err := swap(site, out); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "index.html")); string(b) != "new" {
		t.Errorf("out holds %q after the swap", b)
	}
	if b, _ := os.ReadFile(filepath.Join(site, "index.html")); string(b) != "old" {
		t.Errorf("the old site is not at the build path: %q", b)
	}
}

// TestPageNames: two notebooks making one page, or a notebook taking the
// name of the site's own index or conformance page, are errors naming
// the notebooks; Build refuses them too.
func TestPageNames(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{"a/x.ipynb", "b/x.ipynb"}, "a/x.ipynb and b/x.ipynb would both make the page x.html"},
		{[]string{"a/X.ipynb", "b/x.ipynb"}, "a/X.ipynb and b/x.ipynb"},
		{[]string{"n/index.ipynb"}, "the site's own index.html and n/index.ipynb"},
		{[]string{"n/conformance.ipynb"}, "conformance.html"},
		{[]string{"n/.sigprop-site.ipynb"}, "starting with a dot"},
	} {
		if err := CheckPageNames(tc.paths); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want %q", tc.paths, err, tc.want)
		}
	}
	if err := CheckPageNames([]string{"a/x.ipynb", "b/y.ipynb", "javascript:alert(1).ipynb", "a#b?c%25.ipynb"}); err != nil {
		t.Errorf("distinct names refused: %v", err)
	}
	a, b := executed(t, "x", 0.5), executed(t, "x", 0.5)
	a.Path, b.Path = "a/x.ipynb", "b/x.ipynb"
	if _, err := Build(filepath.Join(t.TempDir(), "site"), []execute.Result{a, b}, Provenance{}); err == nil {
		t.Error("Build of two notebooks making one page succeeded")
	}
}

// TestBuildCutsHugeOutputs: a cell printing 3 MiB makes a page of about
// render.MaxOutputBytes, saying how much was cut, and the whole output is
// kept in a file beside the page that the page links.
func TestBuildCutsHugeOutputs(t *testing.T) {
	res := executed(t, "big", 0.5)
	huge := strings.Repeat("0123456789abcdef\n", 3<<20/17)
	res.Notebook.Cells[1].Outputs = append(res.Notebook.Cells[1].Outputs, ipynb.Output{OutputType: "stream", Name: "stdout", Text: ipynb.MultiString(huge)})
	out := filepath.Join(t.TempDir(), "site")
	if _, err := Build(out, []execute.Result{res}, Provenance{}); err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join(out, "big.html"))
	if err != nil {
		t.Fatal(err)
	}
	if len(page) > render.MaxOutputBytes+200<<10 {
		t.Errorf("page is %d bytes for a %d-byte print", len(page), len(huge))
	}
	if !strings.Contains(string(page), "Output cut: the first 1.0 MiB of 3.0 MiB are shown") || !strings.Contains(string(page), `href="./big.outputs/cell-1-output-2.txt"`) {
		t.Error("the page does not say what was cut and where the rest is")
	}
	kept, err := os.ReadFile(filepath.Join(out, "big.outputs", "cell-1-output-2.txt"))
	if err != nil || string(kept) != huge {
		t.Errorf("the whole output is not kept beside the page (%v)", err)
	}
}

// TestCheckWritable: an --out that cannot be written is found before any
// work (issue 36: a read-only --out was discovered only after every
// notebook ran). /proc takes no new directory, even from root; a
// read-only directory is tried too when the test does not run as root.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "a", "b", "site")); err != nil {
		t.Errorf("a new site under a writable directory: %v", err)
	}
	os.Mkdir(filepath.Join(dir, "site"), 0o755)
	if err := CheckWritable(filepath.Join(dir, "site")); err != nil {
		t.Errorf("an existing writable site: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".sigprop-probe-*")); len(left) > 0 {
		t.Errorf("probes left: %v", left)
	}
	bad := []string{"/proc/sigprop-no-such/site"}
	if os.Geteuid() != 0 {
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		bad = append(bad, filepath.Join(ro, "site"))
	}
	for _, out := range bad {
		if err := CheckWritable(out); err == nil || !strings.Contains(err.Error(), out) {
			t.Errorf("CheckWritable(%s) = %v, want an error naming it", out, err)
		}
	}
}
