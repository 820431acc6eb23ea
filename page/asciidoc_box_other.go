//go:build !linux

package page

import "syscall"

// adocProcAttr: only Linux kills a child when its parent dies.
func adocProcAttr() *syscall.SysProcAttr { return nil }
