package web

import (
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"golang.org/x/time/rate"
)

// ipLimiter is a token bucket per client IP: burst n, refilled at n per window.
type ipLimiter struct {
	n      int
	window time.Duration
	now    func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastPrune time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newIPLimiter(n int, window time.Duration) *ipLimiter {
	return &ipLimiter{n: n, window: window, now: time.Now, buckets: make(map[string]*bucket)}
}

func (l *ipLimiter) allow(key string) bool {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	// Drop buckets idle for a whole window (they are full again anyway), so
	// the map does not grow with every client ever seen.
	if now.Sub(l.lastPrune) > l.window {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > l.window {
				delete(l.buckets, k)
			}
		}
		l.lastPrune = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Limit(float64(l.n)/l.window.Seconds()), l.n)}
		l.buckets[key] = b
	}
	b.seen = now
	return b.lim.AllowN(now, 1)
}

// rateLimiter limits chat requests per client IP; a no-op when disabled.
func (s *Server) rateLimiter() fiber.Handler {
	if s.cfg.RateLimit < 0 {
		return func(c *fiber.Ctx) error { return c.Next() }
	}
	l := newIPLimiter(s.cfg.RateLimit, s.cfg.RateWindow)
	return func(c *fiber.Ctx) error {
		if !l.allow(s.clientKey(c)) {
			c.Set(fiber.HeaderRetryAfter, "10")
			return errRateLimited
		}
		return c.Next()
	}
}

// clientKey is the rate-limit bucket of a request: the client IP, from the
// proxy header when one is trusted. A request without that header (one that
// did not come through the proxy) gets its connection's IP rather than the
// empty string, which would put all of them in one shared bucket.
func (s *Server) clientKey(c *fiber.Ctx) string {
	if s.cfg.ProxyHeader != "" && c.Get(s.cfg.ProxyHeader) == "" {
		return c.Context().RemoteIP().String()
	}
	return c.IP()
}
