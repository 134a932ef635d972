package publish

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/sigprop/sigprop/internal/atomicfile"
	"github.com/sigprop/sigprop/internal/selfid"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
)

// The figure cache (WithCache) keeps the SVG, PDF and PNG drawn for
// a figure, so that a report whose figures did not change copies them
// instead of drawing them again (drawing is most of the time of a report
// whose notebooks all come from the result cache).
//
// An entry is DIR/figures/KEY.EXT, written atomically (internal/atomicfile), so a
// concurrent report reads a whole file or none; two reports that draw one
// figure at once write the same bytes, and the last rename wins. KEY
// (figureKey) is the SHA-256 of
//
//   - FigureCacheVersion, bumped when the entries' layout changes;
//   - the drawing program: the Go build ID of the running executable
//     (drawerID), whose last part is the hash of the executable's
//     content. It covers everything that decides the bytes of a drawing:
//     kernel-ext/contract/picture and bundle, this package, gonum/plot, the fonts,
//     the Go toolchain. Any change of the code rebuilds the executable
//     and so redraws every figure once; a key made of package picture's
//     source alone would miss a change in gonum/plot, a font or the
//     compiler, and a version constant bumped by hand or by a golden
//     test would miss a change the goldens do not draw;
//   - the figure's whole bundle, its data and its Draw (bundle.Figure.Hash
//     leaves Draw out, as diff compares data only).
//
// The CSV is not cached: it is written from the data, which is quicker
// than reading a file.
const FigureCacheVersion = "sigprop-figfile/1"

// WithCache makes Build and Update use the cache in dir (created when
// needed): the figure cache, in dir/figures, and, for Build, the site
// stamps that let a Build whose site is already in its out skip
// (sitestamp.go), in dir/sites. A cache that cannot be read or written is
// ignored: the figure is drawn, the site built.
func WithCache(dir string) BuildOption {
	return func(o *options) { o.cache = dir }
}

// figureCache is the figure cache of one publish: dir, and the drawing
// program's identity (empty: no cache).
type figureCache struct {
	dir, drawer string
}

func newFigureCache(cache string) *figureCache {
	if cache == "" {
		return nil
	}
	dir := filepath.Join(cache, "figures")
	d := drawerID()
	if d == "" {
		return nil
	}
	return &figureCache{dir: dir, drawer: d}
}

// key is figureKey with c's drawer.
func (c *figureCache) key(f bundle.Figure) (string, bool) {
	return figureKey(f, c.drawer)
}

// figureKey is the cache key of figure f drawn by drawer; false when f
// cannot be encoded (it is then drawn, and the drawing says why).
func figureKey(f bundle.Figure, drawer string) (string, bool) {
	data, err := bundle.Encode(bundle.Bundle{Kind: bundle.KindFigure, Figure: &f})
	if err != nil {
		return "", false
	}
	h := sha256.New()
	for _, b := range [][]byte{[]byte(FigureCacheVersion), []byte(drawer), data} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// figureMagic is how a file of each drawn format starts; a cached file
// that does not is not used.
var figureMagic = map[picture.Format]string{picture.SVG: "<?xml", picture.PDF: "%PDF-", picture.PNG: "\x89PNG"}

// load returns the cached file of key in format ext, or nil.
func (c *figureCache) load(key string, ext picture.Format) []byte {
	b, err := os.ReadFile(filepath.Join(c.dir, key+"."+string(ext)))
	if err != nil || !bytes.HasPrefix(b, []byte(figureMagic[ext])) {
		return nil
	}
	return b
}

// store writes b as the file of key in format ext; an error is ignored
// (the next report draws the figure again).
func (c *figureCache) store(key string, ext picture.Format, b []byte) {
	if os.MkdirAll(c.dir, 0o755) != nil {
		return
	}
	atomicfile.Write(filepath.Join(c.dir, key+"."+string(ext)), b)
}

// drawerID identifies the program drawing: internal/selfid.
var drawerID = selfid.ID
