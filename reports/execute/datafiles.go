package execute

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// hashData adds to in the hash of every regular file reached under the
// declared data path d (metadata.sigprop.data, relative to nbDir), keyed
// "data:" + its path as the notebook names it. Symbolic links are
// followed, at the top and below, and what they point at is hashed, so a
// change behind a symlinked directory re-executes the notebook. Every
// path must resolve inside the repository root and outside its .git: data
// elsewhere is refused with an error naming the declared path and where
// it leads (a notebook's result must not depend on files the key cannot
// see, nor read the repository's internals). A symlink cycle is an error;
// files that are neither regular nor directories are skipped.
func hashData(in Inputs, root, nbDir, d string) error {
	return hashDataWith(in, root, nbDir, d, hashFile)
}

// hashFile returns the hash of the regular file at real.
func hashFile(real string) (string, error) {
	b, err := os.ReadFile(real)
	if err != nil {
		return "", err
	}
	return hashBytes(b), nil
}

// hashDataWith is hashData with the hash of each regular file (by its
// real path) taken from file: the input hasher passes a memo, so that a
// data set two notebooks declare is read once per report.
func hashDataWith(in Inputs, root, nbDir, d string, file func(real string) (string, error)) error {
	rootReal, err := filepath.EvalSymlinks(root)
	if err == nil {
		rootReal, err = filepath.Abs(rootReal)
	}
	if err != nil {
		return err
	}
	if nbDir, err = filepath.Abs(nbDir); err != nil {
		return err
	}
	gitDir := filepath.Join(rootReal, ".git")
	seen := map[string]bool{}
	var walk func(logical string) error
	walk = func(logical string) error {
		real, err := filepath.EvalSymlinks(logical)
		if err != nil {
			return err
		}
		if real, err = filepath.Abs(real); err != nil {
			return err
		}
		if !within(rootReal, real) {
			return fmt.Errorf("%s leads to %s, outside the repository %s", logical, real, rootReal)
		}
		if within(gitDir, real) {
			return fmt.Errorf("%s leads to %s, inside the repository's .git", logical, real)
		}
		st, err := os.Stat(real)
		if err != nil {
			return err
		}
		switch {
		case st.IsDir():
			if seen[real] {
				return fmt.Errorf("%s: a symbolic link cycle (%s again)", logical, real)
			}
			seen[real] = true
			defer delete(seen, real)
			entries, err := os.ReadDir(real) // sorted by name
			if err != nil {
				return err
			}
			for _, e := range entries {
				if err := walk(filepath.Join(logical, e.Name())); err != nil {
					return err
				}
			}
		case st.Mode().IsRegular():
			h, err := file(real)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(nbDir, logical)
			if err != nil {
				return err
			}
			in["data:"+path.Clean(filepath.ToSlash(rel))] = h
		}
		return nil
	}
	return walk(filepath.Join(nbDir, filepath.FromSlash(d)))
}

// within reports whether path p is dir or below it (both cleaned and
// absolute).
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
