package publish

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPrefetchManifest: a prefetched manifest is what ReadManifest returns
// while the file is unchanged, never after the file changed, and only once.
func TestPrefetchManifest(t *testing.T) {
	dir := t.TempDir()
	write := func(commit string) {
		b, err := EncodeManifest(&Manifest{Schema: ManifestSchema, Provenance: Provenance{Commit: commit}})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("aaa")
	PrefetchManifest(dir)
	m, err := ReadManifest(dir)
	if err != nil || m.Provenance.Commit != "aaa" {
		t.Fatalf("unchanged file: %v, %+v", err, m)
	}
	// Prefetched, then the site is replaced before ReadManifest: the new
	// file is read, not the stale decode.
	PrefetchManifest(dir)
	takeAfter := make(chan struct{})
	go func() { defer close(takeAfter); write("bbb") }()
	<-takeAfter
	m, err = ReadManifest(dir)
	if err != nil || m.Provenance.Commit != "bbb" {
		t.Fatalf("changed file: got %+v (%v), want commit bbb", m, err)
	}
	// Used once: the prefetch of "aaa" cannot be handed out again.
	write("aaa")
	PrefetchManifest(dir)
	if _, ok := takePrefetched(dir, mustRead(t, dir)); !ok {
		t.Fatal("a prefetch of the current file was not used")
	}
	if _, ok := takePrefetched(dir, mustRead(t, dir)); ok {
		t.Fatal("a prefetch was used twice")
	}
	// A missing manifest: the prefetch fails and ReadManifest reports the
	// same error as without it.
	empty := t.TempDir()
	PrefetchManifest(empty)
	if _, err := ReadManifest(empty); err == nil {
		t.Fatal("no manifest: no error")
	}
}

func mustRead(t *testing.T, dir string) []byte {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
