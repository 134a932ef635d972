package tempdir

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ownerFile is the name of the file that records the owner process.
const ownerFile = ".owner"

// legacyAge is how old a directory without an owner file must be before
// RemoveStale takes it for abandoned.
const legacyAge = 24 * time.Hour

// New creates a directory in os.TempDir() whose name starts with prefix
// and records the calling process as its owner.
func New(prefix string) (string, error) { return NewIn("", prefix) }

// RemoveStale removes the directories in os.TempDir() whose name starts
// with prefix and whose owner process no longer runs, and returns their
// paths. Errors (a directory that cannot be read or removed) are skipped:
// cleaning up is best effort and never fails a run.
func RemoveStale(prefix string) []string {
	matches, _ := filepath.Glob(filepath.Join(os.TempDir(), prefix+"*"))
	var removed []string
	for _, dir := range matches {
		st, err := os.Lstat(dir)
		if err != nil || !st.IsDir() {
			continue
		}
		if !stale(dir, st.ModTime()) {
			continue
		}
		if os.RemoveAll(dir) == nil {
			removed = append(removed, dir)
		}
	}
	return removed
}

func stale(dir string, mtime time.Time) bool {
	b, err := os.ReadFile(filepath.Join(dir, ownerFile))
	if err != nil {
		return time.Since(mtime) > legacyAge
	}
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return time.Since(mtime) > legacyAge
	}
	pid, err1 := strconv.Atoi(f[0])
	start, err2 := strconv.ParseUint(f[1], 10, 64)
	if err1 != nil || err2 != nil || pid <= 0 {
		return time.Since(mtime) > legacyAge
	}
	if pid == os.Getpid() {
		return false
	}
	now, alive := startTime(pid)
	return !alive || (start != 0 && now != 0 && now != start)
}
