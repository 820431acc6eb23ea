// Package proclimit caps what a child process started to run text or
// pages from outside may take of the machine (ask's query engine, the
// AsciiDoc converter): kernel limits set by the child on itself.
package proclimit

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// NoCoreDumps keeps a process killed by a limit from writing a core file.
func NoCoreDumps() {
	_ = syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{})
}

// Memory caps the process's address space at what it uses now plus grow
// bytes: an allocation past it fails (the Go runtime ends the process),
// whatever allocates it. grow ≤ 0 sets no cap.
func Memory(grow int64) error {
	if grow <= 0 {
		return nil
	}
	size, err := Status(os.Getpid(), "VmSize")
	if err != nil {
		return fmt.Errorf("reading the process's memory: %w", err)
	}
	lim := uint64(size + grow)
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim})
}

// Status reads one "kB" field of /proc/PID/status, in bytes.
func Status(pid int, field string) (int64, error) {
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
