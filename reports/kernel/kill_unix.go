//go:build unix

package kernel

import "syscall"

// killPids sends SIGKILL to each of pids.
func killPids(pids []int) {
	for _, pid := range pids {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}
