package execute

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// tree writes files into a temporary module for the key tests.
type tree struct {
	t    *testing.T
	root string
}

func (tr tree) write(rel, content string) {
	tr.t.Helper()
	p := filepath.Join(tr.root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tr.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		tr.t.Fatal(err)
	}
}

// notebookJSON is a gonb notebook with one code cell per source and the
// given notebook metadata.sigprop ("" for none).
func notebookJSON(meta string, sources ...string) string {
	var cells []string
	for i, s := range sources {
		b, _ := json.Marshal(s)
		cells = append(cells, fmt.Sprintf(`{"cell_type":"code","id":"c%d","metadata":{},"source":%s,"execution_count":null,"outputs":[]}`, i, b))
	}
	md := `"kernelspec":{"display_name":"Go (gonb)","language":"go","name":"gonb"}`
	if meta != "" {
		md += `,"sigprop":` + meta
	}
	return fmt.Sprintf(`{"cells":[%s],"metadata":{%s},"nbformat":4,"nbformat_minor":5}`, strings.Join(cells, ","), md)
}

// keyModule writes a module with packages lib/a, lib/b (imports a),
// lib/c and notebooks using b, c, nothing and a data directory; it returns
// the notebooks' paths by name.
func keyModule(t *testing.T) (tree, map[string]string) {
	tr := tree{t, t.TempDir()}
	tr.write("go.mod", "module example.com/m\n\ngo 1.24\n")
	tr.write("go.sum", "")
	tr.write("lib/a/a.go", "// Package a.\npackage a\n\n// X is one.\nconst X = 1\n")
	tr.write("lib/b/b.go", "package b\n\nimport \"example.com/m/lib/a\"\n\nconst Y = a.X + 1\n")
	tr.write("lib/c/c.go", "package c\n\nconst Z = 3\n")
	tr.write("notebooks/data/d1/p.json", "{}")
	tr.write("notebooks/data/other.json", "{}")
	nbs := map[string]string{
		"b":    notebookJSON("", "import (\n\t\"fmt\"\n\tbb \"example.com/m/lib/b\"\n)", "%%\nfmt.Println(bb.Y)"),
		"c":    notebookJSON("", "import \"example.com/m/lib/c\"\n\n%%\nfmt.Println(c.Z)"),
		"none": notebookJSON("", "%%\nfmt.Println(1)"),
		"data": notebookJSON(`{"data":["data/d1"],"env":["SIGPROP_KEYTEST_DIR"]}`, "%%\nfmt.Println(2)"),
	}
	paths := map[string]string{}
	for name, src := range nbs {
		paths[name] = filepath.Join(tr.root, "notebooks", name+".ipynb")
		tr.write("notebooks/"+name+".ipynb", src)
	}
	return tr, paths
}

// keys computes every notebook's key the way Run does.
func keys(t *testing.T, root string, paths map[string]string, opt Options) (map[string]string, map[string]string) {
	t.Helper()
	nbs := map[string]*ipynb.Notebook{}
	raw := map[string][]byte{}
	var imports []string
	for name, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		nb, err := ipynb.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		nbs[name], raw[name] = nb, b
		imports = append(imports, moduleImports(nb, "example.com/m")...)
	}
	ih, err := newInputHasher(context.Background(), root, "example.com/m", dedup(imports), opt)
	if err != nil {
		t.Fatal(err)
	}
	ks, noCache := map[string]string{}, map[string]string{}
	for name, p := range paths {
		in, nc, err := ih.inputs(p, raw[name], nbs[name])
		if err != nil {
			t.Fatal(err)
		}
		ks[name], noCache[name] = in.Key(), nc
	}
	return ks, noCache
}

