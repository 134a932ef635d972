package execute

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// Options configures Run. The zero value runs with the defaults noted.
type Options struct {
	Jobs            int           // parallel notebooks; 0 = runtime.NumCPU()
	CellTimeout     time.Duration // 0 = 5m; on timeout: interrupt, mark cell "timeout", then continue (or stop if StopOnTimeout)
	NotebookTimeout time.Duration // 0 = 30m for the whole notebook
	StopOnTimeout   bool
	StopOnError     bool      // default false: run the remaining cells after a failed cell
	RepoRoot        string    // module root to wire into the go.work; "" = nearest go.mod above the working directory
	CacheDir        string    // "" = os.UserCacheDir()/sigprop/results
	NoCache         bool      // neither read nor write the result cache
	Progress        io.Writer // one line per notebook state change; nil = silent
}

// Cell statuses.
const (
	CellOK      = "ok"
	CellFailed  = "failed"
	CellTimeout = "timeout"
	CellSkipped = "skipped"  // not run: an earlier stop (StopOnError, StopOnTimeout, kernel death, notebook timeout)
	CellNotCode = "not-code" // markdown or raw cell
)

// Notebook statuses.
const (
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// CellResult is the outcome of one cell. Index is the 0-based position of
// the cell in the notebook (human-readable messages count from 1).
type CellResult struct {
	Index    int
	Status   string // "ok", "failed", "timeout", "skipped", "not-code"
	Duration time.Duration
	Reason   string // why a failed cell failed, e.g. "panic: boom", "exit status 3", the compiler's first error line; "" otherwise
}

// Result is the outcome of one notebook.
type Result struct {
	Path, Name string          // Name = base name without .ipynb
	Notebook   *ipynb.Notebook // copy of the input with outputs and execution_count filled in (nil if it could not be loaded)
	Status     string          // "ok" or "failed"
	Err        string          // notebook-level failure (kernel died, notebook timeout, load error), "" otherwise
	Cells      []CellResult
	Duration   time.Duration
	Cached     bool
}

// Reason summarises why r failed, for progress lines: Err's first line, or
// the first failed or timed-out cell.
func (r *Result) Reason() string {
	if r.Err != "" {
		return firstLine("", r.Err)
	}
	for _, c := range r.Cells {
		if c.Status == CellFailed || c.Status == CellTimeout {
			if c.Status == CellTimeout || c.Reason == "" {
				return cellLabel(c.Index) + ": " + c.Status
			}
			return cellLabel(c.Index) + ": " + c.Reason
		}
	}
	return ""
}

func (o Options) withDefaults() (Options, error) {
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.CellTimeout <= 0 {
		o.CellTimeout = 5 * time.Minute
	}
	if o.NotebookTimeout <= 0 {
		o.NotebookTimeout = 30 * time.Minute
	}
	if o.RepoRoot == "" {
		root, err := findModuleRoot()
		if err != nil {
			return o, err
		}
		o.RepoRoot = root
	}
	root, err := filepath.Abs(o.RepoRoot)
	if err != nil {
		return o, fmt.Errorf("execute: RepoRoot: %w", err)
	}
	o.RepoRoot = root
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return o, fmt.Errorf("execute: RepoRoot %s has no go.mod: %w", root, err)
	}
	if o.CacheDir == "" && !o.NoCache {
		uc, err := os.UserCacheDir()
		if err != nil {
			return o, fmt.Errorf("execute: no user cache dir (set Options.CacheDir or NoCache): %w", err)
		}
		o.CacheDir = filepath.Join(uc, "sigprop", "results")
	}
	return o, nil
}

func findModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("execute: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("execute: no go.mod above the working directory; set Options.RepoRoot")
		}
		dir = parent
	}
}

// progress serialises progress lines from the workers.
type progress struct {
	mu sync.Mutex
	w  io.Writer
}

func (p *progress) printf(format string, args ...any) {
	if p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, format+"\n", args...)
}

// Run executes the notebooks at paths, opt.Jobs at a time, each in its own
// gonb kernel, and returns one Result per path in input order. A notebook
// that cannot be loaded or fails is a failed Result; Run returns an error
// only when the executor itself cannot be set up (no go.mod at RepoRoot,
// gonb or goimports cannot be built). Results found in the cache are
// returned without starting a kernel or building the tools.
func Run(ctx context.Context, paths []string, opt Options) ([]Result, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	prog := &progress{w: opt.Progress}
	results := make([]Result, len(paths))
	type job struct {
		i   int
		nb  *ipynb.Notebook
		key string
	}
	var jobs []job
	var repo []byte
	if !opt.NoCache {
		if repo, err = repoHash(opt.RepoRoot); err != nil {
			return nil, err
		}
	}
	for i, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".ipynb")
		results[i] = Result{Path: p, Name: name, Status: StatusFailed}
		b, err := os.ReadFile(p)
		if err != nil {
			results[i].Err = fmt.Sprintf("%s: %v", p, err)
			prog.printf("failed %s (%s)", name, results[i].Reason())
			continue
		}
		nb, err := ipynb.Parse(b)
		if err != nil {
			results[i].Err = fmt.Sprintf("%s: %v", p, err)
			prog.printf("failed %s (%s)", name, results[i].Reason())
			continue
		}
		var key string
		if !opt.NoCache {
			key = cacheKey(repo, b, opt)
			if r, ok := loadCached(opt.CacheDir, key, p); ok {
				results[i] = r
				prog.printf("cached %s", name)
				continue
			}
		}
		jobs = append(jobs, job{i, nb, key})
	}
	if len(jobs) == 0 {
		return results, nil
	}

	tools, err := kernel.BuildTools(ctx, opt.RepoRoot, "")
	if err != nil {
		return results, fmt.Errorf("execute: %w", err)
	}
	queue := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < min(opt.Jobs, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				r := &results[j.i]
				prog.printf("running %s", r.Name)
				nr := &notebookRun{opt: opt, tools: tools, path: r.Path, name: r.Name, nb: j.nb}
				*r = nr.run(ctx)
				if r.Status == StatusOK {
					prog.printf("ok %s %.1fs", r.Name, r.Duration.Seconds())
					if !opt.NoCache {
						if err := storeCached(opt.CacheDir, j.key, *r); err != nil {
							prog.printf("warning: %s: not cached: %v", r.Name, err)
						}
					}
				} else {
					prog.printf("failed %s %.1fs (%s)", r.Name, r.Duration.Seconds(), r.Reason())
				}
			}
		}()
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()
	return results, nil
}
