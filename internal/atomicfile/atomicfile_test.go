package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates and then replaces a file, leaves no temporary file behind,
// and fails, changing nothing, when the rename cannot happen (the target
// is a directory) or the directory does not exist.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.json")
	for _, s := range []string{"first\n", "second, longer\n"} {
		if err := Write(path, []byte(s)); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != s {
			t.Fatalf("after Write(%q): %q, %v", s, b, err)
		}
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "keep"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(sub, []byte("x")); err == nil {
		t.Error("Write over a non-empty directory succeeded")
	}
	if err := Write(filepath.Join(dir, "missing", "y"), []byte("x")); err == nil {
		t.Error("Write into a missing directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only x.json and sub", names)
	}
}
