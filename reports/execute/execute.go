package execute

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
	"golang.org/x/mod/modfile"
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
	VerifyCache     bool      // re-execute one cached notebook, chosen at random, and fail it if its figures differ from the cache
	VerifySeed      uint64    // the seed of that choice; 0 = from the clock
	Progress        io.Writer // one line per notebook state change; nil = silent
	// Check, when set, vets an executed or cached notebook's outputs (the
	// report passes one that decodes every sigprop bundle, as rendering
	// will). A cached result it rejects is evicted from the cache and its
	// notebook executed again, saying so; a fresh result it rejects fails
	// its notebook and is not cached.
	Check func(*ipynb.Notebook) error
	// Transform, when set, rewrites each notebook as loaded, before its
	// cache key is taken and any cell runs (the report's -p injects a
	// parameters cell): the rewritten notebook is what runs, is cached
	// and is returned. An error fails that notebook. Check and Transform
	// are called from several goroutines at once.
	Transform func(path string, nb *ipynb.Notebook) (*ipynb.Notebook, error)

	// kernelEnv and tempRoot are kernel.Options Env and TempRoot for every
	// kernel the run starts. The package's tests set them (a random
	// marker to find leftover processes by, and a directory to find
	// leftover files in) so that they need no process-wide environment
	// and can run in parallel.
	kernelEnv []string
	tempRoot  string
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
//
// Duration is the cell's wall time, from its execute request to its
// completion. Compile is the part gonb spent making its program
// (goimports, go get, go build; 0 for a cell it compiles nothing for) and
// GoBuild the go build alone (kernel.Timing). CPU is the processor time of
// the kernel's process tree meanwhile (gonb, go build with its compiler
// and linker, the cell's program), when CPUKnown (Linux).
type CellResult struct {
	Index    int
	Status   string // "ok", "failed", "timeout", "skipped", "not-code"
	Duration time.Duration
	Reason   string // why a failed cell failed, e.g. "panic: boom", "exit status 3", the compiler's first error line; "" otherwise

	Compile, GoBuild time.Duration
	CPU              time.Duration
	CPUKnown         bool
}

