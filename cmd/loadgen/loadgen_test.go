package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/internal/latency"
)

// fakeChat answers POST /api/chat like the chat does: a new conversation
// gets a session id, a cookie and two options; a continued one must come
// with both, and ends with no options.
type fakeChat struct {
	mu       sync.Mutex
	problems []string
	turns    map[string]int // by session
}

func (f *fakeChat) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/readyz":
		w.Write([]byte("ready"))
		return
	case "/api/chat":
	default:
		http.NotFound(w, r)
		return
	}
	var req struct {
		SessionID string `json:"session_id"`
		Message   string `json:"message"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Message == "" {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	type option struct {
		Value string `json:"value"`
	}
	resp := struct {
		SessionID string   `json:"session_id"`
		Options   []option `json:"options"`
	}{SessionID: req.SessionID}
	if req.SessionID == "" {
		resp.SessionID = "s" + strings.Repeat("x", len(f.turns))
		resp.Options = []option{{"first option"}, {"second option"}}
		if _, err := r.Cookie(browserCookie); err != nil {
			http.SetCookie(w, &http.Cookie{Name: browserCookie, Value: "secret"})
		}
	} else {
		if c, err := r.Cookie(browserCookie); err != nil || c.Value != "secret" {
			f.problems = append(f.problems, "a continued conversation came without its cookie")
		}
		if !strings.HasSuffix(req.Message, "option") {
			f.problems = append(f.problems, "the second turn was not an option: "+req.Message)
		}
	}
	f.turns[resp.SessionID]++
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// TestDrive checks what a run does, not how fast: a fixed number of
// conversations (the duration only bounds a stuck run), each a question
// then an offered option, with the browser's cookie sent back.
func TestDrive(t *testing.T) {
	fake := &fakeChat{turns: map[string]int{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	const conversations = 12
	res, err := drive(context.Background(), loadConfig{
		url: srv.URL, clients: 4, turns: 3, duration: 5 * time.Minute, conversations: conversations,
		messages: []string{"how do I reset my password"}, serverPID: os.Getpid(), seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.errors != 0 {
		t.Fatalf("%d errors (first: %v)", res.errors, res.firstErr)
	}
	if len(fake.problems) > 0 {
		t.Errorf("the server saw: %q", fake.problems[0])
	}
	// Two turns a conversation: the question, then an option, after which
	// the fake offers none.
	if res.conversations != conversations || len(fake.turns) != conversations {
		t.Errorf("%d conversations run, %d seen by the server; want %d", res.conversations, len(fake.turns), conversations)
	}
	for id, n := range fake.turns {
		if n != 2 {
			t.Errorf("conversation %s had %d turns, want 2", id, n)
		}
	}
	if got := res.lat.Count(); got != 2*conversations {
		t.Errorf("%d turns measured, want %d", got, 2*conversations)
	}
	if !res.serverCPUOK {
		t.Error("the server's CPU time (this process's /proc/PID/stat) was not read")
	}
	if p50, p99 := res.lat.Percentile(0.5), res.lat.Percentile(0.99); p50 <= 0 || p99 < p50 || res.lat.Max() < p50-latency.BucketWidth {
		t.Errorf("p50 %s, p99 %s, max %s", p50, p99, res.lat.Max())
	}
}

// Every failed first turn is one error, and a failed conversation ends.
func TestDriveCountsErrors(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/readyz" {
			return
		}
		http.Error(w, `{"error":"too many requests"}`, http.StatusTooManyRequests)
	}))
	defer srv.Close()
	res, err := drive(context.Background(), loadConfig{
		url: srv.URL, clients: 2, turns: 2, duration: 5 * time.Minute, conversations: 6, messages: []string{"hi"}, seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.errors != 6 || res.lat.Count() != 0 || !strings.Contains(res.firstErr.Error(), "status 429") {
		t.Errorf("%d errors (first: %v), %d turns; want 6 errors, status 429, no turns", res.errors, res.firstErr, res.lat.Count())
	}
}

func TestReadMessages(t *testing.T) {
	dir := t.TempDir()
	jsonl := filepath.Join(dir, "inquiries.jsonl")
	os.WriteFile(jsonl, []byte(`{"id":"a","utterance":"cant log in"}`+"\n\n"+`{"id":"b","utterance":"where is my \"code\""}`+"\n"), 0o644)
	text := filepath.Join(dir, "messages.txt")
	os.WriteFile(text, []byte("How do I reset my password?\n\n  I can't renew my license key \n"), 0o644)
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte("{not json\n"), 0o644)
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("\n \n"), 0o644)
	for _, tc := range []struct {
		path    string
		want    []string
		wantErr string
	}{
		{jsonl, []string{"cant log in", `where is my "code"`}, ""},
		{text, []string{"How do I reset my password?", "I can't renew my license key"}, ""},
		{bad, nil, "bad.jsonl:1"},
		{empty, nil, "no messages"},
		{filepath.Join(dir, "missing.txt"), nil, "no such file"},
	} {
		got, err := readMessages(tc.path)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("readMessages(%s) error = %v, want %q", filepath.Base(tc.path), err, tc.wantErr)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("readMessages(%s) = %q, %v; want %q", filepath.Base(tc.path), got, err, tc.want)
		}
	}
}

// slowbody opens every connection, sends the head and one byte, and
// records how the server answered.
func TestSlowBody(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				req, err := http.ReadRequest(bufio.NewReader(c))
				if err != nil || req.ContentLength != 1<<20 || req.URL.Path != "/api/chat" {
					io.WriteString(c, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
					return
				}
				io.WriteString(c, "HTTP/1.1 413 Request Entity Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
			}()
		}
	}()
	res, err := slowBody(context.Background(), slowBodyConfig{
		url: "http://" + ln.Addr().String(), path: "/api/chat", conns: 5, announce: 1 << 20, serverPID: os.Getpid(),
		hold: 5 * time.Minute, // ends once all are answered
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.answers["status 413"] != 5 || res.dialErrors != 0 || res.idle <= 0 || res.after <= 0 {
		t.Errorf("answers %v, %d dial errors, RSS %d / %d", res.answers, res.dialErrors, res.idle, res.after)
	}
}
