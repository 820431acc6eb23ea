package web

import (
	"log/slog"
	"sync"
	"time"
)

// outageLogEvery is how often a failure that every request meets (the
// conversation store out of reach) is logged, however many requests fail.
const outageLogEvery = 30 * time.Second

// outageLog logs a failure at most once per interval: the first at once,
// then the next one after the interval with how many failed meanwhile.
// During an outage that is one line per interval instead of one per
// request (38,588 lines in 8 s, before).
type outageLog struct {
	log   *slog.Logger
	every time.Duration
	now   func() time.Time

	mu     sync.Mutex
	logged time.Time // when the last line was written
	since  int       // failures since then, not logged
}

func newOutageLog(log *slog.Logger) *outageLog {
	return &outageLog{log: log, every: outageLogEvery, now: time.Now}
}

// failed records one request that failed with err.
func (o *outageLog) failed(err error) {
	o.mu.Lock()
	now := o.now()
	if !o.logged.IsZero() && now.Sub(o.logged) < o.every {
		o.since++
		o.mu.Unlock()
		return
	}
	suppressed := o.since
	o.logged, o.since = now, 0
	o.mu.Unlock()
	o.log.Error("conversation store unreachable: answering 503", "err", err,
		"failed_since_last_line", suppressed, "next_line_after", o.every)
}
