package main

import (
	"cmp"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// The runs of TestEveryNotebookAtCheapSettings (cheapRuns) are most of
// this package's CPU, and most of its other slow tests mostly wait (on
// Jupyter's Python, a kernel's start, a sleeping cell, a signal): TestMain
// starts the runs in the background, at most GOMAXPROCS at once and the
// costliest first (cheapRun.CPU), so that they use the cores those tests
// leave idle, and each subtest of TestEveryNotebookAtCheapSettings takes
// its notebook's run from here and checks it as before. A subtest whose
// run was not started here (a -run pattern cheapSelected reads otherwise
// than go test, or a second iteration of -count) runs the notebook itself.

// cheapResult is one `sigprop report` of a cheapRun: its exit status,
// its standard output and error, and the site it wrote.
type cheapResult struct {
	code           int
	stdout, stderr string
	out            string
}

// runCheap runs the report of r into the site out, as a reader would
// (sigprop report -p).
func runCheap(root string, r cheapRun, out string) cheapResult {
	// A generous cell timeout: the test checks what the cells show, not how fast a loaded machine runs them.
	// --profile: where the run's time went, in the test's log (go test -v).
	args := []string{"report", "--no-cache", "--profile", "--timeout", "30m", "--out", out}
	for _, p := range r.Params {
		args = append(args, "-p", p)
	}
	code, stdout, errOut := runCLI(append(args, filepath.Join(root, "notebooks", r.Notebook+".ipynb"))...)
	return cheapResult{code, stdout, errOut, out}
}

// background holds the runs TestMain started: by notebook, a channel
// that yields the run once, when it has finished.
var background struct {
	dir  string
	runs map[string]chan cheapResult
	wg   sync.WaitGroup
}

// startCheapRuns starts in the background the runs of cheapRuns that the
// test flags select (see cheapSelected) and returns the function that
// waits for them and removes their sites, for TestMain to call after
// m.Run. It starts nothing under -short, -list or in a tree without the
// notebooks.
func startCheapRuns() (cleanup func()) {
	nothing := func() {}
	root, err := moduleRoot()
	if err != nil || testing.Short() || flagValue("test.list") != "" {
		return nothing
	}
	var todo []cheapRun
	for _, r := range cheapRuns {
		if cheapSelected(flagValue("test.run"), flagValue("test.skip"), r.Notebook) {
			todo = append(todo, r)
		}
	}
	if len(todo) == 0 {
		return nothing
	}
	if background.dir, err = os.MkdirTemp("", "sigprop-cheap-runs-"); err != nil {
		return nothing // each subtest runs its notebook itself
	}
	// The costliest first, so that the last to finish are short.
	slices.SortStableFunc(todo, func(a, b cheapRun) int { return cmp.Compare(b.CPU, a.CPU) })
	background.runs = map[string]chan cheapResult{}
	queue := make(chan cheapRun, len(todo))
	for _, r := range todo {
		background.runs[r.Notebook] = make(chan cheapResult, 1)
		queue <- r
	}
	close(queue)
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		background.wg.Add(1)
		go func() {
			defer background.wg.Done()
			for r := range queue {
				background.runs[r.Notebook] <- runCheap(root, r, filepath.Join(background.dir, r.Notebook, "site"))
			}
		}()
	}
	return func() {
		background.wg.Wait()
		os.RemoveAll(background.dir)
	}
}

// cheapRunOf returns the report of r: the background run, the first time
// a test asks for it (waiting for it), or else a run of its own into a
// directory of t, in parallel with the other subtests that run their own.
func cheapRunOf(t *testing.T, root string, r cheapRun) cheapResult {
	t.Helper()
	if ch, ok := background.runs[r.Notebook]; ok {
		if res, ok := <-ch; ok { // a closed channel: taken
			close(ch) // a later iteration (-count) runs its own
			return res
		}
	}
	t.Parallel()
	return runCheap(root, r, filepath.Join(t.TempDir(), "site"))
}

// cheapSelected reports whether -test.run run and -test.skip skip select
// the subtest TestEveryNotebookAtCheapSettings/notebook, reading them as
// go test does a pattern whose elements contain no slash: each element,
// split at "/", a regular expression matched against the name at its
// level. A pattern that does not compile selects nothing here, and the
// subtest, if go test runs it, runs its notebook itself.
func cheapSelected(run, skip, notebook string) bool {
	names := []string{"TestEveryNotebookAtCheapSettings", notebook}
	match := func(pattern string) bool {
		for i, e := range strings.Split(pattern, "/") {
			if i >= len(names) {
				break
			}
			re, err := regexp.Compile(e)
			if err != nil || !re.MatchString(names[i]) {
				return false
			}
		}
		return true
	}
	if run != "" && !match(run) {
		return false
	}
	if skip != "" && match(skip) {
		return false
	}
	return true
}

// parallelTests sets -test.parallel, unless it was given, to twice
// GOMAXPROCS: the tests of this package that call t.Parallel mostly wait
// (Jupyter's Python and a browser starting, kernels starting and
// stopping, cells that sleep until a signal comes; on two busy cores
// TestJupyterKernelLifecycle took 53 s for 6 CPU-s, TestRelayFaults 18 s
// for 0.7) while the background runs of startCheapRuns use the cores.
// TestEveryNotebookAtCheapSettings, parallel as well, holds one of the
// places while it waits for those runs.
func parallelTests() {
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
}

// flagValue returns the value of the test flag name, "" if it has none.
func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

// TestCheapSelected: the patterns of go test's -run and -skip that select
// a run of TestEveryNotebookAtCheapSettings, and those that do not.
func TestCheapSelected(t *testing.T) {
	for _, tc := range []struct {
		run, skip string
		want      bool
	}{
		{"", "", true},
		{"TestEveryNotebookAtCheapSettings", "", true},
		{"Cheap", "", true},
		{"^TestEveryNotebookAtCheapSettings$/^03-rank-collapse$", "", true},
		{"/03", "", true},
		{"Cheap/05", "", false},
		{"TestJupyterAgrees", "", false},
		{"^$", "", false},
		{"TestEval|Cheap", "", true},
		{"(", "", false},
		{"", "Cheap", false},
		{"", "Cheap/03", false},
		{"", "Cheap/05", true},
		{"Cheap", "TestJupyter", true},
	} {
		if got := cheapSelected(tc.run, tc.skip, "03-rank-collapse"); got != tc.want {
			t.Errorf("-run %q -skip %q: selected %v, want %v", tc.run, tc.skip, got, tc.want)
		}
	}
}
