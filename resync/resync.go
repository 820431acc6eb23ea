// Package resync repeats a build in the background while the graph is
// served (serve --resync): each tick runs the build again, incrementally,
// and swaps the served graph when it succeeds; a failed run leaves the
// served graph as it was and is reported in Status.
package resync

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Status is what the support team sees of the re-syncs.
type Status struct {
	Every   time.Duration
	Running bool
	Runs    int // re-syncs finished, failed ones included
	Failed  int
	// LastStart and LastEnd are the last finished run's times; LastError
	// is its error ("" when it succeeded).
	LastStart, LastEnd time.Time
	LastError          string
	// LastOK is when a run last succeeded (zero: none yet).
	LastOK time.Time
}

// Loop runs re-syncs.
type Loop struct {
	Every time.Duration
	// Build repeats the build into the store; an error means nothing was
	// written.
	Build func(ctx context.Context) error
	// Swap serves what the build wrote.
	Swap   func(ctx context.Context) error
	Now    func() time.Time // nil: time.Now
	Logger *slog.Logger     // nil: discard

	mu     sync.Mutex
	status Status
}

// Run runs a re-sync on each tick until ctx is done. A tick that comes
// while a run is going is dropped with the run.
func (l *Loop) Run(ctx context.Context, ticks <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticks:
			_ = l.Once(ctx)
		}
	}
}

// Once runs one re-sync now and returns its error.
func (l *Loop) Once(ctx context.Context) error {
	l.mu.Lock()
	if l.status.Running {
		l.mu.Unlock()
		return nil
	}
	l.status.Running = true
	l.mu.Unlock()

	start := l.now()
	l.logger().Info("re-sync: building", "every", l.Every)
	err := l.Build(ctx)
	if err == nil && l.Swap != nil {
		err = l.Swap(ctx)
	}
	end := l.now()

	l.mu.Lock()
	defer l.mu.Unlock()
	l.status.Running = false
	l.status.Runs++
	l.status.LastStart, l.status.LastEnd = start, end
	l.status.LastError = ""
	if err != nil {
		l.status.Failed++
		l.status.LastError = err.Error()
		l.logger().Error("re-sync failed; still serving the current graph", "err", err)
	} else {
		l.status.LastOK = end
		l.logger().Info("re-sync done", "duration", end.Sub(start).Round(time.Millisecond))
	}
	return err
}

// Status returns the re-syncs so far.
func (l *Loop) Status() Status {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.status
	s.Every = l.Every
	return s
}

func (l *Loop) now() time.Time {
	if l.Now != nil {
		return l.Now()
	}
	return time.Now()
}

func (l *Loop) logger() *slog.Logger {
	if l.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l.Logger
}
