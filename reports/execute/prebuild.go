package execute

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

// prebuild compiles the module packages the notebooks about to run import
// (pkgs, with everything they depend on) into the Go build cache, with one
// `go build` in root, before any kernel starts. Every cell's go build then
// finds them there: the notebooks running in parallel do not each compile
// the same packages at once on a cold cache (a package's cache entry does
// not depend on the module or workspace that builds it, so the kernels'
// workspaces reuse these). On a warm cache it costs go build's staleness
// check, a fraction of a second. A package that does not compile is left
// to the cell that imports it, which reports the error where it belongs;
// prebuild itself never fails a run.
func prebuild(ctx context.Context, root string, pkgs []string, prog *progress) {
	if len(pkgs) == 0 {
		return
	}
	t0 := time.Now()
	cmd := exec.CommandContext(ctx, "go", append([]string{"build"}, pkgs...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOWORK=off") // the module's own build list, as buildTool's
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() == nil {
			prog.printf("prebuilding the notebooks' packages failed (%v), left to their cells: %s", err, firstLine("", strings.TrimSpace(string(out))))
		}
		return
	}
	prog.printf("prebuilt the notebooks' %d packages in %.1fs", len(pkgs), time.Since(t0).Seconds())
}
