package diff

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// stopGrace is how long a revision's report has to end its kernels after
// SIGINT before its process group is killed.
const stopGrace = 20 * time.Second

// RevisionBuildFlags returns the flags of go build for a revision's sigprop.
// -trimpath: the build cache serves every worktree path (the compiled
// packages of one source tree are shared whatever its directory).
// -ldflags=-s: the link, all a revision's build does when its packages are
// cached, leaves out the ELF symbol table and (as -s implies) DWARF, 0.6
// of its 1.4 CPU-seconds for sigprop (Go 1.26, 2-core Xeon); the program
// is the same, its build ID note is kept (internal/selfid) and a panic's
// stack trace still names functions, files and lines (the pclntab). A
// GOFLAGS of the caller's that sets -ldflags is left alone (a -ldflags
// here would override it), as for the kernel's cell builds.
func RevisionBuildFlags() []string {
	if strings.Contains(os.Getenv("GOFLAGS"), "-ldflags") {
		return []string{"-trimpath"}
	}
	return []string{"-trimpath", "-ldflags=-s"}
}

// runReport builds the sigprop of the worktree wt into tmp and runs its
// `report --out out` there. The report runs in a process group of its own
// (so a signal meant for it reaches it and not only `go run`), gets SIGINT
// if this process dies (Linux Pdeathsig; SIGINT because every sigprop,
// old revisions included, cleans up on it), and when ctx ends gets SIGINT,
// then after stopGrace SIGKILL for its whole group.
func runReport(ctx context.Context, wt, tmp, out string, log io.Writer) error {
	bin := filepath.Join(tmp, "sigprop-report")
	build := exec.CommandContext(ctx, "go", append(append([]string{"build"}, RevisionBuildFlags()...), "-o", bin, "./cmd/sigprop")...)
	build.Dir = wt
	build.Stdout, build.Stderr = log, log
	if err := build.Run(); err != nil {
		return fmt.Errorf("go build ./cmd/sigprop: %v", err) // not an *exec.ExitError: a build failure is no failed cell
	}
	cmd := exec.CommandContext(ctx, bin, "report", "--out", out)
	cmd.Dir = wt
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = childProcAttr()
	cmd.Cancel = func() error { return signalGroup(cmd.Process.Pid, sigInt) }
	cmd.WaitDelay = stopGrace
	err := cmd.Run()
	if cmd.Process != nil {
		signalGroup(cmd.Process.Pid, sigKill) // whatever of its group is left
	}
	return err
}
