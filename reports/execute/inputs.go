package execute

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/sigprop/sigprop/reports/ipynb"
)

// Inputs is what one notebook's result depends on: named components, each
// with the hex SHA-256 of its content. Names are
//
//	executor           Version, the go command's version and target, the result-changing options,
//	                   and the source of the executor's own packages when they are in the repository
//	go.mod, go.sum     the module files
//	notebook           the notebook file's bytes
//	pkg:IMPORTPATH     one package of this module the notebook imports, directly or not
//	data:RELPATH       one file under a data path the notebook's metadata declares
//	env:NAME           a declared environment variable (its value)
//
// The cache key is the hash of all of them (Key).
type Inputs map[string]string

// Key returns the cache key: the hex SHA-256 over the sorted components.
func (in Inputs) Key() string {
	h := sha256.New()
	for _, n := range slices.Sorted(maps.Keys(in)) {
		writeField(h, []byte(n))
		writeField(h, []byte(in[n]))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Changes lists how in differs from old, one entry per component, e.g.
// "lib/sde changed", "notebook changed", "data/x.json added", in the
// order of the component names. Package components are named by their
// path inside the module.
func (in Inputs) Changes(old Inputs, modPath string) []string {
	seen := map[string]bool{}
	var names []string
	for n := range in {
		names, seen[n] = append(names, n), true
	}
	for n := range old {
		if !seen[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		a, inNew := in[n]
		b, inOld := old[n]
		label := strings.TrimPrefix(n, "pkg:")
		if label != n {
			label = strings.TrimPrefix(strings.TrimPrefix(label, modPath), "/")
			if label == "" {
				label = "(module root package)"
			}
		}
		label = strings.TrimPrefix(label, "data:")
		switch {
		case inNew && !inOld:
			out = append(out, label+" added")
		case !inNew && inOld:
			out = append(out, label+" removed")
		case a != b:
			out = append(out, label+" changed")
		}
	}
	return out
}

// Metadata of a notebook (notebook.metadata.sigprop) that the executor
// reads:
//
//	"sigprop": {"data": ["data/fashion-mnist-subset", ...], "env": ["SIGPROP_TRAINSWEEP_DIR"], "cost": 300}
//
// data: files or directories, relative to the notebook's directory, that
// the notebook reads at run time; every regular file under them is part of
// the cache key. env: environment variables the notebook reads; when one
// is set (non-empty) the notebook is executed and not cached, because what
// it names is outside what the key covers. cost: the notebook's rough
// wall time in seconds on a 2-core machine, a scheduling hint only: Run
// starts the costliest notebooks first, so that the longest one does not
// start last (it never changes a result).
type nbMeta struct {
	Data []string `json:"data"`
	Env  []string `json:"env"`
	Cost float64  `json:"cost"`
}

func readMeta(nb *ipynb.Notebook) (nbMeta, error) {
	var m nbMeta
	raw, ok := nb.Metadata["sigprop"]
	if !ok {
		return m, nil
	}
	b, err := json.Marshal(raw)
	if err != nil {
		return m, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("metadata.sigprop: %v (want {\"data\": [paths], \"env\": [names], \"cost\": seconds})", err)
	}
	if !(m.Cost >= 0) || math.IsInf(m.Cost, 0) {
		return m, fmt.Errorf("metadata.sigprop.cost: %v, want a finite number of seconds >= 0", m.Cost)
	}
	for _, d := range m.Data {
		if d == "" || filepath.IsAbs(d) {
			return m, fmt.Errorf("metadata.sigprop.data: %q must be a non-empty path relative to the notebook's directory", d)
		}
	}
	return m, nil
}

// importRE finds quoted import paths; moduleImports keeps those of the
// module. Any quoted occurrence in a code cell counts (import blocks,
// single imports, aliased imports), which can only over-approximate.
var importRE = regexp.MustCompile(`"([A-Za-z0-9._~/-]+)"`)

// moduleImports returns the sorted, distinct import paths of package
// modPath or below that the notebook's code cells mention.
func moduleImports(nb *ipynb.Notebook, modPath string) []string {
	set := map[string]bool{}
	for _, c := range nb.Cells {
		if c.CellType != "code" {
			continue
		}
		for _, m := range importRE.FindAllStringSubmatch(string(c.Source), -1) {
			if p := m[1]; p == modPath || strings.HasPrefix(p, modPath+"/") {
				set[p] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// listedPackage is what `go list -json` tells about one package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Module     *struct{ Path string }
	Error      *struct{ Err string }
	Imports    []string
	GoFiles, CgoFiles, CFiles, CXXFiles, HFiles, SFiles,
	SysoFiles, EmbedFiles []string
}

// sourceFiles returns the files of p that go into a build.
func (p *listedPackage) sourceFiles() []string {
	var fs []string
	for _, l := range [][]string{p.GoFiles, p.CgoFiles, p.CFiles, p.CXXFiles, p.HFiles, p.SFiles, p.SysoFiles, p.EmbedFiles} {
		fs = append(fs, l...)
	}
	sort.Strings(fs)
	return fs
}

// executorPackage is the import path of this package; when the repository
// being reported is the module that contains it, the executor's own source
// is part of every key.
var executorPackage = reflect.TypeOf(Options{}).PkgPath()

// inputHasher computes Inputs for the notebooks of one repository,
// sharing `go list` and the package hashes between them.
type inputHasher struct {
	root, modPath string
	common        Inputs                    // executor, go.mod, go.sum
	pkgs          map[string]*listedPackage // module packages by import path

	mu      sync.Mutex // guards pkgHash and files: notebooks are hashed concurrently
	pkgHash map[string]string
	files   map[string]string // data file hash by real path
}

// newInputHasher lists, with one `go list -deps` in root, every package of
// the module that imports (the union over the notebooks) and the executor
// reach, and hashes the components all notebooks share.
func newInputHasher(ctx context.Context, root, modPath string, imports []string, opt Options) (*inputHasher, error) {
	ih := &inputHasher{root: root, modPath: modPath, common: Inputs{}, pkgs: map[string]*listedPackage{}, pkgHash: map[string]string{}, files: map[string]string{}}
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		switch {
		case err == nil:
			ih.common[f] = hashBytes(b)
		case errors.Is(err, fs.ErrNotExist) && f == "go.sum":
			ih.common[f] = "absent"
		default:
			return nil, fmt.Errorf("execute: %w", err)
		}
	}
	// go env runs beside go list (two processes, each mostly waiting on
	// its own start-up): a no-op report pays one of them, not both.
	var goenv string
	envDone := make(chan error, 1)
	go func() {
		var err error
		goenv, err = goCommand(ctx, root, "env", "GOVERSION", "GOOS", "GOARCH", "GOAMD64", "CGO_ENABLED", "GOEXPERIMENT", "GOFLAGS")
		envDone <- err
	}()
	patterns := append([]string(nil), imports...)
	inRepo := strings.HasPrefix(executorPackage+"/", modPath+"/")
	if inRepo {
		patterns = append(patterns, executorPackage)
	}
	if len(patterns) > 0 {
		out, err := goCommand(ctx, root, append([]string{"list", "-e", "-deps",
			"-json=ImportPath,Dir,Module,Error,Imports,GoFiles,CgoFiles,CFiles,CXXFiles,HFiles,SFiles,SysoFiles,EmbedFiles"}, patterns...)...)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(strings.NewReader(out))
		for {
			var p listedPackage
			if err := dec.Decode(&p); err == io.EOF {
				break
			} else if err != nil {
				return nil, fmt.Errorf("execute: reading go list output: %w", err)
			}
			if p.ImportPath == modPath || strings.HasPrefix(p.ImportPath, modPath+"/") {
				ih.pkgs[p.ImportPath] = &p
			}
		}
	}
	if err := <-envDone; err != nil {
		return nil, err
	}
	ih.prehash()
	xh := sha256.New()
	writeField(xh, []byte(Version))
	writeField(xh, []byte(goenv))
	writeField(xh, []byte(fmt.Sprintf("cell=%v nb=%v stopErr=%v stopTimeout=%v", opt.CellTimeout, opt.NotebookTimeout, opt.StopOnError, opt.StopOnTimeout)))
	if p, ok := ih.pkgs[executorPackage]; inRepo && ok && p.Error == nil {
		// The executor's own source (and what it imports from the module).
		deps, err := ih.closure([]string{executorPackage})
		if err != nil {
			return nil, err
		}
		for _, d := range deps {
			writeField(xh, []byte(d[0]))
			writeField(xh, []byte(d[1]))
		}
	}
	ih.common["executor"] = hex.EncodeToString(xh.Sum(nil))
	return ih, nil
}

// prehash hashes every listed package over GOMAXPROCS workers, so that
// the notebooks' closures (which overlap) find them hashed. A package
// that fails to hash is left out: closure hashes it again and reports
// the error if a notebook reaches it.
func (ih *inputHasher) prehash() {
	ps := make([]*listedPackage, 0, len(ih.pkgs))
	for _, p := range ih.pkgs {
		ps = append(ps, p)
	}
	parallelFor(len(ps), func(i int) { ih.hashPackage(ps[i]) })
}

// closure returns (import path, hash) for every module package reachable
// from roots, sorted by import path.
func (ih *inputHasher) closure(roots []string) ([][2]string, error) {
	seen := map[string]bool{}
	var visit func(string) error
	var out [][2]string
	visit = func(ip string) error {
		p, ok := ih.pkgs[ip]
		if !ok || seen[ip] {
			return nil
		}
		seen[ip] = true
		h, err := ih.hashPackage(p)
		if err != nil {
			return err
		}
		out = append(out, [2]string{ip, h})
		for _, dep := range p.Imports {
			if err := visit(dep); err != nil {
				return err
			}
		}
		return nil
	}
	for _, r := range roots {
		if err := visit(r); err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out, nil
}

// hashPackage hashes a package's build files: Go files by their tokens
// (goTokenHash), the rest by their bytes, each under its name; a package
// go list could not load contributes its error instead.
func (ih *inputHasher) hashPackage(p *listedPackage) (string, error) {
	ih.mu.Lock()
	h0, ok := ih.pkgHash[p.ImportPath]
	ih.mu.Unlock()
	if ok {
		return h0, nil
	}
	h := sha256.New()
	if p.Error != nil {
		writeField(h, []byte("error: "+p.Error.Err))
	}
	for _, f := range p.sourceFiles() {
		b, err := os.ReadFile(filepath.Join(p.Dir, f))
		if err != nil {
			return "", fmt.Errorf("execute: hashing %s: %w", p.ImportPath, err)
		}
		writeField(h, []byte(filepath.ToSlash(f)))
		if strings.HasSuffix(f, ".go") && !slices.Contains(p.CgoFiles, f) {
			writeField(h, goTokenHash(b))
		} else {
			writeField(h, b)
		}
	}
	s := hex.EncodeToString(h.Sum(nil))
	ih.mu.Lock()
	ih.pkgHash[p.ImportPath] = s
	ih.mu.Unlock()
	return s, nil
}

// inputs returns the Inputs of the notebook at nbPath with content b, and
// whether it may be cached (false when a declared environment variable is
// set, with the reason).
func (ih *inputHasher) inputs(nbPath string, b []byte, nb *ipynb.Notebook) (in Inputs, noCache string, err error) {
	meta, err := readMeta(nb)
	if err != nil {
		return nil, "", err
	}
	in = Inputs{"notebook": hashBytes(b)}
	for k, v := range ih.common {
		in[k] = v
	}
	deps, err := ih.closure(moduleImports(nb, ih.modPath))
	if err != nil {
		return nil, "", err
	}
	for _, d := range deps {
		in["pkg:"+d[0]] = d[1]
	}
	nbDir := filepath.Dir(nbPath)
	for _, d := range meta.Data {
		if err := hashDataWith(in, ih.root, nbDir, d, ih.hashFile); err != nil {
			return nil, "", fmt.Errorf("metadata.sigprop.data: %s: %w", d, err)
		}
	}
	for _, name := range meta.Env {
		v := os.Getenv(name)
		in["env:"+name] = hashBytes([]byte(v))
		if v != "" && noCache == "" {
			noCache = name + " is set"
		}
	}
	return in, noCache, nil
}

// hashFile is hashFile remembered by real path for the report.
func (ih *inputHasher) hashFile(real string) (string, error) {
	ih.mu.Lock()
	h, ok := ih.files[real]
	ih.mu.Unlock()
	if ok {
		return h, nil
	}
	h, err := hashFile(real)
	if err != nil {
		return "", err
	}
	ih.mu.Lock()
	ih.files[real] = h
	ih.mu.Unlock()
	return h, nil
}

func hashBytes(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// goTokenHash hashes a Go file by its token stream, so that editing a
// comment or the layout does not change it: each token's kind and
// literal, automatic and explicit semicolons alike, and the comments that
// are compiler directives ("//go:", "//line ", "//export ", "// +build").
// A file that does not scan is hashed by its bytes. Line numbers are not
// part of the hash; they show only in the stack trace of a panic, and a
// notebook that panics is never cached.
func goTokenHash(src []byte) []byte {
	var s scanner.Scanner
	fset := token.NewFileSet()
	bad := false
	s.Init(fset.AddFile("", -1, len(src)), src, func(token.Position, string) { bad = true }, scanner.ScanComments)
	// The fields go to one buffer hashed at the end: the same bytes as
	// writing each to the hash, without a hash call per token.
	var buf bytes.Buffer
	buf.Grow(len(src) + len(src)/2)
	var n [8]byte
	field := func(b string) {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		buf.Write(n[:])
		buf.WriteString(b)
	}
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		switch tok {
		case token.COMMENT:
			if !isDirective(lit) {
				continue
			}
		case token.SEMICOLON:
			lit = ";"
		}
		field(tok.String())
		field(lit)
	}
	if bad {
		return src
	}
	sum := sha256.Sum256(buf.Bytes())
	return sum[:]
}

func isDirective(c string) bool {
	for _, p := range []string{"//go:", "//line ", "//export ", "// +build", "/*line "} {
		if strings.HasPrefix(c, p) {
			return true
		}
	}
	return false
}

// goCommand runs the go command in dir (with GOWORK=off: the module alone
// decides) and returns its standard output.
func goCommand(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("execute: go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}
