//go:build unix && !linux

package diff

import "syscall"

func setPdeathsig(*syscall.SysProcAttr) {}
