package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
)

// syncBuffer is a bytes.Buffer safe to read while the server writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// listening waits until serve, writing its log to stderr and its result to
// done, says where it listens, and returns that base URL. It fails the test
// if serve returns first (leaving its result in done). It sets no deadline
// of its own: a loaded machine may take long to start serve, and go test's
// -timeout ends a serve that never starts.
func listening(t *testing.T, stderr *syncBuffer, done chan error) string {
	t.Helper()
	addrRE := regexp.MustCompile(`serving the chat on (http://\S+)/`)
	for {
		if m := addrRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("serve returned before it listened: %v\n%s", err, stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func TestServeAnswersAndShutsDown(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg := config.Config{Store: filepath.Join(dir, "graph.db"), ConversationsDB: filepath.Join(dir, "conv.db"), AdminToken: "tok"}
	var buildErr bytes.Buffer
	build := &Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &buildErr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildErr.String())
	}

	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	profile := filepath.Join(dir, "serve.prof")
	var stderr syncBuffer
	m := &Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &stderr}
	done := make(chan error, 1)
	go func() {
		done <- m.Run(serveCtx, []string{"serve", "--addr", "127.0.0.1:0", "--llm", "off", "--cpuprofile", profile})
	}()

	base := listening(t, &stderr, done)
	resp, err := http.Get(base + "/readyz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("/readyz: %v %v", resp, err)
	}
	resp.Body.Close()
	resp, err = http.Post(base+"/api/chat", "application/json",
		strings.NewReader(`{"message": "I'm getting an error when trying to change my booking"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var reply struct {
		SessionID string `json:"session_id"`
		Action    string `json:"action"`
		Options   []any  `json:"options"`
	}
	if resp.StatusCode != 200 || json.Unmarshal(body, &reply) != nil || reply.Action != "clarification" || len(reply.Options) < 2 {
		t.Errorf("POST /api/chat: %d %s, want a clarification with options", resp.StatusCode, body)
	}
	req, _ := http.NewRequest("GET", base+"/admin/queue", nil)
	req.Header.Set("Authorization", "Bearer tok")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Errorf("admin queue with the token: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}

	stop()
	if err := <-done; err != nil {
		t.Errorf("serve after cancel: %v", err)
	}
	// The profile is written when serve stops: gzipped protobuf.
	if b, err := os.ReadFile(profile); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("--cpuprofile: %d bytes, %v; want a gzipped profile", len(b), err)
	}
}
