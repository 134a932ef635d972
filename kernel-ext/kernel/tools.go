package kernel

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/mod/modfile"
)

// TempPrefix starts the name of every kernel's private TMPDIR in
// os.TempDir(). The directory records its owner process (package tempdir),
// so that the directories of a killed run can be removed by the next one:
// tempdir.RemoveStale(TempPrefix).
const TempPrefix = "sigprop-kernel-"

// Tool packages built by BuildTools, as pinned by the `tool` directives of
// the repository's go.mod. gonb runs goimports (and go) for every cell.
const (
	gonbPkg      = "github.com/janpfeifer/gonb"
	goimportsPkg = "golang.org/x/tools/cmd/goimports"
)

// Tools locates the gonb kernel binary and the directory to put first on its
// PATH (holding gonb and goimports).
type Tools struct {
	Dir         string // directory holding gonb and goimports
	Gonb        string // path of the gonb binary
	GonbVersion string // module version of gonb, e.g. "v0.11.1"; notebooks must use gonbui at this version
}

// BuildLog, if not nil, receives one line for each tool BuildTools has to
// build (not for one it finds built), so that a first run says what it is
// doing; the CLI sets it to standard error.
var BuildLog io.Writer

// BuildTools builds gonb and goimports at the versions go.mod in repoRoot
// pins, into
//
//	cacheDir/KEY/{gonb,goimports}, KEY = sha256(gonb version, x/tools version, go version, GOOS/GOARCH)
//
// and returns their location. cacheDir "" means os.UserCacheDir()/sigprop/tools.
// A binary already present is reused, so the build happens once per key.
// Concurrent callers (goroutines or processes) are safe: each build writes
// a temporary file that is renamed into place.
func BuildTools(ctx context.Context, repoRoot, cacheDir string) (Tools, error) {
	gomod := filepath.Join(repoRoot, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		return Tools{}, fmt.Errorf("kernel: reading go.mod: %w", err)
	}
	mf, err := modfile.ParseLax(gomod, data, nil)
	if err != nil {
		return Tools{}, fmt.Errorf("kernel: parsing %s: %w", gomod, err)
	}
	versions := map[string]string{}
	for _, r := range mf.Require {
		versions[r.Mod.Path] = r.Mod.Version
	}
	gonbV, toolsV := versions["github.com/janpfeifer/gonb"], versions["golang.org/x/tools"]
	if gonbV == "" || toolsV == "" {
		return Tools{}, fmt.Errorf("kernel: %s must require github.com/janpfeifer/gonb and golang.org/x/tools (tool dependencies)", gomod)
	}
	goV, err := goVersion(ctx, repoRoot)
	if err != nil {
		return Tools{}, err
	}
	if cacheDir == "" {
		uc, err := os.UserCacheDir()
		if err != nil {
			return Tools{}, fmt.Errorf("kernel: no cache dir: %w", err)
		}
		cacheDir = filepath.Join(uc, "sigprop", "tools")
	}
	sum := sha256.Sum256([]byte(strings.Join([]string{gonbV, toolsV, goV, runtime.GOOS, runtime.GOARCH}, "\n")))
	dir := filepath.Join(cacheDir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Tools{}, fmt.Errorf("kernel: %w", err)
	}
	for _, t := range []struct{ name, pkg string }{{"gonb", gonbPkg}, {"goimports", goimportsPkg}} {
		dst := filepath.Join(dir, t.name)
		if _, err := os.Stat(dst); err == nil {
			continue
		}
		if BuildLog != nil { // the first run builds for a minute or two: say so
			fmt.Fprintf(BuildLog, "sigprop: building %s %s for the notebook kernel (once; kept in %s)\n", t.name, map[string]string{"gonb": gonbV, "goimports": toolsV}[t.name], dir)
		}
		tmp := fmt.Sprintf("%s.tmp%d-%s", dst, os.Getpid(), newID()[:8])
		cmd := exec.CommandContext(ctx, "go", "build", "-o", tmp, t.pkg)
		cmd.Dir = repoRoot
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			os.Remove(tmp)
			return Tools{}, fmt.Errorf("kernel: go build %s: %v\n%s", t.pkg, err, out.Bytes())
		}
		if err := os.Rename(tmp, dst); err != nil {
			os.Remove(tmp)
			return Tools{}, fmt.Errorf("kernel: %w", err)
		}
	}
	return Tools{Dir: dir, Gonb: filepath.Join(dir, "gonb"), GonbVersion: gonbV}, nil
}

// goVersion returns `go env GOVERSION` as seen from dir (which honours a
// toolchain line in go.mod).
func goVersion(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOVERSION")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("kernel: go env GOVERSION: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
