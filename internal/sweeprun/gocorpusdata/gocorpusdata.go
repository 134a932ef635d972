package gocorpusdata

import (
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
	N     = 32
	Count = 16
)

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
func Cut(goroot, version string) ([]string, gocorpus.Settings, error) {
	fsys := os.DirFS(goroot)
	files, err := gocorpus.Files(fsys, gocorpus.Dirs)
	if err != nil {
		return nil, gocorpus.Settings{}, err
	}
	b, h, err := gocorpus.Read(fsys, files)
	if err != nil {
		return nil, gocorpus.Settings{}, err
	}
	w := gocorpus.Windows(b, N, Count)
	return w, gocorpus.Settings{GoVersion: version, GOROOT: goroot, Dirs: gocorpus.Dirs, Files: files, CorpusBytes: len(b), CorpusSHA256: h,
		N: N, Count: Count, WindowsSHA256: gocorpus.Hash([]byte(strings.Join(w, "")))}, nil
}

// Compute cuts the windows from the toolchain on PATH.
func Compute() ([]string, gocorpus.Settings, error) {
	goroot, version, err := GoEnv()
	if err != nil {
		return nil, gocorpus.Settings{}, err
	}
	return Cut(goroot, version)
}

// Len is the plan's length: one cut.
func Len() (int, error) { return 1, nil }

// Read reads the committed cut (gocorpus.ReadWindows).
func Read(fsys fs.FS) ([]string, gocorpus.Settings, error) { return gocorpus.ReadWindows(fsys) }
