package execute

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// Timeouts of the executor's own protocol steps (not the notebook's).
const (
	interruptTimeout = 20 * time.Second // a timed-out cell to come back after the interrupt (gonb waits 5 s before SIGKILL)
)

// notebookRun executes one loaded notebook.
type notebookRun struct {
	opt   Options
	tools kernel.Tools
	path  string
	name  string
	nb    *ipynb.Notebook

	// imports are the module's packages the notebook imports
	// (moduleImports): its kernel builds each cell directly against
	// them (kernel.Options.DirectBuild).
	imports []string
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
	// Module wires the kernel to the checkout exactly as the sigprop
	// Jupyter kernel (package relay) does.
	s0 := time.Now()
	k, err := kernel.Start(nbCtx, kernel.Options{Tools: n.tools, Dir: dir, Module: n.opt.RepoRoot, Env: n.opt.kernelEnv, TempRoot: n.opt.tempRoot, Timing: true, NoAutoGet: true,
		DirectBuild: append([]string{}, n.imports...)})
	if err != nil {
		return fail("starting gonb: %v", err)
	}
	defer k.Shutdown(context.Background())
	r.Start = time.Since(s0)
	r.StartCPU, r.CPUKnown = k.CPU()

	outs := newOutputs(n.nb)
	stopped := false
	for i := range n.nb.Cells {
		cell := &n.nb.Cells[i]
		if cell.CellType != "code" || stopped {
			continue
		}
		status, reason, tm, err := n.runCell(nbCtx, k, outs, i)
		r.Cells[i].Status, r.Cells[i].Reason = status, reason
		r.Cells[i].Duration, r.Cells[i].Compile, r.Cells[i].GoBuild = tm.Wall, tm.Compile, tm.GoBuild
		r.Cells[i].CPU, r.Cells[i].CPUKnown = tm.CPU, tm.CPUKnown
		r.CPUKnown = r.CPUKnown && tm.CPUKnown
		switch {
		case err != nil:
			r.Err = fmt.Sprintf("%s: %s: %v", n.path, cellLabel(n.nb, i), err)
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

// runCell executes cell i and records its outputs. It returns the cell
// status, why it failed, where its time went, and an error when the
// notebook cannot go on (kernel died, notebook timeout, cancellation).
func (n *notebookRun) runCell(ctx context.Context, k *kernel.Kernel, outs *outputs, i int) (status, reason string, tm kernel.Timing, fatal error) {
	cell := &n.nb.Cells[i]
	outs.startCell(i)
	e, err := k.Execute(string(cell.Source), kernel.ExecOptions{StoreHistory: true})
	if err != nil {
		return CellFailed, "", tm, err
	}
	defer func() { tm = e.Timing() }()
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
		if errors.Is(ctx.Err(), context.Canceled) {
			// The whole run is being stopped (a signal): end the kernel
			// and its cell's program now rather than wait up to
			// interruptTimeout for an interrupt (gonb answers none while
			// it compiles).
			k.Kill()
			break
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
	return status, reason, tm, fatal
}
