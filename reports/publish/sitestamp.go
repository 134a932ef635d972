package publish

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
)

// A Build with the cache (WithCache) whose site would come out as the one
// already in out leaves it as it is: nothing is rendered, drawn or
// written. After every such Build, a stamp is kept in the cache
// (DIR/sites/HASH-OF-OUT.json): the key of what the site was built from
// (siteKey) and the listing of the site as it was swapped in (every
// file and directory: its path, size, mode, modification time and inode;
// out itself by its mode and inode only, as CheckWritable's probe touches
// its time).
// The next Build skips when, under the site's lock, its key is the
// stamp's and out still lists as the stamp says: a file changed, added
// or removed since (by the user, by an Update or a report without the
// cache, which do not stamp) makes it build the site anew.
//
// The key covers everything the site is made from: SiteStampVersion, the
// program (drawerID: the publishing, rendering and drawing code, the
// assets), the results (every field, the notebook with its outputs), the
// provenance, the parameters, the equation index, and the notebooks
// beside the results' whose equations pages may cite (addSiblingEquations).

// SiteStampVersion is bumped when what the site key covers changes.
const SiteStampVersion = "sigprop-sitestamp/1"

type siteStamp struct {
	Key   string      `json:"key"`
	Files []stampFile `json:"files"`
}

type stampFile struct {
	Path  string `json:"path"`
	Size  int64  `json:"size"`
	Mode  uint32 `json:"mode"`
	MTime int64  `json:"mtime_ns"`
	Inode uint64 `json:"inode"`
}

// siteStamper decides whether a Build into out may skip, and records the
// site it built.
type siteStamper struct {
	path, key, out string
}

// newSiteStamper returns the stamper of a Build into out, or nil when
// there is no cache or the key cannot be computed (the site is built).
func newSiteStamper(cache, out string, results []execute.Result, prov Provenance, o options) *siteStamper {
	if cache == "" {
		return nil
	}
	d := drawerID()
	abs, err := filepath.Abs(out)
	if d == "" || err != nil {
		return nil
	}
	key, ok := siteKey(d, abs, results, prov, o)
	if !ok {
		return nil
	}
	h := sha256.Sum256([]byte(abs))
	return &siteStamper{path: filepath.Join(cache, "sites", hex.EncodeToString(h[:16])+".json"), key: key, out: abs}
}

// siteKey hashes what a Build makes its site from (see above).
func siteKey(drawer, out string, results []execute.Result, prov Provenance, o options) (string, bool) {
	h := sha256.New()
	field := func(b []byte) {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	js := func(v any) bool {
		b, err := json.Marshal(v)
		field(b)
		return err == nil
	}
	field([]byte(SiteStampVersion))
	field([]byte(drawer))
	field([]byte(out))
	if !js(prov) || !js(o.params) || !js(o.equations) {
		return "", false
	}
	dirs := map[string]bool{}
	for _, r := range results {
		if r.Notebook == nil {
			field([]byte("null"))
		} else if !hashNotebook(field, js, r.Notebook) {
			return "", false
		}
		if !js(struct {
			Path, Name, Status, Err, Why string
			Cells                        []execute.CellResult
			Duration                     int64
			Cached, Verified             bool
		}{r.Path, r.Name, r.Status, r.Err, r.Why, r.Cells, int64(r.Duration), r.Cached, r.Verified}) {
			return "", false
		}
		dirs[filepath.Dir(r.Path)] = true
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		paths, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
		if err != nil {
			return "", false
		}
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				return "", false
			}
			field([]byte(p))
			field(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// hashNotebook writes nb into a site key: every field as JSON but the
// outputs' data (the pictures and bundles, most of a notebook's bytes),
// written as they are, which spares encoding/json's validation of them. A
// count precedes each list.
func hashNotebook(field func([]byte), js func(any) bool, nb *ipynb.Notebook) bool {
	count := func(n int) { field([]byte(strconv.Itoa(n))) }
	if !js(struct {
		Metadata          map[string]any
		Format, FormatMin int
	}{nb.Metadata, nb.NBFormat, nb.NBFormatMinor}) {
		return false
	}
	count(len(nb.Cells))
	for _, c := range nb.Cells {
		outs := c.Outputs
		c.Outputs = nil
		if !js(c) {
			return false
		}
		count(len(outs))
		for _, o := range outs {
			data := o.Data
			o.Data = nil
			if !js(o) {
				return false
			}
			count(len(data))
			for _, k := range slices.Sorted(maps.Keys(data)) {
				field([]byte(k))
				field(data[k])
			}
		}
	}
	return true
}

// listSite lists the site at out (see siteStamp), sorted by path.
func listSite(out string) ([]stampFile, error) {
	var files []stampFile
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(out, p)
		if err != nil {
			return err
		}
		f := stampFile{Path: filepath.ToSlash(rel), Size: fi.Size(), Mode: uint32(fi.Mode()), MTime: fi.ModTime().UnixNano(), Inode: inode(fi)}
		if rel == "." {
			// out's own time changes with CheckWritable's probe; what
			// is added to or removed from it is in the listing.
			f.Size, f.MTime = 0, 0
		}
		files = append(files, f)
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, err
}

// unchanged returns the manifest of the site at out when it was built by
// a Build of the same key and is as that Build left it.
func (s *siteStamper) unchanged() (*Manifest, bool) {
	if s == nil {
		return nil, false
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return nil, false
	}
	var st siteStamp
	if json.Unmarshal(b, &st) != nil || st.Key != s.key || len(st.Files) == 0 {
		return nil, false
	}
	files, err := listSite(s.out)
	if err != nil || !slices.Equal(files, st.Files) {
		return nil, false
	}
	m, err := ReadManifest(s.out)
	if err != nil {
		return nil, false
	}
	return m, true
}

// record stamps the site just swapped into out; on error the stamp is
// removed (the next Build builds).
func (s *siteStamper) record() {
	if s == nil {
		return
	}
	files, err := listSite(s.out)
	var b []byte
	if err == nil {
		b, err = json.Marshal(siteStamp{Key: s.key, Files: files})
	}
	if err == nil {
		if err = os.MkdirAll(filepath.Dir(s.path), 0o755); err == nil {
			err = atomicfile.Write(s.path, b)
		}
	}
	if err != nil {
		os.Remove(s.path)
	}
}
