package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.failed = append(r.failed, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) { r.Errorf(format, a...); runtime.Goexit() }

// check runs Check on its own goroutine, as Fatalf must end it.
func check(r *recorder, path string, got []byte) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		Check(r, path, got)
	}()
	<-done
}

func TestCheck(t *testing.T) {
	if Update() {
		t.Skip("-update rewrites instead of comparing")
	}
	path := filepath.Join(t.TempDir(), "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, got, want string // want: substring of the failure, "" for none
	}{
		{path, "same\n", ""},
		{path, "other\n", "output differs from golden file (6 vs 5 bytes)"},
		{path + ".missing", "same\n", "rerun the package's tests with -update"},
	} {
		r := &recorder{TB: t}
		check(r, tc.path, []byte(tc.got))
		switch {
		case tc.want == "" && len(r.failed) != 0:
			t.Errorf("Check(%q) failed: %v", tc.got, r.failed)
		case tc.want != "" && (len(r.failed) != 1 || !strings.Contains(r.failed[0], tc.want)):
			t.Errorf("Check(%q, %s) failures %q, want one containing %q", tc.got, filepath.Base(tc.path), r.failed, tc.want)
		}
	}
}
