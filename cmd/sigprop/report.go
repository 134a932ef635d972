package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/bundle"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/publish"
	"github.com/sigprop/sigprop/reports/render"
)

// cmdReport implements `sigprop report`.
func cmdReport(args []string, stdout, stderr io.Writer) error {
	ctx, got, stop := stopContext() // first: a stop signal must never find the default action
	defer stop()
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "reports/site", "output directory (replaced atomically)")
	jobs := fs.Int("jobs", 0, "notebooks run in parallel (0 = number of cores)")
	timeout := fs.Duration("timeout", 5*time.Minute, "per-cell timeout")
	nbTimeout := fs.Duration("notebook-timeout", 30*time.Minute, "whole-notebook timeout")
	noCache := fs.Bool("no-cache", false, "execute every notebook even if its inputs are unchanged")
	verifyCache := fs.Bool("verify-cache", false, "re-execute one cached notebook, chosen at random, and fail if its figures differ from the cached ones")
	stopOnTimeout := fs.Bool("stop-on-timeout", false, "after a cell times out, skip the rest of its notebook (default: interrupt it and continue)")
	stopOnError := fs.Bool("stop-on-error", false, "after a cell fails, skip the rest of its notebook (default: continue)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *jobs < 0 {
		return fmt.Errorf("--jobs must be >= 0, got %d", *jobs)
	}
	if *noCache && *verifyCache {
		return fmt.Errorf("--verify-cache needs the cache: drop --no-cache")
	}
	if *timeout <= 0 || *nbTimeout <= 0 {
		return fmt.Errorf("--timeout and --notebook-timeout must be positive")
	}
	// Refuse an output directory that is not a site before any work: the
	// site replaces it as a whole.
	if err := publish.CheckOut(*out); err != nil {
		return err
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	paths := fs.Args()
	named := len(paths) > 0
	if !named {
		paths, err = filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb"))
		if err != nil {
			return err
		}
		if len(paths) == 0 {
			return fmt.Errorf("no notebooks in %s", filepath.Join(root, "notebooks"))
		}
		sort.Strings(paths)
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return err
		}
	}
	if err := publish.CheckPageNames(paths); err != nil {
		return err
	}
	start := time.Now()
	results, err := execute.Run(ctx, paths, execute.Options{
		Jobs: *jobs, CellTimeout: *timeout, NotebookTimeout: *nbTimeout,
		StopOnTimeout: *stopOnTimeout, StopOnError: *stopOnError,
		RepoRoot: root, NoCache: *noCache, VerifyCache: *verifyCache, Progress: stderr,
		Check: outputsRender,
	})
	if err != nil {
		if s := got(); s != nil {
			return interrupted(s, "no site written")
		}
		return err
	}
	if s := got(); s != nil {
		// An interrupted run never replaces the last complete site.
		return interrupted(s, fmt.Sprintf("the site in %s is left as it was", *out))
	}
	// Every notebook: the site is built anew. Some notebooks: the site
	// keeps the others as its last report left them.
	build := publish.Build
	if named {
		build = publish.Update
	}
	m, err := build(*out, results, publish.CurrentProvenance(ctx, root))
	if err != nil {
		return err
	}
	failedMetrics, known := 0, 0
	for _, x := range m.Metrics {
		switch x.Outcome() {
		case bundle.Failed:
			failedMetrics++
			fmt.Fprintf(stderr, "metric failed: %s (%s): %v > tolerance %v\n", x.Name, x.Notebook, float64(x.Value), float64(x.Tolerance))
		case bundle.Known:
			known++
		}
	}
	failedNB := 0
	for _, n := range m.Notebooks {
		if n.Status != "ok" {
			failedNB++
		}
	}
	executed := 0
	for _, r := range results {
		if !r.Cached && r.Notebook != nil {
			executed++
		}
	}
	fmt.Fprintf(stdout, "%s: %d notebooks (%d executed, %d failed), %d figures, %d metrics (%d failed, %d known disagreements) in %s\n",
		filepath.Join(*out, "index.html"), len(m.Notebooks), executed, failedNB, len(m.Figures), len(m.Metrics), failedMetrics, known,
		time.Since(start).Round(10*time.Millisecond))
	for _, e := range m.ConformanceErrors {
		fmt.Fprintf(stderr, "conformance: %s\n", e)
	}
	if m.Failed() {
		return &exitError{code: 1, err: fmt.Errorf("%d notebooks failed, %d metrics failed, %d conformance errors (see conformance.html)", failedNB, failedMetrics, len(m.ConformanceErrors))}
	}
	return nil
}

// moduleRoot finds the directory of the nearest go.mod declaring sigprop's
// module, starting from the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modulePathIs(b, "github.com/sigprop/sigprop") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the sigprop module (no go.mod for github.com/sigprop/sigprop above the working directory)")
		}
		dir = parent
	}
}

// outputsRender is the executor's check of a notebook's outputs: every
// sigprop bundle must decode, as the site needs (a cached result that
// fails it is evicted and executed again).
func outputsRender(nb *ipynb.Notebook) error {
	_, _, _, err := render.Collect(nb)
	return err
}