// TestCacheKey checks which notebooks' keys a change moves: a package
// moves the notebooks that import it, directly or through another
// package, and no other; a comment or a test file moves none; a declared
// data file moves its notebook; go.mod, go.sum and the result-changing
// options move all.
func TestCacheKey(t *testing.T) {
	tr, paths := keyModule(t)
	all := []string{"b", "c", "data", "none"}
	base, _ := keys(t, tr.root, paths, Options{})
	for _, tc := range []struct {
		name   string
		change func() Options
		moved  []string
	}{
		{"nothing", func() Options { return Options{} }, nil},
		{"Jobs and Progress do not matter", func() Options { return Options{Jobs: 7, Progress: os.Stderr} }, nil},
		{"a comment in lib/a", func() Options {
			tr.write("lib/a/a.go", "// Package a, documented.\npackage a\n\n// X is one, /* still */ one.\nconst X = 1 // and here\n")
			return Options{}
		}, nil},
		{"layout of lib/a", func() Options {
			tr.write("lib/a/a.go", "// Package a, documented.\npackage a\n\n\nconst X   =   1\n")
			return Options{}
		}, nil},
		{"code in lib/a, imported through lib/b", func() Options { tr.write("lib/a/a.go", "package a\n\nconst X = 2\n"); return Options{} }, []string{"b"}},
		{"a directive in lib/a", func() Options {
			tr.write("lib/a/a.go", "package a\n\n//go:generate true\nconst X = 2\n")
			return Options{}
		}, []string{"b"}},
		{"file added to lib/c", func() Options { tr.write("lib/c/c2.go", "package c\n\nconst W = 4\n"); return Options{} }, []string{"c"}},
		{"test file added to lib/c", func() Options { tr.write("lib/c/c_test.go", "package c\n"); return Options{} }, nil},
		{"non-Go file in lib/c", func() Options { tr.write("lib/c/notes.txt", "hi"); return Options{} }, nil},
		{"a package nobody imports", func() Options { tr.write("lib/d/d.go", "package d\n"); return Options{} }, nil},
		{"declared data file edited", func() Options { tr.write("notebooks/data/d1/p.json", "{ }"); return Options{} }, []string{"data"}},
		{"declared data file added", func() Options { tr.write("notebooks/data/d1/sub/q.json", "[]"); return Options{} }, []string{"data"}},
		{"undeclared data file", func() Options { tr.write("notebooks/data/other.json", "[]"); return Options{} }, nil},
		{"notebook bytes", func() Options {
			tr.write("notebooks/none.ipynb", notebookJSON("", "%%\nfmt.Println(10)"))
			return Options{}
		}, []string{"none"}},
		{"cell timeout", func() Options { return Options{CellTimeout: time.Second} }, all},
		{"stop on error", func() Options { return Options{StopOnError: true} }, all},
		{"go.sum", func() Options { tr.write("go.sum", "x v1 h1:y\n"); return Options{} }, all},
		{"go.mod", func() Options { tr.write("go.mod", "module example.com/m\n\ngo 1.25\n"); return Options{} }, all},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := keys(t, tr.root, paths, tc.change())
			var moved []string
			for _, n := range all {
				if got[n] != base[n] {
					moved = append(moved, n)
				}
			}
			if fmt.Sprint(moved) != fmt.Sprint(tc.moved) {
				t.Errorf("keys moved for %v, want %v", moved, tc.moved)
			}
			base, _ = keys(t, tr.root, paths, Options{}) // later cases compare against the current tree
		})
	}
	// A declared environment variable, when set, turns the cache off for
	// its notebook only.
	t.Setenv("SIGPROP_KEYTEST_DIR", "/elsewhere")
	_, noCache := keys(t, tr.root, paths, Options{})
	for _, n := range all {
		if (noCache[n] != "") != (n == "data") {
			t.Errorf("%s: not cached because %q", n, noCache[n])
		}
	}
}

// TestInputsChanges: the reasons printed for a re-execution.
func TestInputsChanges(t *testing.T) {
	old := Inputs{"notebook": "1", "pkg:example.com/m/lib/sde": "2", "pkg:example.com/m/lib/x": "3", "data:data/p.json": "4", "go.sum": "5"}
	in := Inputs{"notebook": "1", "pkg:example.com/m/lib/sde": "2'", "data:data/p.json": "4", "data:data/q.json": "6", "go.sum": "5'"}
	got := strings.Join(in.Changes(old, "example.com/m"), "; ")
	want := "data/q.json added; go.sum changed; lib/sde changed; lib/x removed"
	if got != want {
		t.Errorf("Changes = %q, want %q", got, want)
	}
	if len(in.Changes(in, "example.com/m")) != 0 || in.Key() == old.Key() {
		t.Error("Changes of equal inputs not empty, or keys of different inputs equal")
	}
}

