package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/kernel-ext/contract/picture"
	"github.com/sigprop/sigprop/reports/eqindex"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/nbparams"
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
	noCache := fs.Bool("no-cache", false, "execute every notebook even if its inputs are unchanged; its results are not stored, so the next report without --no-cache executes them again")
	verifyCache := fs.Bool("verify-cache", false, "re-execute one cached notebook, chosen at random, and fail if its figures differ from the cached ones")
	stopOnTimeout := fs.Bool("stop-on-timeout", false, "after a cell times out, skip the rest of its notebook (default: interrupt it and continue)")
	stopOnError := fs.Bool("stop-on-error", false, "after a cell fails, skip the rest of its notebook (default: continue)")
	var pflags stringList
	fs.Var(&pflags, "p", "NAME=VALUE: run the one NOTEBOOK with this value of a parameter its cell tagged \"parameters\" declares (repeatable); the site goes to reports/params/NOTEBOOK-HASH unless --out is given")
	paramsFile := fs.String("params", "", "file of NAME=VALUE lines, as -p")
	profile := fs.Bool("profile", false, "print where each notebook's time went: kernel start, compilation, the cells' own work, CPU")
	if err := fs.Parse(args); err != nil {
		return err
	}
	outSet := false
	fs.Visit(func(f *flag.Flag) { outSet = outSet || f.Name == "out" })
	if *jobs < 0 {
		return fmt.Errorf("--jobs must be >= 0, got %d", *jobs)
	}
	if *noCache && *verifyCache {
		return fmt.Errorf("--verify-cache needs the cache: drop --no-cache")
	}
	if *timeout <= 0 || *nbTimeout <= 0 {
		return fmt.Errorf("--timeout and --notebook-timeout must be positive")
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	paths := fs.Args()
	named := len(paths) > 0
	update := named // a report of some notebooks updates the site
	// Parameters: checked against the notebook's parameters cell before
	// any cell runs; the run gets a site of its own.
	var transform func(string, *ipynb.Notebook) (*ipynb.Notebook, error)
	var buildOpts []publish.BuildOption
	values := map[string]string{}
	if err := nbparams.Parse(values, pflags, "-p"); err != nil {
		return err
	}
	if *paramsFile != "" {
		lines, err := nbparams.ReadFile(*paramsFile)
		if err != nil {
			return fmt.Errorf("--params: %w", err)
		}
		if err := nbparams.Parse(values, lines, *paramsFile); err != nil {
			return err
		}
	}
	if len(values) > 0 {
		if len(paths) != 1 {
			return fmt.Errorf("-p and --params take exactly one NOTEBOOK, got %d", len(paths))
		}
		nb, err := ipynb.Load(paths[0])
		if err != nil {
			return err
		}
		cell, err := nbparams.Find(nb)
		if err != nil {
			return fmt.Errorf("%s: %w", paths[0], err)
		}
		canon, err := cell.Check(values)
		if err != nil {
			return fmt.Errorf("%s: %w", paths[0], err)
		}
		if !outSet {
			*out = filepath.Join(root, "reports", "params", publish.PageName(paths[0])+"-"+nbparams.Hash(canon))
		} else if a, err := filepath.Abs(*out); err == nil && a == filepath.Join(root, "reports", "site") {
			return fmt.Errorf("--out %s is the default site, which a run with parameters leaves alone: choose another directory", *out)
		}
		update = false // its own site: built anew, holding this notebook only
		transform = func(string, *ipynb.Notebook) (*ipynb.Notebook, error) { return nbparams.Inject(nb, values) }
		buildOpts = append(buildOpts, publish.WithParams(canon))
		fmt.Fprintf(stderr, "parameters %s: site %s\n", strings.Join(assignments(canon), " "), *out)
	}
	// Refuse an output directory that is not a site before any work: the
	// site replaces it as a whole.
	if err := publish.CheckOut(*out); err != nil {
		return err
	}
	if err := publish.CheckWritable(*out); err != nil {
		return err
	}
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
	if !*noCache {
		// A report with nothing to re-run ends by reading the site's
		// manifest (2–3 MB of JSON): it is decoded while the notebooks'
		// cache is checked.
		publish.PrefetchManifest(*out)
	}
	start := time.Now()
	results, err := execute.Run(ctx, paths, execute.Options{
		Jobs: *jobs, CellTimeout: *timeout, NotebookTimeout: *nbTimeout,
		StopOnTimeout: *stopOnTimeout, StopOnError: *stopOnError,
		RepoRoot: root, NoCache: *noCache, VerifyCache: *verifyCache, Progress: stderr,
		Check: outputsRender, Transform: transform,
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
	if update {
		build = publish.Update
	}
	// The figure files, the site stamps (publish.WithCache) and the
	// equation index (eqindex.ScanCached) are kept in the result cache's
	// directory: a report whose figures did not change copies them, a
	// report of every notebook whose site would come out as the one in
	// --out leaves it as it is, and an unchanged checkout is not parsed
	// again. --no-cache draws, parses and writes everything, as it
	// executes every notebook. The directory is the result cache's default
	// (execute.Options.CacheDir), spelled out here rather than exported by
	// the executor: its source is in every result's cache key.
	cacheDir := ""
	if !*noCache {
		if uc, err := os.UserCacheDir(); err == nil {
			cacheDir = filepath.Join(uc, "sigprop", "results")
			buildOpts = append(buildOpts, publish.WithCache(cacheDir))
		}
	}
	// The equation index of this checkout (reports/eqindex): its page is
	// part of every report.
	var ix *eqindex.Index
	if cacheDir != "" {
		ix, err = eqindex.ScanCached(root, filepath.Join(cacheDir, "eqindex"))
	} else {
		ix, err = eqindex.Scan(root)
	}
	if err != nil {
		return err
	}
	// The site's lock (publish.LockPath) is held from reading the site to
	// swapping the new one in: a concurrent report into the same --out
	// waits, saying so, and its notebooks are merged, never lost.
	m, err := build(*out, results, publish.CurrentProvenance(ctx, root), append(buildOpts, publish.WithEquationIndex(ix), publish.WithLockWait(ctx, stderr))...)
	if err != nil {
		if s := got(); s != nil {
			return interrupted(s, fmt.Sprintf("the site in %s is left as it was", *out))
		}
		return err
	}
	failedMetrics, known := 0, 0
	for _, x := range m.Metrics {
		switch x.Outcome() {
		case bundle.Failed:
			failedMetrics++
			fmt.Fprintf(stderr, "metric failed: %s (%s): %s\n", x.Name, x.Notebook, missed(x))
		case bundle.Known:
			known++
		}
	}
	failedNB := 0
	ranOK := map[string]bool{}
	for _, r := range results {
		ranOK[r.Name] = r.Status == execute.StatusOK
	}
	for _, n := range m.Notebooks {
		if n.Status != "ok" {
			failedNB++
		}
		// A notebook that ran but failed at publishing (a reference its
		// page could not resolve, outputs the site cannot use): say
		// which and why (the executor said nothing).
		if n.Status != "ok" && !n.Kept && ranOK[n.Name] {
			if _, u, ok := strings.Cut(n.Error, "unresolved references in "); ok {
				fmt.Fprintf(stderr, "notebook failed: unresolved references in %s\n", u)
			} else {
				fmt.Fprintf(stderr, "notebook failed: %s\n", n.Error)
			}
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
	if *profile {
		names := map[string]bool{}
		for _, r := range results {
			names[r.Name] = true
		}
		writeProfile(stdout, m, names)
	}
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
// sigprop bundle must decode, and every figure be drawable with files of
// its own, as the site needs. A fresh result that fails it is failed and
// not cached; a cached one is evicted and executed again.
func outputsRender(nb *ipynb.Notebook) error {
	figs, _, _, err := render.Collect(nb)
	if err != nil {
		return err
	}
	files := map[string]string{}
	for _, bf := range figs {
		name := render.FigureFile("nb", bf.ID, "csv")
		if other, ok := files[name]; ok {
			return fmt.Errorf("figures %q and %q would share the files %s.*", other, bf.ID, strings.TrimSuffix(name, ".csv"))
		}
		files[name] = bf.ID
		f, err := picture.FromBundle(bf)
		if err == nil {
			err = f.Check()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// assignments lists values as NAME=VALUE in name order.
func assignments(values map[string]string) []string {
	var out []string
	for n, v := range values {
		out = append(out, n+"="+v)
	}
	sort.Strings(out)
	return out
}

// missed says how metric x missed its tolerance, as its rule reads it
// (bundle.Rule.Holds): |value| above the tolerance (within), the value
// above it (at most) or below it (at least); NaN fails every rule.
func missed(x publish.MetricEntry) string {
	v, tol := float64(x.Value), float64(x.Tolerance)
	switch bundle.Rule(x.Rule) {
	case bundle.AtMost:
		return fmt.Sprintf("%v, want at most %v", v, tol)
	case bundle.AtLeast:
		return fmt.Sprintf("%v, want at least %v", v, tol)
	}
	return fmt.Sprintf("|%v| > tolerance %v", v, tol)
}
