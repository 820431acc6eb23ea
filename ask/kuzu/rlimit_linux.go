package kuzu

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// noCoreDumps keeps a child killed by a limit from writing a core file.
func noCoreDumps() {
	_ = syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{})
}

// limitMemory caps the child's address space at what it uses now plus
// grow bytes: an allocation past it fails (the engine reports it, the Go
// runtime ends the process), whatever allocates it.
func limitMemory(grow int64) error {
	if grow <= 0 {
		return nil
	}
	size, err := procStatus(os.Getpid(), "VmSize")
	if err != nil {
		return fmt.Errorf("reading the engine's memory: %w", err)
	}
	lim := uint64(size + grow)
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim})
}

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

// procStatus reads one "kB" field of /proc/PID/status, in bytes.
func procStatus(pid int, field string) (int64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			return 0, err
		}
		return kb << 10, nil
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
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
