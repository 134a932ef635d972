package gocorpus

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
)

// Settings record what a cut of the corpus (`sigprop sweep generate
// go-corpus`) took from where.
type Settings struct {
	GoVersion    string   `json:"go_version"` // `go env GOVERSION` of the GOROOT read
	GOROOT       string   `json:"goroot"`
	Dirs         []string `json:"dirs"`
	Files        []string `json:"files"`
	CorpusBytes  int      `json:"corpus_bytes"`
	CorpusSHA256 string   `json:"corpus_sha256"`
	N            int      `json:"n"`
	Count        int      `json:"count"`
	// WindowsSHA256 is the SHA-256 of the windows concatenated.
	WindowsSHA256 string `json:"windows_sha256"`
}

// Provenance is provenance.json of the cut (sweep.Generated's layout).
type Provenance struct {
	Settings Settings `json:"settings"`
}

// ReadWindows reads windows.json and the settings of provenance.json from fsys
// and checks the windows against their recorded length, count and hash.
func ReadWindows(fsys fs.FS) ([]string, Settings, error) {
	var w []string
	var p Provenance
	for name, v := range map[string]any{"windows.json": &w, "provenance.json": &p} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, p.Settings, err
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, p.Settings, fmt.Errorf("gocorpus: %s: %w", name, err)
		}
	}
	s := p.Settings
	if len(w) != s.Count || Hash([]byte(strings.Join(w, ""))) != s.WindowsSHA256 {
		return nil, s, fmt.Errorf("gocorpus: windows.json does not match its provenance (%d windows, hash)", len(w))
	}
	for _, x := range w {
		if len(x) != s.N+1 {
			return nil, s, fmt.Errorf("gocorpus: a window of %d bytes, want %d", len(x), s.N+1)
		}
	}
	return w, s, nil
}
