package sweeprun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/lib/sweep"
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

// TestRunShardLock: while a run of a shard holds its lock, a second run of
// that shard is refused (two plain runs computed every point twice); the
// lock of a killed run on this host is taken over; another shard runs.
func TestRunShardLock(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc to tell a dead holder")
	}
	dir := t.TempDir()
	planEval(t, dir, mcSettings())
	release, err := lockShard(dir, sweep.Shard{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), dir, RunOptions{Workers: 1}); !errors.Is(err, ErrShardBusy) {
		t.Fatalf("a second run of shard 0/1: %v, want ErrShardBusy", err)
	}
	if sum, err := Run(context.Background(), dir, RunOptions{Workers: 1, Shard: sweep.Shard{I: 1, N: 2}}); err != nil || sum.Computed == 0 {
		t.Errorf("shard 1/2 while 0/1 is locked: %+v, %v", sum, err)
	}
	release()
	// A holder on this host that is gone: a finished child's pid.
	child := exec.Command("true")
	if err := child.Run(); err != nil {
		t.Skip(err)
	}
	lock := filepath.Join(dir, shardLockName(sweep.Shard{}))
	os.WriteFile(lock, []byte(fmt.Sprintf("%s %d 1\n", hostname(), child.Process.Pid)), 0o644)
	if _, err := Run(context.Background(), dir, RunOptions{Workers: 1}); err != nil {
		t.Errorf("a stale lock was not taken over: %v", err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Error("the lock outlived the run")
	}
	// Another host's lock: refused, naming the file to delete.
	os.WriteFile(lock, []byte("elsewhere 1 1\n"), 0o644)
	os.Remove(filepath.Join(dir, sweep.DoneFile("i02"))) // work to do
	if _, err := Run(context.Background(), dir, RunOptions{Workers: 1}); !errors.Is(err, ErrShardBusy) || !strings.Contains(err.Error(), lock) {
		t.Errorf("another host's lock: %v", err)
	}
}
