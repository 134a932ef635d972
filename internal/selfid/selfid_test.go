package selfid

import (
	"runtime"
	"strings"
	"testing"
)

// TestID: the test binary has an ID, the same at every call; on Linux it
// is the Go build ID from the ELF note.
func TestID(t *testing.T) {
	id := ID()
	if id == "" || id != ID() {
		t.Fatalf("ID() = %q, then %q", id, ID())
	}
	if runtime.GOOS == "linux" && !strings.HasPrefix(id, "buildid:") {
		t.Errorf("ID() = %q, want the build ID", id)
	}
}
