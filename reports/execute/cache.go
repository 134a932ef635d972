package execute

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"hash"
	"os"
	"path/filepath"
	"time"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/internal/filelock"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// Version is the executor version mixed into every cache key; bump it when
// the executor's behaviour or the cached format changes.
const Version = "sigprop-execute/4"

// writeField writes a length-prefixed field so that field boundaries are
// part of the hash.
func writeField(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// cacheEntry is the stored form of a Result.
type cacheEntry struct {
	Version  string          `json:"version"`
	Name     string          `json:"name"`
	Status   string          `json:"status"`
	Err      string          `json:"err"`
	Cells    []CellResult    `json:"cells"`
	Duration time.Duration   `json:"duration_ns"`
	Start    time.Duration   `json:"start_ns"`
	StartCPU time.Duration   `json:"start_cpu_ns"`
	CPUKnown bool            `json:"cpu_known"`
	Notebook json.RawMessage `json:"notebook"`
	Inputs   Inputs          `json:"inputs"`
}

// loadCached returns the cached result for key, or ok=false on a miss or
// an unreadable entry (which is then simply recomputed). The result is
// named name, the caller's, never the entry's (a name becomes a file
// name); an entry without a notebook is unreadable.
func loadCached(dir, key, path, name string) (Result, bool) {
	b, err := os.ReadFile(filepath.Join(dir, key+".json"))
	if err != nil {
		return Result{}, false
	}
	var e cacheEntry
	if err := json.Unmarshal(b, &e); err != nil || e.Version != Version {
		return Result{}, false
	}
	nb, err := ipynb.Parse(e.Notebook) // null or a malformed notebook: a miss
	if err != nil {
		return Result{}, false
	}
	return Result{Path: path, Name: name, Notebook: nb, Status: e.Status, Err: e.Err, Cells: e.Cells, Duration: e.Duration,
		Start: e.Start, StartCPU: e.StartCPU, CPUKnown: e.CPUKnown, Cached: true}, true
}

// storeCached writes r under dir/key.json atomically (temporary file in
// the same directory, then rename).
func storeCached(dir, key string, r Result, in Inputs) error {
	nb, err := ipynb.Marshal(r.Notebook)
	if err != nil {
		return err
	}
	b, err := json.Marshal(cacheEntry{Version: Version, Name: r.Name, Status: r.Status, Err: r.Err, Cells: r.Cells, Duration: r.Duration,
		Start: r.Start, StartCPU: r.StartCPU, CPUKnown: r.CPUKnown, Notebook: nb, Inputs: in})
	if err != nil {
		return err
	}
	return writeAtomic(dir, key+".json", b)
}

// writeAtomic creates dir and replaces dir/name atomically, so that a
// reader sees the old file or the new one, never part of one.
func writeAtomic(dir, name string, b []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return atomicfile.Write(filepath.Join(dir, name), b)
}

// lastInputs is where the inputs of the newest cached result of each
// notebook are kept, to say why a notebook is executed again: the file is
// named by the hash of the notebook's path relative to the repository root
// (the same in every worktree of the repository).
func lastInputsPath(dir, relPath string) (string, string) {
	return filepath.Join(dir, "last"), hashBytes([]byte(filepath.ToSlash(relPath)))[:32] + ".json"
}

// loadLastInputs returns the inputs stored by storeLastInputs, or nil.
func loadLastInputs(dir, relPath string) Inputs {
	d, name := lastInputsPath(dir, relPath)
	b, err := os.ReadFile(filepath.Join(d, name))
	if err != nil {
		return nil
	}
	var in Inputs
	if json.Unmarshal(b, &in) != nil {
		return nil
	}
	return in
}

func storeLastInputs(dir, relPath string, in Inputs) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	d, name := lastInputsPath(dir, relPath)
	return writeAtomic(d, name, b)
}

// lockEntry takes the lock of the cache entry key (dir/locks/KEY.lock,
// internal/filelock), so that two reports that would execute one
// notebook at the same inputs execute it once: the second waits, saying
// so, and then finds the entry the first stored. It returns that entry
// (vetted by check when not nil; one that fails it is evicted) when there
// is one by the time the lock is held, and the unlock to call after the
// result is stored. A lock that cannot be taken (ctx ended, the cache
// directory not writable) returns its error; the caller then executes
// unlocked rather than not at all.
func lockEntry(ctx context.Context, dir, key, path, name string, check func(*ipynb.Notebook) error, wait func()) (unlock func(), cached *Result, err error) {
	locks := filepath.Join(dir, "locks")
	if err := os.MkdirAll(locks, 0o755); err != nil {
		return nil, nil, err
	}
	unlock, err = filelock.Lock(ctx, filepath.Join(locks, key+".lock"), wait)
	if err != nil {
		return nil, nil, err
	}
	c, ok := loadCached(dir, key, path, name)
	if ok && check != nil && check(c.Notebook) != nil {
		os.Remove(filepath.Join(dir, key+".json"))
		ok = false
	}
	if !ok {
		return unlock, nil, nil
	}
	return unlock, &c, nil
}
