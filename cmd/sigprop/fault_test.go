package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sigprop/sigprop/internal/procenv"
	"github.com/sigprop/sigprop/reports/kernel"
	"github.com/sigprop/sigprop/reports/publish"
)

// TestMain lets the test binary stand in for the sigprop command: with
// SIGPROP_TEST_AS_CLI=1 it runs the CLI on its arguments, so that the
// fault tests can kill a real sigprop process without building one.
// Otherwise it starts the runs of TestEveryNotebookAtCheapSettings in the
// background (startCheapRuns) before the tests run, more of the tests
// that mostly wait at once than -parallel's default (parallelTests); after
// them it removes the shared -trimpath build (trimpathSigprop) and the
// shared kernel install (sharedInstall).
func TestMain(m *testing.M) {
	if os.Getenv("SIGPROP_TEST_AS_CLI") == "1" {
		limitMemory() // TestEvalRangesBudgeted's budget, when set
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	flag.Parse() // for startCheapRuns; m.Run does not parse them again
	parallelTests()
	cleanup := startCheapRuns()
	code := m.Run()
	cleanup()
	removeTrimpath()
	removeInstall()
	os.Exit(code)
}

// faultRun is one sigprop process of a fault test: every process it
// starts inherits the marker variable, which is how the test finds what
// is left (procenv.Find), never by a process name.
type faultRun struct {
	t      *testing.T
	dir    string // the working directory
	tmp    string // TMPDIR of the run and of all it starts
	marker string // NAME=value in every descendant's environment
}

func newFaultRun(t *testing.T, dir string) *faultRun {
	var id [8]byte
	rand.Read(id[:])
	f := &faultRun{t: t, dir: dir, tmp: filepath.Join(t.TempDir(), "tmp"), marker: "SIGPROP_FAULT_TEST=" + hex.EncodeToString(id[:])}
	if err := os.Mkdir(f.tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, pid := range procenv.Find(f.marker) {
			syscall.Kill(pid, syscall.SIGKILL) // after the checks, which report them
		}
	})
	return f
}

// start starts `sigprop args...` with the cell sleep d.
func (f *faultRun) start(d time.Duration, args ...string) (*exec.Cmd, *syncBuffer) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Dir = f.dir
	cmd.Env = append(os.Environ(), "SIGPROP_TEST_AS_CLI=1", "TMPDIR="+f.tmp, f.marker, "SIGPROP_FAULT_SLEEP="+d.String())
	log := &syncBuffer{} // jupyter_test.go's: read while the process writes
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		f.t.Fatal(err)
	}
	return cmd, log
}

// left returns the processes of the run still alive after waiting up to
// wait for them to go (a killed process takes a moment to disappear).
func (f *faultRun) left(wait time.Duration) []int {
	for t0 := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		var live []int
		for _, pid := range procenv.Find(f.marker) {
			if alive(pid) {
				live = append(live, pid)
			}
		}
		if len(live) == 0 || time.Since(t0) > wait {
			return live
		}
	}
}

// describe lists pids with their command lines, for a failure message.
func describe(pids []int) string {
	var b strings.Builder
	for _, pid := range pids {
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		fmt.Fprintf(&b, "\n  %d %s", pid, bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}))
	}
	return b.String()
}

