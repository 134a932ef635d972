package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sigprop/sigprop/internal/procenv"
	"github.com/sigprop/sigprop/kernel-ext/contract/bundle"
	"github.com/sigprop/sigprop/reports/execute"
	"github.com/sigprop/sigprop/reports/ipynb"
	"github.com/sigprop/sigprop/reports/render"
)

// Debian's Jupyter: jupyter-nbconvert (with python3-nbclient) for whole
// notebooks, jupyter-client for kernel lifecycles. Both run the kernel
// that `sigprop kernel install` registers.
const (
	jupyter = "/usr/bin/jupyter"
	python3 = "/usr/bin/python3"
)

// requireJupyter skips the test where Debian's Jupyter is not installed,
// and fails it where CI is set (.ci/run installs it).
func requireJupyter(t *testing.T) {
	t.Helper()
	for _, p := range []string{jupyter, python3} {
		if _, err := os.Stat(p); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("CI is set but %s is missing: .ci/run must install jupyter-nbconvert, python3-nbclient, jupyter-client", p)
			}
			t.Skipf("%s not installed (apt-get install jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel); CI runs this test", p)
		}
	}
	if err := exec.Command(python3, "-c", "import jupyter_client, nbclient").Run(); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s cannot import jupyter_client and nbclient: %v", python3, err)
		}
		t.Skipf("%s cannot import jupyter_client and nbclient (apt-get install jupyter-client python3-nbclient)", python3)
	}
	if testing.Short() {
		t.Skip("runs Jupyter")
	}
}

// installed is the one `sigprop kernel install` of the test binary
// (sharedInstall): each install builds sigprop from the checkout, about
// 1.4 CPU-s, and the kernel tests used to make six.
var installed struct {
	once    sync.Once
	dataDir string // its Jupyter data directory, removed by TestMain after the tests
	err     error
}

// sharedInstall returns the Jupyter data directory of installed: the
// first test that asks runs `sigprop kernel install` into a directory of
// its own (the test binary as the command, see TestMain), the others
// wait for it.
func sharedInstall(t *testing.T) string {
	t.Helper()
	installed.once.Do(func() {
		if installed.dataDir, installed.err = os.MkdirTemp("", "sigprop-kernel-install-"); installed.err != nil {
			return
		}
		// The test binary as the command (TestMain), so that the tests,
		// which run in parallel, need not set this process's environment.
		install := exec.Command(os.Args[0], "kernel", "install")
		install.Env = append(os.Environ(), "SIGPROP_TEST_AS_CLI=1", "JUPYTER_DATA_DIR="+installed.dataDir)
		if out, err := install.CombinedOutput(); err != nil {
			installed.err = fmt.Errorf("kernel install: %v: %s", err, out)
		}
	})
	if installed.err != nil {
		t.Fatal(installed.err)
	}
	return installed.dataDir
}

// removeInstall removes the shared install's directory, for TestMain
// after the tests.
func removeInstall() {
	if installed.dataDir != "" {
		os.RemoveAll(installed.dataDir)
	}
}

