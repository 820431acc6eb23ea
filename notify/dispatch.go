package notify

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Clock is the time the Dispatcher waits on, a fake in tests.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type realClock struct{}

func (realClock) Now() time.Time                         { return time.Now() }
func (realClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// RealClock is the wall clock.
var RealClock Clock = realClock{}

// Options tune a Dispatcher; zero values take the defaults.
type Options struct {
	Logger *slog.Logger
	Clock  Clock
	// Attempts is how often a delivery is tried before it is given up.
	Attempts int
	// Backoff is the wait after the first failure; it doubles after each
	// further one, up to MaxBackoff.
	Backoff, MaxBackoff time.Duration
	// Timeout bounds one attempt.
	Timeout time.Duration
	// LogSize is how many deliveries the log keeps, newest first.
	LogSize int
	// MaxPending bounds the deliveries waiting or under way; past it new
	// ones fail at once (and are logged) rather than pile up in memory
	// when a destination is down during a flood of handoffs.
	MaxPending int
}

// Defaults: six attempts over about a minute, then the delivery is shown
// as failed on the support pages.
const (
	DefaultAttempts   = 6
	DefaultBackoff    = 2 * time.Second
	DefaultMaxBackoff = 5 * time.Minute
	DefaultTimeout    = 15 * time.Second
	DefaultLogSize    = 200
	DefaultMaxPending = 10_000
)

// Outcome is where a delivery stands.
type Outcome string

const (
	Delivered Outcome = "delivered"
	Retrying  Outcome = "retrying"
	Failed    Outcome = "failed"
	Skipped   Outcome = "skipped"
)

// Delivery is one attempt to deliver an event to a sink, as logged.
type Delivery struct {
	At      time.Time
	Sink    string
	Kind    Kind
	Ref     string
	EventID string
	Attempt int
	Outcome Outcome
	Err     string
}

// Dispatcher delivers events to sinks in the background.
type Dispatcher struct {
	sinks []Sink
	o     Options
	log   *slog.Logger

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// draining is closed when Close begins: waits end early, so that what
	// is pending is tried once more before the process exits.
	draining  chan struct{}
	closeOnce sync.Once

	mu sync.Mutex
	// tail is, per sink and handoff, the delivery the next one waits for,
	// so that a help desk hears of a handoff before the messages on it.
	tail       map[string]chan struct{}
	pending    int
	deliveries []Delivery // ring, newest at next-1
	next       int
}

// NewDispatcher returns a dispatcher to sinks. Close it to stop.
func NewDispatcher(sinks []Sink, o Options) *Dispatcher {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Clock == nil {
		o.Clock = RealClock
	}
	if o.Attempts <= 0 {
		o.Attempts = DefaultAttempts
	}
	if o.Backoff <= 0 {
		o.Backoff = DefaultBackoff
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = DefaultMaxBackoff
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.LogSize <= 0 {
		o.LogSize = DefaultLogSize
	}
	if o.MaxPending <= 0 {
		o.MaxPending = DefaultMaxPending
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Dispatcher{sinks: sinks, o: o, log: o.Logger, ctx: ctx, cancel: cancel, draining: make(chan struct{}),
		tail: make(map[string]chan struct{}), deliveries: make([]Delivery, 0, o.LogSize)}
}

// Sinks names the sinks, for the support pages.
func (d *Dispatcher) Sinks() []string {
	names := make([]string, len(d.sinks))
	for i, s := range d.sinks {
		names[i] = s.Name()
	}
	return names
}

// Publish queues e for every sink that handles it and returns at once.
func (d *Dispatcher) Publish(e Event) {
	if e.ID == "" {
		e.ID = newEventID()
	}
	if e.At.IsZero() {
		e.At = d.o.Clock.Now()
	}
	if d.ctx.Err() != nil {
		d.log.Warn("event after shutdown, not delivered", "event", e.Kind, "ref", e.Ref)
		return
	}
	for _, s := range d.sinks {
		if !s.Handles(e.Kind) {
			continue
		}
		key := s.Name() + "\x00" + e.Ref
		done := make(chan struct{})
		d.mu.Lock()
		if d.pending >= d.o.MaxPending {
			d.mu.Unlock()
			d.record(Delivery{At: d.o.Clock.Now(), Sink: s.Name(), Kind: e.Kind, Ref: e.Ref, EventID: e.ID, Outcome: Failed,
				Err: fmt.Sprintf("not sent: %d deliveries already waiting", d.o.MaxPending)})
			continue
		}
		d.pending++
		prev := d.tail[key]
		d.tail[key] = done
		d.mu.Unlock()
		d.wg.Add(1)
		go func() {
			defer d.wg.Done()
			defer func() {
				d.mu.Lock()
				if d.tail[key] == done {
					delete(d.tail, key)
				}
				d.pending--
				d.mu.Unlock()
				close(done)
			}()
			if prev != nil {
				select {
				case <-prev:
				case <-d.ctx.Done():
					return
				}
			}
			d.deliver(s, e)
		}()
	}
}

// deliver tries e on s until it succeeds, fails for good or the dispatcher closes.
func (d *Dispatcher) deliver(s Sink, e Event) {
	if ds, ok := s.(Delayer); ok {
		if delay := e.At.Add(ds.Delay(e)).Sub(d.o.Clock.Now()); delay > 0 {
			// On shutdown the e-mail goes now rather than never.
			select {
			case <-d.o.Clock.After(delay):
			case <-d.draining:
			case <-d.ctx.Done():
				return
			}
		}
	}
	wait := d.o.Backoff
	draining := false
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(d.ctx, d.o.Timeout)
		err := s.Deliver(ctx, e)
		cancel()
		rec := Delivery{At: d.o.Clock.Now(), Sink: s.Name(), Kind: e.Kind, Ref: e.Ref, EventID: e.ID, Attempt: attempt}
		switch {
		case err == nil:
			rec.Outcome = Delivered
		case errors.Is(err, ErrSkipped):
			rec.Outcome, rec.Err = Skipped, err.Error()
		case IsPermanent(err) || attempt >= d.o.Attempts || draining || d.ctx.Err() != nil:
			rec.Outcome, rec.Err = Failed, err.Error()
		default:
			rec.Outcome, rec.Err = Retrying, fmt.Sprintf("%v (next try in %s)", err, wait)
		}
		d.record(rec)
		if rec.Outcome != Retrying {
			return
		}
		select {
		case <-d.o.Clock.After(wait):
		case <-d.draining:
			if draining {
				return // retried once since Close began
			}
			draining = true
		case <-d.ctx.Done():
			return
		}
		wait = min(2*wait, d.o.MaxBackoff)
	}
}

func (d *Dispatcher) record(r Delivery) {
	level := slog.LevelInfo
	if r.Outcome == Failed || r.Outcome == Retrying {
		level = slog.LevelWarn
	}
	d.log.Log(context.Background(), level, "handoff event delivery", "sink", r.Sink, "event", r.Kind, "ref", r.Ref,
		"attempt", r.Attempt, "outcome", r.Outcome, "err", r.Err)
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.deliveries) < d.o.LogSize {
		d.deliveries = append(d.deliveries, r)
	} else {
		d.deliveries[d.next] = r
	}
	d.next = (d.next + 1) % d.o.LogSize
}

// Deliveries returns the logged deliveries, newest first.
func (d *Dispatcher) Deliveries() []Delivery {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Delivery, 0, len(d.deliveries))
	for i := range len(d.deliveries) {
		j := (d.next - 1 - i + 2*len(d.deliveries)) % len(d.deliveries)
		out = append(out, d.deliveries[j])
	}
	return out
}

// Close ends the waits of pending deliveries, so each is tried (once more)
// now, waits for them until ctx is done, then stops the rest.
func (d *Dispatcher) Close(ctx context.Context) error {
	d.closeOnce.Do(func() { close(d.draining) })
	idle := make(chan struct{})
	go func() { d.wg.Wait(); close(idle) }()
	select {
	case <-idle:
		d.cancel()
		return nil
	case <-ctx.Done():
		d.cancel()
		<-idle
		return fmt.Errorf("closing notifications: deliveries still under way were stopped: %w", ctx.Err())
	}
}

func newEventID() string {
	var b [12]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return "evt_" + hex.EncodeToString(b[:])
}
