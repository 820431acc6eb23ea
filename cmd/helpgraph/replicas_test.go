package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/conversation/postgres"
	"github.com/helpgraph/helpgraph/internal/pgtest"
)

// Two serve processes on one PostgreSQL and one graph file behave as one
// service behind a load balancer: a conversation started on one continues
// on the other (the browser's cookie is all it takes), an escalation made
// on one is in the other's support queue, and a person's reply sent from
// that one reaches the customer through the first.
func TestServeReplicasShareConversations(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	dir := t.TempDir()
	graphPath := filepath.Join(dir, "graph.db")
	var buildErr bytes.Buffer
	build := &Main{Config: config.Config{Store: graphPath}, Stdout: &bytes.Buffer{}, Stderr: &buildErr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildErr.String())
	}
	a := startReplica(t, graphPath, dsn)
	b := startReplica(t, graphPath, dsn)

	jar, _ := cookiejar.New(nil) // cookies ignore ports: one browser for both
	browser := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	first := chat(t, browser, a, "", "I'm getting an error when trying to change my booking")
	if first.Action != "clarification" || len(first.Options) < 2 {
		t.Fatalf("replica A: %+v, want a clarification with options", first)
	}
	second := chat(t, browser, b, first.SessionID, first.Options[0].Value)
	if second.SessionID != first.SessionID || second.Action == "clarification" && second.NodeID == "" || second.Turn != 3 {
		t.Fatalf("replica B did not continue the conversation: %+v", second)
	}
	// Another browser cannot continue it, on either replica.
	stranger := &http.Client{Timeout: 30 * time.Second}
	if r := postChat(t, stranger, b, first.SessionID, "hello"); r.StatusCode != http.StatusNotFound {
		t.Errorf("another browser continuing the conversation: status %d, want 404", r.StatusCode)
	}

	handoff := chat(t, browser, a, first.SessionID, "talk to a person")
	if handoff.Action != "escalation" || handoff.Handoff == nil || handoff.Handoff.Ref == "" {
		t.Fatalf("replica A: %+v, want an escalation with a reference", handoff)
	}
	queue := admin(t, b, "GET", "/admin/queue", nil)
	if !strings.Contains(queue, handoff.Handoff.Ref) {
		t.Fatalf("replica B's queue lacks %s:\n%s", handoff.Handoff.Ref, queue)
	}

	// The support person answers on B; the customer's chat on A gets it.
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hs, err := db.Handoffs(ctx, true)
	if err != nil || len(hs) != 1 {
		t.Fatalf("handoffs waiting: %+v, %v", hs, err)
	}
	admin(t, b, "POST", fmt.Sprintf("/admin/handoffs/%d/reply", hs[0].ID), url.Values{"reply": {"We have changed your booking."}})
	resp, err := browser.Get(a + "/api/chat/updates?session_id=" + first.SessionID + "&after=0")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "We have changed your booking.") {
		t.Errorf("replica A's updates: %d %s, want the reply sent on B", resp.StatusCode, body)
	}
}

type replyJSON struct {
	SessionID string `json:"session_id"`
	Action    string `json:"action"`
	NodeID    string `json:"node_id"`
	Turn      int    `json:"turn"`
	Options   []struct {
		Value string `json:"value"`
	} `json:"options"`
	Handoff *struct {
		Ref string `json:"ref"`
	} `json:"handoff"`
}

func postChat(t *testing.T, c *http.Client, base, session, message string) *http.Response {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"session_id": session, "message": message})
	resp, err := c.Post(base+"/api/chat", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func chat(t *testing.T, c *http.Client, base, session, message string) replyJSON {
	t.Helper()
	resp := postChat(t, c, base, session, message)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var r replyJSON
	if resp.StatusCode != 200 || json.Unmarshal(body, &r) != nil {
		t.Fatalf("POST %s/api/chat %q: %d %s", base, message, resp.StatusCode, body)
	}
	return r
}

func admin(t *testing.T, base, method, path string, form url.Values) string {
	t.Helper()
	req, _ := http.NewRequest(method, base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Authorization", "Bearer tok")
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	c := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode >= 400 {
		t.Fatalf("%s %s%s: %d %s", method, base, path, resp.StatusCode, body)
	}
	return string(body)
}

// startReplica runs "helpgraph serve" as a process of its own (this test
// binary, see TestMain) and returns its base URL; it is stopped with
// SIGTERM when the test ends.
func startReplica(t *testing.T, graphPath, conversations string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--llm", "off", "--rate-limit", "-1", "--max-conns-per-ip", "-1")
	cmd.Env = append(os.Environ(), asMainEnv+"=1", "HELPGRAPH_STORE="+graphPath,
		"HELPGRAPH_CONVERSATIONS="+conversations, "HELPGRAPH_ADMIN_TOKEN=tok", "OPENAI_API_KEY=", "OPENAI_BASE_URL=")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// No deadlines here: a loaded machine may take long to start or stop a
	// replica, and go test's -timeout ends one that never does. Wait is
	// called once stderr is read to its end, as os/exec requires.
	found := make(chan string, 1)
	read := make(chan struct{})
	var log bytes.Buffer
	go func() {
		defer close(read)
		addrRE := regexp.MustCompile(`serving the chat on (http://\S+)/`)
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			if m := addrRE.FindStringSubmatch(lines.Text()); m != nil {
				select {
				case found <- m[1]:
				default: // said twice: the first stands
				}
			}
			log.WriteString(lines.Text() + "\n")
		}
		close(found)
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		<-read
		cmd.Wait()
	})
	base, ok := <-found
	if !ok {
		t.Fatalf("a replica exited before serving:\n%s", log.String())
	}
	return base
}