// checkSite fails unless out holds a complete site of the fault notebook:
// the marker, index.html and the notebook's page ending their HTML, and a
// manifest listing the notebook as ok.
func checkSite(t *testing.T, out, when string) {
	t.Helper()
	m, err := publish.ReadManifest(out)
	if err != nil {
		t.Fatalf("%s: no complete site: %v", when, err)
	}
	if len(m.Notebooks) != 1 || m.Notebooks[0].Status != "ok" {
		t.Fatalf("%s: the site is not the last complete one: %+v", when, m.Notebooks)
	}
	for _, f := range []string{"index.html", "sleep.html"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil || !bytes.HasSuffix(bytes.TrimSpace(b), []byte("</html>")) {
			t.Fatalf("%s: %s incomplete (%v)", when, f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, publish.SiteMarker)); err != nil {
		t.Fatalf("%s: %v", when, err)
	}
}

// TestReportFaults kills `sigprop report` of a tiny notebook with SIGKILL
// or SIGTERM at random points (seeded): while it starts, while a cell's
// program runs (a cell that sleeps), and, with a cell that does not
// sleep, anywhere up to and through the publish. After SIGTERM nothing the
// report started may be left and it must exit 128+15 at once; after
// SIGKILL the next report must end what was left. After every fault the
// last complete site must be intact, and nothing but the site beside it.
func TestReportFaults(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	if testing.Short() {
		t.Skip("starts kernels")
	}
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	nb := filepath.Join(root, "cmd", "sigprop", "testdata", "fault", "sleep.ipynb")
	parent := t.TempDir()
	out := filepath.Join(parent, "site")
	f := newFaultRun(t, root)
	report := func(d time.Duration) (*exec.Cmd, *syncBuffer) {
		return f.start(d, "report", "--no-cache", "--out", out, nb)
	}
	complete := func(when string) {
		cmd, log := report(0)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: report: %v\n%s", when, err, log)
		}
		if pids := f.left(5 * time.Second); len(pids) > 0 {
			t.Fatalf("%s: a complete report left processes:%s\n%s", when, describe(pids), log)
		}
		checkSite(t, out, when)
		if entries, _ := os.ReadDir(parent); len(entries) != 1 {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Fatalf("%s: beside the site: %v", when, names)
		}
		if entries, _ := os.ReadDir(f.tmp); len(entries) != 0 {
			t.Fatalf("%s: left in TMPDIR: %d entries", when, len(entries))
		}
	}
	complete("first report")

	rng := mrand.New(mrand.NewPCG(24, 1))
	const rounds = 8
	for i := range rounds {
		sig := syscall.SIGTERM
		if i%2 == 1 {
			sig = syscall.SIGKILL
		}
		sleep, window := time.Minute, 3*time.Second // the kill lands before or while the cell runs
		if i >= rounds/2 {
			sleep, window = 0, 1500*time.Millisecond // anywhere, the publish included
		}
		delay := time.Duration(rng.Int64N(int64(window)))
		when := fmt.Sprintf("round %d: %v after %v (cell sleeps %v)", i, sig, delay.Round(time.Millisecond), sleep)
		cmd, log := report(sleep)
		time.Sleep(delay)
		cmd.Process.Signal(sig)
		t0 := time.Now()
		err := cmd.Wait()
		took := time.Since(t0)
		if sig == syscall.SIGTERM {
			// 143 when the handler ran; 0 when it had finished; killed by
			// the signal itself only if it came before the handler was
			// installed, when nothing was started yet (checked below).
			if ee, ok := err.(*exec.ExitError); err != nil && !(ok && (ee.ExitCode() == 128+15 || signaled(ee, syscall.SIGTERM))) {
				t.Errorf("%s: exit %v, want 143 (or 0 when it had finished)\n%s", when, err, log)
			}
			if took > 15*time.Second {
				t.Errorf("%s: took %v to stop", when, took)
			}
			if pids := f.left(5 * time.Second); len(pids) > 0 {
				t.Fatalf("%s: processes left after SIGTERM:%s\n%s", when, describe(pids), log)
			}
		}
		checkSite(t, out, when)
		t.Logf("%s: stopped in %v", when, took.Round(time.Millisecond))
		if sig == syscall.SIGKILL {
			complete(when + ", then a report")
		}
	}
}

// TestDiffFaults stops `sigprop diff` of two revisions of a repository
// holding the fault notebook while a revision's report runs a sleeping
// cell: SIGTERM must stop the whole tree (the revision's report, its
// kernel and the cell's program) and remove the worktree; after SIGKILL
// the revision's report gets SIGINT (Pdeathsig) and ends its own kernel,
// and the next diff removes the worktree.
func TestDiffFaults(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	if testing.Short() {
		t.Skip("builds a repository and starts kernels")
	}
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	repo := t.TempDir()
	if err := copyModule(root, repo); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(repo, "notebooks"), 0o755)
	nb, err := os.ReadFile(filepath.Join(root, "cmd", "sigprop", "testdata", "fault", "sleep.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(repo, "notebooks", "sleep.ipynb"), nb, 0o644)
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v: %s", args, err, b)
		}
		return string(b)
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "one")

	// The -trimpath build TestDiffRevisions shares: the revision's build
	// in each diff below then finds every package in the build cache
	// instead of compiling them at the same time as that test.
	trimpathSigprop(t)
	f := newFaultRun(t, repo)
	out := filepath.Join(t.TempDir(), "diff-site")
	rng := mrand.New(mrand.NewPCG(24, 2))
	for i, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		cmd, log := f.start(time.Minute, "diff", "--out", out, "HEAD", "HEAD")
		// Wait for the cell's program, then a random moment more.
		for t0 := time.Now(); !strings.Contains(log.String(), "running sleep"); time.Sleep(50 * time.Millisecond) {
			if time.Since(t0) > 8*time.Minute { // a cold cache builds the revision's sigprop (-trimpath) first
				t.Fatalf("round %d: the revision's report never started:\n%s", i, log)
			}
		}
		time.Sleep(500*time.Millisecond + time.Duration(rng.Int64N(int64(2*time.Second))))
		cmd.Process.Signal(sig)
		t0 := time.Now()
		err := cmd.Wait()
		when := fmt.Sprintf("round %d: %v", i, sig)
		if sig == syscall.SIGTERM {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 128+15 {
				t.Errorf("%s: exit %v, want 143\n%s", when, err, log)
			}
		}
		// After SIGKILL the revision's report cleans up on its own (its
		// SIGINT from Pdeathsig); give it the time it needs.
		if pids := f.left(20 * time.Second); len(pids) > 0 {
			t.Fatalf("%s: processes left:%s\n%s", when, describe(pids), log)
		}
		t.Logf("%s: everything gone %v after the signal", when, time.Since(t0).Round(time.Millisecond))
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s: a diff page was written (%v)", when, err)
		}
	}
	// The worktree the SIGKILLed diff left is removed by the next diff
	// (which also runs to completion: the cell no longer sleeps).
	cmd, log := f.start(0, "diff", "--out", out, "HEAD", "HEAD")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("diff after the faults: %v\n%s", err, log)
	}
	if wt := git("worktree", "list"); strings.Count(wt, "\n") != 1 {
		t.Errorf("worktrees left after the next diff:\n%s", wt)
	}
	if entries, _ := os.ReadDir(f.tmp); len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left in TMPDIR after the next diff: %v", names)
	}
	if b, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || !bytes.Contains(b, []byte("</html>")) {
		t.Errorf("no diff page after the next diff: %v", err)
	}
}

