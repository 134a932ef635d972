package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check accepts a file with the same bytes; compare names the file and
// both sizes when they differ and accepts equal bytes.
func TestCheck(t *testing.T) {
	if Update() {
		t.Skip("-update rewrites instead of comparing")
	}
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Check(t, path, []byte("same\n"))
	if err := compare(path, []byte("same\n"), []byte("same\n")); err != nil {
		t.Errorf("compare of equal bytes: %v", err)
	}
	err := compare(path, []byte("other\n"), []byte("same\n"))
	if err == nil || !strings.Contains(err.Error(), path+": output differs from golden file (6 vs 5 bytes)") {
		t.Errorf("compare of different bytes: %v", err)
	}
}
