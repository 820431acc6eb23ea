package web

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/testenv"
)

// TestAdminSessionRevocable checks that each sign-in gets its own cookie,
// that signing out revokes it, and that the server ends it after sessionTTL
// whatever the client does with Max-Age.
func TestAdminSessionRevocable(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	now := time.Unix(1_800_000_000, 0)
	var clockMu sync.Mutex
	env.srv.sessions.now = func() time.Time { clockMu.Lock(); defer clockMu.Unlock(); return now }
	queue := func(c *http.Cookie) int {
		req := httptest.NewRequest("GET", "/admin/queue", nil)
		req.AddCookie(c)
		resp, _ := env.do(t, req)
		return resp.StatusCode
	}

	_, first := login(t, env, testToken)
	_, second := login(t, env, testToken)
	if first == nil || second == nil {
		t.Fatal("no cookie from sign-in")
	}
	if first.Value == second.Value {
		t.Errorf("two sign-ins got the same cookie value %q", first.Value)
	}
	if queue(first) != 200 || queue(second) != 200 {
		t.Fatal("fresh sign-ins refused")
	}

	req := httptest.NewRequest("POST", "/admin/logout", nil)
	req.Header.Set("Origin", "http://example.com")
	req.AddCookie(first)
	if resp, _ := env.do(t, req); resp.StatusCode != 303 {
		t.Fatalf("sign-out: %d", resp.StatusCode)
	}
	if got := queue(first); got != 401 {
		t.Errorf("cookie replayed after sign-out: %d, want 401", got)
	}
	if got := queue(second); got != 200 {
		t.Errorf("another sign-in after one signed out: %d, want 200", got)
	}

	// A tampered issue time fails the signature.
	parts := strings.Split(second.Value, ".")
	tampered := *second
	tampered.Value = fmt.Sprint(now.Add(time.Hour).Unix()) + "." + parts[1] + "." + parts[2]
	if got := queue(&tampered); got != 401 {
		t.Errorf("cookie with a changed issue time: %d, want 401", got)
	}

	clockMu.Lock()
	now = now.Add(sessionTTL - time.Minute)
	clockMu.Unlock()
	if got := queue(second); got != 200 {
		t.Errorf("cookie just before expiry: %d, want 200", got)
	}
	clockMu.Lock()
	now = now.Add(2 * time.Minute)
	clockMu.Unlock()
	if got := queue(second); got != 401 {
		t.Errorf("cookie past its lifetime: %d, want 401", got)
	}
}

func TestAdminNoStore(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	for _, path := range []string{"/admin/queue", "/admin/graph", "/admin/login"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, _ := env.do(t, req)
		if got := resp.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", path, got)
		}
	}
}

// brokenStore is a store whose file went bad after the graph was loaded.
type brokenStore struct {
	*memStore
	broken bool
}

func (b *brokenStore) LastBuild(ctx context.Context) (graph.Build, error) {
	if b.broken {
		return graph.Build{}, errors.New("file is not a database")
	}
	return b.memStore.LastBuild(ctx)
}

func TestReadyzStoreUnreadable(t *testing.T) {
	env := newTestEnv(t, Config{})
	bs := &brokenStore{memStore: env.store}
	env.srv.graphs = bs
	if resp, body := env.do(t, httptest.NewRequest("GET", "/readyz", nil)); resp.StatusCode != 200 {
		t.Fatalf("/readyz with a good store: %d %s", resp.StatusCode, body)
	}
	bs.broken = true
	resp, body := env.do(t, httptest.NewRequest("GET", "/readyz", nil))
	if resp.StatusCode != 503 || !strings.Contains(body, "graph store") {
		t.Errorf("/readyz with an unreadable store: %d %q, want 503 naming the store", resp.StatusCode, body)
	}
}

// TestRateLimitProxyHeaderMissing checks that behind --proxy-header, requests
// without the header are limited per connection IP, not in one shared bucket.
func TestRateLimitProxyHeaderMissing(t *testing.T) {
	env := newTestEnv(t, Config{RateLimit: 2, ProxyHeader: "X-Forwarded-For"})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go env.srv.App().Listener(ln)
	t.Cleanup(func() { env.srv.App().Shutdown() })

	post := func(from, forwarded string) int {
		t.Helper()
		tr := &http.Transport{DialContext: (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}).DialContext}
		defer tr.CloseIdleConnections()
		req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/api/chat", strings.NewReader(`{"message":"booking"}`))
		req.Header.Set("Content-Type", "application/json")
		if forwarded != "" {
			req.Header.Set("X-Forwarded-For", forwarded)
		}
		resp, err := (&http.Client{Transport: tr}).Do(req)
		if err != nil {
			testenv.Missing(t, testenv.Loopback, fmt.Sprintf("cannot send from %s: %v", from, err))
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for range 2 {
		if got := post("127.0.0.1", ""); got != 200 {
			t.Fatalf("first requests without the header: %d", got)
		}
	}
	if got := post("127.0.0.1", ""); got != 429 {
		t.Errorf("third request from one connection IP: %d, want 429", got)
	}
	if got := post("127.0.0.2", ""); got != 200 {
		t.Errorf("another connection IP without the header: %d, want its own bucket (200)", got)
	}
	if got := post("127.0.0.1", "203.0.113.9"); got != 200 {
		t.Errorf("a forwarded client: %d, want its own bucket (200)", got)
	}
}

// ctxStore answers as a real store does once its context is cancelled.
type ctxStore struct{ *memStore }

func (c ctxStore) LastBuild(ctx context.Context) (graph.Build, error) {
	if err := ctx.Err(); err != nil {
		return graph.Build{}, fmt.Errorf("reading last build: %w", err)
	}
	return c.memStore.LastBuild(ctx)
}

// TestServeCancelledBeforeLoad checks that a Serve stopped before it has
// loaded the graph (a skipped test's cleanup, a signal at start-up) shuts
// down cleanly instead of reporting the cancellation as a store error.
func TestServeCancelledBeforeLoad(t *testing.T) {
	env := newTestEnv(t, Config{})
	env.srv.graphs = ctxStore{env.store}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := env.srv.Serve(ctx, ln); err != nil {
		t.Errorf("Serve cancelled before loading: %v, want nil", err)
	}
	if _, err := ln.Accept(); err == nil {
		t.Error("listener still open after Serve returned")
	}
}
