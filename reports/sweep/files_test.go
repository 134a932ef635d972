package sweep

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sigprop/sigprop/lib/sweep"
	"github.com/sigprop/sigprop/reports/atomicfile"
)

// TestPointFilesShared: point files are written 0644 (readable by the
// other users and tasks that share a sweep directory; CreateTemp's 0600
// was kept before), and a point file cut short is not counted as done:
// run computes it again, and the result is the one a clean run gives.
func TestPointFilesShared(t *testing.T) {
	dir := t.TempDir()
	planEval(t, dir, mcSettings())
	if _, err := Run(context.Background(), dir, RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{sweep.DoneFile("i03"), sweep.ProvenanceFile} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != atomicfile.Mode {
			t.Errorf("%s: mode %v, want %v", name, st.Mode().Perm(), os.FileMode(atomicfile.Mode))
		}
	}
	whole, _ := os.ReadFile(filepath.Join(dir, sweep.DoneFile("i05")))
	os.WriteFile(filepath.Join(dir, sweep.DoneFile("i05")), whole[:len(whole)/2], 0o644)
	names, err := listNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	if st := sweep.Scan(names, mustPoints(t, dir)); st[5] == sweep.Done {
		t.Error("a truncated point file counts as done")
	}
	sum, err := Run(context.Background(), dir, RunOptions{Workers: 1})
	if err != nil || sum.Computed != 1 {
		t.Fatalf("rerun: %+v, %v; want the truncated point computed again", sum, err)
	}
	// The wall time ("seconds") differs between runs; nothing else may.
	secs := regexp.MustCompile(`"seconds":[0-9.e+-]+`)
	if again, _ := os.ReadFile(filepath.Join(dir, sweep.DoneFile("i05"))); !bytes.Equal(secs.ReplaceAll(again, nil), secs.ReplaceAll(whole, nil)) {
		t.Errorf("recomputed point differs:\n%s\nwant\n%s", again, whole)
	}
}

func mustPoints(t *testing.T, dir string) []sweep.Point {
	t.Helper()
	_, pts, err := readPoints(dir)
	if err != nil {
		t.Fatal(err)
	}
	return pts
}
