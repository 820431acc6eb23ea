//go:build !linux

package kuzu

import (
	"errors"
	"syscall"
	"time"
)

// Elsewhere than Linux the child runs without kernel limits: the engine's
// buffer pool, the timeout and the result limits still apply.

func noCoreDumps() {}

func limitMemory(grow int64) error { return nil }

func limitCPU(d time.Duration) (restore func()) { return func() {} }

func procStatus(pid int, field string) (int64, error) {
	return 0, errors.New("no /proc on this system")
}

func childProcAttr(isolated bool) *syscall.SysProcAttr { return nil }