// installKernel gives the test a fresh Jupyter data directory holding the
// kernel spec of `sigprop kernel install` (sharedInstall's: its program
// is that install's sigprop) and returns the environment that makes
// Jupyter use it, with its runtime files and the kernels' TMPDIR in test
// directories. Without gopls the test's kernel runs with --gopls=false:
// for the tests that check cells, not completion, hover docs or gopls's
// end (gopls loads the whole workspace in every kernel, 2 to 4 CPU-s each
// on two busy cores, beside the cells).
func installKernel(t *testing.T, gopls bool) (env []string, tmp string) {
	t.Helper()
	shared := sharedInstall(t)
	dataDir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dataDir, "kernels", kernelName), 0o755); err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Argv          []string `json:"argv"`
		DisplayName   string   `json:"display_name"`
		InterruptMode string   `json:"interrupt_mode"`
	}
	b, err := os.ReadFile(filepath.Join(shared, "kernels", kernelName, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatal(err)
	}
	if spec.DisplayName != "Go (sigprop)" || spec.InterruptMode != "message" || len(spec.Argv) == 0 {
		t.Fatalf("kernel.json = %s", b)
	}
	if _, err := os.Stat(spec.Argv[0]); err != nil {
		t.Fatalf("the kernel's program: %v", err)
	}
	if !gopls {
		var full map[string]any
		if err := json.Unmarshal(b, &full); err != nil {
			t.Fatal(err)
		}
		full["argv"] = append(slices.Clone(spec.Argv), "--gopls=false")
		if b, err = json.Marshal(full); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dataDir, "kernels", kernelName, "kernel.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	tmp = filepath.Join(t.TempDir(), "tmp")
	if err := os.Mkdir(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	env = append(os.Environ(), "JUPYTER_DATA_DIR="+dataDir, "JUPYTER_RUNTIME_DIR="+t.TempDir(), "TMPDIR="+tmp)
	return env, tmp
}

// TestJupyterAgrees executes notebooks/00-overview.ipynb twice, at once: in real
// Jupyter (`jupyter nbconvert --execute`, Debian's packages, with the
// kernel named in the notebook's metadata, the sigprop kernel) and with
// sigprop's executor. The notebook has no setup cell: it imports lib/ and
// kernel-ext/ because the kernel is wired. Both runs must succeed, show the
// figure as SVG and produce the same figure data and metrics. The kernel
// runs without gopls (installKernel), which nbconvert never asks.
func TestJupyterAgrees(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	requireJupyter(t)
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	env, _ := installKernel(t, false)
	nbPath := filepath.Join(root, "notebooks", "00-overview.ipynb")
	nb, err := ipynb.Load(nbPath)
	if err != nil {
		t.Fatal(err)
	}
	if nb.KernelName() != kernelName {
		t.Fatalf("%s: kernelspec %q, want %q", nbPath, nb.KernelName(), kernelName)
	}
	for i, c := range nb.Cells {
		if strings.Contains(string(c.Source), "go work") {
			t.Fatalf("%s cell %d still wires the kernel itself:\n%s", nbPath, i, c.Source)
		}
	}
	outDir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// sigprop's execution runs meanwhile: the two runs are independent,
	// and each leaves a core mostly idle (a cell's link, a kernel's start).
	type executed struct {
		res []execute.Result
		err error
	}
	sigprop := make(chan executed, 1)
	go func() {
		res, err := execute.Run(ctx, []string{nbPath}, execute.Options{RepoRoot: root, NoCache: true})
		sigprop <- executed{res, err}
	}()
	defer func() { cancel(); <-sigprop }() // a failed test stops it and waits for it
	cmd := exec.CommandContext(ctx, jupyter, "nbconvert", "--to", "notebook", "--execute",
		"--ExecutePreprocessor.timeout=240", "--output-dir", outDir, nbPath)
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jupyter nbconvert --execute: %v\n%s", err, out)
	}
	jnb, err := ipynb.Load(filepath.Join(outDir, "00-overview.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	svgs := 0
	for _, c := range jnb.Cells {
		for _, o := range c.Outputs {
			if s, ok := o.DataString("image/svg+xml"); ok && strings.Contains(s, "<svg") {
				svgs++
			}
		}
	}
	if svgs == 0 {
		t.Error("Jupyter's run shows no SVG figure")
	}
	x := <-sigprop
	sigprop <- x // for the deferred receive
	results, err := x.res, x.err
	if err != nil {
		t.Fatal(err)
	}
	if results[0].Status != execute.StatusOK {
		t.Fatalf("sigprop execution failed: %s %+v", results[0].Err, results[0].Cells)
	}
	jf, jm, jt, err := render.Collect(jnb)
	if err != nil {
		t.Fatal(err)
	}
	sf, sm, st, err := render.Collect(results[0].Notebook)
	if err != nil {
		t.Fatal(err)
	}
	if len(jf) == 0 || len(jm) == 0 || len(jt) == 0 {
		t.Fatalf("Jupyter's run lacks outputs: %d figures, %d metrics, %d tables", len(jf), len(jm), len(jt))
	}
	if len(jf) != len(sf) || len(jm) != len(sm) || len(jt) != len(st) {
		t.Fatalf("Jupyter: %d/%d/%d figures/metrics/tables, sigprop: %d/%d/%d", len(jf), len(jm), len(jt), len(sf), len(sm), len(st))
	}
	for i := range jf {
		if jf[i].Hash() != sf[i].Hash() {
			t.Errorf("figure %s: Jupyter's and sigprop's data differ", jf[i].ID)
		}
	}
	// The cells leave their figures to draw (bundle.DrawMIMEType): the
	// relay draws them for Jupyter, the executor for the report, and
	// the saved notebooks carry the same SVG and no mark.
	js, ss := figureSVGs(t, jnb), figureSVGs(t, results[0].Notebook)
	if len(js) != len(jf) || !slices.Equal(js, ss) {
		t.Errorf("Jupyter's notebook has %d SVGs for %d figures, sigprop's %d; equal: %v", len(js), len(jf), len(ss), slices.Equal(js, ss))
	}
	for i := range jm {
		if jm[i] != sm[i] {
			t.Errorf("metric %s: Jupyter %+v, sigprop %+v", jm[i].Name, jm[i], sm[i])
		}
	}
}

// lifecycleCell is one cell's result as testdata/jupyter_lifecycle.py
// reports it.
type lifecycleCell struct {
	Status         string
	ExecutionCount *int `json:"execution_count"`
	Outputs        [][2]json.RawMessage
	Seconds        float64
}

// stream joins the cell's stream outputs named name.
func (c lifecycleCell) stream(name string) string {
	var b strings.Builder
	for _, o := range c.Outputs {
		var s struct{ Name, Text string }
		if string(o[0]) == `"stream"` && json.Unmarshal(o[1], &s) == nil && s.Name == name {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// rawOutputs returns the cell's outputs as JSON.
func rawOutputs(c lifecycleCell) []byte {
	b, _ := json.Marshal(c.Outputs)
	return b
}

// figures returns the display_data outputs' SVG and sigprop bundle.
func (c lifecycleCell) figures(t *testing.T) (svgs []string, ids []string) {
	for _, o := range c.Outputs {
		if string(o[0]) != `"display_data"` {
			continue
		}
		var d struct{ Data map[string]any }
		if err := json.Unmarshal(o[1], &d); err != nil {
			t.Fatal(err)
		}
		if s, ok := d.Data["image/svg+xml"].(string); ok {
			svgs = append(svgs, s)
		}
		if s, ok := d.Data[bundle.MIMEType].(string); ok {
			var b struct {
				Figure struct{ ID string }
			}
			if err := json.Unmarshal([]byte(s), &b); err != nil {
				t.Errorf("bundle does not decode: %v", err)
			}
			ids = append(ids, b.Figure.ID)
		}
	}
	return svgs, ids
}

// checkFigureCell checks a run of the script's first cell, a new
// notebook's first cell: it imports lib/meanfield and kernel-ext/show
// without any setup of its own and displays one figure, as SVG and as
// sigprop data, and is execution 1 (the kernel's setup is silent).
func checkFigureCell(t *testing.T, label string, c lifecycleCell) {
	t.Helper()
	if c.Status != "ok" || c.ExecutionCount == nil || *c.ExecutionCount != 1 {
		t.Errorf("%s: status %q execution_count %v, want ok and 1; stderr %q outputs %s", label, c.Status, c.ExecutionCount, c.stream("stderr"), c.Outputs)
		return
	}
	svgs, ids := c.figures(t)
	if len(svgs) != 1 || !strings.Contains(svgs[0], "<svg") || len(ids) != 1 || ids[0] != "jupyter-new-notebook" {
		t.Errorf("%s: %d SVGs, bundles %q; want one figure jupyter-new-notebook", label, len(svgs), ids)
	}
	if s := c.stream("stderr"); s != "" {
		t.Errorf("%s: stderr %q", label, s)
	}
}

// TestJupyterKernelLifecycle drives the sigprop kernel with
// jupyter_client's KernelManager, as Jupyter's server does
// (testdata/jupyter_lifecycle.py): a new notebook's first cell imports the
// library and displays a figure; %help, a compile error and completion are
// gonb's; a sleeping cell is interrupted and the
// kernel runs the next cell; a restart replaces the relay and its gonb
// (none of the old processes left) with a freshly wired kernel; after a
// SIGKILL the next kernel removes what the killed one left; a shutdown ends the relay by itself (exit 0, before Jupyter would send
// SIGTERM) and leaves no process carrying the test's marker and nothing in
// the kernels' TMPDIR.
func TestJupyterKernelLifecycle(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	requireJupyter(t)
	env, tmp := installKernel(t, true)
	var id [8]byte
	rand.Read(id[:])
	marker := "SIGPROP_JUPYTER_TEST=" + hex.EncodeToString(id[:])
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python3, "testdata/jupyter_lifecycle.py", kernelName)
	cmd.Env = append(env, marker)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	// A kernel left running would hold the script's output pipes open.
	cmd.WaitDelay = 10 * time.Second
	t.Cleanup(func() {
		for _, pid := range procenv.Find(marker) {
			syscall.Kill(pid, syscall.SIGKILL) // after the checks below, which report them
		}
	})
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("jupyter_lifecycle.py: %v\n%s", err, lastLines(stderr.String(), 40))
	}
	var rep struct {
		ReadySeconds              float64 `json:"ready_seconds"`
		RestartSeconds            float64 `json:"restart_seconds"`
		RelayPID                  int     `json:"relay_pid"`
		GonbPIDs                  []int   `json:"gonb_pids"`
		NewRelayPID               int     `json:"new_relay_pid"`
		NewGonbPIDs               []int   `json:"new_gonb_pids"`
		OldRelayAliveAfterRestart bool    `json:"old_relay_alive_after_restart"`
		OldGonbAliveAfterRestart  []int   `json:"old_gonb_alive_after_restart"`
		Figure                    lifecycleCell
		Help                      lifecycleCell
		CompileError              lifecycleCell `json:"compile_error"`
		CompleteReply             []string      `json:"complete_reply"`
		Interrupted               lifecycleCell
		InterruptToReplySeconds   *float64      `json:"interrupt_to_reply_seconds"`
		AfterInterrupt            lifecycleCell `json:"after_interrupt"`
		AfterRestart              lifecycleCell `json:"after_restart"`
		KilledAlive               []int         `json:"killed_alive"`
		TmpdirAfterKill           []string      `json:"tmpdir_after_kill"`
		AfterKill                 lifecycleCell `json:"after_kill"`
		ShutdownSeconds           float64       `json:"shutdown_seconds"`
		RelayExitCode             *int          `json:"relay_exit_code"`
		AliveAfterShutdown        []int         `json:"alive_after_shutdown"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("jupyter_lifecycle.py printed %q: %v\n%s", out, err, lastLines(stderr.String(), 40))
	}
	t.Logf("kernel ready in %.2f s, restarted in %.2f s, first cell %.2f s, shut down in %.2f s",
		rep.ReadySeconds, rep.RestartSeconds, rep.Figure.Seconds, rep.ShutdownSeconds)

	if len(rep.GonbPIDs) != 1 || len(rep.NewGonbPIDs) != 1 {
		t.Errorf("gonb processes under the relay: %v, after restart %v; want one each", rep.GonbPIDs, rep.NewGonbPIDs)
	}
	checkFigureCell(t, "first cell", rep.Figure)

	// gonb's own behaviour, passed through.
	if !strings.Contains(string(rawOutputs(rep.Help)), "GoNB Help Page") {
		t.Errorf("%%help: status %q, no GoNB help page in %s", rep.Help.Status, rawOutputs(rep.Help))
	}
	if c := rep.CompileError; c.Status != "error" || !strings.Contains(string(rawOutputs(c)), "undefinedFunction") {
		t.Errorf("compile error: status %q outputs %s; want error naming undefinedFunction", c.Status, rawOutputs(c))
	}
	// The relay passes completion through; gonb answers "error" while
	// gopls is still loading the packages, so either status is an answer
	// here (the matches themselves: TestJupyterCompletionAndHover).
	if len(rep.CompleteReply) != 2 || rep.CompleteReply[0] != "complete_reply" || (rep.CompleteReply[1] != "ok" && rep.CompleteReply[1] != "error") {
		t.Errorf("complete_request answered %q, want a complete_reply, ok or error", rep.CompleteReply)
	}

	if rep.InterruptToReplySeconds == nil {
		t.Error("the sleeping cell never printed, so it was not interrupted")
	} else if *rep.InterruptToReplySeconds > 20 {
		t.Errorf("interrupted cell answered %.1f s after the interrupt, want < 20 s", *rep.InterruptToReplySeconds)
	}
	if s := rep.Interrupted.stream("stdout"); s != "sleeping\n" {
		t.Errorf("interrupted cell stdout %q, want \"sleeping\\n\" only", s)
	}
	if a, i := rep.AfterInterrupt, rep.Interrupted; a.Status != "ok" || a.stream("stdout") != "alive\n" ||
		a.ExecutionCount == nil || i.ExecutionCount == nil || *a.ExecutionCount != *i.ExecutionCount+1 {
		t.Errorf("cell after the interrupt: status %q stdout %q count %v (interrupted cell: %v); want ok, \"alive\\n\", the next count",
			a.Status, a.stream("stdout"), a.ExecutionCount, i.ExecutionCount)
	}

	if rep.NewRelayPID == rep.RelayPID || rep.OldRelayAliveAfterRestart || len(rep.OldGonbAliveAfterRestart) > 0 {
		t.Errorf("restart: relay %d -> %d, old relay alive %v, old gonb alive %v", rep.RelayPID, rep.NewRelayPID, rep.OldRelayAliveAfterRestart, rep.OldGonbAliveAfterRestart)
	}
	checkFigureCell(t, "first cell after the restart", rep.AfterRestart)

	// SIGKILL: gonb dies with the relay; its TMPDIR, left behind, is
	// removed by the next kernel (checked with the TMPDIR below).
	if len(rep.KilledAlive) > 0 {
		t.Errorf("alive after SIGKILL of the kernel: %v", rep.KilledAlive)
	}
	t.Logf("TMPDIR after SIGKILL: %v", rep.TmpdirAfterKill)
	if a := rep.AfterKill; a.Status != "ok" || a.stream("stdout") != "alive\n" {
		t.Errorf("kernel started after a SIGKILL: status %q stdout %q", a.Status, a.stream("stdout"))
	}

	// jupyter_client sends SIGTERM after half of shutdown_wait_time (5 s).
	if code := rep.RelayExitCode; code == nil || *code != 0 || rep.ShutdownSeconds >= 2.5 {
		got := "none (still running)"
		if code != nil {
			got = strconv.Itoa(*code)
		}
		t.Errorf("shutdown: relay exit code %s after %.2f s, want 0 in < 2.5 s", got, rep.ShutdownSeconds)
	}
	if len(rep.AliveAfterShutdown) > 0 {
		t.Errorf("alive after shutdown: %v", rep.AliveAfterShutdown)
	}
	if pids := procenv.Find(marker); len(pids) > 0 {
		t.Errorf("processes of the kernel left after shutdown: %v", pids)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the kernels' TMPDIR: %v", left)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// findChromium returns the path of a Chromium binary, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestJupyterNotebookPage opens notebooks/00-overview.ipynb (a copy) in
// the classic Jupyter notebook page (Debian's jupyter-notebook) in headless
// Chromium, with no host name resolving. A custom.js of the test's
// (testdata/notebook-page/custom) runs all cells once the page's kernel is
// connected and saves what the page then shows. The kernel must be the
// sigprop kernel, named in the notebook's metadata; every code cell must
// have run (a number in its prompt), the figure's SVG must be in the page,
// and no error or stderr output. After the server is stopped (SIGTERM, as
// Ctrl-C would), no process of the kernel and nothing in its TMPDIR may
// be left. About 10 s.
func TestJupyterNotebookPage(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	requireJupyter(t)
	server := "/usr/bin/jupyter-notebook"
	chromium := findChromium()
	for _, p := range []string{server, chromium} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				continue
			}
		}
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set but jupyter-notebook or chromium is missing: .ci/run must install them")
		}
		t.Skip("needs Debian's jupyter-notebook and chromium; CI runs this test")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	env, tmp := installKernel(t, true)
	nbDir := t.TempDir()
	b, err := os.ReadFile(filepath.Join(root, "notebooks", "00-overview.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nbDir, "00-overview.ipynb"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	// Jupyter writes into its config dir: a copy, with the test's custom.js.
	configDir := t.TempDir()
	js, err := os.ReadFile("testdata/notebook-page/custom/custom.js")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(configDir, "custom"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(configDir, "custom", "custom.js"), js, 0o644); err != nil {
		t.Fatal(err)
	}
	var id [8]byte
	rand.Read(id[:])
	token := hex.EncodeToString(id[:])
	marker := "SIGPROP_JUPYTER_TEST=" + token
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()

	// Well within go test's default 10 min, so that the deferred cleanups
	// run on a timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var serverLog syncBuffer
	srv := exec.CommandContext(ctx, server, "--no-browser", "--allow-root", "--ip=127.0.0.1",
		"--port="+strconv.Itoa(port), "--NotebookApp.port_retries=0", "--NotebookApp.token="+token,
		"--notebook-dir="+nbDir)
	srv.Env = append(env, "JUPYTER_CONFIG_DIR="+configDir, marker)
	srv.Stdout, srv.Stderr = &serverLog, &serverLog
	srv.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	srv.Cancel = func() error { return syscall.Kill(-srv.Process.Pid, syscall.SIGKILL) }
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	serverExited := make(chan struct{})
	var serverErr error
	go func() { serverErr = srv.Wait(); close(serverExited) }()
	defer func() {
		syscall.Kill(-srv.Process.Pid, syscall.SIGKILL) // ESRCH once it has stopped
		<-serverExited
	}()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for up := false; !up; {
		select {
		case <-serverExited:
			t.Fatalf("jupyter-notebook exited: %v\n%s", serverErr, lastLines(serverLog.String(), 40))
		case <-ctx.Done():
			t.Fatalf("jupyter-notebook not answering\n%s", lastLines(serverLog.String(), 40))
		case <-time.After(200 * time.Millisecond):
		}
		if resp, err := http.Get(base + "/api?token=" + token); err == nil {
			resp.Body.Close()
			up = resp.StatusCode == http.StatusOK
		}
	}

	t0 := time.Now()
	browser := exec.CommandContext(ctx, chromium,
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--mute-audio", "--user-data-dir="+t.TempDir(),
		// No host name resolves: the page must need nothing but the server.
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
		"--remote-debugging-port=0", // keeps headless Chromium running
		base+"/notebooks/00-overview.ipynb?token="+token)
	// Chromium's singleton files go to TMPDIR: keep them in the test's.
	browser.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	browser.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	browser.Cancel = func() error { return syscall.Kill(-browser.Process.Pid, syscall.SIGKILL) }
	var browserLog syncBuffer
	browser.Stdout, browser.Stderr = &browserLog, &browserLog
	if err := browser.Start(); err != nil {
		t.Fatal(err)
	}
	var stopOnce sync.Once
	stopBrowser := func() {
		stopOnce.Do(func() {
			// SIGTERM lets Chromium clean up after itself; then SIGKILL
			// whatever is left of it and its helpers.
			exited := make(chan struct{})
			go func() { browser.Wait(); close(exited) }()
			browser.Process.Signal(syscall.SIGTERM)
			select {
			case <-exited:
			case <-time.After(10 * time.Second):
			}
			syscall.Kill(-browser.Process.Pid, syscall.SIGKILL)
			<-exited
		})
	}
	defer stopBrowser()
	resultPath := filepath.Join(nbDir, "page-result.json")
	var page []byte
	for page == nil {
		select {
		case <-ctx.Done():
			t.Fatalf("the page saved no result\nserver:\n%s\nchromium:\n%s", lastLines(serverLog.String(), 40), lastLines(browserLog.String(), 20))
		case <-time.After(250 * time.Millisecond):
		}
		page, _ = os.ReadFile(resultPath)
		if len(page) == 0 {
			page = nil
		}
	}
	t.Logf("page ran all cells in %v", time.Since(t0).Round(time.Millisecond))
	stopBrowser()

	var res struct {
		Kernel  string
		Prompts []any
		SVGs    int    `json:"svgs"`
		SVGText string `json:"svg_text"`
		Errors  int
	}
	if err := json.Unmarshal(page, &res); err != nil {
		t.Fatalf("page-result.json %q: %v", page, err)
	}
	if res.Kernel != kernelName {
		t.Errorf("the page's kernel is %q, want %q", res.Kernel, kernelName)
	}
	for i, p := range res.Prompts {
		if n, ok := p.(float64); !ok || n != float64(i+1) {
			t.Errorf("code cell %d prompt %v, want %d (all cells run in order, the first as 1)", i, p, i+1)
		}
	}
	if len(res.Prompts) == 0 {
		t.Error("the page has no code cells")
	}
	// The overview's figure: x axis "correlation c".
	if res.SVGs != 1 || !strings.Contains(res.SVGText, "correlation c") {
		t.Errorf("%d SVGs in the page's outputs (text %.200q), want the figure's", res.SVGs, res.SVGText)
	}
	if res.Errors != 0 {
		t.Errorf("%d error or stderr outputs in the page", res.Errors)
	}

	// Stop the server as Ctrl-C would: it shuts its kernels down.
	if err := srv.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-serverExited:
	case <-time.After(30 * time.Second):
		t.Errorf("jupyter-notebook still running 30 s after SIGTERM")
	}
	if pids := procenv.Find(marker); len(pids) > 0 {
		t.Errorf("processes left after the server stopped: %v", pids)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the kernels' TMPDIR: %v", left)
	}
}

// syncBuffer is a bytes.Buffer safe for a process's stdout and stderr.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// firstCompleteMax is the bound, in seconds, on the first completion
// after start-up (see TestJupyterCompletionAndHover): well above the
// relay's relay.CompletionWait of 1.5 s, below the 13–30 s gopls takes to
// load the module on two cores, which a relay waiting for it would show
// (gonb's own answer after its 2 s wait carries no "loading" status, which
// the test refuses whatever its time).
const firstCompleteMax = 10.0

// TestJupyterCompletionAndHover asks the sigprop kernel, through
// jupyter_client (testdata/jupyter_complete.py), for what Jupyter's Tab and
// Shift-Tab ask: after a cell that imports lib/meanfield, a
// complete_request on `meanfield.` must list the package's exported names
// (FixedPoint, Net, EoCSigmaW2 among them), and an inspect_request on
// meanfield.EoCSigmaW2 must return its signature and doc comment (the
// first line as in the source). Both come from gopls, which
// kernel.BuildGopls builds at the version kernel.GoplsModule pins and the
// kernel puts on gonb's PATH; without it gonb answers both with nothing.
// gopls loads the packages on the first request, so the script repeats
// each request (once a second, up to 120 s) until it is answered. After
// the shutdown no process of the kernel (gopls included) is left.
func TestJupyterCompletionAndHover(t *testing.T) {
	t.Parallel() // mostly waits: see parallelTests
	requireJupyter(t)
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	env, tmp := installKernel(t, true)
	const fn = "EoCSigmaW2"
	firstDocLine := docFirstLine(t, filepath.Join(root, "lib", "meanfield"), fn)
	var id [8]byte
	rand.Read(id[:])
	marker := "SIGPROP_JUPYTER_TEST=" + hex.EncodeToString(id[:])
	t.Cleanup(func() {
		for _, pid := range procenv.Find(marker) {
			syscall.Kill(pid, syscall.SIGKILL) // after the check below, which reports them
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, python3, "testdata/jupyter_complete.py", kernelName, fn, "120")
	var stderr strings.Builder
	cmd.Env, cmd.Stderr, cmd.WaitDelay = append(env, marker), &stderr, 10*time.Second
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("jupyter_complete.py: %v\n%s", err, lastLines(stderr.String(), 40))
	}
	type reply struct {
		Type     string
		Content  json.RawMessage
		Requests int
		Seconds  float64
		Code     string
	}
	var rep struct {
		ImportCell        lifecycleCell `json:"import_cell"`
		Complete, Inspect reply
		FirstComplete     reply `json:"first_complete"`
		InspectEnd        reply `json:"inspect_end"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("jupyter_complete.py printed %q: %v", out, err)
	}
	if rep.ImportCell.Status != "ok" {
		t.Fatalf("the cell importing lib/meanfield: status %q, outputs %s", rep.ImportCell.Status, rawOutputs(rep.ImportCell))
	}
	var complete struct {
		Status      string
		Matches     []string
		CursorStart int `json:"cursor_start"`
		CursorEnd   int `json:"cursor_end"`
	}
	if err := json.Unmarshal(rep.Complete.Content, &complete); err != nil {
		t.Fatal(err)
	}
	t.Logf("complete_request %q: %d matches after %d requests, %.1f s: %q", rep.Complete.Code, len(complete.Matches), rep.Complete.Requests, rep.Complete.Seconds, complete.Matches)
	if rep.Complete.Type != "complete_reply" || complete.Status != "ok" {
		t.Errorf("complete_request answered %s, status %q", rep.Complete.Type, complete.Status)
	}
	for _, want := range []string{"FixedPoint", "Net", fn} {
		if !slices.Contains(complete.Matches, want) {
			t.Errorf("completion of %q lacks %s: %q", rep.Complete.Code, want, complete.Matches)
		}
	}
	// Every name once, and no test, benchmark, fuzz or example function.
	seen := map[string]bool{}
	for _, m := range complete.Matches {
		if seen[m] {
			t.Errorf("completion lists %q twice", m)
		}
		seen[m] = true
		for _, p := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
			if strings.HasPrefix(m, p) && len(m) > len(p) && (m[len(p)] == '_' || (m[len(p)] >= 'A' && m[len(p)] <= 'Z')) {
				t.Errorf("completion offers the test function %q", m)
			}
		}
	}
	// The first request after start-up is answered with the names or with
	// the relay's "loading" answer (never an error, never gonb's empty
	// answer: relay.CompletionWait, 1.5 s), so a Tab never waits for gopls
	// to load the module (about half a minute on two cores). The bound,
	// firstCompleteMax, catches a relay that waits for gopls; it is not a
	// latency target (this machine may be loaded by other tests: one
	// answer took 2.1 s while both cores ran other packages' tests).
	var first struct {
		Status   string
		Matches  []string
		Metadata map[string]map[string]string
	}
	if err := json.Unmarshal(rep.FirstComplete.Content, &first); err != nil {
		t.Fatal(err)
	}
	t.Logf("first complete_request after start-up: %.2f s, status %q, %d matches, metadata %v (%.300s)", rep.FirstComplete.Seconds, first.Status, len(first.Matches), first.Metadata, rep.FirstComplete.Content)
	if rep.FirstComplete.Seconds > firstCompleteMax || first.Status != "ok" || (len(first.Matches) == 0 && first.Metadata["sigprop"]["status"] != "loading") {
		t.Errorf("first completion after start-up: %.2f s, status %q, %d matches, metadata %v; want within %g s the names or a loading answer",
			rep.FirstComplete.Seconds, first.Status, len(first.Matches), first.Metadata, firstCompleteMax)
	}
	if n := len(rep.Complete.Code); complete.CursorEnd != n || complete.CursorStart != n {
		t.Errorf("completion replaces [%d, %d), want the empty range at the cursor %d (after the dot)", complete.CursorStart, complete.CursorEnd, n)
	}
	var inspect struct {
		Status string
		Found  bool
		Data   map[string]string
	}
	if err := json.Unmarshal(rep.Inspect.Content, &inspect); err != nil {
		t.Fatal(err)
	}
	doc := inspect.Data["text/markdown"]
	t.Logf("inspect_request on %s after %d requests, %.1f s: %.400q", fn, rep.Inspect.Requests, rep.Inspect.Seconds, doc)
	// gopls writes the doc as Markdown: it escapes characters such as _
	// with a backslash and may rewrap lines.
	plain := strings.Join(strings.Fields(strings.ReplaceAll(doc, `\`, "")), " ")
	if rep.Inspect.Type != "inspect_reply" || inspect.Status != "ok" || !inspect.Found ||
		!strings.Contains(plain, "func meanfield."+fn+"(") || !strings.Contains(plain, firstDocLine) {
		t.Errorf("inspect_request on %s: %s status %q found %v, data %q; want its signature and the doc's first line %q",
			fn, rep.Inspect.Type, inspect.Status, inspect.Found, inspect.Data, firstDocLine)
	}
	// Hover with the cursor just after the name finds it too.
	var end struct {
		Found bool
		Data  map[string]string
	}
	if err := json.Unmarshal(rep.InspectEnd.Content, &end); err != nil {
		t.Fatal(err)
	}
	if !end.Found || !strings.Contains(strings.ReplaceAll(end.Data["text/markdown"], `\`, ""), fn) {
		t.Errorf("inspect_request just after %s: found %v, data %.200q", fn, end.Found, end.Data)
	}
	// gonb starts gopls in a process group of its own: the shutdown must
	// end it all the same.
	if pids := procenv.Find(marker); len(pids) > 0 {
		t.Errorf("processes of the kernel left after shutdown: %v", pids)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the kernel's TMPDIR: %v", left)
	}
}

// docFirstLine returns the first line of the doc comment of the function
// name in the package in dir, with its words separated by single spaces.
func docFirstLine(t *testing.T, dir, name string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name && fd.Doc != nil {
				line, _, _ := strings.Cut(fd.Doc.Text(), "\n")
				return strings.Join(strings.Fields(line), " ")
			}
		}
	}
	t.Fatalf("no documented func %s in %s", name, dir)
	return ""
}

// figureSVGs returns the "image/svg+xml" of nb's outputs in order, and
// fails t for an output that still carries the mark of a figure left to
// draw (bundle.DrawMIMEType).
func figureSVGs(t *testing.T, nb *ipynb.Notebook) []string {
	t.Helper()
	var out []string
	for i, c := range nb.Cells {
		for _, o := range c.Outputs {
			if _, ok := o.Data[bundle.DrawMIMEType]; ok {
				t.Errorf("cell %d: an output still marked %s", i+1, bundle.DrawMIMEType)
			}
			if s, ok := o.DataString("image/svg+xml"); ok {
				out = append(out, s)
			}
		}
	}
	return out
}
