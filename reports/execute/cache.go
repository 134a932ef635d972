package execute

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// Version is the executor version mixed into every cache key; bump it when
// the executor's behaviour or the cached format changes.
const Version = "sigprop-execute/2"

// repoHash hashes the sources a notebook can depend on: every *.go file
// under root (excluding reports/site and directories whose name starts
// with "." or "_") and every file under notebooks/data (the committed
// results notebooks read, e.g. the trainability sweep), sorted by path,
// plus go.mod and go.sum. Each file
// contributes its slash-separated relative path, its length and its bytes.
func repoHash(root string) ([]byte, error) {
	var files []string
	site := filepath.Join(root, "reports", "site")
	data := filepath.Join(root, "notebooks", "data") + string(filepath.Separator)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_") || p == site) {
				return filepath.SkipDir
			}
			return nil
		}
		if (strings.HasSuffix(p, ".go") || strings.HasPrefix(p, data)) && d.Type().IsRegular() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("execute: hashing %s: %w", root, err)
	}
	sort.Strings(files)
	h := sha256.New()
	for _, p := range append([]string{filepath.Join(root, "go.mod"), filepath.Join(root, "go.sum")}, files...) {
		b, err := os.ReadFile(p)
		if err != nil {
			if os.IsNotExist(err) && !strings.HasSuffix(p, ".go") {
				continue // a module without go.sum
			}
			return nil, fmt.Errorf("execute: hashing: %w", err)
		}
		rel, _ := filepath.Rel(root, p)
		writeField(h, []byte(filepath.ToSlash(rel)))
		writeField(h, b)
	}
	return h.Sum(nil), nil
}

// writeField writes a length-prefixed field so that field boundaries are
// part of the hash.
func writeField(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}

// cacheKey is the hex SHA-256 of the executor version, the Go version, the
// options that change a result, the repository hash and the notebook bytes.
func cacheKey(repo []byte, nbBytes []byte, opt Options) string {
	h := sha256.New()
	writeField(h, []byte(Version))
	writeField(h, []byte(runtime.Version()))
	writeField(h, []byte(fmt.Sprintf("cell=%v nb=%v stopErr=%v stopTimeout=%v", opt.CellTimeout, opt.NotebookTimeout, opt.StopOnError, opt.StopOnTimeout)))
	writeField(h, repo)
	writeField(h, nbBytes)
	return hex.EncodeToString(h.Sum(nil))
}

// cacheEntry is the stored form of a Result.
type cacheEntry struct {
	Version  string          `json:"version"`
	Name     string          `json:"name"`
	Status   string          `json:"status"`
	Err      string          `json:"err"`
	Cells    []CellResult    `json:"cells"`
	Duration time.Duration   `json:"duration_ns"`
	Notebook json.RawMessage `json:"notebook"`
}

// loadCached returns the cached result for key, or ok=false on a miss or
// an unreadable entry (which is then simply recomputed).
func loadCached(dir, key, path string) (Result, bool) {
	b, err := os.ReadFile(filepath.Join(dir, key+".json"))
	if err != nil {
		return Result{}, false
	}
	var e cacheEntry
	if err := json.Unmarshal(b, &e); err != nil || e.Version != Version {
		return Result{}, false
	}
	var nb ipynb.Notebook
	if err := json.Unmarshal(e.Notebook, &nb); err != nil {
		return Result{}, false
	}
	return Result{Path: path, Name: e.Name, Notebook: &nb, Status: e.Status, Err: e.Err, Cells: e.Cells, Duration: e.Duration, Cached: true}, true
}

// storeCached writes r under dir/key.json atomically (temporary file in
// the same directory, then rename).
func storeCached(dir, key string, r Result) error {
	nb, err := ipynb.Marshal(r.Notebook)
	if err != nil {
		return err
	}
	b, err := json.Marshal(cacheEntry{Version: Version, Name: r.Name, Status: r.Status, Err: r.Err, Cells: r.Cells, Duration: r.Duration, Notebook: nb})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), filepath.Join(dir, key+".json")); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
