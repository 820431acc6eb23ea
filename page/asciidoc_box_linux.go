package page

import "syscall"

// adocProcAttr makes the kernel kill a converter child if its parent dies.
func adocProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
