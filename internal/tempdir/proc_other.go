//go:build !linux

package tempdir

import (
	"errors"
	"os"
	"syscall"
)

// startTime reports whether process pid exists (signal 0); the start time
// is not available portably, so it is 0 (unknown).
func startTime(pid int) (uint64, bool) {
	p, err := os.FindProcess(pid)
	if err != nil {
		return 0, false
	}
	err = p.Signal(syscall.Signal(0))
	return 0, err == nil || errors.Is(err, syscall.EPERM)
}
