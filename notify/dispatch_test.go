package notify_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/notifytest"
)

// flaky fails its first fails deliveries of each event, then succeeds.
type flaky struct {
	fails int
	err   error
	kinds []notify.Kind // nil: all

	mu   sync.Mutex
	seen map[string]int
	got  []string // "ref kind" of successful deliveries, in order
	done chan struct{}
}

func (f *flaky) Name() string { return "flaky" }
func (f *flaky) Handles(k notify.Kind) bool {
	return f.kinds == nil || contains(f.kinds, k)
}

func contains(ks []notify.Kind, k notify.Kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func (f *flaky) Deliver(ctx context.Context, e notify.Event) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen[e.ID]++
	if f.seen[e.ID] <= f.fails {
		return f.err
	}
	f.got = append(f.got, e.Ref+" "+string(e.Kind))
	f.done <- struct{}{}
	return nil
}

func newFlaky(fails int, err error) *flaky {
	return &flaky{fails: fails, err: err, seen: map[string]int{}, done: make(chan struct{}, 16)}
}

func TestRetriesWithBackoff(t *testing.T) {
	clock := notifytest.NewClock(time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC))
	sink := newFlaky(3, errors.New("503 Service Unavailable"))
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock, Backoff: time.Second})
	defer d.Close(context.Background())

	d.Publish(notify.Event{Kind: notify.Created, Ref: "HG-AAAAAA"})
	var waits []time.Duration
	for range 3 {
		w := clock.BlockUntil(1)
		waits = append(waits, w[0])
		clock.Advance(w[0])
	}
	<-sink.done
	if want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}; !reflect.DeepEqual(waits, want) {
		t.Errorf("waits between attempts = %v, want %v", waits, want)
	}
	log := d.Deliveries()
	var outcomes []notify.Outcome
	for _, r := range log {
		outcomes = append(outcomes, r.Outcome)
	}
	want := []notify.Outcome{notify.Delivered, notify.Retrying, notify.Retrying, notify.Retrying}
	if !reflect.DeepEqual(outcomes, want) {
		t.Errorf("logged outcomes, newest first = %v, want %v", outcomes, want)
	}
	if log[0].Attempt != 4 || log[0].Sink != "flaky" || log[0].Ref != "HG-AAAAAA" {
		t.Errorf("last delivery = %+v", log[0])
	}
}

func TestGivesUp(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		attempts int
	}{
		{"permanent error: one attempt", notify.Permanent(errors.New("401 Unauthorized")), 1},
		{"retried until attempts run out", errors.New("connection refused"), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := notifytest.NewClock(time.Now())
			sink := newFlaky(100, tt.err)
			d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock, Attempts: 3})
			d.Publish(notify.Event{Kind: notify.Created, Ref: "HG-BBBBBB"})
			for range tt.attempts - 1 {
				clock.Advance(clock.BlockUntil(1)[0])
			}
			if err := d.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			log := d.Deliveries()
			if len(log) != tt.attempts || log[0].Outcome != notify.Failed || log[0].Err == "" {
				t.Errorf("log = %+v, want %d attempts, the last failed", log, tt.attempts)
			}
		})
	}
}

// A help desk hears of a handoff before the messages on it, even when the
// first delivery needs retries.
func TestInOrderPerHandoff(t *testing.T) {
	clock := notifytest.NewClock(time.Now())
	sink := newFlaky(1, errors.New("timeout"))
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock})
	defer d.Close(context.Background())
	d.Publish(notify.Event{Kind: notify.Created, Ref: "HG-CCCCCC"})
	d.Publish(notify.Event{Kind: notify.CustomerMessage, Ref: "HG-CCCCCC"})
	d.Publish(notify.Event{Kind: notify.Closed, Ref: "HG-CCCCCC"})
	// Each event fails once; only one waits at a time, the others queue behind it.
	for range 3 {
		if w := clock.BlockUntil(1); len(w) != 1 {
			t.Fatalf("%d deliveries of one handoff waiting at once, want 1", len(w))
		}
		clock.Advance(time.Hour)
		<-sink.done
	}
	want := []string{"HG-CCCCCC handoff.created", "HG-CCCCCC handoff.customer_message", "HG-CCCCCC handoff.closed"}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	if !reflect.DeepEqual(sink.got, want) {
		t.Errorf("delivered %v, want %v", sink.got, want)
	}
}

