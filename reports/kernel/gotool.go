package kernel

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// toolGC is the garbage-collector setting of the go command, compiler and
// linker that gonb runs for every cell (through the go of goWrapperDir):
// no collection until a process's heap reaches the limit. For a cell's go
// build, whose compiler and linker peak at about 180 MB, that is no
// collection at all; otherwise the go command spends about a tenth of a
// cell's build CPU collecting garbage (0.04 of 0.43 CPU-seconds for a cell
// of 07-compose, go build alone, 24 runs each way). The limit keeps a cold
// build of a large package bounded. The cells' programs, which gonb starts
// itself, keep Go's default.
var toolGC = []string{"GOGC=off", "GOMEMLIMIT=1GiB"}

// goWrapperDir writes, in dir/bin, an executable `go` that runs the go
// command found on the caller's PATH with toolGC in its environment, and
// returns dir/bin, to put first on the kernel's PATH: gonb runs "go" by
// name (go build, go get, go mod) and runs each cell's program itself, so
// only the toolchain sees toolGC. It returns "" (no wrapper) where there is
// no /bin/sh (Windows), when the caller sets GOGC or GOMEMLIMIT itself, in
// its environment or in extra (Options.Env): the caller's choice then holds
// for everything; or when go is not on PATH (gonb will say so).
//
// With direct (Options.DirectBuild) not nil, the wrapper builds each cell
// itself (directBuildScript) and runs go for everything else and for a
// build it cannot do; and when tools.CellImports is set, dir/bin holds a
// goimports as well, which runs cellimports with the package names the
// direct build found (dir/direct/names) and tools.Dir's goimports for
// what cellimports leaves to it.
func goWrapperDir(dir string, extra []string, direct []string, tools Tools) (string, error) {
	if runtime.GOOS == "windows" || os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return "", nil
	}
	for _, kv := range extra {
		if strings.HasPrefix(kv, "GOGC=") || strings.HasPrefix(kv, "GOMEMLIMIT=") {
			return "", nil
		}
	}
	goPath, err := exec.LookPath("go")
	if err != nil {
		return "", nil
	}
	if goPath, err = filepath.Abs(goPath); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "bin")
	if err := os.MkdirAll(bin, 0o700); err != nil {
		return "", err
	}
	gc := strings.Join(toolGC, " ")
	script := "#!/bin/sh\n" +
		"# sigprop kernel: the toolchain of gonb's builds runs with " + gc + " (reports/kernel/gotool.go).\n"
	if direct != nil {
		script += directBuildScript(goPath, filepath.Join(dir, "direct"), direct)
	}
	script += gc + " exec " + shellQuote(goPath) + ` "$@"` + "\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o700); err != nil {
		return "", err
	}
	if direct != nil && tools.CellImports != "" {
		imports := "#!/bin/sh\n# sigprop kernel: goimports through cellimports (reports/kernel/gotool.go).\n" +
			"exec " + shellQuote(tools.CellImports) + " -real " + shellQuote(filepath.Join(tools.Dir, "goimports")) +
			" -names " + shellQuote(filepath.Join(dir, "direct", "names")) + ` "$@"` + "\n"
		if err := os.WriteFile(filepath.Join(bin, "goimports"), []byte(imports), 0o700); err != nil {
			return "", err
		}
	}
	return bin, nil
}

// directBuildScript is the part of the go wrapper that builds a cell's
// program with the compiler and the linker themselves, as go build would
// (the same flags but the build ID), leaving out go build's own work:
// loading the workspace's packages and hashing their sources to find
// what is stale, about 0.15 of a cell's 0.42 CPU-seconds (a cell of
// notebook 02, nothing stale, -ldflags=-s). It applies to gonb's
// `go build -o BINARY` of a directory whose only Go file is main.go.
//
// It asks go, in gonb's directory (the workspace the cells build in), for
// GOTOOLDIR, GOVERSION and GOFLAGS, and for the export data of the cell's
// program and of pkgs with everything they depend on (go list -deps
// -export, which compiles what is missing), kept in state as an import
// configuration, with the name of each of those packages (state/names,
// for cellimports). Later cells compile and link against that configuration
// while they can: a cell that imports a package outside it, or fails to
// compile or link for any other reason, is built by go build, whose
// messages gonb shows as before, and the next cell finds the
// configuration again from its own program. Nothing is built directly
// when GOFLAGS is other than cellGoFlags, whose -ldflags=-s the link
// repeats, or when GOOS, GOARCH, GOFLAGS, CGO_ENABLED, GOAMD64 or
// GOEXPERIMENT in the environment differ from the first build's (gonb's
// WebAssembly cells, its %env).
//
// What it leaves out is go build's check that the packages are not stale:
// a package of the module edited while the kernel runs is seen by the
// next cell with go build and not with this. The report's executor uses
// it, whose result already stands for the sources it started with; an
// interactive kernel does not.
func directBuildScript(goPath, state string, pkgs []string) string {
	q := shellQuote
	var list strings.Builder
	for _, p := range pkgs {
		list.WriteString(" " + q(p))
	}
	gc := strings.Join(toolGC, " ")
	return `d=` + q(state) + `
target="GOOS=${GOOS-} GOARCH=${GOARCH-} GOFLAGS=${GOFLAGS-} CGO_ENABLED=${CGO_ENABLED-} GOAMD64=${GOAMD64-} GOEXPERIMENT=${GOEXPERIMENT-}"
if [ "$#" = 3 ] && [ "$1" = build ] && [ "$2" = -o ] && [ "$(echo *.go)" = main.go ] && [ -f go.mod ]; then
	if [ ! -s "$d/importcfg" ]; then
		mkdir -p "$d" &&
			{ ` + gc + ` ` + q(goPath) + ` env GOTOOLDIR GOVERSION GOFLAGS && echo "$target"; } >"$d/env" &&
			` + gc + ` ` + q(goPath) + ` list -deps -export -f '{{.ImportPath}} {{.Name}} {{.Export}}' .` + list.String() + ` >"$d/list" 2>/dev/null &&
			sed -n 's/^\([^ ]*\) [^ ]* \(..*\)$/packagefile \1=\2/p' "$d/list" >"$d/importcfg.tmp" &&
			cut -d ' ' -f 1,2 "$d/list" >"$d/names" &&
			mv "$d/importcfg.tmp" "$d/importcfg"
	fi
	if [ -s "$d/importcfg" ] && { read -r tooldir && read -r goversion && read -r goflags && read -r first; } <"$d/env" &&
		[ "$goflags" = ` + q(cellGoFlags) + ` ] && [ "$first" = "$target" ] && lang=$(sed -n 's/^go \([0-9][0-9]*\.[0-9][0-9]*\).*/go\1/p' go.mod) && [ -n "$lang" ]; then
		if ` + gc + ` "$tooldir/compile" -o "$d/main.a" -p main -lang="$lang" -complete -goversion "$goversion" -nolocalimports -importcfg "$d/importcfg" -pack ./main.go >/dev/null 2>&1 &&
			` + gc + ` "$tooldir/link" -o "$3" -importcfg "$d/importcfg" -buildmode=exe -s "$d/main.a" >/dev/null 2>&1; then
			exit 0
		fi
		rm -f "$d/importcfg"
	fi
fi
`
}
