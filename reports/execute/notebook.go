package execute

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// RootEnv is set to Options.RepoRoot in the environment of every kernel
// the executor starts, as `sigprop kernel install` sets it in the Jupyter
// kernelspec, so that a visible setup cell written with "$SIGPROP_ROOT"
// works both interactively and headlessly.
const RootEnv = "SIGPROP_ROOT"

// setupMarker is echoed by the setup cell once its shell commands succeed.
const setupMarker = "SIGPROP_SETUP_OK"

// SetupCell returns the hidden cell the executor sends, silently and
// without advancing the execution counter, before a notebook's first cell.
// It turns gonb's per-kernel scratch module into a Go workspace that uses
// the module at repoRoot (module path modulePath), so that cells import
// modulePath/... (lib/, kernel-ext/) at the working-tree version, and pins
// github.com/janpfeifer/gonb, hence gonbui, at gonbVersion, the version of
// the gonb kernel itself:
//
//	!*rm -f go.work && go work init && go work use . 'REPOROOT' && go mod edit -require=github.com/janpfeifer/gonb@VERSION -replace=MODULE='REPOROOT' && echo SIGPROP_SETUP_OK
//
// `!*` runs the line with bash in gonb's scratch directory. The replace
// rule is what gonb's %goworkfix would add: gonb runs `go get` before each
// build, and `go get` ignores go.work `use` entries. The require makes
// gonbui resolve to the kernel's own version rather than the latest one.
func SetupCell(repoRoot, modulePath, gonbVersion string) string {
	root := shellQuote(repoRoot)
	return fmt.Sprintf("!*rm -f go.work && go work init && go work use . %s && go mod edit -require=github.com/janpfeifer/gonb@%s -replace=%s=%s && echo %s\n",
		root, gonbVersion, modulePath, root, setupMarker)
}

// shellQuote quotes s for bash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Timeouts of the executor's own protocol steps (not the notebook's).
const (
	setupTimeout     = 2 * time.Minute  // the setup cell
	interruptTimeout = 20 * time.Second // a timed-out cell to come back after the interrupt (gonb waits 5 s before SIGKILL)
)

// extraKernelEnv is added to every kernel's environment (tests mark their
// kernels with it to look for leftover processes).
var extraKernelEnv []string

// notebookRun executes one loaded notebook.
type notebookRun struct {
	opt        Options
	tools      kernel.Tools
	modulePath string // module path of RepoRoot
	path       string
	name       string
	nb         *ipynb.Notebook
}

func (n *notebookRun) run(ctx context.Context) (r Result) {
	t0 := time.Now()
	r = Result{Path: n.path, Name: n.name, Notebook: n.nb, Status: StatusFailed}
	r.Cells = make([]CellResult, len(n.nb.Cells))
	for i, c := range n.nb.Cells {
		r.Cells[i] = CellResult{Index: i, Status: CellSkipped}
		if c.CellType != "code" {
			r.Cells[i].Status = CellNotCode
		} else {
			n.nb.Cells[i].Outputs, n.nb.Cells[i].ExecutionCount = nil, nil
		}
	}
	defer func() { r.Duration = time.Since(t0) }()

	hasCode := false
	for _, c := range n.nb.Cells {
		hasCode = hasCode || c.CellType == "code"
	}
	if !hasCode {
		r.Status = StatusOK // nothing to run: no kernel
		return r
	}

	nbCtx, cancel := context.WithTimeout(ctx, n.opt.NotebookTimeout)
	defer cancel()
	fail := func(format string, args ...any) Result {
		r.Err = fmt.Sprintf("%s: ", n.path) + fmt.Sprintf(format, args...)
		return r
	}
	if err := ctx.Err(); err != nil {
		return fail("not run: %v", err)
	}

	dir, err := filepath.Abs(filepath.Dir(n.path))
	if err != nil {
		return fail("%v", err)
	}
	env := append([]string{RootEnv + "=" + n.opt.RepoRoot}, extraKernelEnv...)
	k, err := kernel.Start(nbCtx, kernel.Options{Tools: n.tools, Dir: dir, Env: env})
	if err != nil {
		return fail("starting gonb: %v", err)
	}
	defer k.Shutdown(context.Background())

	if err := n.setup(nbCtx, k); err != nil {
		return fail("setup cell: %v", err)
	}

	outs := newOutputs(n.nb)
	stopped := false
	for i := range n.nb.Cells {
		cell := &n.nb.Cells[i]
		if cell.CellType != "code" || stopped {
			continue
		}
		c0 := time.Now()
		status, reason, err := n.runCell(nbCtx, k, outs, i)
		r.Cells[i].Status, r.Cells[i].Duration, r.Cells[i].Reason = status, time.Since(c0), reason
		switch {
		case err != nil:
			r.Err = fmt.Sprintf("%s: %s: %v", n.path, cellLabel(i), err)
			stopped = true
		case status == CellFailed && n.opt.StopOnError, status == CellTimeout && n.opt.StopOnTimeout:
			stopped = true
		}
	}
	r.Status = StatusOK
	if r.Err != "" {
		r.Status = StatusFailed
	}
	for _, c := range r.Cells {
		if c.Status == CellFailed || c.Status == CellTimeout {
			r.Status = StatusFailed
		}
	}
	return r
}

