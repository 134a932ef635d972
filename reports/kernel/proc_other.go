//go:build !unix

package kernel

import (
	"errors"
	"syscall"
)

func sysProcAttr() *syscall.SysProcAttr { return nil }

// signalGroup is not supported without Unix process groups.
func signalGroup(pid int, sig syscall.Signal) error {
	return errors.New("kernel: process-group signals need a Unix system")
}

func killMarked(string) {}

// MarkedProcesses returns nil: there is no /proc to search.
func MarkedProcesses(string) []int { return nil }