// Result is the outcome of one notebook.
type Result struct {
	Path, Name string          // Name = base name without .ipynb
	Notebook   *ipynb.Notebook // copy of the input with outputs and execution_count filled in (nil if it could not be loaded)
	Status     string          // "ok" or "failed"
	Err        string          // notebook-level failure (kernel died, notebook timeout, load error), "" otherwise
	Cells      []CellResult
	Duration   time.Duration
	// Start is the wall time of starting the kernel and wiring it to the
	// module (kernel.Start, its setup cell included) and StartCPU the CPU
	// time of the kernel's process tree by then, when CPUKnown (Linux).
	// Duration is Start, the cells' Durations, the executor's work
	// between cells and the shutdown.
	Start, StartCPU time.Duration
	CPUKnown        bool
	Cached          bool
	Why             string // why it was executed rather than read from the cache: the inputs that changed, "no cached result", "--no-cache", ...
	Verified        bool   // executed again under VerifyCache and its figures equal the cached ones
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
				return cellLabel(r.Notebook, c.Index) + ": " + c.Status
			}
			return cellLabel(r.Notebook, c.Index) + ": " + c.Reason
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
	// What kernels of killed runs left (their cells' programs among
	// them) ends at every start, whether this run executes anything or
	// finds every notebook cached.
	removed, killed := kernel.RemoveStale()
	for _, d := range removed {
		prog.printf("removed %s, left by a run that was killed", d)
	}
	for _, pid := range killed {
		prog.printf("ended process %d, left running by a run that was killed", pid)
	}
	results := make([]Result, len(paths))
	type job struct {
		i      int
		nb     *ipynb.Notebook
		key    string // "" = do not store
		in     Inputs
		rel    string  // path relative to RepoRoot, for the last-inputs index
		cached *Result // the cached result a verification run is compared with
	}
	modPath, err := modulePath(opt.RepoRoot)
	if err != nil {
		return nil, err
	}
	type loaded struct {
		b  []byte
		nb *ipynb.Notebook
	}
	nbs := make([]loaded, len(paths))
	errs := make([]error, len(paths))
	parallelFor(len(paths), func(i int) {
		p := paths[i]
		b, err := os.ReadFile(p)
		if err == nil {
			var nb *ipynb.Notebook
			if nb, err = ipynb.Parse(b); err == nil && opt.Transform != nil {
				if nb, err = opt.Transform(p, nb); err == nil {
					b, err = ipynb.Marshal(nb)
				}
			}
			if err == nil {
				nbs[i] = loaded{b, nb}
			}
		}
		errs[i] = err
	})
	var imports []string
	for i, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".ipynb")
		results[i] = Result{Path: p, Name: name, Status: StatusFailed}
		err := errs[i]
		if err == nil {
			imports = append(imports, moduleImports(nbs[i].nb, modPath)...)
			continue
		}
		results[i].Err = fmt.Sprintf("%s: %v", p, err)
		prog.printf("failed %s (%s)", name, results[i].Reason())
	}
	var hasher *inputHasher
	if !opt.NoCache {
		if hasher, err = newInputHasher(ctx, opt.RepoRoot, modPath, dedup(imports), opt); err != nil {
			return nil, err
		}
	}
	// Each notebook's inputs are hashed and its cached result read and
	// checked on GOMAXPROCS goroutines (probe); what follows reads them
	// in the notebooks' order.
	type probe struct {
		in      Inputs
		noCache string
		err     error
		cached  Result
		ok      bool
		evicted error // the cached result failed opt.Check
	}
	probes := make([]probe, len(paths))
	if !opt.NoCache {
		parallelFor(len(paths), func(i int) {
			if nbs[i].nb == nil {
				return
			}
			pr := &probes[i]
			pr.in, pr.noCache, pr.err = hasher.inputs(paths[i], nbs[i].b, nbs[i].nb)
			if pr.err != nil || pr.noCache != "" {
				return
			}
			pr.cached, pr.ok = loadCached(opt.CacheDir, pr.in.Key(), paths[i], results[i].Name)
			if pr.ok && opt.Check != nil {
				if err := opt.Check(pr.cached.Notebook); err != nil {
					pr.ok, pr.evicted = false, err
				}
			}
		})
	}
	var jobs []job
	var hits []int
	for i, p := range paths {
		r := &results[i]
		if nbs[i].nb == nil {
			continue
		}
		j := job{i: i, nb: nbs[i].nb}
		if opt.NoCache {
			r.Why = "--no-cache"
			jobs = append(jobs, j)
			continue
		}
		in, noCache, err := probes[i].in, probes[i].noCache, probes[i].err
		if err != nil {
			r.Err = fmt.Sprintf("%s: %v", p, err)
			prog.printf("failed %s (%s)", r.Name, r.Reason())
			continue
		}
		if noCache != "" {
			r.Why = "not cached: " + noCache
			jobs = append(jobs, j)
			continue
		}
		j.key, j.in = in.Key(), in
		if abs, err := filepath.Abs(p); err == nil {
			if rel, err := filepath.Rel(opt.RepoRoot, abs); err == nil {
				j.rel = rel
			}
		}
		c, ok := probes[i].cached, probes[i].ok
		if err := probes[i].evicted; err != nil {
			os.Remove(filepath.Join(opt.CacheDir, j.key+".json"))
			r.Why = fmt.Sprintf("its cached result was evicted: %v", err)
			prog.printf("evicted the cached result of %s (%v): executing it again", r.Name, err)
		}
		if ok {
			*r = c
			hits = append(hits, len(jobs))
			jobs = append(jobs, j) // kept only if chosen for verification
			continue
		}
		if r.Why != "" {
			jobs = append(jobs, j)
			continue
		}
		r.Why = "no cached result"
		if old := loadLastInputs(opt.CacheDir, j.rel); old != nil {
			if ch := in.Changes(old, modPath); len(ch) > 0 {
				r.Why = strings.Join(ch, ", ")
			}
		}
		jobs = append(jobs, j)
	}
	// Cached results are reported as such; one of them, chosen at random,
	// runs again under VerifyCache.
	verify := -1
	if opt.VerifyCache && len(hits) > 0 {
		seed := opt.VerifySeed
		if seed == 0 {
			seed = uint64(time.Now().UnixNano())
		}
		verify = hits[rand.New(rand.NewPCG(seed, 0x7e51f7)).IntN(len(hits))]
	}
	var run []job
	for k, j := range jobs {
		r := &results[j.i]
		switch {
		case !r.Cached:
			run = append(run, j)
		case k == verify:
			c := *r
			j.cached = &c
			*r = Result{Path: c.Path, Name: c.Name, Status: StatusFailed, Why: "verifying the cache (--verify-cache)"}
			run = append(run, j)
		default:
			prog.printf("cached %s", r.Name)
		}
	}
	if len(run) == 0 {
		return results, nil
	}
	// Costliest first (metadata.sigprop.cost; ties and unknown costs in
	// input order): with Jobs slots, the longest notebook then never
	// starts last.
	nbsRun := make([]*ipynb.Notebook, len(run))
	for k, j := range run {
		nbsRun[k] = j.nb
	}
	ordered := make([]job, 0, len(run))
	for _, k := range costliestFirst(nbsRun) {
		ordered = append(ordered, run[k])
	}
	run = ordered

	tools, err := kernel.BuildTools(ctx, opt.RepoRoot, "")
	if err != nil {
		return results, fmt.Errorf("execute: %w", err)
	}
	var runImports []string
	for _, j := range run {
		runImports = append(runImports, moduleImports(j.nb, modPath)...)
	}
	prebuild(ctx, opt.RepoRoot, dedup(runImports), prog)
	queue := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < min(opt.Jobs, len(run)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range queue {
				r := &results[j.i]
				why := r.Why
				if why != "" {
					prog.printf("running %s (%s)", r.Name, why)
				} else {
					prog.printf("running %s", r.Name)
				}
				// One execution per cache entry at a time, across
				// processes: a run that waited for another finds its
				// result stored and takes it.
				unlock := func() {}
				if j.key != "" && j.cached == nil {
					u, c, err := lockEntry(ctx, opt.CacheDir, j.key, r.Path, r.Name, opt.Check, func() {
						prog.printf("waiting for another sigprop executing %s at the same inputs", r.Name)
					})
					if err == nil {
						unlock = u
					}
					if c != nil {
						unlock()
						*r = *c
						prog.printf("cached %s (executed meanwhile by another run)", r.Name)
						continue
					}
				}
				nr := &notebookRun{opt: opt, tools: tools, path: r.Path, name: r.Name, nb: j.nb, imports: moduleImports(j.nb, modPath)}
				*r = nr.run(ctx)
				r.Why = why
				if r.Status == StatusOK && opt.Check != nil {
					if err := opt.Check(r.Notebook); err != nil {
						r.Status, r.Err = StatusFailed, fmt.Sprintf("%s: outputs: %v", r.Path, err)
					}
				}
				if j.cached != nil && r.Status == StatusOK {
					if d := compareFigures(j.cached.Notebook, r.Notebook); d != "" {
						r.Status = StatusFailed
						r.Err = "cache verification: the re-executed notebook differs from its cached result (" + d + "): the cache key misses an input; the entry is removed"
						os.Remove(filepath.Join(opt.CacheDir, j.key+".json"))
					} else {
						r.Verified = true
					}
				}
				if r.Status == StatusOK {
					prog.printf("ok %s %.1fs", r.Name, r.Duration.Seconds())
					if j.key != "" {
						if err := storeCached(opt.CacheDir, j.key, *r, j.in); err != nil {
							prog.printf("warning: %s: not cached: %v", r.Name, err)
						} else if err := storeLastInputs(opt.CacheDir, j.rel, j.in); err != nil {
							prog.printf("warning: %s: %v", r.Name, err)
						}
					}
				} else {
					prog.printf("failed %s %.1fs (%s)", r.Name, r.Duration.Seconds(), r.Reason())
				}
				unlock()
			}
		}()
	}
	for _, j := range run {
		queue <- j
	}
	close(queue)
	wg.Wait()
	return results, nil
}

// dedup sorts s and drops repeated elements.
func dedup(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// modulePath reads the module path from root/go.mod.
func modulePath(root string) (string, error) {
	p := filepath.Join(root, "go.mod")
	b, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("execute: %w", err)
	}
	if mp := modfile.ModulePath(b); mp != "" {
		return mp, nil
	}
	return "", fmt.Errorf("execute: %s has no module line", p)
}

// notebookCost is nb's metadata.sigprop.cost, or 0 when absent or invalid
// (an invalid one fails the notebook's cache key, with its error, elsewhere).
func notebookCost(nb *ipynb.Notebook) float64 {
	m, err := readMeta(nb)
	if err != nil {
		return 0
	}
	return m.Cost
}

// costliestFirst returns the indices of nbs ordered by decreasing
// notebookCost, ties (and unknown costs, 0) in input order.
func costliestFirst(nbs []*ipynb.Notebook) []int {
	idx := make([]int, len(nbs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(notebookCost(nbs[b]), notebookCost(nbs[a])) })
	return idx
}
