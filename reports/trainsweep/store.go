package trainsweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	sweep "github.com/sigprop/sigprop/lib/trainsweep"
)

// DirStore is a sweep.Store keeping the result of point key in
// Dir/key.json. Save writes a temporary file and renames it, so a killed
// sweep never leaves a half-written result; leftover *.tmp files are
// ignored.
type DirStore struct {
	Dir string
}

// NewDirStore creates dir if needed.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &DirStore{Dir: dir}, nil
}

func (s *DirStore) path(key string) string { return filepath.Join(s.Dir, key+".json") }

// Load implements sweep.Store.
func (s *DirStore) Load(key string) (sweep.Result, bool, error) {
	b, err := os.ReadFile(s.path(key))
	if errors.Is(err, fs.ErrNotExist) {
		return sweep.Result{}, false, nil
	}
	if err != nil {
		return sweep.Result{}, false, err
	}
	var r sweep.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return sweep.Result{}, false, fmt.Errorf("%s: %w (delete the file to recompute the point)", s.path(key), err)
	}
	return r, true, nil
}

// Save implements sweep.Store.
func (s *DirStore) Save(key string, r sweep.Result) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(s.path(key), append(b, '\n'))
}

// writeAtomic writes b to path through a temporary file in the same
// directory and a rename, so a crash leaves the old file or the new one.
func writeAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
