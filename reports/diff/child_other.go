//go:build !unix

package diff

import (
	"os"
	"syscall"
)

const (
	sigInt  = syscall.SIGINT
	sigKill = syscall.SIGKILL
)

func childProcAttr() *syscall.SysProcAttr { return nil }

// signalGroup signals the process alone: no process groups here.
func signalGroup(pid int, sig syscall.Signal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return nil
	}
	if sig == sigKill {
		return p.Kill()
	}
	return p.Signal(os.Interrupt)
}
