package publish

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/sigprop/sigprop/internal/filelock"
	"github.com/sigprop/sigprop/internal/tempdir"
)

// SiteMarker is the file at the top of every site sigprop writes (a report
// or a diff page). Replace writes into a directory only if it is new,
// empty, holds this file, or is recognisably a site made by a sigprop
// older than the marker (see CheckOut).
const SiteMarker = ".sigprop-site"

// siteMarkerContent is what SiteMarker holds.
const siteMarkerContent = "sigprop site: this directory is replaced as a whole by `sigprop report` or `sigprop diff`\n"

// ErrNotSite is returned (wrapped, naming the path) for an output
// directory that Replace will not replace.
var ErrNotSite = errors.New("not a sigprop site")

// CheckOut returns nil if the directory out may be replaced by a site:
// it does not exist, is empty, holds SiteMarker, or was written by an
// older sigprop (a manifest.json of a known schema, or only index.html and
// assets/sigprop.css, the layout of a diff page). Everything else is an
// error wrapping ErrNotSite and naming out, and so is out being a
// symbolic link, the working directory or one of its ancestors, or
// holding .git or go.mod, whatever else it holds: replacing the site
// replaces the whole directory.
func CheckOut(out string) error {
	abs, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	refuse := func(why string) error {
		return fmt.Errorf("output directory %s: %w: %s; sigprop replaces the whole output directory, so it writes only into a new or empty directory or a site it wrote (one holding %s)", out, ErrNotSite, why, SiteMarker)
	}
	st, err := os.Lstat(abs)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if st.Mode()&os.ModeSymlink != 0 {
		return refuse("it is a symbolic link")
	}
	if !st.IsDir() {
		return refuse("it is not a directory")
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(abs, wd); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return refuse("it is the working directory or holds it")
		}
	}
	entries, err := os.ReadDir(abs)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	for _, n := range []string{".git", "go.mod"} {
		if names[n] {
			return refuse("it holds " + n)
		}
	}
	if b, err := os.ReadFile(filepath.Join(abs, SiteMarker)); err == nil && bytes.HasPrefix(b, []byte("sigprop site")) {
		return nil
	}
	if legacySite(abs, names) {
		return nil
	}
	return refuse(fmt.Sprintf("it holds %d entries and no %s", len(entries), SiteMarker))
}

// legacySite reports whether dir, with top-level entries names, is a site
// written by a sigprop that did not yet write SiteMarker: a report (its
// manifest.json decodes with a schema this sigprop knows) or a diff page
// (index.html and assets/ holding sigprop.css, nothing else).
func legacySite(dir string, names map[string]bool) bool {
	if b, err := os.ReadFile(filepath.Join(dir, "manifest.json")); err == nil {
		var m struct {
			Schema     *int            `json:"schema"`
			Provenance json.RawMessage `json:"provenance"`
			Notebooks  json.RawMessage `json:"notebooks"`
		}
		if json.Unmarshal(b, &m) == nil && m.Schema != nil && *m.Schema >= MinManifestSchema && *m.Schema <= ManifestSchema &&
			m.Provenance != nil && m.Notebooks != nil && names["index.html"] {
			return true
		}
	}
	if len(names) == 2 && names["index.html"] && names["assets"] {
		if _, err := os.Stat(filepath.Join(dir, "assets", "sigprop.css")); err == nil {
			return true
		}
	}
	return false
}

// tmpPrefix is the name prefix of the sibling directory a site of out is
// built in.
func tmpPrefix(out string) string { return "." + filepath.Base(out) + ".tmp-" }

// legacyTmp matches the temporary directories of sigprops older than the
// owner files: .BASE.tmp-DIGITS and .BASE.tmp-DIGITS.old.
var legacyTmp = regexp.MustCompile(`\.tmp-[0-9]+(\.old)?$`)

// legacyTmpAge is how old such a directory must be before the next
// publish takes it for the leftover of a killed one (a publish writes
// its site in seconds).
const legacyTmpAge = time.Hour

// Replace writes a site into out with write and swaps it in: write fills
// a fresh directory (in a sibling of out holding an owner file, package
// tempdir), SiteMarker is added, and the new directory takes the place
// of out. On Linux the swap is one atomic exchange (renameat2
// RENAME_EXCHANGE), so there is no moment without a site; elsewhere it
// is two renames, the old site put back if the second fails. The old
// site is then removed. If write fails the old site is untouched.
//
// out must pass CheckOut. Leftovers of a publish that was killed (the
// sibling directories of a dead owner, and those of older sigprops more
// than an hour old) are removed first.
//
// Replace holds the site's lock (LockPath) from before write starts to
// after the swap, so two processes replacing one out do it one after the
// other, and write may read the site it replaces (Update merges its
// manifest) knowing no one else changes it meanwhile.
func Replace(out string, write func(dir string) error) error {
	return replace(context.Background(), nil, out, nil, nil, write)
}

