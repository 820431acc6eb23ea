//go:build !linux

package kuzu

import (
	"syscall"
	"time"
)

// Elsewhere than Linux the child runs without kernel limits: the engine's
// buffer pool, the timeout and the result limits still apply.

func limitCPU(d time.Duration) (restore func()) { return func() {} }

func childProcAttr(isolated bool) *syscall.SysProcAttr { return nil }