func TestOnlyKindsHandled(t *testing.T) {
	sink := newFlaky(0, nil)
	sink.kinds = []notify.Kind{notify.Created}
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{})
	d.Publish(notify.Event{Kind: notify.Replied, Ref: "HG-DDDDDD"})
	d.Publish(notify.Event{Kind: notify.Created, Ref: "HG-DDDDDD"})
	if err := d.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(sink.got) != 1 || sink.got[0] != "HG-DDDDDD handoff.created" {
		t.Errorf("delivered %v, want only the handoff.created", sink.got)
	}
}

func TestLogKeepsTheNewest(t *testing.T) {
	sink := newFlaky(0, nil)
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{LogSize: 3})
	for _, ref := range []string{"HG-1", "HG-2", "HG-3", "HG-4", "HG-5"} {
		d.Publish(notify.Event{Kind: notify.Created, Ref: ref})
		<-sink.done
		for len(d.Deliveries()) == 0 || d.Deliveries()[0].Ref != ref {
			time.Sleep(time.Millisecond) // the log is written just after Deliver returns
		}
	}
	d.Close(context.Background())
	var refs []string
	for _, r := range d.Deliveries() {
		refs = append(refs, r.Ref)
	}
	if want := []string{"HG-5", "HG-4", "HG-3"}; !reflect.DeepEqual(refs, want) {
		t.Errorf("log refs = %v, want %v", refs, want)
	}
}

// A destination that hangs does not make deliveries pile up without bound.
func TestMaxPending(t *testing.T) {
	clock := notifytest.NewClock(time.Now())
	sink := newFlaky(100, errors.New("timeout"))
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock, MaxPending: 2})
	for _, ref := range []string{"HG-1", "HG-2", "HG-3"} {
		d.Publish(notify.Event{Kind: notify.Created, Ref: ref})
	}
	clock.BlockUntil(2) // the first two wait to retry
	var refused []string
	for _, r := range d.Deliveries() {
		if r.Outcome == notify.Failed {
			refused = append(refused, r.Ref)
		}
	}
	if len(refused) != 1 || refused[0] != "HG-3" {
		t.Errorf("refused %v, want the third", refused)
	}
	d.Close(context.Background())
}

// delayed is a sink whose deliveries wait Delay first, as the customer
// reply e-mail does.
type delayed struct {
	*flaky
	after time.Duration
}

func (d delayed) Delay(notify.Event) time.Duration { return d.after }

func TestDelayBeforeFirstAttempt(t *testing.T) {
	start := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	clock := notifytest.NewClock(start)
	sink := delayed{newFlaky(0, nil), 2 * time.Minute}
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock})
	defer d.Close(context.Background())
	d.Publish(notify.Event{Kind: notify.Replied, Ref: "HG-EEEEEE", At: start.Add(-30 * time.Second)})
	// The event is 30s old: 90s are left to wait.
	if w := clock.BlockUntil(1); w[0] != 90*time.Second {
		t.Errorf("waited %v before the first attempt, want 1m30s", w[0])
	}
	sink.mu.Lock()
	early := len(sink.got)
	sink.mu.Unlock()
	if early != 0 {
		t.Fatal("delivered before the delay was over")
	}
	clock.Advance(90 * time.Second)
	<-sink.done
}

// Close sends a delayed delivery at once rather than dropping it.
func TestCloseSendsDelayedNow(t *testing.T) {
	clock := notifytest.NewClock(time.Now())
	sink := delayed{newFlaky(0, nil), time.Hour}
	d := notify.NewDispatcher([]notify.Sink{sink}, notify.Options{Clock: clock})
	d.Publish(notify.Event{Kind: notify.Replied, Ref: "HG-FFFFFF"})
	clock.BlockUntil(1)
	if err := d.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(sink.got) != 1 {
		t.Errorf("delivered %v on close, want the delayed one", sink.got)
	}
}
