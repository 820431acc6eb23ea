package kuzu

import (
	"os"
	"syscall"
	"time"
)

// limitCPU lets the current query use d more CPU time (soft RLIMIT_CPU:
// SIGXCPU past it) and returns the function that lifts the limit again.
func limitCPU(d time.Duration) (restore func()) {
	var old syscall.Rlimit
	if d <= 0 || syscall.Getrlimit(syscall.RLIMIT_CPU, &old) != nil {
		return func() {}
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return func() {}
	}
	used := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	// RLIMIT_CPU counts whole seconds; round up so a short budget is not zero.
	secs := uint64((used+d)/time.Second) + 1
	if secs >= old.Max {
		return func() {}
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: secs, Max: old.Max})
	return func() { _ = syscall.Setrlimit(syscall.RLIMIT_CPU, &old) }
}

// childProcAttr makes the kernel kill the child if the server dies and,
// when isolated, gives it a user and network namespace of its own: the
// same user id inside, and no network to reach.
func childProcAttr(isolated bool) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if isolated {
		a.Cloneflags = syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getuid(), HostID: os.Getuid(), Size: 1}}
		a.GidMappings = []syscall.SysProcIDMap{{ContainerID: os.Getgid(), HostID: os.Getgid(), Size: 1}}
	}
	return a
}
