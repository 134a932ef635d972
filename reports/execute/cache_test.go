package execute

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// TestCacheKey checks which changes invalidate a cached result: every Go
// file of the repository, go.mod, go.sum, the notebook and the options
// that change a result, and files under notebooks/data; and which do not:
// hidden directories, reports/site and other non-Go files.
func TestCacheKey(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n")
	write("go.sum", "")
	write("lib/a/a.go", "package a\n")
	nb := []byte(`{"nbformat":4}`)
	key := func(nb []byte, opt Options) string {
		t.Helper()
		h, err := repoHash(root)
		if err != nil {
			t.Fatal(err)
		}
		return cacheKey(h, nb, opt)
	}
	base := key(nb, Options{})
	for _, tc := range []struct {
		name    string
		change  func() ([]byte, Options)
		changes bool
	}{
		{"nothing", func() ([]byte, Options) { return nb, Options{} }, false},
		{"Jobs and Progress do not matter", func() ([]byte, Options) { return nb, Options{Jobs: 7, Progress: os.Stderr} }, false},
		{"hidden dir", func() ([]byte, Options) { write(".git/x.go", "package x\n"); return nb, Options{} }, false},
		{"reports/site", func() ([]byte, Options) { write("reports/site/x.go", "package x\n"); return nb, Options{} }, false},
		{"non-Go file", func() ([]byte, Options) { write("lib/a/notes.txt", "hi"); return nb, Options{} }, false},
		{"data file added", func() ([]byte, Options) { write("notebooks/data/s/p.json", "{}"); return nb, Options{} }, true},
		{"data file edited", func() ([]byte, Options) { write("notebooks/data/s/p.json", "{ }"); return nb, Options{} }, true},
		{"notebook-side non-data file", func() ([]byte, Options) { write("notebooks/notes.txt", "hi"); return nb, Options{} }, false},
		{"notebook bytes", func() ([]byte, Options) { return []byte(`{"nbformat": 4}`), Options{} }, true},
		{"cell timeout", func() ([]byte, Options) { return nb, Options{CellTimeout: time.Second} }, true},
		{"stop on error", func() ([]byte, Options) { return nb, Options{StopOnError: true} }, true},
		{"Go file edited", func() ([]byte, Options) { write("lib/a/a.go", "package a // edited\n"); return nb, Options{} }, true},
		{"Go file added", func() ([]byte, Options) { write("kernel-ext/b/b.go", "package b\n"); return nb, Options{} }, true},
		{"test file added", func() ([]byte, Options) { write("lib/a/a_test.go", "package a\n"); return nb, Options{} }, true},
		{"go.sum", func() ([]byte, Options) { write("go.sum", "x v1 h1:y\n"); return nb, Options{} }, true},
		{"go.mod", func() ([]byte, Options) { write("go.mod", "module example.com/m\n\ngo 1.26\n"); return nb, Options{} }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := key(tc.change())
			if (k != base) != tc.changes {
				t.Errorf("key changed: %v, want %v", k != base, tc.changes)
			}
			base = key(nb, Options{}) // later cases compare against the current tree
		})
	}
}

func TestCacheRoundTripAndCorruption(t *testing.T) {
	dir := t.TempDir()
	res, err := loadTestNotebook("testdata/three.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Path: "x/three.ipynb", Name: "three", Notebook: res, Status: "ok", Cells: []CellResult{{0, "ok", time.Second, ""}}, Duration: 2 * time.Second}
	if err := storeCached(dir, "k", r); err != nil {
		t.Fatal(err)
	}
	got, ok := loadCached(dir, "k", "y/three.ipynb")
	if !ok || !got.Cached || got.Path != "y/three.ipynb" || got.Name != "three" || got.Duration != r.Duration || got.Cells[0] != r.Cells[0] || len(got.Notebook.Cells) != 3 {
		t.Fatalf("round trip: %+v", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// A truncated entry is a miss, not an error.
	os.WriteFile(filepath.Join(dir, "k.json"), []byte(`{"version":`), 0o644)
	if _, ok := loadCached(dir, "k", "p"); ok {
		t.Error("corrupt cache entry accepted")
	}
}

func loadTestNotebook(p string) (*ipynb.Notebook, error) { return ipynb.Load(p) }
