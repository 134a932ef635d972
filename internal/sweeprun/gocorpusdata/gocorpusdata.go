// Package gocorpusdata cuts the committed code corpus of notebook 06's
// Noci et al. 2023 Fig. 2 (a causal language model on code): Count
// windows of N+1 bytes, evenly spaced over the concatenated non-test .go
// files of gocorpus.Dirs under `go env GOROOT`, written as windows.json
// with provenance.json (the Go version, GOROOT, the files and the SHA-256
// of their concatenation and of the windows) by `sigprop sweep generate
// go-corpus DIR`. gocorpusdata_test.go cuts them again from this machine's
// GOROOT when its Go version is the recorded one, and skips, saying so,
// when it is not.
package gocorpusdata

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"strings"

	"github.com/sigprop/sigprop/lib/gocorpus"
)

// N is the sequence length (tokens per window, each with its next-token
// target), Count the number of windows.
const (
	N     = 64
	Count = 32
)

// Settings record what was cut from where.
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

// GoEnv returns `go env GOROOT` and `go env GOVERSION` of the go command
// on PATH.
func GoEnv() (goroot, version string, err error) {
	out, err := exec.Command("go", "env", "GOROOT", "GOVERSION").Output()
	if err != nil {
		return "", "", fmt.Errorf("gocorpusdata: go env: %w", err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 {
		return "", "", fmt.Errorf("gocorpusdata: go env printed %q", out)
	}
	return f[0], f[1], nil
}

// Cut reads the corpus under goroot and cuts the windows.
func Cut(goroot, version string) ([]string, Settings, error) {
	fsys := os.DirFS(goroot)
	files, err := gocorpus.Files(fsys, gocorpus.Dirs)
	if err != nil {
		return nil, Settings{}, err
	}
	b, h, err := gocorpus.Read(fsys, files)
	if err != nil {
		return nil, Settings{}, err
	}
	w := gocorpus.Windows(b, N, Count)
	return w, Settings{GoVersion: version, GOROOT: goroot, Dirs: gocorpus.Dirs, Files: files, CorpusBytes: len(b), CorpusSHA256: h,
		N: N, Count: Count, WindowsSHA256: gocorpus.Hash([]byte(strings.Join(w, "")))}, nil
}

// Compute cuts the windows from the toolchain on PATH.
func Compute() ([]string, Settings, error) {
	goroot, version, err := GoEnv()
	if err != nil {
		return nil, Settings{}, err
	}
	return Cut(goroot, version)
}

// Len is the plan's length: one cut.
func Len() (int, error) { return 1, nil }

// Provenance is provenance.json of the cut (sweep.Generated's layout).
type Provenance struct {
	Settings Settings `json:"settings"`
}

// Read reads windows.json and the settings of provenance.json from fsys
// and checks the windows against their recorded length, count and hash.
func Read(fsys fs.FS) ([]string, Settings, error) {
	var w []string
	var p Provenance
	for name, v := range map[string]any{"windows.json": &w, "provenance.json": &p} {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, p.Settings, err
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, p.Settings, fmt.Errorf("gocorpusdata: %s: %w", name, err)
		}
	}
	s := p.Settings
	if len(w) != s.Count || gocorpus.Hash([]byte(strings.Join(w, ""))) != s.WindowsSHA256 {
		return nil, s, fmt.Errorf("gocorpusdata: windows.json does not match its provenance (%d windows, hash)", len(w))
	}
	for _, x := range w {
		if len(x) != s.N+1 {
			return nil, s, fmt.Errorf("gocorpusdata: a window of %d bytes, want %d", len(x), s.N+1)
		}
	}
	return w, s, nil
}
