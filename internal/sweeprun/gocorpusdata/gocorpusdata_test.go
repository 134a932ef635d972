package gocorpusdata

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var committed = filepath.Join("..", "..", "..", "notebooks", "data", "go-corpus")

// TestCommittedCut: the committed windows match their recorded hash,
// count and length (Read), and, when this machine's Go is the recorded
// version, cutting them again from its GOROOT gives the same files, corpus
// hash and windows byte for byte. With another Go version the source
// differs and the test skips, naming both versions.
func TestCommittedCut(t *testing.T) {
	w, s, err := Read(os.DirFS(committed))
	if err != nil {
		t.Fatal(err)
	}
	if s.N != N || s.Count != Count {
		t.Fatalf("stored N = %d, Count = %d; current %d, %d", s.N, s.Count, N, Count)
	}
	goroot, version, err := GoEnv()
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	if version != s.GoVersion {
		t.Skipf("this machine's Go is %s, the corpus was cut from %s's source; not recomputed", version, s.GoVersion)
	}
	w2, s2, err := Cut(goroot, version)
	if err != nil {
		t.Fatal(err)
	}
	s2.GOROOT = s.GOROOT // where the toolchain lives may differ; its version and bytes may not
	if !reflect.DeepEqual(s2, s) || !reflect.DeepEqual(w2, w) {
		t.Errorf("recut from %s differs:\n %+v\nstored\n %+v", goroot, s2, s)
	}
}