// LockPath is the lock file of the site out: .BASE.lock beside it (not in
// it: the site is replaced as a whole), there while a publish holds it
// (internal/filelock: removed on unlock; the lock ends with the process
// that holds it, kill -9 included).
func LockPath(out string) string {
	out = filepath.Clean(out)
	return filepath.Join(filepath.Dir(out), "."+filepath.Base(out)+".lock")
}

// replace is Replace, waiting for the site's lock until ctx ends; wait,
// when not nil, hears that another process holds it. skip, when not nil,
// is asked under the lock whether the site in out may stay as it is (then
// nothing is written); done, when not nil, is called under the lock after
// the new site is swapped in.
func replace(ctx context.Context, wait io.Writer, out string, skip func() bool, done func(), write func(dir string) error) error {
	out = filepath.Clean(out)
	if err := CheckOut(out); err != nil {
		return err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	unlock, err := filelock.Lock(ctx, LockPath(out), func() {
		if wait != nil {
			fmt.Fprintf(wait, "waiting for another sigprop writing %s (lock %s)\n", out, LockPath(out))
		}
	})
	if err != nil {
		return fmt.Errorf("output directory %s: locking it: %w", out, err)
	}
	defer unlock()
	if err := CheckOut(out); err != nil { // what held the lock may have changed it
		return err
	}
	if skip != nil && skip() {
		return nil
	}
	removeLeftovers(parent, tmpPrefix(out))
	box, err := tempdir.NewIn(parent, tmpPrefix(out))
	if err != nil {
		return err
	}
	defer tempdir.RemoveOwned(box) // after the swap, this removes the old site
	site := filepath.Join(box, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		return err
	}
	if err := write(site); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(site, SiteMarker), []byte(siteMarkerContent), 0o644); err != nil {
		return err
	}
	if err := swap(site, out); err != nil {
		return err
	}
	if done != nil {
		done()
	}
	return nil
}

// removeLeftovers removes what killed publishes left in parent.
func removeLeftovers(parent, prefix string) {
	tempdir.RemoveStaleIn(parent, prefix)
	matches, _ := filepath.Glob(filepath.Join(parent, prefix+"*"))
	for _, m := range matches {
		st, err := os.Lstat(m)
		if err != nil || !st.IsDir() || !legacyTmp.MatchString(m) || time.Since(st.ModTime()) < legacyTmpAge {
			continue
		}
		if _, err := os.Stat(filepath.Join(m, ".owner")); err == nil {
			continue // RemoveStaleIn's to judge
		}
		os.RemoveAll(m)
	}
}

// swap puts directory site in the place of out; the old out, if any,
// ends at site's path.
func swap(site, out string) error {
	if _, err := os.Lstat(out); os.IsNotExist(err) {
		return os.Rename(site, out)
	}
	if err := exchange(site, out); err == nil {
		return nil
	}
	// No atomic exchange here: move the old site aside first.
	old := site + ".old"
	if err := os.Rename(out, old); err != nil {
		return err
	}
	if err := os.Rename(site, out); err != nil {
		os.Rename(old, out) // put the old site back
		return err
	}
	return os.Rename(old, site)
}

// CheckWritable returns an error naming out unless a site can be written
// there: the nearest existing directory of out's parent takes a new
// directory (the site is built beside out), and out, when it exists,
// takes a new file (its old content is removed after the swap). It probes
// by creating and removing them, so that a read-only or full file system
// is found before any notebook runs, not after every one has.
func CheckWritable(out string) error {
	out = filepath.Clean(out)
	anc := filepath.Dir(out)
	for {
		if st, err := os.Stat(anc); err == nil {
			if !st.IsDir() {
				return fmt.Errorf("output directory %s: %s is not a directory", out, anc)
			}
			break
		}
		up := filepath.Dir(anc)
		if up == anc {
			break
		}
		anc = up
	}
	probe, err := os.MkdirTemp(anc, ".sigprop-probe-")
	if err != nil {
		return fmt.Errorf("output directory %s cannot be written: %w", out, err)
	}
	os.Remove(probe)
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		f, err := os.CreateTemp(out, ".sigprop-probe-")
		if err != nil {
			return fmt.Errorf("output directory %s cannot be written: %w", out, err)
		}
		f.Close()
		os.Remove(f.Name())
	}
	return nil
}
