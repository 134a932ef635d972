//go:build unix && !linux

package kernel

import "syscall"

func setPdeathsig(*syscall.SysProcAttr) {}