// TestBadMetadata: a malformed metadata.sigprop or a declared data path
// that does not exist is an error naming it.
func TestBadMetadata(t *testing.T) {
	tr, _ := keyModule(t)
	for _, tc := range []struct{ meta, want string }{
		{`{"data":["data/missing"]}`, "data/missing"},
		{`{"data":["/abs"]}`, "relative"},
		{`{"datum":["x"]}`, "metadata.sigprop"},
		{`{"cost":-1}`, "metadata.sigprop.cost"},
		{`{"cost":"long"}`, "metadata.sigprop"},
	} {
		p := filepath.Join(tr.root, "notebooks", "bad.ipynb")
		tr.write("notebooks/bad.ipynb", notebookJSON(tc.meta, "%%\nfmt.Println(1)"))
		b, _ := os.ReadFile(p)
		nb, err := ipynb.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		ih, err := newInputHasher(context.Background(), tr.root, "example.com/m", nil, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ih.inputs(p, b, nb); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("metadata %s: err = %v, want one naming %q", tc.meta, err, tc.want)
		}
	}
}

func TestCacheRoundTripAndCorruption(t *testing.T) {
	dir := t.TempDir()
	res, err := loadTestNotebook("testdata/three.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	r := Result{Path: "x/three.ipynb", Name: "three", Notebook: res, Status: "ok", Cells: []CellResult{{Index: 0, Status: "ok", Duration: time.Second,
		Compile: 600 * time.Millisecond, GoBuild: 500 * time.Millisecond, CPU: 1500 * time.Millisecond, CPUKnown: true}},
		Duration: 2 * time.Second, Start: 700 * time.Millisecond, StartCPU: 300 * time.Millisecond, CPUKnown: true}
	if err := storeCached(dir, "k", r, Inputs{"notebook": "x"}); err != nil {
		t.Fatal(err)
	}
	got, ok := loadCached(dir, "k", "y/three.ipynb", "three")
	if !ok || !got.Cached || got.Path != "y/three.ipynb" || got.Name != "three" || got.Duration != r.Duration || got.Cells[0] != r.Cells[0] ||
		got.Start != r.Start || got.StartCPU != r.StartCPU || !got.CPUKnown || len(got.Notebook.Cells) != 3 {
		t.Fatalf("round trip: %+v", got)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	// A truncated entry is a miss, not an error.
	os.WriteFile(filepath.Join(dir, "k.json"), []byte(`{"version":`), 0o644)
	if _, ok := loadCached(dir, "k", "p", "p"); ok {
		t.Error("corrupt cache entry accepted")
	}
	// An entry's name is never used (it would become a file name), and an
	// entry without a notebook is a miss.
	b, _ := json.Marshal(cacheEntry{Version: Version, Name: "../../x", Status: "ok", Notebook: json.RawMessage(`null`)})
	os.WriteFile(filepath.Join(dir, "k.json"), b, 0o644)
	if _, ok := loadCached(dir, "k", "p", "p"); ok {
		t.Error(`an entry with "notebook": null accepted`)
	}
	storeCached(dir, "k", Result{Path: "x/three.ipynb", Name: "../../x", Notebook: res, Status: "ok"}, Inputs{})
	if got, ok := loadCached(dir, "k", "y/three.ipynb", "three"); !ok || got.Name != "three" {
		t.Errorf("entry named ../../x: ok %v, name %q; want the caller's name", ok, got.Name)
	}
}

func loadTestNotebook(p string) (*ipynb.Notebook, error) { return ipynb.Load(p) }

func TestCostliestFirst(t *testing.T) {
	var nbs []*ipynb.Notebook
	for _, meta := range []string{`{}`, `{"cost":30}`, `{"cost":-5}`, `{"cost":300}`, `{"cost":30}`, `{"data":[]}`} {
		nb, err := ipynb.Parse([]byte(notebookJSON(meta, "%%\nfmt.Println(1)")))
		if err != nil {
			t.Fatal(err)
		}
		nbs = append(nbs, nb)
	}
	// 300 first; the two 30s in input order; then the unknown (0) and the
	// invalid cost (treated as 0) in input order.
	if got, want := costliestFirst(nbs), []int{3, 1, 4, 0, 2, 5}; !slices.Equal(got, want) {
		t.Errorf("costliestFirst = %v, want %v", got, want)
	}
}

