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
func goWrapperDir(dir string, extra []string) (string, error) {
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
	script := "#!/bin/sh\n" +
		"# sigprop kernel: the toolchain of gonb's builds runs with " + strings.Join(toolGC, " ") + " (reports/kernel/gotool.go).\n" +
		strings.Join(toolGC, " ") + " exec " + shellQuote(goPath) + ` "$@"` + "\n"
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte(script), 0o700); err != nil {
		return "", err
	}
	return bin, nil
}
