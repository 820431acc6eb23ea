package llm

import (
	"errors"
	"sync"
	"time"
)

// ErrUnavailable is wrapped by calls refused because the endpoint failed
// recently (the circuit breaker is open): a dead endpoint costs one timeout,
// not one per step, and callers take their offline path at once.
var ErrUnavailable = errors.New("llm: endpoint unavailable")

// Breaker defaults.
const (
	DefaultBreakerThreshold = 1
	DefaultBreakerCooldown  = 30 * time.Second
)

// breaker opens after threshold consecutive calls failed on the endpoint's
// side (timeouts, refused connections, 5xx or 429 after retries) and stays
// open for cooldown. After that, calls go through again; the first failure
// reopens it.
type breaker struct {
	threshold int
	cooldown  time.Duration
	now       func() time.Time

	mu        sync.Mutex
	failures  int
	openUntil time.Time
	lastErr   error
}

// allow returns nil when a call may go out, or why not.
func (b *breaker) allow() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.now().Before(b.openUntil) {
		return &unavailableError{until: b.openUntil, cause: b.lastErr}
	}
	return nil
}

func (b *breaker) success() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failures = 0
}

// failure records an endpoint failure and reports whether it opened the breaker.
func (b *breaker) failure(err error) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failures++
	b.lastErr = err
	if b.failures >= b.threshold {
		b.failures = 0
		b.openUntil = b.now().Add(b.cooldown)
		return true
	}
	return false
}

type unavailableError struct {
	until time.Time
	cause error
}

func (e *unavailableError) Error() string {
	msg := "llm: endpoint unavailable (it failed recently; not asking again until " + e.until.UTC().Format(time.TimeOnly) + ")"
	if e.cause != nil {
		msg += ": last error: " + e.cause.Error()
	}
	return msg
}

func (e *unavailableError) Is(target error) bool { return target == ErrUnavailable }
