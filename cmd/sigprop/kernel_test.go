package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sigprop/sigprop/internal/procenv"
)

// alive reports whether pid exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// TestKernelRunStops runs the installed kernel program (`sigprop kernel
// run`, no Jupyter needed) under a shell, with a connection file of its
// own, and stops it the two ways that bypass a shutdown request: SIGTERM
// (what Jupyter sends when a kernel does not exit in time) and the death
// of its parent and of the reader of its stderr (Jupyter killed). Each
// time the kernel must exit within 10 s, taking gonb and its TMPDIR with
// it.
func TestKernelRunStops(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(sharedInstall(t), "kernels", kernelName, "sigprop")

	for _, how := range []string{"SIGTERM", "parent killed"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			tmp := filepath.Join(dir, "tmp")
			if err := os.Mkdir(tmp, 0o700); err != nil {
				t.Fatal(err)
			}
			var ports []int
			var ls []net.Listener
			for range 5 {
				l, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				ls = append(ls, l) // open until all five are chosen: five distinct ports
				ports = append(ports, l.Addr().(*net.TCPAddr).Port)
			}
			for _, l := range ls {
				l.Close() // the kernel binds them
			}
			conn, _ := json.Marshal(map[string]any{"transport": "tcp", "ip": "127.0.0.1", "shell_port": ports[0],
				"iopub_port": ports[1], "stdin_port": ports[2], "control_port": ports[3], "hb_port": ports[4],
				"key": "k", "signature_scheme": "hmac-sha256"})
			connFile := filepath.Join(dir, "kernel-1234.json")
			if err := os.WriteFile(connFile, conn, 0o600); err != nil {
				t.Fatal(err)
			}
			var id [8]byte
			rand.Read(id[:])
			marker := "SIGPROP_KERNEL_RUN_TEST=" + hex.EncodeToString(id[:])
			t.Cleanup(func() {
				for _, pid := range procenv.Find(marker) {
					syscall.Kill(pid, syscall.SIGKILL) // after the checks, which report them
				}
			})
			logPath, pidPath := filepath.Join(dir, "kernel.log"), filepath.Join(dir, "kernel.pid")
			// The shell is the kernel's parent, as Jupyter would be, and
			// the kernel is in a session of its own, as Jupyter starts
			// kernels; its stderr is a pipe to tee, which dies with the
			// shell, as Jupyter's end of the pipe would.
			sh := exec.Command("/bin/sh", "-c", `{ setsid "$@" 2>&1 & echo $! >"$PIDFILE"; wait; } | tee "$LOG" >/dev/null`, "sh",
				bin, "kernel", "run", "--module", root, "--connection-file", connFile)
			sh.Dir = dir
			sh.Env = append(os.Environ(), "LOG="+logPath, "PIDFILE="+pidPath, "TMPDIR="+tmp, marker)
			sh.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			if err := sh.Start(); err != nil {
				t.Fatal(err)
			}
			defer sh.Wait()
			killShell := func() error { return syscall.Kill(-sh.Process.Pid, syscall.SIGKILL) }
			defer killShell()
			pid := 0
			for start := time.Now(); pid == 0; time.Sleep(20 * time.Millisecond) {
				b, _ := os.ReadFile(pidPath)
				pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
				if pid == 0 && time.Since(start) > 10*time.Second {
					t.Fatal("no kernel pid")
				}
			}
			deadline := time.Now().Add(2 * time.Minute)
			for {
				b, _ := os.ReadFile(logPath)
				if strings.Contains(string(b), "relaying") {
					break
				}
				if time.Now().After(deadline) || !alive(pid) {
					t.Fatalf("kernel not ready:\n%s", lastLines(string(b), 20))
				}
				time.Sleep(50 * time.Millisecond)
			}
			if left, _ := os.ReadDir(tmp); len(left) == 0 {
				t.Fatal("the running kernel has no TMPDIR: the test would prove nothing")
			}
			t0 := time.Now()
			if how == "SIGTERM" {
				err = syscall.Kill(pid, syscall.SIGTERM)
			} else {
				err = killShell()
			}
			if err != nil {
				t.Fatal(err)
			}
			for alive(pid) && time.Since(t0) < 10*time.Second {
				time.Sleep(50 * time.Millisecond)
			}
			if alive(pid) {
				b, _ := os.ReadFile(logPath)
				t.Fatalf("kernel still running 10 s after %s:\n%s", how, lastLines(string(b), 20))
			}
			t.Logf("kernel gone %v after %s", time.Since(t0).Round(time.Millisecond), how)
			// What the relay killed on its way out may still be listed while
			// the kernel tears it down: up to 5 s, as the Jupyter lifecycle
			// test allows, before it counts as left.
			pids := procenv.Find(marker)
			for end := time.Now().Add(5 * time.Second); len(pids) > 0 && time.Now().Before(end); pids = procenv.Find(marker) {
				time.Sleep(50 * time.Millisecond)
			}
			if len(pids) > 0 {
				t.Errorf("processes left 5 s after the kernel: %v", pids)
			}
			if left, _ := os.ReadDir(tmp); len(left) > 0 {
				t.Errorf("left in TMPDIR: %v", left)
			}
		})
	}
}
