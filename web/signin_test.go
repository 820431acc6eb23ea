package web

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// lockedBuffer is a log destination safe for concurrent writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}
func (b *lockedBuffer) String() string { b.mu.Lock(); defer b.mu.Unlock(); return b.b.String() }

// newThrottledEnv is a server with the admin token "right", client
// addresses taken from X-Forwarded-For, a clock that moves only when told
// and its log in a buffer.
func newThrottledEnv(t *testing.T) (*testEnv, *fakeClock, *lockedBuffer) {
	env := newTestEnv(t, Config{AdminToken: "right", ProxyHeader: "X-Forwarded-For"})
	clock := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	env.srv.log, env.srv.signIn.log, env.srv.signIn.now = log, log, clock.now
	return env, clock, logs
}

func bearerFrom(t *testing.T, env *testEnv, addr, token string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", "/admin/queue", nil) // with a Host, as every HTTP/1.1 request has
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("X-Forwarded-For", addr)
	resp, _ := env.do(t, req)
	return resp
}

// 300 wrong bearer tokens in a row from one address: the first five are
// 401, the rest 429 with Retry-After, and the log has one line for them
// all; the right token still works from another address, and from the
// blocked one once the block is over.
func TestSignInThrottleBearer(t *testing.T) {
	env, clock, logs := newThrottledEnv(t)
	statuses := map[int]int{}
	var last *http.Response
	for range 300 {
		last = bearerFrom(t, env, "203.0.113.7", "guess")
		statuses[last.StatusCode]++
	}
	if statuses[401] != freeFailures+1 || statuses[429] != 300-freeFailures-1 {
		t.Errorf("300 wrong tokens: statuses %v; want %d × 401, then 429", statuses, freeFailures+1)
	}
	if last.StatusCode != 429 || last.Header.Get("Retry-After") != "1" {
		t.Errorf("the last wrong token: %d, Retry-After %q; want 429, 1", last.StatusCode, last.Header.Get("Retry-After"))
	}
	if got := bearerFrom(t, env, "198.51.100.2", "right"); got.StatusCode != 200 {
		t.Errorf("the right token from another address: %d, want 200", got.StatusCode)
	}
	if got := bearerFrom(t, env, "203.0.113.7", "right"); got.StatusCode != 429 {
		t.Errorf("the right token from the blocked address: %d, want 429 (not even compared)", got.StatusCode)
	}
	if n := strings.Count(logs.String(), "admin sign-in"); n != 1 {
		t.Errorf("%d log lines on sign-ins, want 1 (the first; the rest summed up later):\n%s", n, logs)
	}
	if strings.Contains(logs.String(), "msg=request") {
		t.Errorf("a log line per refused request:\n%s", logs)
	}

	clock.advance(signInLogEvery)
	if got := bearerFrom(t, env, "203.0.113.7", "right"); got.StatusCode != 200 {
		t.Errorf("the right token once the block is over: %d, want 200", got.StatusCode)
	}
	bearerFrom(t, env, "203.0.113.7", "guess again")
	if !strings.Contains(logs.String(), "wrong_tokens=5 blocked_attempts=295 clients=1") {
		t.Errorf("no summary of the first minute's 300 refusals:\n%s", logs)
	}
}

// Each wrong token past the free ones doubles the block.
func TestSignInThrottleBacksOff(t *testing.T) {
	env, clock, _ := newThrottledEnv(t)
	for range freeFailures {
		if got := bearerFrom(t, env, "192.0.2.1", "guess"); got.StatusCode != 401 {
			t.Fatalf("a free wrong token: %d, want 401", got.StatusCode)
		}
	}
	for _, wantBlock := range []string{"1", "2", "4", "8"} {
		if got := bearerFrom(t, env, "192.0.2.1", "guess"); got.StatusCode != 401 {
			t.Fatalf("a wrong token after the block: %d, want 401", got.StatusCode)
		}
		got := bearerFrom(t, env, "192.0.2.1", "guess")
		if got.StatusCode != 429 || got.Header.Get("Retry-After") != wantBlock {
			t.Fatalf("while blocked: %d, Retry-After %q; want 429, %s", got.StatusCode, got.Header.Get("Retry-After"), wantBlock)
		}
		d, _ := time.ParseDuration(wantBlock + "s")
		clock.advance(d)
	}
}

// The sign-in form is throttled the same way, with a page saying when to
// try again.
func TestSignInThrottleForm(t *testing.T) {
	env, _, _ := newThrottledEnv(t)
	post := func(addr, token string) (*http.Response, string) {
		form := url.Values{"token": {token}}
		req, _ := http.NewRequest("POST", "http://helpgraph.test/admin/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "http://helpgraph.test")
		req.Header.Set("X-Forwarded-For", addr)
		return env.do(t, req)
	}
	for range freeFailures + 1 {
		if resp, _ := post("203.0.113.9", "guess"); resp.StatusCode != 401 {
			t.Fatalf("a wrong token: %d, want 401", resp.StatusCode)
		}
	}
	resp, body := post("203.0.113.9", "right")
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || !strings.Contains(body, "Try again in 1 second.") {
		t.Errorf("blocked sign-in: %d, Retry-After %q, page %q", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if resp, _ := post("203.0.113.10", "right"); resp.StatusCode != 303 {
		t.Errorf("the right token from another address: %d, want 303 to /admin/", resp.StatusCode)
	}
}

func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"::ffff:203.0.113.7":   "::ffff:203.0.113.7",
		"not an address":       "not an address",
	} {
		if got := addressKey(in); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", in, got, want)
		}
	}
}
