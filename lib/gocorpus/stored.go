package gocorpus

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/sigprop/sigprop/lib/internal/param"
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

// ErrParam is wrapped by the errors of a setting out of its range; the
// message names the field and its allowed range, and errors.Is matches any
// lib package's ErrParam (lib/internal/param).
var ErrParam = param.New("gocorpus")

// Validate returns ErrParam for a window length N or a Count below 1: a
// record no cut could have produced. ReadWindows calls it.
func (s Settings) Validate() error {
	return param.AtLeast(ErrParam, param.Min("Settings.N", s.N, 1), param.Min("Settings.Count", s.Count, 1))
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
	if err := s.Validate(); err != nil {
		return nil, s, err
	}
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
