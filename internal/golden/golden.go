package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files from the current output")

// Update reports whether the test binary runs with -update.
func Update() bool { return *update }

// Check compares got with the file at path; with -update it writes got
// there instead. A missing file or different bytes fail the test, with a
// hint to rerun with -update and review the diff.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (rerun the package's tests with -update to create it)", err)
	}
	if err := compare(path, got, want); err != nil {
		t.Error(err)
	}
}

// compare says how got differs from the golden file's want, if it does.
func compare(path string, got, want []byte) error {
	if bytes.Equal(got, want) {
		return nil
	}
	return fmt.Errorf("%s: output differs from golden file (%d vs %d bytes); if the change is intended, rerun with -update and review the diff", path, len(got), len(want))
}