// TestTransformInCacheKey: what Options.Transform makes of a notebook is
// what its cache key covers (the report's -p values): the same transform
// is read from the cache, another one runs, and each result is the
// transformed notebook.
func TestTransformInCacheKey(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels")
	}
	p := filepath.Join(t.TempDir(), "n.ipynb")
	os.WriteFile(p, []byte(`{"cells":[{"cell_type":"markdown","metadata":{},"source":"# T"}],"metadata":{"kernelspec":{"name":"gonb","display_name":"Go (gonb)","language":"go"}},"nbformat":4,"nbformat_minor":5}`), 0o644)
	cache := t.TempDir()
	with := func(v string) func(string, *ipynb.Notebook) (*ipynb.Notebook, error) {
		return func(_ string, nb *ipynb.Notebook) (*ipynb.Notebook, error) {
			out := *nb
			out.Cells = append(append([]ipynb.Cell(nil), nb.Cells...), ipynb.Cell{CellType: "markdown", Metadata: map[string]any{}, Source: ipynb.MultiString(v)})
			return &out, nil
		}
	}
	for i, tc := range []struct {
		v      string
		cached bool
	}{{"a", false}, {"a", true}, {"b", false}} {
		res, err := Run(context.Background(), []string{p}, Options{RepoRoot: "../..", CacheDir: cache, Transform: with(tc.v)})
		if err != nil {
			t.Fatal(err)
		}
		r := res[0]
		if r.Status != StatusOK || r.Cached != tc.cached {
			t.Fatalf("run %d, transform %q: status %s, cached %v; want ok, cached %v (%s)", i, tc.v, r.Status, r.Cached, tc.cached, r.Reason())
		}
		if n := len(r.Notebook.Cells); n != 2 || string(r.Notebook.Cells[1].Source) != tc.v {
			t.Errorf("run %d: the result is not the transformed notebook: %+v", i, r.Notebook.Cells)
		}
	}
}

// TestLockEntry: a run that waits for a cache entry's lock while another
// executes the same notebook at the same inputs gets the entry the other
// stored, instead of executing it a second time (issue 36); without a
// stored entry it gets the lock and nothing else.
func TestLockEntry(t *testing.T) {
	dir := t.TempDir()
	nb, err := loadTestNotebook("testdata/three.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	unlock, c, err := lockEntry(context.Background(), dir, "k", "x/three.ipynb", "three", nil, nil)
	if err != nil || c != nil {
		t.Fatalf("first lock: entry %v, err %v; want none, nil", c, err)
	}
	waited := make(chan bool, 1)
	got := make(chan *Result, 1)
	go func() {
		u, c, err := lockEntry(context.Background(), dir, "k", "x/three.ipynb", "three", nil, func() { waited <- true })
		if err != nil {
			t.Error(err)
		} else {
			u()
		}
		got <- c
	}()
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatal("the second lockEntry did not wait")
	}
	// The first run stores its result, then lets go.
	if err := storeCached(dir, "k", Result{Path: "x/three.ipynb", Name: "three", Notebook: nb, Status: StatusOK}, Inputs{}); err != nil {
		t.Fatal(err)
	}
	unlock()
	if c := <-got; c == nil || !c.Cached || c.Name != "three" {
		t.Fatalf("the waiting run got %+v, want the stored entry", c)
	}
	// An entry the check rejects is evicted, not returned.
	bad := func(*ipynb.Notebook) error { return fmt.Errorf("does not render") }
	u, c, err := lockEntry(context.Background(), dir, "k", "x/three.ipynb", "three", bad, nil)
	if err != nil || c != nil {
		t.Fatalf("rejected entry: %v, %v", c, err)
	}
	u()
	if _, err := os.Stat(filepath.Join(dir, "k.json")); !os.IsNotExist(err) {
		t.Errorf("rejected entry not evicted: %v", err)
	}
}
