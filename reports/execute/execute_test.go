package execute

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sigprop/sigprop/internal/procenv"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/kernel"
)

// isolation keeps one test's kernels apart from every other test's, so
// that tests can run in parallel: opt gives each kernel a random marker
// variable and makes its private TMPDIR in a directory of the test's own,
// and check fails the test if a marked process is still alive or
// anything is left in that directory. Every Run of an isolated test must
// take its Options through opt.
type isolation struct {
	tmp, marker string
}

func isolate(t *testing.T) isolation {
	t.Helper()
	tmp := filepath.Join(t.TempDir(), "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	var id [8]byte
	rand.Read(id[:])
	return isolation{tmp: tmp, marker: "SIGPROP_EXECUTE_TEST=" + hex.EncodeToString(id[:])}
}

// opt returns o with the isolation's kernel marker and TMPDIR parent.
func (iso isolation) opt(o Options) Options {
	o.kernelEnv = []string{iso.marker}
	o.tempRoot = iso.tmp
	return o
}

func (iso isolation) check(t *testing.T) {
	t.Helper()
	if pids := procenv.Find(iso.marker); len(pids) > 0 {
		t.Errorf("processes left behind by the kernels: %v", pids)
	}
	if left, _ := os.ReadDir(iso.tmp); len(left) > 0 {
		t.Errorf("left in the kernels' TMPDIR parent: %v", left)
	}
}

// cellStatuses lists the status of every cell.
func cellStatuses(r Result) []string {
	var s []string
	for _, c := range r.Cells {
		s = append(s, c.Status)
	}
	return s
}

// text joins the stream outputs named name of cell i.
func text(r Result, i int, name string) string {
	var b strings.Builder
	for _, o := range r.Notebook.Cells[i].Outputs {
		if o.OutputType == "stream" && o.Name == name {
			b.WriteString(string(o.Text))
		}
	}
	return b.String()
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRun executes, in one Run with two parallel kernels, a notebook that
// works, one with a compile error, a panic and os.Exit(3), one whose
// kernel the test kills in the middle of a cell, and four inputs that
// cannot be loaded. Each must get its own status while the others are
// unaffected, and no process or temporary file may be left behind.
func TestRun(t *testing.T) {
	t.Parallel()
	iso := isolate(t)
	killDir := t.TempDir()
	killme := filepath.Join(killDir, "killme.ipynb")
	copyFile(t, "testdata/killme.ipynb", killme)

	// The killme notebook's second cell writes its process group id (that
	// of gonb, go build and the cell program) to killme.pgid in the
	// notebook's directory, then sleeps; kill that group.
	killed := make(chan error, 1)
	go func() {
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			if b, err := os.ReadFile(filepath.Join(killDir, "killme.pgid")); err == nil && len(b) > 0 {
				pgid, err := strconv.Atoi(string(b))
				if err == nil {
					time.Sleep(200 * time.Millisecond)
					err = syscall.Kill(-pgid, syscall.SIGKILL)
				}
				killed <- err
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
		killed <- os.ErrDeadlineExceeded
	}()

	missing := filepath.Join(t.TempDir(), "missing.ipynb")
	paths := []string{
		"testdata/good.ipynb", "testdata/errors.ipynb", killme,
		"testdata/invalid.ipynb", "testdata/nbformat3.ipynb", "testdata/python.ipynb", missing,
	}
	var progress strings.Builder
	t0 := time.Now()
	res, err := Run(context.Background(), paths, iso.opt(Options{Jobs: 2, NoCache: true, RepoRoot: "../..", Progress: &progress}))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Run took %v\n%s", time.Since(t0), progress.String())
	if err := <-killed; err != nil {
		t.Errorf("killing the kernel: %v", err)
	}
	if len(res) != len(paths) {
		t.Fatalf("%d results for %d paths", len(res), len(paths))
	}
	for i, r := range res {
		if r.Path != paths[i] {
			t.Errorf("result %d is for %s, want %s (input order)", i, r.Path, paths[i])
		}
	}

	for _, tc := range []struct {
		name   string
		status string
		err    string // substring of Err; "" = Err must be empty
		cells  []string
		reason map[int]string // substring of the failed cells' Reason
	}{
		{name: "good", status: "ok", cells: []string{"not-code", "ok", "ok", "ok", "not-code", "ok"}},
		{name: "errors", status: "failed",
			cells:  []string{"ok", "failed", "ok", "failed", "ok", "failed", "ok"},
			reason: map[int]string{1: "cannot use", 3: "panic: boom", 5: "exit status 3"}},
		{name: "killme", status: "failed", err: "kernel died", cells: []string{"ok", "failed", "skipped"}},
		{name: "invalid", status: "failed", err: "testdata/invalid.ipynb: invalid notebook: not valid JSON"},
		{name: "nbformat3", status: "failed", err: "testdata/nbformat3.ipynb: invalid notebook: nbformat 3"},
		{name: "python", status: "failed", err: "testdata/python.ipynb: invalid notebook: kernelspec \"python3\" is not sigprop or gonb"},
		{name: "missing", status: "failed", err: missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r Result
			for _, x := range res {
				if x.Name == tc.name {
					r = x
				}
			}
			if r.Status != tc.status {
				t.Errorf("status %q, want %q (err %q, cells %v)", r.Status, tc.status, r.Err, r.Cells)
			}
			if (tc.err == "") != (r.Err == "") || !strings.Contains(r.Err, tc.err) {
				t.Errorf("Err = %q, want it to contain %q", r.Err, tc.err)
			}
			if got := strings.Join(cellStatuses(r), ","); got != strings.Join(tc.cells, ",") {
				t.Errorf("cells %s, want %s", got, strings.Join(tc.cells, ","))
			}
			for i, want := range tc.reason {
				if !strings.Contains(r.Cells[i].Reason, want) {
					t.Errorf("cell %d reason %q, want it to contain %q", i, r.Cells[i].Reason, want)
				}
			}
			if r.Notebook == nil {
				return
			}
			b, err := ipynb.Marshal(r.Notebook)
			if err != nil {
				t.Fatal(err)
			}
			// Outputs must not depend on the kernel instance (see scrub).
			if gonbPackageRE.Match(b) || strings.Contains(string(b), "sigprop-kernel-") {
				t.Errorf("outputs mention the kernel's scratch names:\n%s", b)
			}
		})
	}

	good := res[0]
	// Where its time went (kernel.Timing): every code cell compiled a
	// program, the kernel's start and the cells lie within the notebook's
	// time, and on Linux each cell's CPU time is measured.
	sum := good.Start
	for _, c := range good.Cells {
		sum += c.Duration
		if c.Status == CellNotCode {
			if c.Duration != 0 || c.Compile != 0 || c.CPU != 0 {
				t.Errorf("good cell %d (markdown) timed: %+v", c.Index, c)
			}
			continue
		}
		if c.Compile <= 0 || c.GoBuild <= 0 || c.GoBuild > c.Compile || c.Compile >= c.Duration {
			t.Errorf("good cell %d: compile %v, go build %v, wall %v; want 0 < go build <= compile < wall", c.Index, c.Compile, c.GoBuild, c.Duration)
		}
		if runtime.GOOS == "linux" && (!c.CPUKnown || c.CPU <= 0) {
			t.Errorf("good cell %d: CPU %v (known %v), want measured", c.Index, c.CPU, c.CPUKnown)
		}
	}
	// The start's CPU is measured on Linux, in /proc's 10 ms ticks: gonb's
	// start and the setup cell take ~0.2 s of wall time, mostly waiting,
	// and can read 0 ticks (once in a CI run of 2026-12-04: start 187 ms,
	// CPU 0), so 0 is a measurement; more than both cores for the whole
	// start is not.
	if good.Start <= 0 || sum > good.Duration || (runtime.GOOS == "linux" && (!good.CPUKnown || good.StartCPU < 0 || good.StartCPU > 2*good.Start+10*time.Millisecond)) {
		t.Errorf("good: start %v (CPU %v, known %v), start and cells %v, notebook %v", good.Start, good.StartCPU, good.CPUKnown, sum, good.Duration)
	}
	// Execution counts 1..4 on the code cells: the hidden setup cell
	// (kernel.Options.Module) does not count, and the notebook, which has
	// no setup cell of its own, imports the repository (cell 2).
	wantCount := map[int]int{1: 1, 2: 2, 3: 3, 5: 4}
	for i, c := range good.Notebook.Cells {
		got := c.ExecutionCount
		if want, ok := wantCount[i]; ok != (got != nil) || (ok && *got != want) {
			t.Errorf("good cell %d execution_count %v, want %d", i, got, want)
		}
	}
	if got := text(good, 1, "stdout"); got != "hello from main\nsecond line\n" {
		t.Errorf("good cell 1 stdout %q", got)
	}
	// The order of stdout and stderr between themselves is not defined
	// (two pipes), so each stream is checked on its own.
	if got := text(good, 2, "stdout"); !strings.HasPrefix(got, "registered quantities: ") {
		t.Errorf("good cell 2 (imports lib/quantity) stdout %q", got)
	}
	if got := text(good, 2, "stderr"); got != "a warning on stderr\n" {
		t.Errorf("good cell 2 stderr %q", got)
	}
	// gonbui: a display, then a display_id created and updated once.
	outs := good.Notebook.Cells[3].Outputs
	if len(outs) != 2 || outs[0].OutputType != "display_data" || outs[1].OutputType != "display_data" {
		t.Fatalf("good cell 3 outputs %+v, want two display_data", outs)
	}
	for i, want := range []string{"<b>static</b>", "step 2 (final)"} {
		if got, _ := outs[i].DataString("text/html"); got != want {
			t.Errorf("good cell 3 output %d html %q, want %q", i, got, want)
		}
	}
	errs := res[1]
	if o := errs.Notebook.Cells[1].Outputs; len(o) != 1 || o[0].OutputType != "error" {
		t.Errorf("compile error cell outputs %+v, want one error output", o)
	}
	if got := text(errs, 3, "stdout"); got != "about to panic\n" {
		t.Errorf("panic cell stdout %q", got)
	}
	if got := text(errs, 6, "stdout"); got != "after exit\n" {
		t.Errorf("cell after os.Exit stdout %q", got)
	}
	for _, want := range []string{"running good", "ok good", "failed errors", "(cell 2: cannot use", "failed killme", "failed invalid"} {
		if !strings.Contains(progress.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, progress.String())
		}
	}
	iso.check(t)
}

// TestTimeouts runs a notebook whose second cell sleeps for a minute: with
// a 6 s cell timeout the cell is interrupted and the next cell still runs;
// with StopOnTimeout it does not; with a notebook timeout the notebook
// stops with an error naming the timeout. (6 s leaves room for compiling a
// cell on a loaded machine; a warm trivial cell takes ~0.3 s.) Its subtest
// "cancel" cancels Run 4 s after it starts it on that notebook and another
// one queued behind it (Jobs 1): both fail with the cancellation.
func TestTimeouts(t *testing.T) {
	t.Parallel()
	iso := isolate(t)
	cases := []struct {
		name  string
		opt   Options
		cells string
		err   string
	}{
		{"cell timeout, continue", Options{CellTimeout: 6 * time.Second}, "ok,timeout,ok", ""},
		{"cell timeout, stop", Options{CellTimeout: 6 * time.Second, StopOnTimeout: true}, "ok,timeout,skipped", ""},
		{"notebook timeout", Options{NotebookTimeout: 8 * time.Second}, "ok,timeout,skipped", "notebook timeout after 8s"},
	}
	// The four runs (the three cases and the cancellation) mostly sleep:
	// run them concurrently.
	type outcome struct {
		r   Result
		d   time.Duration
		err error
	}
	outcomes := make([]outcome, len(cases))
	var wg sync.WaitGroup
	var cancelled []Result
	var cancelErr error
	var cancelTook time.Duration
	wg.Add(1)
	go func() {
		defer wg.Done()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		time.AfterFunc(4*time.Second, cancel)
		t0 := time.Now()
		cancelled, cancelErr = Run(ctx, []string{"testdata/sleep.ipynb", "testdata/three.ipynb"}, iso.opt(Options{Jobs: 1, NoCache: true, RepoRoot: "../.."}))
		cancelTook = time.Since(t0)
	}()
	for i, tc := range cases {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opt := iso.opt(tc.opt)
			opt.NoCache, opt.RepoRoot = true, "../.."
			t0 := time.Now()
			res, err := Run(context.Background(), []string{"testdata/sleep.ipynb"}, opt)
			outcomes[i] = outcome{d: time.Since(t0), err: err}
			if err == nil {
				outcomes[i].r = res[0]
			}
		}()
	}
	wg.Wait()
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := outcomes[i]
			if o.err != nil {
				t.Fatal(o.err)
			}
			r := o.r
			t.Logf("took %v, cells %+v", o.d, r.Cells)
			if got := strings.Join(cellStatuses(r), ","); got != tc.cells || r.Status != "failed" {
				t.Errorf("status %s cells %s, want failed %s (err %q)", r.Status, got, tc.cells, r.Err)
			}
			if (tc.err == "") != (r.Err == "") || !strings.Contains(r.Err, tc.err) {
				t.Errorf("Err = %q, want it to contain %q", r.Err, tc.err)
			}
			if got := text(r, 1, "stdout"); got != "sleeping\n" {
				t.Errorf("timed-out cell stdout %q, want the output before the timeout", got)
			}
			if tc.cells == "ok,timeout,ok" {
				if got := text(r, 2, "stdout"); got != "after sleep\n" {
					t.Errorf("cell after the timeout stdout %q", got)
				}
			}
			if o.d > 45*time.Second {
				t.Errorf("took %v: the timeout did not cut the minute-long sleep", o.d)
			}
		})
	}
	t.Run("cancel", func(t *testing.T) {
		if cancelErr != nil {
			t.Fatal(cancelErr)
		}
		if cancelTook > 30*time.Second {
			t.Errorf("Run returned %v after start, cancelled at 4 s", cancelTook)
		}
		if len(cancelled) != 2 {
			t.Fatalf("%d results, want 2", len(cancelled))
		}
		for _, r := range cancelled {
			if r.Status != "failed" || !strings.Contains(r.Err, "context canceled") {
				t.Errorf("%s: status %q err %q, want failed with context canceled", r.Name, r.Status, r.Err)
			}
		}
	})
	iso.check(t)
}

