package show

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// DataFS reads notebooks/data/<name> under $SIGPROP_ROOT when it is set
// and under ".." otherwise.
func TestDataFS(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "notebooks", "data", "x")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SIGPROP_ROOT", root)
	if b, err := fs.ReadFile(DataFS("x"), "a.txt"); err != nil || string(b) != "hi" {
		t.Errorf("with SIGPROP_ROOT: %q, %v", b, err)
	}
	t.Setenv("SIGPROP_ROOT", "")
	// From kernel-ext/show, ".." is kernel-ext, which has no notebooks/data.
	if _, err := fs.ReadFile(DataFS("x"), "a.txt"); err == nil {
		t.Error("without SIGPROP_ROOT: read a file under .. that does not exist")
	}
	t.Chdir(filepath.Join(root, "notebooks"))
	if b, err := fs.ReadFile(DataFS("x"), "a.txt"); err != nil || string(b) != "hi" {
		t.Errorf("from notebooks/ without SIGPROP_ROOT: %q, %v", b, err)
	}
}
