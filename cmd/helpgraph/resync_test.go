package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/helpdesk/zendesk/zendesktest"
)

// resyncEnv is a graph built from the fake Zendesk and served with
// --resync, its re-syncs run when the test sends a tick.
type resyncEnv struct {
	zd    *zendesktest.Server
	base  string
	ticks chan time.Time
}

func startResync(t *testing.T) *resyncEnv {
	t.Helper()
	zd := zendesktest.NewServer(t)
	zd.RetryAfter = ""
	dir := t.TempDir()
	cfg := config.Config{Store: filepath.Join(dir, "graph.db"), ConversationsDB: filepath.Join(dir, "conv.db"), AdminToken: "tok"}
	var buildOut bytes.Buffer
	b := &Main{Config: cfg, Stdout: &buildOut, Stderr: &buildOut}
	if err := b.Run(context.Background(), []string{"build", "--zendesk", zd.URL, "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildOut.String())
	}

	ctx, stop := context.WithCancel(context.Background())
	env := &resyncEnv{zd: zd, ticks: make(chan time.Time)}
	var stderr syncBuffer
	m := &Main{Config: cfg, Stdout: io.Discard, Stderr: &stderr, ResyncTicks: env.ticks}
	done := make(chan error, 1)
	go func() {
		done <- m.Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--llm", "off", "--resync", "6h"})
	}()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	env.base = listening(t, &stderr, done)
	return env
}

// resync runs a re-sync and waits until the build page shows it done
// (however long a loaded machine takes; go test's -timeout ends one that
// never finishes).
func (e *resyncEnv) resync(t *testing.T, runs string) string {
	t.Helper()
	e.ticks <- time.Now()
	for {
		page := e.admin(t, "/admin/build")
		if strings.Contains(page, runs) && !strings.Contains(page, "re-sync is running") {
			return page
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (e *resyncEnv) admin(t *testing.T, path string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", e.base+path, nil)
	req.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func (e *resyncEnv) reply(t *testing.T, message string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"message": message})
	resp, err := http.Post(e.base+"/api/chat", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct {
		Reply string `json:"reply"`
	}
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("chat: %d %s", resp.StatusCode, b)
	}
	return r.Reply
}

const signInQuestion = "I cannot sign in to my account"

func TestResyncServesTheChangedArticle(t *testing.T) {
	env := startResync(t)
	if got := env.reply(t, signInQuestion); !strings.Contains(got, "Caps Lock") {
		t.Fatalf("before the change the reply is %q, want the Caps Lock advice", got)
	}
	env.zd.SetBody(102, "<p>If you cannot sign in, open the sign-in page and press Send me a link; the link signs you in for one day.</p>")
	page := env.resync(t, "1 run, 0 failed")
	if !strings.Contains(page, "Last re-sync succeeded") {
		t.Errorf("build page after a good re-sync lacks its success")
	}
	if got := env.reply(t, signInQuestion); !strings.Contains(got, "Send me a link") || strings.Contains(got, "Caps Lock") {
		t.Errorf("after the re-sync the reply is %q, want the changed article's", got)
	}
	// The unchanged article was reused, not extracted again.
	if !strings.Contains(page, `<div class="big">1</div>pages unchanged`) {
		t.Errorf("build page: want 1 page unchanged (reused)")
	}
}

func TestFailedResyncKeepsTheGraph(t *testing.T) {
	env := startResync(t)
	before := env.reply(t, signInQuestion)
	env.zd.SetFail(http.StatusUnauthorized)
	page := env.resync(t, "1 run, 1 failed")
	for _, want := range []string{"Last re-sync failed", "401", "still served", "Generation 1,"} {
		if !strings.Contains(page, want) {
			t.Errorf("build page after a failed re-sync lacks %q", want)
		}
	}
	if after := env.reply(t, signInQuestion); after != before || !strings.Contains(after, "Caps Lock") {
		t.Errorf("after a failed re-sync the reply is %q, want the same as before (%q)", after, before)
	}
}
