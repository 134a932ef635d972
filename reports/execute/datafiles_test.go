package execute

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHashDataSymlinks: data reached through a symbolic link (the
// declared directory itself, or a file below it) is hashed by what it
// points at, so a change behind the link changes the key; data leading
// outside the repository or into its .git is refused with the path
// named; a link cycle is an error, not a hang.
func TestHashDataSymlinks(t *testing.T) {
	root := t.TempDir()
	nbDir := filepath.Join(root, "notebooks")
	store := filepath.Join(root, "store")
	for _, d := range []string{nbDir, store, filepath.Join(root, ".git")} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(filepath.Join(store, "x.csv"), []byte("1,2"), 0o644)
	os.WriteFile(filepath.Join(root, "y.csv"), []byte("3"), 0o644)
	os.Symlink("../store", filepath.Join(nbDir, "data"))       // a symlinked data directory
	os.Symlink("../y.csv", filepath.Join(store, "y-link.csv")) // a symlinked file below it
	key := func() Inputs {
		in := Inputs{}
		if err := hashData(in, root, nbDir, "data"); err != nil {
			t.Fatal(err)
		}
		return in
	}
	k1 := key()
	if len(k1) != 2 || k1["data:data/x.csv"] == "" || k1["data:data/y-link.csv"] == "" {
		t.Fatalf("keys %v: want both files reached through the links", k1)
	}
	os.WriteFile(filepath.Join(store, "x.csv"), []byte("1,3"), 0o644)
	if k2 := key(); k2["data:data/x.csv"] == k1["data:data/x.csv"] {
		t.Error("a change behind a symlinked data directory left the key unchanged")
	}
	os.WriteFile(filepath.Join(root, "y.csv"), []byte("4"), 0o644)
	if k3 := key(); k3["data:data/y-link.csv"] == k1["data:data/y-link.csv"] {
		t.Error("a change behind a symlinked file left the key unchanged")
	}

	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644)
	os.Symlink(outside, filepath.Join(nbDir, "escape"))
	os.Symlink(filepath.Join(outside, "secret"), filepath.Join(store, "inner-escape"))
	for _, tc := range []struct{ d, want string }{
		{"../../", "outside the repository"},
		{"escape", "outside the repository"},
		{"data", "outside the repository"}, // through store/inner-escape
		{"../.git", "inside the repository's .git"},
	} {
		err := hashData(Inputs{}, root, nbDir, tc.d)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("data %q: err %v, want %q", tc.d, err, tc.want)
		}
	}
	os.Remove(filepath.Join(store, "inner-escape"))
	os.Symlink(".", filepath.Join(store, "loop"))
	if err := hashData(Inputs{}, root, nbDir, "data"); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("a symlink cycle: err %v", err)
	}
}
