package resync

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestOnceRecordsOutcome(t *testing.T) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	builds, swaps := 0, 0
	fail := false
	l := &Loop{
		Every: 6 * time.Hour,
		Build: func(context.Context) error {
			builds++
			if fail {
				return errors.New("help desk unreachable")
			}
			return nil
		},
		Swap: func(context.Context) error { swaps++; return nil },
		Now:  func() time.Time { clock = clock.Add(time.Second); return clock },
	}
	if err := l.Once(context.Background()); err != nil {
		t.Fatal(err)
	}
	ok := l.Status()
	if ok.Runs != 1 || ok.LastError != "" || ok.LastOK.IsZero() || swaps != 1 {
		t.Errorf("after a good run: %+v, %d swaps", ok, swaps)
	}
	fail = true
	if err := l.Once(context.Background()); err == nil {
		t.Fatal("a failed build was not reported")
	}
	bad := l.Status()
	if bad.Runs != 2 || bad.Failed != 1 || bad.LastError != "help desk unreachable" || bad.LastOK != ok.LastOK || swaps != 1 {
		t.Errorf("after a failed run: %+v, %d swaps; want the error, the last success kept, no swap", bad, swaps)
	}
	if bad.Every != 6*time.Hour || builds != 2 {
		t.Errorf("every %v, builds %d", bad.Every, builds)
	}
}

func TestRunBuildsOnEachTick(t *testing.T) {
	ticks := make(chan time.Time)
	built := make(chan struct{})
	l := &Loop{Build: func(context.Context) error { built <- struct{}{}; return nil }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { l.Run(ctx, ticks); close(done) }()
	for range 2 {
		ticks <- time.Time{}
		<-built
	}
	cancel()
	<-done
}
