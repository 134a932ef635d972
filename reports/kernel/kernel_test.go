package kernel

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testTools builds (or reuses from the user cache) gonb and goimports.
func testTools(t *testing.T) Tools {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tools, err := BuildTools(context.Background(), root, "")
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// startKernel starts a kernel whose private TMPDIR is made in a test
// directory (Options.TempRoot, also the kernel's working directory), so
// that the test can check that the kernel leaves nothing behind while
// other tests run beside it.
func startKernel(t *testing.T, opt Options) (*Kernel, string) {
	t.Helper()
	tmp := t.TempDir()
	opt.Tools, opt.Dir, opt.TempRoot = testTools(t), tmp, tmp
	k, err := Start(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(k.Kill)
	if got := filepath.Dir(k.TempDir()); got != tmp {
		t.Errorf("the kernel's TMPDIR %s is not in Options.TempRoot %s", k.TempDir(), tmp)
	}
	return k, tmp
}

// checkGone fails unless the kernel's process and all its descendants are
// gone and its temporary directory was removed.
func checkGone(t *testing.T, k *Kernel, tmp string) {
	t.Helper()
	// A process sent SIGKILL is still listed until the kernel has torn it
	// down, which on a loaded machine takes a moment: give it up to 5 s
	// (as the Jupyter lifecycle test does) before it counts as alive.
	pids := MarkedProcesses(k.Marker())
	for deadline := time.Now().Add(5 * time.Second); len(pids) > 0 && time.Now().Before(deadline); pids = MarkedProcesses(k.Marker()) {
		time.Sleep(50 * time.Millisecond)
	}
	if len(pids) > 0 {
		t.Errorf("processes of the kernel still alive after 5 s: %v", pids)
	}
	select {
	case <-k.exited:
	default:
		t.Errorf("gonb (pid %d) has not exited", k.Pid())
	}
	if _, err := os.Stat(k.TempDir()); !os.IsNotExist(err) {
		t.Errorf("kernel temp dir %s not removed (stat: %v)", k.TempDir(), err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in the kernel's TMPDIR parent: %v", left)
	}
}

// streamText concatenates the stream messages named name.
func streamText(t *testing.T, e *Execution, name string) string {
	t.Helper()
	var b strings.Builder
	for _, m := range e.Messages() {
		var s struct{ Name, Text string }
		if m.Type() == "stream" && m.Decode(&s) == nil && s.Name == name {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// waitStdout polls until the execution's stdout contains want, so that a
// test acts once the cell program really runs (compilation time varies
// with the machine's load).
func waitStdout(t *testing.T, e *Execution, want string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(streamText(t, e, "stdout"), want) {
		if time.Now().After(deadline) {
			t.Fatalf("stdout never showed %q", want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func run(t *testing.T, k *Kernel, code string, timeout time.Duration) (*Execution, ExecuteReply) {
	t.Helper()
	e, err := k.Execute(code, ExecOptions{StoreHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := e.Wait(ctx); err != nil {
		t.Fatalf("%q: %v", code, err)
	}
	r, ok := e.ExecuteReply()
	if !ok {
		t.Fatalf("%q: no execute_reply", code)
	}
	return e, r
}

// TestExecuteAndShutdown runs cells in a real gonb kernel: output, the
// execution counter, an error reply, then a graceful shutdown that leaves
// no process and no temporary file behind.
func TestExecuteAndShutdown(t *testing.T) {
	t.Parallel()
	k, tmp := startKernel(t, Options{})
	if k.Info().Implementation != "gonb" {
		t.Errorf("kernel_info implementation = %q, want gonb", k.Info().Implementation)
	}
	e, r := run(t, k, "%%\nfmt.Println(\"hello\")", time.Minute)
	if got := streamText(t, e, "stdout"); got != "hello\n" || r.Status != "ok" || r.ExecutionCount == nil || *r.ExecutionCount != 1 {
		t.Errorf("cell 1: stdout %q status %q count %v; want \"hello\\n\", ok, 1", got, r.Status, r.ExecutionCount)
	}
	_, r = run(t, k, "%%\nundefinedFunction()", time.Minute)
	if r.Status != "error" || r.ExecutionCount == nil || *r.ExecutionCount != 2 {
		t.Errorf("compile error: status %q count %v, want error, 2", r.Status, r.ExecutionCount)
	}
	// A silent request without history leaves the counter alone.
	e, err := k.Execute("%%\nfmt.Println(\"quiet\")", ExecOptions{Silent: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, r = run(t, k, "%%\nfmt.Println(3)", time.Minute)
	if *r.ExecutionCount != 3 {
		t.Errorf("count after a silent request = %d, want 3", *r.ExecutionCount)
	}
	if err := k.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	checkGone(t, k, tmp)
	if _, err := k.Execute("1", ExecOptions{}); !errors.Is(err, ErrDied) {
		t.Errorf("Execute after Shutdown: err = %v, want ErrDied", err)
	}
}

// startSleeping starts a cell on k that prints "sleeping" and then sleeps
// for a minute, and returns once the print has arrived.
func startSleeping(t *testing.T, k *Kernel) *Execution {
	t.Helper()
	e, err := k.Execute("%%\nfmt.Println(\"sleeping\")\ntime.Sleep(time.Minute)", ExecOptions{StoreHistory: true})
	if err != nil {
		t.Fatal(err)
	}
	waitStdout(t, e, "sleeping")
	return e
}

// TestInterrupt interrupts a sleeping cell; the kernel survives and runs
// the next cell.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	k, tmp := startKernel(t, Options{})
	e := startSleeping(t, k)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := e.Wait(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("sleeping cell: Wait = %v, want a timeout", err)
	}
	t0 := time.Now()
	if err := k.Interrupt(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel2()
	if err := e.Wait(ctx2); err != nil {
		t.Fatalf("cell not finished %v after the interrupt: %v", time.Since(t0), err)
	}
	t.Logf("interrupted cell finished %v after the interrupt", time.Since(t0))
	if got := streamText(t, e, "stdout"); got != "sleeping\n" {
		t.Errorf("stdout before the interrupt = %q", got)
	}
	e, _ = run(t, k, "%%\nfmt.Println(\"alive\")", time.Minute)
	if got := streamText(t, e, "stdout"); got != "alive\n" {
		t.Errorf("after interrupt: stdout %q, want alive", got)
	}
	k.Kill()
	checkGone(t, k, tmp)
}

// TestKilledMidCell kills the whole process group while a cell sleeps:
// Wait must report ErrDied promptly, not hang.
func TestKilledMidCell(t *testing.T) {
	t.Parallel()
	k, tmp := startKernel(t, Options{})
	e := startSleeping(t, k)
	if err := signalGroup(k.Pid(), 9); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.Wait(ctx); !errors.Is(err, ErrDied) {
		t.Fatalf("Wait after kill = %v, want ErrDied", err)
	}
	if d := time.Since(t0); d > 5*time.Second {
		t.Errorf("death detected after %v, want < 5 s", d)
	}
	if !errors.Is(k.Err(), ErrDied) {
		t.Errorf("Err() = %v, want ErrDied", k.Err())
	}
	k.Kill()
	checkGone(t, k, tmp)
}

// TestHeartbeatLoss stops (SIGSTOP) the gonb process: it no longer answers
// heartbeats, so the client must declare it dead and kill it.
func TestHeartbeatLoss(t *testing.T) {
	t.Parallel()
	k, tmp := startKernel(t, Options{HeartbeatTimeout: 2 * time.Second})
	if err := syscall.Kill(k.Pid(), syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-k.Dead():
	case <-time.After(15 * time.Second):
		t.Fatal("a stopped kernel was not declared dead within 15 s")
	}
	if err := k.Err(); !errors.Is(err, ErrDied) || !strings.Contains(err.Error(), "heartbeat") {
		t.Errorf("Err() = %v, want ErrDied mentioning the heartbeat", err)
	}
	k.Kill()
	checkGone(t, k, tmp)
}
