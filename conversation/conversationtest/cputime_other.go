//go:build !unix

package conversationtest

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
