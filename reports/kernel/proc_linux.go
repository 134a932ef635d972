package kernel

import "syscall"

// setPdeathsig asks Linux to SIGKILL gonb when the client process exits
// without shutting it down (for example when it is itself killed).
func setPdeathsig(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
