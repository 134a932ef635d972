package eqindex

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestScanCached: ScanCached gives what Scan gives, from an empty cache
// and from a full one (which it does read), and scans again when a file
// under lib/ or kernel-ext/ or a notebook changes.
func TestScanCached(t *testing.T) {
	good := "//sigprop:eq src eq1\nfunc F() {}\n\n//sigprop:eq src eq2 erratum=" + srcPage + "#erratum-1\nfunc G() {}\n\ntype T struct{}\n\n//sigprop:eq src thm3.1\nfunc (T) H() {}\n\nfunc TestG() { G() }\n"
	root := miniRepo(t, good)
	cache := filepath.Join(t.TempDir(), "eqindex")
	same := func(what string) {
		t.Helper()
		want, err := Scan(root)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			got, err := ScanCached(root, cache)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(want)
			if string(a) != string(b) {
				t.Errorf("%s, call %d: ScanCached\n%s\nScan\n%s", what, i, a, b)
			}
		}
	}
	same("first")
	ents, _ := os.ReadDir(cache)
	if len(ents) != 1 {
		t.Fatalf("%d cache entries, want 1", len(ents))
	}
	// The entry is read: a marked one is what ScanCached returns.
	entry := filepath.Join(cache, ents[0].Name())
	if err := os.WriteFile(entry, []byte(`{"entries":[],"tables":{},"problems":["marked"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if ix, err := ScanCached(root, cache); err != nil || len(ix.Problems) != 1 || ix.Problems[0] != "marked" {
		t.Fatalf("the cache entry was not read: %+v, %v", ix, err)
	}
	for _, change := range []struct{ path, body string }{
		{"lib/foo/foo.go", "package foo\n\n" + good + "\n//sigprop:eq src eq9\nfunc Z() {}\n"},
		{srcPage, "# Notes\n\nPackages: `lib/foo`.\n"},
		{"lib/foo/new_test.go", "package foo\n"},
		{"kernel-ext/fooshow/show.go", "package fooshow\n"},
		{"notebooks/01-foo.ipynb", `{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`},
	} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(change.path)), []byte(change.body), 0o644); err != nil {
			t.Fatal(err)
		}
		same(change.path + " changed")
	}
	// A symbolic link under lib/: no cache, Scan.
	if err := os.Symlink(filepath.Join(root, "lib", "foo"), filepath.Join(root, "lib", "bar")); err == nil {
		if _, ok := scanKey(root); ok {
			t.Error("a checkout with a symbolic link under lib/ has a cache key")
		}
		same("symlink")
	}
}
