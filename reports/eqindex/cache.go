package eqindex

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/internal/selfid"
)

// CacheVersion is bumped when what a cached index's key covers changes.
const CacheVersion = "sigprop-eqindex/1"

// ScanCached is Scan, its index kept in dir (DIR/KEY.json, written
// atomically) under a key that covers everything Scan reads: every file
// under lib/ and kernel-ext/ (path and bytes; Scan reads the Go files and
// lib/sources/*.md there), the notebooks (notebooks/*.ipynb), the root's
// path and the program (internal/selfid: a change of this package's code
// is a change of the program). Reading and hashing them takes a few tens
// of milliseconds where parsing them takes a few hundred. A symbolic link
// under lib/ or kernel-ext/ (which Scan follows and the key would not)
// or a cache that cannot be read makes it Scan; a cache that cannot be
// written is ignored.
func ScanCached(root, dir string) (*Index, error) {
	key, ok := scanKey(root)
	if !ok || dir == "" {
		return Scan(root)
	}
	path := filepath.Join(dir, key+".json")
	if b, err := os.ReadFile(path); err == nil {
		var ix Index
		if json.Unmarshal(b, &ix) == nil {
			return &ix, nil
		}
	}
	ix, err := Scan(root)
	if err != nil {
		return nil, err
	}
	if b, err := json.Marshal(ix); err == nil && os.MkdirAll(dir, 0o755) == nil {
		atomicfile.Write(path, b)
	}
	return ix, nil
}

// scanKey is ScanCached's key of the checkout at root; false when it
// cannot be computed.
func scanKey(root string) (string, bool) {
	prog := selfid.ID()
	abs, err := filepath.Abs(root)
	if prog == "" || err != nil {
		return "", false
	}
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	field([]byte(CacheVersion))
	field([]byte(prog))
	field([]byte(abs))
	file := func(p string) bool {
		b, err := os.ReadFile(p)
		if err != nil {
			return false
		}
		rel, _ := filepath.Rel(abs, p)
		field([]byte(filepath.ToSlash(rel)))
		field(b)
		return true
	}
	for _, top := range []string{"lib", "kernel-ext"} {
		field([]byte(top + "/"))
		err := filepath.WalkDir(filepath.Join(abs, top), func(p string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.Type()&fs.ModeSymlink != 0:
				return fs.ErrInvalid
			case d.IsDir():
				rel, _ := filepath.Rel(abs, p)
				field([]byte("dir " + filepath.ToSlash(rel)))
				return nil
			case !d.Type().IsRegular():
				return fs.ErrInvalid
			case !file(p):
				return fs.ErrInvalid
			}
			return nil
		})
		if err != nil {
			return "", false
		}
	}
	nbs, err := filepath.Glob(filepath.Join(abs, "notebooks", "*.ipynb"))
	if err != nil {
		return "", false
	}
	field([]byte("notebooks/"))
	for _, p := range nbs {
		if !file(p) {
			return "", false
		}
	}
	return hex.EncodeToString(h.Sum(nil)), true
}