// setup sends SetupCell and checks that it succeeded.
func (n *notebookRun) setup(ctx context.Context, k *kernel.Kernel) error {
	e, err := k.Execute(SetupCell(n.opt.RepoRoot, n.modulePath, n.tools.GonbVersion), kernel.ExecOptions{Silent: true})
	if err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, setupTimeout)
	defer cancel()
	if err := e.Wait(sctx); err != nil {
		return err
	}
	var stdout, stderr strings.Builder
	for _, m := range e.Messages() {
		var s struct{ Name, Text string }
		if m.Type() == "stream" && m.Decode(&s) == nil {
			if s.Name == "stdout" {
				stdout.WriteString(s.Text)
			} else {
				stderr.WriteString(s.Text)
			}
		}
	}
	reply, _ := e.ExecuteReply()
	if reply.Status != "ok" || !strings.Contains(stdout.String(), setupMarker) {
		return fmt.Errorf("status %q, evalue %q, stdout %q, stderr %q", reply.Status, reply.EValue, stdout.String(), stderr.String())
	}
	return nil
}

// runCell executes cell i and records its outputs. It returns the cell
// status, why it failed, and an error when the notebook cannot go on
// (kernel died, notebook timeout, cancellation).
func (n *notebookRun) runCell(ctx context.Context, k *kernel.Kernel, outs *outputs, i int) (status, reason string, fatal error) {
	cell := &n.nb.Cells[i]
	outs.startCell(i)
	e, err := k.Execute(string(cell.Source), kernel.ExecOptions{StoreHistory: true})
	if err != nil {
		return CellFailed, "", err
	}
	cctx, cancel := context.WithTimeout(ctx, n.opt.CellTimeout)
	defer cancel()
	waitErr := e.Wait(cctx)
	switch {
	case waitErr == nil:
	case errors.Is(waitErr, kernel.ErrDied):
		status, reason, fatal = CellFailed, "kernel died", waitErr
	case cctx.Err() != nil:
		status = CellTimeout
		if ctx.Err() != nil {
			// The notebook deadline or the caller's cancellation, not the cell's.
			fatal = fmt.Errorf("notebook stopped: %w", ctx.Err())
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				fatal = fmt.Errorf("notebook timeout after %v", n.opt.NotebookTimeout)
			}
		}
		ictx, icancel := context.WithTimeout(context.Background(), interruptTimeout)
		ierr := k.Interrupt(ictx)
		if ierr == nil {
			ierr = e.Wait(ictx)
		}
		icancel()
		if ierr != nil && fatal == nil {
			fatal = fmt.Errorf("kernel did not recover from the interrupt after the cell timeout (%v): %v", n.opt.CellTimeout, ierr)
		}
		if ierr != nil {
			k.Kill()
		}
	default:
		status, fatal = CellFailed, waitErr
	}
	for _, m := range e.Messages() {
		if err := outs.add(m); err != nil && fatal == nil {
			fatal = err
		}
	}
	scrub(cell.Outputs, k.TempDir())
	if reply, ok := e.ExecuteReply(); ok {
		reply.EValue = gonbPackageRE.ReplaceAllString(reply.EValue, "gonb_cell")
		cell.ExecutionCount = reply.ExecutionCount
		if status == "" {
			status = CellOK
			if reason = cellFailure(&reply, cell.Outputs); reason != "" {
				status = CellFailed
			}
		}
	} else if status == "" {
		status, reason = CellFailed, "no execute_reply"
	}
	return status, reason, fatal
}
