package publish

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sigprop/sigprop/reports/execute"
)

// TestSiteStamp: a Build with the cache whose site is already in out
// leaves it as it is and returns its manifest; a changed result, a file
// of the site changed or removed since, a Build without the cache or an
// Update in between make it build anew.
func TestSiteStamp(t *testing.T) {
	tmp := t.TempDir()
	cache := filepath.Join(tmp, "cache")
	out := filepath.Join(tmp, "site")
	results := func(v float64) []execute.Result { return []execute.Result{executed(t, "a", v), executed(t, "b", 0.25)} }
	inode := func() uint64 {
		fi, err := os.Stat(filepath.Join(out, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		return uint64(fi.ModTime().UnixNano()) ^ inodeOf(t, fi)
	}
	build := func(rs []execute.Result, opts ...BuildOption) *Manifest {
		t.Helper()
		m, err := Build(out, rs, Provenance{Commit: "c"}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	m1 := build(results(0.5), WithCache(cache))
	id := inode()
	m2 := build(results(0.5), WithCache(cache))
	if inode() != id {
		t.Fatal("a Build of the same results rewrote the site")
	}
	b1, _ := json.Marshal(m1)
	b2, _ := json.Marshal(m2)
	if string(b1) != string(b2) {
		t.Error("the skipped Build's manifest differs from the built one's")
	}
	step := func(what string, change func(), wantNew bool, rs []execute.Result, opts ...BuildOption) {
		t.Helper()
		id := inode()
		change()
		time.Sleep(2 * time.Millisecond)
		build(rs, opts...)
		if got := inode() != id; got != wantNew {
			t.Errorf("%s: site rebuilt = %v, want %v", what, got, wantNew)
		}
	}
	nothing := func() {}
	step("a changed result", nothing, true, results(0.75), WithCache(cache))
	step("the same again", nothing, false, results(0.75), WithCache(cache))
	step("a page edited", func() {
		os.WriteFile(filepath.Join(out, "a.html"), []byte("mine"), 0o644)
	}, true, results(0.75), WithCache(cache))
	if b, _ := os.ReadFile(filepath.Join(out, "a.html")); string(b) == "mine" {
		t.Error("the edited page was kept")
	}
	step("the same again", nothing, false, results(0.75), WithCache(cache))
	step("a figure file removed", func() {
		os.Remove(filepath.Join(out, "a.figures", "f1.png"))
	}, true, results(0.75), WithCache(cache))
	step("a file added", func() {
		os.WriteFile(filepath.Join(out, "extra.txt"), []byte("x"), 0o644)
	}, true, results(0.75), WithCache(cache))
	step("without the cache", nothing, true, results(0.75))
	step("after a Build without the cache", nothing, true, results(0.75), WithCache(cache))
	step("the same again", nothing, false, results(0.75), WithCache(cache))
	if _, err := Update(out, results(0.75)[:1], Provenance{Commit: "c"}, WithCache(cache)); err != nil {
		t.Fatal(err)
	}
	step("after an Update", nothing, true, results(0.75), WithCache(cache))
	step("out probed by CheckWritable", func() {
		if err := CheckWritable(out); err != nil {
			t.Fatal(err)
		}
	}, false, results(0.75), WithCache(cache))
	step("parameters", nothing, true, results(0.75), WithCache(cache), WithParams(map[string]string{"x": "1"}))
}

func inodeOf(t *testing.T, fi os.FileInfo) uint64 { return inode(fi) }