// TestRelayFaults kills `sigprop kernel run` (the Jupyter kernel process)
// with SIGKILL while its cell's program sleeps: gonb goes with it
// (Pdeathsig) but the cell's program is orphaned. The next `sigprop
// kernel run` must end it, by the marker its dead predecessor recorded,
// and remove the predecessor's TMPDIR. The relay is driven through
// package kernel's client, which starts it as if it were gonb (a shim
// that execs `sigprop kernel run` on the client's connection file).
func TestRelayFaults(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	if testing.Short() {
		t.Skip("starts kernels")
	}
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	tools, err := kernel.BuildTools(context.Background(), root, "")
	if err != nil {
		t.Fatal(err)
	}
	f := newFaultRun(t, root)
	shim := filepath.Join(t.TempDir(), "relay-shim")
	// kernel.Start runs SHIM --kernel CONNFILE --raw_error.
	os.WriteFile(shim, []byte("#!/bin/sh\nexport TMPDIR=\"$FAULT_TMP\"\nexec \"$SIGPROP_BIN\" kernel run --module \"$SIGPROP_MODULE\" --connection-file \"$2\"\n"), 0o755)
	env := []string{"SIGPROP_TEST_AS_CLI=1", f.marker, "FAULT_TMP=" + f.tmp, "SIGPROP_BIN=" + os.Args[0], "SIGPROP_MODULE=" + root}
	start := func() *kernel.Kernel {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		k, err := kernel.Start(ctx, kernel.Options{Tools: kernel.Tools{Dir: tools.Dir, Gonb: shim, GonbVersion: tools.GonbVersion}, Dir: root, Env: env})
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k := start()
	e, err := k.Execute("%%\nfmt.Println(\"sleeping\")\ntime.Sleep(10 * time.Minute)", kernel.ExecOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Wait for the cell's program: a process of the run other than the
	// relay, gonb and go build, found as the child of gonb that runs from
	// the relay's TMPDIR.
	relay := k.Pid()
	var prog int
	for t0 := time.Now(); prog == 0; time.Sleep(100 * time.Millisecond) {
		for _, pid := range f.left(0) {
			exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
			if pid != relay && strings.HasPrefix(exe, f.tmp) && strings.Contains(exe, "gonb_") {
				prog = pid
			}
		}
		if time.Since(t0) > 2*time.Minute {
			t.Fatalf("the cell's program never started; processes:%s", describe(f.left(0)))
		}
	}
	syscall.Kill(relay, syscall.SIGKILL)
	time.Sleep(time.Second)
	if !alive(prog) {
		t.Fatal("the cell's program died with the relay: the test would prove nothing")
	}
	_ = e
	// The next relay ends what the killed one left: the orphaned program
	// and anything else of the killed relay's (not of the new relay's).
	k2 := start()
	for t0 := time.Now(); alive(prog) && time.Since(t0) < 10*time.Second; time.Sleep(50 * time.Millisecond) {
	}
	var other []int
	for _, p := range f.left(0) {
		if p != k2.Pid() && !isDescendant(p, k2.Pid()) {
			other = append(other, p)
		}
	}
	if len(other) > 0 {
		t.Errorf("left by the killed relay after the next one started:%s", describe(other))
	}
	k2.Shutdown(context.Background())
	k.Kill() // the client's side of the first kernel
	if pids := f.left(10 * time.Second); len(pids) > 0 {
		t.Errorf("processes left:%s", describe(pids))
	}
	if entries, _ := os.ReadDir(f.tmp); len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left in TMPDIR: %v", names)
	}
}

// isDescendant reports whether pid descends from ancestor (by /proc's
// parent links).
func isDescendant(pid, ancestor int) bool {
	for i := 0; i < 64 && pid > 1; i++ {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return false
		}
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
		if len(fields) < 2 {
			return false
		}
		ppid := 0
		fmt.Sscan(fields[1], &ppid)
		if ppid == ancestor {
			return true
		}
		pid = ppid
	}
	return false
}

// signaled reports whether the process of ee was ended by sig.
func signaled(ee *exec.ExitError, sig syscall.Signal) bool {
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}
