//go:build unix

package kernel

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// sysProcAttr puts gonb in its own process group, so that Kill reaches
// go build and the cell program too, and (on Linux) has it killed if the
// client process dies.
func sysProcAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Setpgid: true}
	setPdeathsig(a)
	return a
}

// signalGroup sends sig to the process group led by pid.
func signalGroup(pid int, sig syscall.Signal) error {
	err := syscall.Kill(-pid, sig)
	if err == syscall.ESRCH {
		return nil
	}
	return err
}

// killMarked sends SIGKILL to every process whose environment holds
// MarkerEnv=marker (found through /proc; a no-op where /proc is absent).
// It catches descendants that left the kernel's process group, such as
// gopls, which gonb starts with its own process group.
func killMarked(marker string) {
	for _, pid := range MarkedProcesses(marker) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

// MarkedProcesses lists the processes (other than the caller) whose
// environment contains MarkerEnv=marker, read from /proc. It returns nil
// where /proc is not available.
func MarkedProcesses(marker string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	want := []byte(MarkerEnv + "=" + marker + "\x00")
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue
		}
		if bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...)) {
			pids = append(pids, pid)
		}
	}
	return pids
}
