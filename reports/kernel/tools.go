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
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
)

// TempPrefix starts the name of every kernel's private TMPDIR in
// os.TempDir(). The directory records its owner process (package tempdir),
// so that the directories of a killed run can be removed by the next one:
// tempdir.RemoveStale(TempPrefix).
const TempPrefix = "sigprop-kernel-"

// Tool packages built by BuildTools, as pinned by the `tool` directives of
// the repository's go.mod, and by BuildGopls, as pinned by GoplsModule's.
// gonb runs goimports (and go) for every cell, and gopls, when it finds it
// on its PATH, for Jupyter's complete_request and inspect_request
// (completion and hover docs in a notebook).
const (
	gonbPkg      = "github.com/janpfeifer/gonb"
	goimportsPkg = "golang.org/x/tools/cmd/goimports"
	goplsPkg     = "golang.org/x/tools/gopls"
)

// GoplsModule is the directory, relative to the repository root, of the
// module that pins gopls. It is a module of its own because gopls v0.23.0
// needs golang.org/x/tools at the older version of its own go.mod, which
// the repository's go.mod (holding v0.52.0 for goimports) cannot give it
// in one build list.
const GoplsModule = "reports/kernel/goplstool"

// Tools locates the gonb kernel binary and the directories to put first on
// its PATH.
type Tools struct {
	Dir         string // directory holding gonb and goimports
	Gonb        string // path of the gonb binary
	GonbVersion string // module version of gonb, e.g. "v0.11.1"; notebooks must use gonbui at this version

	// CellImports, if not "", is the path of the cellimports command
	// (reports/kernel/cellimports, built by BuildTools from the checkout
	// it is given), which a kernel with Options.DirectBuild runs as
	// goimports: it does for most cells what goimports would, without
	// goimports' search of the workspace, and runs goimports for the
	// others.
	CellImports string

	// GoplsDir, if not "", is a directory holding gopls (see BuildGopls),
	// put on the kernel's PATH after Dir: gonb then starts gopls with the
	// kernel and answers completion and hover requests. Interactive
	// kernels (sigprop kernel) set it; the report's headless kernels do
	// not, since gopls loads the whole workspace for requests they never
	// send.
	GoplsDir string
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
	versions, err := requires(gomod)
	if err != nil {
		return Tools{}, err
	}
	gonbV, toolsV := versions["github.com/janpfeifer/gonb"], versions["golang.org/x/tools"]
	if gonbV == "" || toolsV == "" {
		return Tools{}, fmt.Errorf("kernel: %s must require github.com/janpfeifer/gonb and golang.org/x/tools (tool dependencies)", gomod)
	}
	goV, err := goVersion(ctx, repoRoot)
	if err != nil {
		return Tools{}, err
	}
	dir, err := toolDir(cacheDir, "", gonbV, toolsV, goV)
	if err != nil {
		return Tools{}, err
	}
	for _, t := range []struct{ name, pkg, version string }{{"gonb", gonbPkg, gonbV}, {"goimports", goimportsPkg, toolsV}} {
		if err := buildTool(ctx, dir, t.name, t.pkg, t.version, repoRoot); err != nil {
			return Tools{}, err
		}
	}
	ci, err := buildCellImports(ctx, repoRoot, cacheDir, goV)
	if err != nil {
		return Tools{}, err
	}
	return Tools{Dir: dir, Gonb: filepath.Join(dir, "gonb"), GonbVersion: gonbV, CellImports: ci}, nil
}

// CellImportsDir is the directory, relative to the repository root, of
// the cellimports command.
const CellImportsDir = "reports/kernel/cellimports"

