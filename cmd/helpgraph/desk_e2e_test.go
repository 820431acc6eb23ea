package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/notify/notifytest"
	"github.com/helpgraph/helpgraph/notify/webhook"
)

// hookReceiver is a webhook endpoint on loopback that checks signatures.
type hookReceiver struct {
	secret string
	mu     sync.Mutex
	events []map[string]any
	bad    int // deliveries whose signature did not verify
	got    chan struct{}
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	defer h.mu.Unlock()
	if !webhook.Verify(h.secret, body, r.Header.Get(webhook.SignatureHeader)) {
		h.bad++
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	var e map[string]any
	json.Unmarshal(body, &e)
	h.events = append(h.events, e)
	h.got <- struct{}{}
}

// wait waits for an event of kind and returns it.
func (h *hookReceiver) wait(t *testing.T, kind string) map[string]any {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		h.mu.Lock()
		for _, e := range h.events {
			if e["event"] == kind {
				h.mu.Unlock()
				return e
			}
		}
		h.mu.Unlock()
		select {
		case <-h.got:
		case <-deadline:
			t.Fatalf("no %s webhook in a minute", kind)
		}
	}
}

// startServe builds the sample help center and serves it with cfg; the
// test's cleanup stops the server.
func startServe(t *testing.T, cfg config.Config) string {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	cfg.Store, cfg.ConversationsDB = filepath.Join(dir, "graph.db"), filepath.Join(dir, "conv.db")
	var buildErr bytes.Buffer
	build := &Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &buildErr}
	if err := build.Run(ctx, []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildErr.String())
	}
	serveCtx, stop := context.WithCancel(ctx)
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		m := &Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &stderr}
		done <- m.Run(serveCtx, []string{"serve", "--addr", "127.0.0.1:0", "--llm", "off"})
	}()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addrRE := regexp.MustCompile(`serving the chat on (http://\S+)/`)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addrRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("serve stopped: %v\n%s", err, stderr.String())
		default:
		}
	}
	t.Fatalf("serve never said where it listens:\n%s", stderr.String())
	return ""
}

type customer struct {
	t    *testing.T
	base string
	c    *http.Client
	id   string
}

func newCustomer(t *testing.T, base string) *customer {
	jar, _ := cookiejar.New(nil)
	return &customer{t: t, base: base, c: &http.Client{Jar: jar}}
}

func (u *customer) say(msg string) map[string]any {
	u.t.Helper()
	b, _ := json.Marshal(map[string]string{"session_id": u.id, "message": msg})
	resp, err := u.c.Post(u.base+"/api/chat", "application/json", bytes.NewReader(b))
	if err != nil {
		u.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
		u.t.Fatalf("chat %q: %d %v", msg, resp.StatusCode, err)
	}
	u.id, _ = out["session_id"].(string)
	return out
}

func (u *customer) get(path string) string {
	u.t.Helper()
	resp, err := u.c.Get(u.base + path)
	if err != nil {
		u.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func apiPost(t *testing.T, url, token, body string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestSupportDeskEndToEnd is the "done when" on loopback: a real
// SMTP server, a webhook receiver and the real serve command.
func TestSupportDeskEndToEnd(t *testing.T) {
	smtp := notifytest.StartSMTP(t, notifytest.SMTPOptions{})
	hooks := &hookReceiver{secret: "hook-secret", got: make(chan struct{}, 64)}
	hookSrv := httptest.NewServer(hooks)
	defer hookSrv.Close()
	const token = "team-token"
	base := startServe(t, config.Config{AdminToken: token, Desk: config.Desk{
		SMTPURL: smtp.URL(), SupportEmail: "team@example.com", MailFrom: "help@example.com",
		ReplyEmailDelay: 0, WebhookURL: hookSrv.URL, WebhookSecret: "hook-secret", PublicURL: "https://help.example",
	}})

	// A request for a person files a handoff; the customer leaves an address.
	jane := newCustomer(t, base)
	r := jane.say("I want to talk to a person")
	handoff, _ := r["handoff"].(map[string]any)
	if r["action"] != "escalation" || handoff == nil {
		t.Fatalf("asking for a person: %v", r)
	}
	ref := handoff["ref"].(string)
	if reply := r["reply"].(string); !strings.Contains(reply, ref) || !strings.Contains(reply, "e-mail") {
		t.Errorf("the handoff reply %q lacks the reference or the e-mail question", reply)
	}
	jane.say("jane@example.com")

	// The team gets an e-mail naming the reference; a signed webhook arrives.
	team := smtp.Wait(t, 1)[0]
	if team.To[0] != "team@example.com" || !strings.Contains(team.Subject, ref) || !strings.Contains(team.Body, "https://help.example/admin/handoffs/") {
		t.Errorf("team e-mail: %+v", team)
	}
	if e := hooks.wait(t, "handoff.created"); e["reference"] != ref {
		t.Errorf("handoff.created webhook: %v", e)
	}

	// The help desk replies through the API: refused with a wrong token,
	// then in the customer's chat and e-mail.
	if status := apiPost(t, base+"/api/handoffs/"+ref+"/replies", "wrong", `{"text":"x"}`); status != 401 {
		t.Errorf("reply with a wrong token: %d, want 401", status)
	}
	if status := apiPost(t, base+"/api/handoffs/"+ref+"/replies", token, `{"text":"Your refund is on its way.","author":"Sam"}`); status != 201 {
		t.Fatalf("reply with the token: %d", status)
	}
	mails := smtp.Wait(t, 2)
	if m := mails[1]; m.To[0] != "jane@example.com" || !strings.Contains(m.Body, "Your refund is on its way.") {
		t.Errorf("customer e-mail: %+v", m)
	}
	if !strings.Contains(jane.get("/api/chat/updates?session_id="+jane.id+"&after=0"), "Your refund is on its way.") {
		t.Error("the reply did not reach the chat")
	}
	hooks.wait(t, "handoff.replied")

	// Closing tells the customer.
	if status := apiPost(t, base+"/api/handoffs/"+ref+"/close", token, ``); status != 200 {
		t.Fatalf("close: %d", status)
	}
	if !strings.Contains(jane.get("/api/chat/updates?session_id="+jane.id+"&after=0"), "closed your request "+ref) {
		t.Error("closing did not tell the customer")
	}
	hooks.wait(t, "handoff.closed")

	// The browser's cookie brings the conversation back on / and /embed.
	for _, path := range []string{"/", "/embed"} {
		page := jane.get(path)
		if !strings.Contains(page, "I want to talk to a person") || !strings.Contains(page, "Your refund is on its way.") {
			t.Errorf("GET %s with the cookie does not show the conversation", path)
		}
	}
	if hooks.bad != 0 {
		t.Errorf("%d webhooks with a bad signature", hooks.bad)
	}
}

// TestNoSMTPNeverMentionsEmail: a server without SMTP neither asks for an
// address nor promises an answer at one.
func TestNoSMTPNeverMentionsEmail(t *testing.T) {
	base := startServe(t, config.Config{AdminToken: "tok"})
	bob := newCustomer(t, base)
	var said []string
	for _, msg := range []string{"I want to talk to a person", "bob@example.com", "no thanks"} {
		said = append(said, bob.say(msg)["reply"].(string))
	}
	said = append(said, bob.get("/"))
	for _, s := range said {
		if l := strings.ToLower(s); strings.Contains(l, "e-mail") || strings.Contains(l, "email") || strings.Contains(s, "answer at") {
			t.Errorf("a server without SMTP said: %.300q", s)
		}
	}
}
