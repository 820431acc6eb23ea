package web

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// downStore is a conversation store whose database can be taken out of
// reach: then its calls fail as an engine's do (ErrUnavailable).
type downStore struct {
	conversation.Store
	down atomic.Bool
}

func (d *downStore) err() error {
	if d.down.Load() {
		return fmt.Errorf("%w: dial tcp 127.0.0.1:5432: connect: connection refused", conversation.ErrUnavailable)
	}
	return nil
}

func (d *downStore) Create(ctx context.Context, owner string) (dialogue.Session, error) {
	if err := d.err(); err != nil {
		return dialogue.Session{}, err
	}
	return d.Store.Create(ctx, owner)
}

func (d *downStore) Handoffs(ctx context.Context, waitingOnly bool) ([]conversation.Handoff, error) {
	if err := d.err(); err != nil {
		return nil, err
	}
	return d.Store.Handoffs(ctx, waitingOnly)
}

func (d *downStore) ListHandoffs(ctx context.Context, q conversation.HandoffQuery) ([]conversation.Handoff, error) {
	if err := d.err(); err != nil {
		return nil, err
	}
	return d.Store.ListHandoffs(ctx, q)
}

// While the conversation store is out of reach, the chat and the admin
// pages answer 503 with Retry-After and a message that says so (no
// internals), and the log has one line per interval, not one per request.
func TestStoreOutageAnswers503(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: "tok", RateLimit: -1})
	store := &downStore{Store: env.srv.convs}
	env.srv.convs = store
	clock := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	logs := &lockedBuffer{}
	log := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	env.srv.log, env.srv.outage.log, env.srv.outage.now = log, log, clock.now

	chat := func() *http.Response {
		resp, body := env.do(t, httptest.NewRequest("POST", "/api/chat", strings.NewReader(`{"message":"hello"}`)))
		if resp.StatusCode == http.StatusServiceUnavailable {
			var e struct{ Error string }
			if json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, "cannot be reached") || strings.Contains(e.Error, "5432") {
				t.Errorf("the 503's body: %s, want a plain message without internals", body)
			}
		}
		return resp
	}
	queue := func() *http.Response {
		req := httptest.NewRequest("GET", "/admin/queue", nil)
		req.Header.Set("Authorization", "Bearer tok")
		resp, _ := env.do(t, req)
		return resp
	}

	store.down.Store(true)
	for range 50 {
		for name, resp := range map[string]*http.Response{"chat": chat(), "queue": queue()} {
			if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
				t.Fatalf("%s while the store is down: %d, Retry-After %q; want 503, 5", name, resp.StatusCode, resp.Header.Get("Retry-After"))
			}
		}
	}
	if n := strings.Count(logs.String(), "conversation store unreachable"); n != 1 || strings.Contains(logs.String(), "msg=request") {
		t.Errorf("100 failed requests logged %d outage lines (want 1) or a line each:\n%s", n, logs)
	}
	clock.advance(outageLogEvery)
	chat()
	if n := strings.Count(logs.String(), "conversation store unreachable"); n != 2 || !strings.Contains(logs.String(), "failed_since_last_line=99") {
		t.Errorf("after the interval, want a second line counting the 99 unlogged failures:\n%s", logs)
	}

	store.down.Store(false)
	if resp := chat(); resp.StatusCode != 200 {
		t.Errorf("once the store is back: %d", resp.StatusCode)
	}
	if resp := queue(); resp.StatusCode != 200 {
		t.Errorf("the queue once the store is back: %d", resp.StatusCode)
	}
}