// buildCellImports builds the cellimports command of the checkout at
// repoRoot into
//
//	cacheDir/cellimports-KEY/cellimports, KEY = sha256(its Go sources, go version, GOOS/GOARCH)
//
// once per key, and returns its path; "" when repoRoot has no such
// command (a module other than sigprop's).
func buildCellImports(ctx context.Context, repoRoot, cacheDir, goV string) (string, error) {
	src := filepath.Join(repoRoot, filepath.FromSlash(CellImportsDir))
	names, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil || len(names) == 0 {
		return "", nil
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		b, err := os.ReadFile(n)
		if err != nil {
			return "", fmt.Errorf("kernel: %w", err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(n), len(b))
		h.Write(b)
	}
	dir, err := toolDir(cacheDir, "cellimports-", hex.EncodeToString(h.Sum(nil)), goV)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "cellimports"), buildTool(ctx, dir, "cellimports", "./"+CellImportsDir, "(this checkout)", repoRoot)
}

// BuildGopls builds gopls at the version repoRoot/GoplsModule/go.mod pins
// (in that module, whose go.sum pins its checksums), into
//
//	cacheDir/gopls-KEY/gopls, KEY = sha256(gopls version, go version, GOOS/GOARCH)
//
// once per key, as BuildTools builds gonb, and returns the directory, for
// Tools.GoplsDir. cacheDir "" means os.UserCacheDir()/sigprop/tools.
func BuildGopls(ctx context.Context, repoRoot, cacheDir string) (string, error) {
	gomod := filepath.Join(repoRoot, filepath.FromSlash(GoplsModule), "go.mod")
	versions, err := requires(gomod)
	if err != nil {
		return "", err
	}
	v := versions[goplsPkg]
	if v == "" {
		return "", fmt.Errorf("kernel: %s must require %s (a tool dependency)", gomod, goplsPkg)
	}
	goV, err := goVersion(ctx, filepath.Dir(gomod))
	if err != nil {
		return "", err
	}
	dir, err := toolDir(cacheDir, "gopls-", v, goV)
	if err != nil {
		return "", err
	}
	return dir, buildTool(ctx, dir, "gopls", goplsPkg, v, filepath.Dir(gomod))
}

// toolDir returns (and creates) cacheDir/PREFIX+KEY, KEY the first 8
// bytes, in hex, of sha256 of the versions, GOOS and GOARCH, one per line.
func toolDir(cacheDir, prefix string, versions ...string) (string, error) {
	if cacheDir == "" {
		uc, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("kernel: no cache dir: %w", err)
		}
		cacheDir = filepath.Join(uc, "sigprop", "tools")
	}
	sum := sha256.Sum256([]byte(strings.Join(append(versions, runtime.GOOS, runtime.GOARCH), "\n")))
	dir := filepath.Join(cacheDir, prefix+hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("kernel: %w", err)
	}
	return dir, nil
}

// buildTool builds package pkg (module version version) into dir/name with
// `go build` run in module, unless dir/name exists. It writes a temporary
// file and renames it into place, so that concurrent callers are safe.
func buildTool(ctx context.Context, dir, name, pkg, version, module string) error {
	dst := filepath.Join(dir, name)
	if _, err := os.Stat(dst); err == nil {
		return nil
	}
	if BuildLog != nil { // the first run builds for a minute or more: say so
		fmt.Fprintf(BuildLog, "sigprop: building %s %s for the notebook kernel (once; kept in %s)\n", name, version, dir)
	}
	tmp := fmt.Sprintf("%s.tmp%d-%s", dst, os.Getpid(), newID()[:8])
	cmd := exec.CommandContext(ctx, "go", "build", "-o", tmp, pkg)
	cmd.Dir = module
	// The module's own go.mod, never a workspace that mixes build lists.
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("kernel: go build %s: %v\n%s", pkg, err, out.Bytes())
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("kernel: %w", err)
	}
	return nil
}

// requires returns the module versions the go.mod file at path requires.
func requires(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("kernel: reading go.mod: %w", err)
	}
	mf, err := modfile.ParseLax(path, data, nil)
	if err != nil {
		return nil, fmt.Errorf("kernel: parsing %s: %w", path, err)
	}
	versions := map[string]string{}
	for _, r := range mf.Require {
		versions[r.Mod.Path] = r.Mod.Version
	}
	return versions, nil
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
