package publish

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
)

// prefetched holds the manifests PrefetchManifest started reading, by
// the site directory's absolute path.
var prefetched struct {
	sync.Mutex
	m map[string]*pendingManifest
}

type pendingManifest struct {
	done chan struct{}
	b    []byte // the bytes decoded
	m    *Manifest
	err  error
}

// PrefetchManifest starts reading and decoding dir/manifest.json in the
// background, so that a report whose site turns out unchanged (its
// notebooks all cached) finds the manifest decoded while it was checking
// its cache. The next ReadManifest(dir) uses the decoded value only if the
// file still holds the bytes that were decoded; otherwise, or if the
// prefetch failed, it reads the file as always. A manifest is prefetched
// for one ReadManifest.
func PrefetchManifest(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	p := &pendingManifest{done: make(chan struct{})}
	prefetched.Lock()
	if prefetched.m == nil {
		prefetched.m = map[string]*pendingManifest{}
	}
	prefetched.m[abs] = p
	prefetched.Unlock()
	go func() {
		defer close(p.done)
		path := filepath.Join(dir, "manifest.json")
		if p.b, p.err = os.ReadFile(path); p.err == nil {
			p.m, p.err = decodeManifest(path, p.b)
		}
	}()
}

// takePrefetched returns the manifest prefetched for dir if its bytes are
// b (the file as ReadManifest has just read it), waiting for the prefetch
// to finish; the prefetch is used once.
func takePrefetched(dir string, b []byte) (*Manifest, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, false
	}
	prefetched.Lock()
	p := prefetched.m[abs]
	delete(prefetched.m, abs)
	prefetched.Unlock()
	if p == nil {
		return nil, false
	}
	<-p.done
	if p.err != nil || !bytes.Equal(p.b, b) {
		return nil, false
	}
	return p.m, true
}
