package gocorpus

import (
	"testing"
	"testing/fstest"
)

func TestFilesAndRead(t *testing.T) {
	fsys := fstest.MapFS{
		"src/a/z.go":      {Data: []byte("package a\n")},
		"src/a/b.go":      {Data: []byte("package a // b\n")},
		"src/a/b_test.go": {Data: []byte("package a\n")},
		"src/a/sub/c.go":  {Data: []byte("package sub\n")},
		"src/a/x.txt":     {Data: []byte("x")},
		"src/b/y.go":      {Data: []byte("package b\n")},
	}
	files, err := Files(fsys, []string{"src/b", "src/a"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"src/b/y.go", "src/a/b.go", "src/a/z.go"}
	if len(files) != len(want) {
		t.Fatalf("files %v, want %v", files, want)
	}
	for i := range want {
		if files[i] != want[i] {
			t.Fatalf("files %v, want %v", files, want)
		}
	}
	b, h, err := Read(fsys, files)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "package b\npackage a // b\npackage a\n" || h != Hash(b) || len(h) != 64 {
		t.Errorf("read %q, hash %s", b, h)
	}
	if _, err := Files(fsys, []string{"src/none"}); err == nil {
		t.Error("missing directory: want an error")
	}
}

// TestTokenize: the id of each class of byte (see Vocab).
func TestTokenize(t *testing.T) {
	got := Tokenize([]byte("\n\t ~A\x00é"))
	want := []int{1, 2, 3, 3 + 94, 3 + 33, 0, 0, 0}
	if Vocab != 98 || len(got) != len(want) {
		t.Fatalf("Vocab %d, tokens %v", Vocab, got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("token %d = %d, want %d", i, got[i], want[i])
		}
	}
}

// TestWindowsBatch: windows evenly spaced, the last ending within b; the
// targets are the tokens shifted by one.
func TestWindowsBatch(t *testing.T) {
	b := []byte("abcdefghijklmnopqrstuvwxyz")
	w := Windows(b, 3, 3) // stride ⌊(26 − 4)/2⌋ = 11
	if w[0] != "abcd" || w[1] != "lmno" || w[2] != "wxyz" {
		t.Errorf("windows %q", w)
	}
	tok, tgt := Batch(w, 3)
	if len(tok) != 9 || tok[1] != tgt[0] || tok[4] != tgt[3] || tgt[8] != 3+int('z'-' ') {
		t.Errorf("tokens %v targets %v", tok, tgt)
	}
}
