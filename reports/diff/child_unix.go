//go:build unix

package diff

import "syscall"

const (
	sigInt  = syscall.SIGINT
	sigKill = syscall.SIGKILL
)

// childProcAttr starts a process in its own process group, with
// Pdeathsig SIGINT where Linux offers it.
func childProcAttr() *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Setpgid: true}
	setPdeathsig(a)
	return a
}

// signalGroup sends sig to the process group led by pid (gone is no
// error).
func signalGroup(pid int, sig syscall.Signal) error {
	if err := syscall.Kill(-pid, sig); err != nil && err != syscall.ESRCH {
		return err
	}
	return nil
}
