// Package notifytest holds fakes for testing code that sends notifications.
package notifytest

import (
	"sync"
	"time"
)

// Clock is a notify.Clock that moves only when told to.
type Clock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []waiter
	changed chan struct{} // closed and replaced when a waiter is added
}

type waiter struct {
	at time.Time
	d  time.Duration
	c  chan time.Time
}

// NewClock returns a clock at now.
func NewClock(now time.Time) *Clock { return &Clock{now: now, changed: make(chan struct{})} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After returns a channel that receives once the clock is advanced by d.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, waiter{at: c.now.Add(d), d: d, c: ch})
	close(c.changed)
	c.changed = make(chan struct{})
	return ch
}

// BlockUntil waits until n goroutines wait on the clock and returns their
// waits, in the order they began.
func (c *Clock) BlockUntil(n int) []time.Duration {
	for {
		c.mu.Lock()
		if len(c.waiters) >= n {
			ds := make([]time.Duration, len(c.waiters))
			for i, w := range c.waiters {
				ds[i] = w.d
			}
			c.mu.Unlock()
			return ds
		}
		changed := c.changed
		c.mu.Unlock()
		<-changed
	}
}

// Advance moves the clock by d and wakes the waits that are then over.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(c.now) {
			w.c <- c.now
		} else {
			kept = append(kept, w)
		}
	}
	c.waiters = kept
}
