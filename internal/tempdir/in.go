package tempdir

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// NewIn is New in directory parent instead of os.TempDir(): it creates
// parent/PREFIXXXXX holding the .owner file of the calling process
// (parent "" is os.TempDir(), as for os.MkdirTemp).
// Publishing a site uses it for the sibling directory it builds in, so
// that a killed publish leaves a directory the next run recognises as
// abandoned.
func NewIn(parent, prefix string) (string, error) {
	dir, err := os.MkdirTemp(parent, prefix)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), OwnerRecord(), 0o600); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// OwnerRecord is the content of an owner file naming the calling process:
// "PID START\n", START being its start time in clock ticks since boot (0
// where unknown).
func OwnerRecord() []byte {
	pid := os.Getpid()
	start, _ := startTime(pid)
	return fmt.Appendf(nil, "%d %d\n", pid, start)
}

// OwnerGone reports whether the owner record b (as written by
// OwnerRecord) names a process that no longer runs: its pid is gone, or
// now belongs to a process started at another time. A malformed record
// is not taken for gone (ok false).
func OwnerGone(b []byte) (gone, ok bool) {
	f := strings.Fields(string(b))
	if len(f) != 2 {
		return false, false
	}
	pid, err1 := strconv.Atoi(f[0])
	start, err2 := strconv.ParseUint(f[1], 10, 64)
	if err1 != nil || err2 != nil || pid <= 0 {
		return false, false
	}
	if pid == os.Getpid() {
		return false, true
	}
	now, alive := startTime(pid)
	return !alive || (start != 0 && now != 0 && now != start), true
}

// RemoveStaleIn is RemoveStale in directory parent instead of
// os.TempDir(). Only directories holding an owner file that names a
// process that is gone are removed (a directory without one is left
// alone whatever its age: parent is a user's directory, not a
// temporary one).
func RemoveStaleIn(parent, prefix string) []string {
	matches, _ := filepath.Glob(filepath.Join(parent, globEscape(prefix)+"*"))
	var removed []string
	for _, dir := range matches {
		st, err := os.Lstat(dir)
		if err != nil || !st.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		if err != nil {
			continue
		}
		if gone, ok := OwnerGone(b); !ok || !gone {
			continue
		}
		if RemoveOwned(dir) == nil {
			removed = append(removed, dir)
		}
	}
	return removed
}

// RemoveOwned removes dir, made by New or NewIn, removing its owner file
// last, so that a removal cut short by a kill leaves a directory that the
// next RemoveStale or RemoveStaleIn still recognises as abandoned.
func RemoveOwned(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	for _, e := range entries {
		if e.Name() == ownerFile {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return os.RemoveAll(dir)
}

// globEscape escapes the glob metacharacters of s.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '*', '?', '[', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