// TestStopOnError stops at the first failed cell.
func TestStopOnError(t *testing.T) {
	t.Parallel()
	iso := isolate(t)
	res, err := Run(context.Background(), []string{"testdata/errors.ipynb"}, iso.opt(Options{NoCache: true, RepoRoot: "../..", StopOnError: true}))
	if err != nil {
		t.Fatal(err)
	}
	want := "ok,failed,skipped,skipped,skipped,skipped,skipped"
	if got := strings.Join(cellStatuses(res[0]), ","); got != want || res[0].Err != "" {
		t.Errorf("cells %s err %q, want %s and no notebook error", got, res[0].Err, want)
	}
	iso.check(t)
}

// snapshotRepo copies go.mod and go.sum of the repository into a
// temporary module root (three.ipynb and errors.ipynb import nothing from
// the repository), so that the cache key cannot change under the test
// while other work edits the checkout.
func snapshotRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		copyFile(t, filepath.Join("../..", f), filepath.Join(root, f))
	}
	return root
}

// TestCache runs a passing and a failing notebook, then runs them again:
// the passing one must come from the cache (no kernel), identical and
// fast; the failing one is not cached.
func TestCache(t *testing.T) {
	t.Parallel()
	iso := isolate(t)
	cache := t.TempDir()
	paths := []string{"testdata/three.ipynb", "testdata/errors.ipynb"}
	opt := iso.opt(Options{Jobs: 2, RepoRoot: snapshotRepo(t), CacheDir: cache})
	t0 := time.Now()
	first, err := Run(context.Background(), paths, opt)
	if err != nil {
		t.Fatal(err)
	}
	firstTime := time.Since(t0)
	if first[0].Status != "ok" || first[0].Cached || first[1].Status != "failed" {
		t.Fatalf("first run: %+v", first)
	}
	if first[0].Why != "no cached result" {
		t.Errorf("first run: why %q, want %q", first[0].Why, "no cached result")
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(entries) != 1 {
		t.Errorf("cache holds %d entries after one ok and one failed notebook, want 1", len(entries))
	}

	var progress strings.Builder
	opt.Progress = &progress
	t0 = time.Now()
	res, err := Run(context.Background(), paths[:1], opt)
	secondTime := time.Since(t0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first run %v, cached re-run %v", firstTime, secondTime)
	r := res[0]
	if !r.Cached || r.Status != "ok" || r.Path != paths[0] || r.Name != "three" || progress.String() != "cached three\n" {
		t.Errorf("second run: cached %v status %q path %q name %q, progress %q", r.Cached, r.Status, r.Path, r.Name, progress.String())
	}
	if secondTime > 5*time.Second {
		t.Errorf("cached re-run took %v, want < 5 s (one go list, no kernel)", secondTime)
	}
	a, _ := ipynb.Marshal(first[0].Notebook)
	b, _ := ipynb.Marshal(r.Notebook)
	if string(a) != string(b) {
		t.Errorf("cached notebook differs:\n%s\nvs\n%s", a, b)
	}
	if len(r.Cells) != 3 || r.Cells[1].Status != "ok" || r.Cells[1].Duration != first[0].Cells[1].Duration {
		t.Errorf("cached cells %+v, want %+v", r.Cells, first[0].Cells)
	}
	// NoCache ignores the entry.
	opt.NoCache = true
	if res, err := Run(context.Background(), paths[:1], opt); err != nil || res[0].Cached || res[0].Status != "ok" || res[0].Why != "--no-cache" {
		t.Errorf("NoCache run: err %v, cached %v, status %q, why %q", err, res[0].Cached, res[0].Status, res[0].Why)
	}
	iso.check(t)
}

// TestSetupFailure: a RepoRoot without go.mod is a setup error.
func TestSetupFailure(t *testing.T) {
	if _, err := Run(context.Background(), []string{"testdata/good.ipynb"}, Options{RepoRoot: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "go.mod") {
		t.Errorf("err = %v, want one naming go.mod", err)
	}
}

var _ = kernel.ErrDied

// TestReasonNamesCellAsWritten: a failed cell after the cell a -p run
// added is named by its position in the author's notebook (the fourth
// cell there, the fifth of the run), in Reason and so in the progress
// lines; without a notebook, by its index plus one.
func TestReasonNamesCellAsWritten(t *testing.T) {
	code := ipynb.Cell{CellType: "code", Metadata: map[string]any{}}
	injected := ipynb.Cell{CellType: "code", Metadata: map[string]any{"tags": []any{ipynb.InjectedTag}}}
	nb := &ipynb.Notebook{Cells: []ipynb.Cell{{CellType: "markdown"}, code, code, injected, code}}
	r := Result{Notebook: nb, Cells: []CellResult{{Index: 4, Status: CellFailed, Reason: "panic: boom"}}}
	if got, want := r.Reason(), "cell 4: panic: boom"; got != want {
		t.Errorf("Reason %q, want %q", got, want)
	}
	r.Cells[0] = CellResult{Index: 3, Status: CellTimeout}
	if got, want := r.Reason(), "the -p parameters cell: "+CellTimeout; got != want {
		t.Errorf("Reason %q, want %q", got, want)
	}
	r.Notebook = nil
	if got, want := r.Reason(), "cell 4: "+CellTimeout; got != want {
		t.Errorf("without a notebook: Reason %q, want %q", got, want)
	}
}
