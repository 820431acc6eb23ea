package web

import (
	"fmt"
	"log/slog"
	"math"
	"net"
	"sync"
	"time"
)

// Sign-in throttle: wrong admin tokens (the form or a bearer header) are
// counted per client address. The first freeFailures cost nothing; each
// one after blocks the address for twice as long as the last (1 s, 2 s,
// 4 s … up to maxBlock), and while it is blocked every sign-in from it is
// refused with 429 and Retry-After, its token not even compared. A right
// token clears the count; an address quiet for forgetAfter is forgotten.
const (
	freeFailures = 5
	firstBlock   = time.Second
	maxBlock     = 10 * time.Minute
	forgetAfter  = time.Hour
	// signInLogEvery is how often failed sign-ins are summed up in one log
	// line, however many there were.
	signInLogEvery = time.Minute
)

// signInThrottle is safe for concurrent use.
type signInThrottle struct {
	now func() time.Time
	log *slog.Logger

	mu      sync.Mutex
	clients map[string]*signInFailures
	pruned  time.Time
	// What the log line of the current interval will sum up.
	since           time.Time
	failed, refused int
	addrs           map[string]bool
	worst           string
	worstN          int
}

type signInFailures struct {
	n            int // wrong tokens in a row
	last         time.Time
	blockedUntil time.Time
}

func newSignInThrottle(log *slog.Logger) *signInThrottle {
	return &signInThrottle{now: time.Now, log: log, clients: map[string]*signInFailures{}, addrs: map[string]bool{}}
}

// attempt checks a sign-in from address addr: when the address is blocked
// it returns how long it still is, without calling matches; otherwise it
// returns whether matches() and records the outcome.
func (t *signInThrottle) attempt(addr string, matches func() bool) (ok bool, retryAfter time.Duration) {
	key := addressKey(addr)
	t.mu.Lock()
	now := t.now()
	t.prune(now)
	f := t.clients[key]
	if f != nil && now.Before(f.blockedUntil) {
		t.count(now, key, false)
		t.mu.Unlock()
		return false, f.blockedUntil.Sub(now)
	}
	t.mu.Unlock()

	// The comparison runs unlocked: it is constant-time, not free.
	ok = matches()

	t.mu.Lock()
	defer t.mu.Unlock()
	if ok {
		delete(t.clients, key)
		return true, 0
	}
	if f = t.clients[key]; f == nil {
		f = &signInFailures{}
		t.clients[key] = f
	}
	f.n++
	f.last = now
	if over := f.n - freeFailures; over > 0 {
		block := maxBlock
		if over <= 30 && firstBlock<<(over-1) < maxBlock {
			block = firstBlock << (over - 1)
		}
		f.blockedUntil = now.Add(block)
	}
	t.count(now, key, true)
	return false, 0
}

// count records a failed (wrong token) or refused (blocked) sign-in for
// the log: the first after a quiet interval is logged at once, the rest
// summed up in one line when the interval is over (with the next one).
func (t *signInThrottle) count(now time.Time, key string, failed bool) {
	if now.Sub(t.since) >= signInLogEvery {
		t.flush(now)
		t.since = now
		t.log.Warn("admin sign-in refused", "client", key, "reason", reason(failed),
			"note", fmt.Sprintf("further refusals are summed up every %s", signInLogEvery))
		return
	}
	if failed {
		t.failed++
	} else {
		t.refused++
	}
	t.addrs[key] = true
	if n := t.clients[key]; n != nil && n.n > t.worstN {
		t.worst, t.worstN = key, n.n
	}
}

func reason(failed bool) string {
	if failed {
		return "wrong token"
	}
	return "address blocked after wrong tokens"
}

// flush logs the interval's summary, if anything happened in it.
func (t *signInThrottle) flush(now time.Time) {
	if t.failed+t.refused > 0 {
		t.log.Warn("admin sign-ins refused", "since", t.since.UTC().Format(time.RFC3339), "wrong_tokens", t.failed,
			"blocked_attempts", t.refused, "clients", len(t.addrs), "most_failures", t.worst, "its_failures", t.worstN)
	}
	t.failed, t.refused, t.worst, t.worstN = 0, 0, "", 0
	clear(t.addrs)
}

// prune forgets addresses quiet for forgetAfter, at most once a minute,
// so the map does not keep every address that ever failed.
func (t *signInThrottle) prune(now time.Time) {
	if now.Sub(t.pruned) < time.Minute {
		return
	}
	t.pruned = now
	for k, f := range t.clients {
		if now.Sub(f.last) > forgetAfter && !now.Before(f.blockedUntil) {
			delete(t.clients, k)
		}
	}
}

// addressKey is what the throttle counts by: the IPv4 address, or the /64
// of an IPv6 one (one host usually has a whole /64 to pick from).
func addressKey(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil || ip.To4() != nil {
		return addr
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// retryAfterSeconds is d in whole seconds, rounded up, at least 1, for a
// Retry-After header.
func retryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
