package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/kgbuild"
)

const testToken = "s3cret-token"

type testEnv struct {
	srv   *Server
	store *memStore
	convs *sqlite.Store
	// browser is the conversation cookie the server gave, sent with every
	// request as a browser would.
	browser *http.Cookie
}

// newTestEnv serves bookingGraph("Graph A") with the fake agent.
func newTestEnv(t *testing.T, cfg Config) *testEnv {
	t.Helper()
	return newTestEnvWith(t, cfg, nil)
}

// newTestEnvWith is newTestEnv with change made to the server's
// dependencies first, when it is not nil.
func newTestEnvWith(t *testing.T, cfg Config, change func(*Deps)) *testEnv {
	t.Helper()
	ctx := context.Background()
	convs, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "conv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { convs.Close() })
	store := &memStore{}
	if _, err := store.Replace(ctx, bookingGraph("Graph A"), json.RawMessage(`{"pages":1,"nodes":3}`)); err != nil {
		t.Fatal(err)
	}
	deps := Deps{Graphs: store, Conversations: convs, NewAgent: newFakeAgent,
		Lint: func(g *graph.Graph) []kgbuild.Finding {
			return []kgbuild.Finding{{Kind: kgbuild.DeadEnd, Page: "p", Node: "root", Message: "no <resolution>"}}
		}}
	if change != nil {
		change(&deps)
	}
	srv := New(cfg, deps)
	if _, err := srv.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	return &testEnv{srv: srv, store: store, convs: convs}
}

func (e *testEnv) do(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	if _, err := req.Cookie(browserCookie); err != nil && e.browser != nil {
		req.AddCookie(e.browser)
	}
	resp, err := e.srv.App().Test(req, 10_000)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	for _, c := range resp.Cookies() {
		if c.Name == browserCookie && e.browser == nil {
			e.browser = c
		}
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

func (e *testEnv) chat(t *testing.T, sessionID, message string) (int, chatResponse, string) {
	t.Helper()
	b, _ := json.Marshal(chatRequest{SessionID: sessionID, Message: message})
	req := httptest.NewRequest("POST", "/api/chat", strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	resp, body := e.do(t, req)
	var out chatResponse
	if resp.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), &out); err != nil {
			t.Fatalf("decoding %q: %v", body, err)
		}
	}
	return resp.StatusCode, out, body
}

func TestChatAPIHappyPath(t *testing.T) {
	env := newTestEnv(t, Config{})
	status, r, body := env.chat(t, "", "I'm getting an error when trying to change my booking")
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	if r.SessionID == "" || r.Action != dialogue.Clarification || len(r.Options) != 2 || r.NodeID != "root" {
		t.Fatalf("first reply = %+v", r)
	}
	status, r2, body := env.chat(t, r.SessionID, r.Options[0].Value)
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	if r2.SessionID != r.SessionID || r2.Action != dialogue.Resolution || r2.NodeID != "online" ||
		len(r2.Sources) != 1 || r2.Sources[0] != pageURL || !strings.Contains(r2.Reply, "My bookings") {
		t.Fatalf("second reply = %+v", r2)
	}
	sess, err := env.convs.Get(context.Background(), r.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if len(sess.History) != 4 || sess.CurrentNode != "online" || len(sess.Confirmed) != 1 {
		t.Errorf("persisted session = %+v", sess)
	}
}

func TestChatAPIErrors(t *testing.T) {
	env := newTestEnv(t, Config{})
	tests := []struct {
		name   string
		body   string
		status int
		substr string
	}{
		{"malformed JSON", `{"message": `, 400, "malformed JSON"},
		{"not an object", `["hi"]`, 400, "malformed JSON"},
		{"empty message", `{"message": "   "}`, 400, "message is empty"},
		{"message too long", `{"message": "` + strings.Repeat("é", 2001) + `"}`, 400, "longer than 2000"},
		{"unknown session", `{"session_id": "nope", "message": "hello"}`, 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, path := range []string{"/api/chat", "/api/chat/stream"} {
				resp, body := env.do(t, httptest.NewRequest("POST", path, strings.NewReader(tt.body)))
				if resp.StatusCode != tt.status {
					t.Errorf("%s: status %d, want %d (%s)", path, resp.StatusCode, tt.status, body)
				}
				var e struct{ Error string }
				if err := json.Unmarshal([]byte(body), &e); err != nil || !strings.Contains(e.Error, tt.substr) {
					t.Errorf("%s: body %q, want JSON error containing %q", path, body, tt.substr)
				}
			}
		})
	}
}

func TestNotReadyWithoutGraph(t *testing.T) {
	convs, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer convs.Close()
	srv := New(Config{}, Deps{Graphs: &memStore{}, Conversations: convs, NewAgent: newFakeAgent})
	if _, err := srv.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	env := &testEnv{srv: srv, convs: convs}
	if status, _, body := env.chat(t, "", "hello"); status != 503 {
		t.Errorf("chat before any build: %d %s, want 503", status, body)
	}
	if resp, _ := env.do(t, httptest.NewRequest("GET", "/readyz", nil)); resp.StatusCode != 503 {
		t.Errorf("/readyz before any build: %d, want 503", resp.StatusCode)
	}
}

func TestRateLimit(t *testing.T) {
	env := newTestEnv(t, Config{RateLimit: 3})
	for i := range 3 {
		if status, _, body := env.chat(t, "", "booking"); status != 200 {
			t.Fatalf("request %d: %d %s", i, status, body)
		}
	}
	status, _, body := env.chat(t, "", "booking")
	if status != 429 || !strings.Contains(body, `"error"`) {
		t.Errorf("4th request: %d %s, want 429 with a JSON error", status, body)
	}
}

func TestEscalationCreatesOneHandoff(t *testing.T) {
	env := newTestEnv(t, Config{})
	ctx := context.Background()
	_, r, _ := env.chat(t, "", "my booking is broken")
	_, r2, _ := env.chat(t, r.SessionID, "none of these, I want a human")
	if r2.Action != dialogue.Escalation {
		t.Fatalf("reply = %+v, want escalation", r2)
	}
	env.chat(t, r.SessionID, "hello? still a human please")
	hs, err := env.convs.Handoffs(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs) != 1 {
		t.Fatalf("handoffs = %+v, want exactly one", hs)
	}
	h := hs[0]
	if h.ConversationID != r.SessionID || h.Intent != "talk to a person" || len(h.Transcript) != 4 ||
		h.Transcript[2].Text != "none of these, I want a human" {
		t.Errorf("handoff = %+v", h)
	}
}

func readEvents(t *testing.T, body string) []struct{ event, data string } {
	t.Helper()
	var evs []struct{ event, data string }
	sc := bufio.NewScanner(strings.NewReader(body))
	var cur struct{ event, data string }
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			cur.event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			cur.data = strings.TrimPrefix(line, "data: ")
		case line == "":
			evs = append(evs, cur)
			cur = struct{ event, data string }{}
		}
	}
	return evs
}

func TestChatStream(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, r, _ := env.chat(t, "", "booking")
	req := httptest.NewRequest("POST", "/api/chat/stream",
		strings.NewReader(`{"session_id":"`+r.SessionID+`","message":"booked online"}`))
	resp, body := env.do(t, req)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	evs := readEvents(t, body)
	if len(evs) < 3 || evs[0].event != "meta" || evs[len(evs)-1].event != "done" {
		t.Fatalf("events = %+v", evs)
	}
	var meta streamMeta
	if err := json.Unmarshal([]byte(evs[0].data), &meta); err != nil {
		t.Fatal(err)
	}
	if meta.SessionID != r.SessionID || meta.Action != dialogue.Resolution || meta.NodeID != "online" ||
		len(meta.SourceLinks) != 1 || meta.SourceLinks[0].Title != "Graph A" {
		t.Errorf("meta = %+v", meta)
	}
	var text strings.Builder
	for _, ev := range evs[1 : len(evs)-1] {
		var d struct{ Text string }
		if ev.event != "delta" || json.Unmarshal([]byte(ev.data), &d) != nil {
			t.Fatalf("bad delta event %+v", ev)
		}
		text.WriteString(d.Text)
	}
	if want := bookingGraph("Graph A").Nodes[1].Resolution; text.String() != want {
		t.Errorf("deltas concatenate to %q, want %q", text.String(), want)
	}
}

func TestWordGroups(t *testing.T) {
	for _, text := range []string{"", "one", "a b c d e f g", "line one\n- item two\n  - nested three  ", "  lead"} {
		chunks := wordGroups(text, 3)
		if got := strings.Join(chunks, ""); got != text && strings.TrimSpace(text) != "" {
			t.Errorf("wordGroups(%q) joins to %q", text, got)
		}
		for _, c := range chunks {
			if n := len(strings.Fields(c)); n > 3 || n == 0 {
				t.Errorf("wordGroups(%q): chunk %q has %d words", text, c, n)
			}
		}
	}
}

func TestFormFallback(t *testing.T) {
	env := newTestEnv(t, Config{})
	post := func(path string, form url.Values) *http.Response {
		req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, _ := env.do(t, req)
		return resp
	}
	resp := post("/", url.Values{"message": {"change my booking"}})
	loc := resp.Header.Get("Location")
	if resp.StatusCode != 303 || !strings.HasPrefix(loc, "/?s=") {
		t.Fatalf("form POST: %d Location %q, want 303 to /?s=", resp.StatusCode, loc)
	}
	u, _ := url.Parse(loc)
	id := u.Query().Get("s")
	_, page := env.do(t, httptest.NewRequest("GET", "/?s="+id, nil))
	for _, want := range []string{"How did you book? (Graph A)", `name="message" value="booked by phone"`, `value="` + id + `"`} {
		if !strings.Contains(page, want) {
			t.Errorf("conversation page lacks %q", want)
		}
	}
	resp = post("/embed", url.Values{"session_id": {id}, "message": {"booked online"}})
	if resp.StatusCode != 303 || !strings.HasPrefix(resp.Header.Get("Location"), "/embed?s="+id) {
		t.Fatalf("embed form POST: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	_, page = env.do(t, httptest.NewRequest("GET", "/embed?s="+id, nil))
	for _, want := range []string{
		`<a href="https://help.example.com/my-bookings" rel="nofollow noreferrer noopener" target="_blank">My bookings</a>`,
		`<li>Choose Change</li>`,
		`<a href="https://help.example.com/booking" rel="noopener noreferrer" target="_blank">Graph A</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("embed page lacks %q", want)
		}
	}
	req := httptest.NewRequest("POST", "/", strings.NewReader("message="))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, page = env.do(t, req)
	if resp.StatusCode != 400 || !strings.Contains(page, "message is empty") {
		t.Errorf("empty form message: %d, page mentions error: %v", resp.StatusCode, strings.Contains(page, "message is empty"))
	}
}

func TestSecurityHeaders(t *testing.T) {
	env := newTestEnv(t, Config{})
	tests := []struct{ path, frameAncestors string }{
		{"/", "frame-ancestors 'none'"},
		{"/embed", "frame-ancestors *"},
		{"/api/chat", "frame-ancestors 'none'"},
	}
	for _, tt := range tests {
		resp, _ := env.do(t, httptest.NewRequest("GET", tt.path, nil))
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'self'") || !strings.Contains(csp, "script-src 'self'") ||
			!strings.HasSuffix(csp, tt.frameAncestors) || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q", tt.path, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.Header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: missing nosniff or Referrer-Policy", tt.path)
		}
	}
	_, page := env.do(t, httptest.NewRequest("GET", "/", nil))
	if strings.Contains(page, "<script>") || strings.Contains(page, " style=") || strings.Contains(page, "onclick") {
		t.Errorf("chat page has inline script or style")
	}
	resp, js := env.do(t, httptest.NewRequest("GET", "/widget.js", nil))
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Type"), "javascript") || !strings.Contains(js, "/embed") {
		t.Errorf("/widget.js: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if resp, _ := env.do(t, httptest.NewRequest("GET", "/static/chat.js", nil)); resp.StatusCode != 200 {
		t.Errorf("/static/chat.js: %d", resp.StatusCode)
	}
	if resp, _ := env.do(t, httptest.NewRequest("GET", "/nope", nil)); resp.StatusCode != 404 {
		t.Errorf("/nope: %d", resp.StatusCode)
	}
}

func TestHealthAndMetrics(t *testing.T) {
	env := newTestEnv(t, Config{})
	for _, path := range []string{"/healthz", "/readyz"} {
		if resp, body := env.do(t, httptest.NewRequest("GET", path, nil)); resp.StatusCode != 200 {
			t.Errorf("%s: %d %s", path, resp.StatusCode, body)
		}
	}
	env.chat(t, "", "booking")
	env.chat(t, "", "a human please")
	_, body := env.do(t, httptest.NewRequest("GET", "/metrics", nil))
	for _, want := range []string{
		"helpgraph_turns_total 2",
		`helpgraph_actions_total{action="clarification"} 1`,
		`helpgraph_actions_total{action="escalation"} 1`,
		"helpgraph_turn_duration_seconds_count 2",
		"helpgraph_graph_generation 1",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

func TestHotSwapKeepsConversations(t *testing.T) {
	env := newTestEnv(t, Config{})
	ctx := context.Background()
	_, old, _ := env.chat(t, "", "change my booking")
	if !strings.Contains(old.Reply, "Graph A") {
		t.Fatalf("first reply %q, want from Graph A", old.Reply)
	}
	if _, err := env.store.Replace(ctx, bookingGraph("Graph B"), nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	env.srv.cfg.PollInterval = 10 * time.Millisecond
	go env.srv.Watch(ctx)
	// However long a loaded machine takes (go test's -timeout ends a
	// watcher that never loads it).
	for env.srv.Generation() != 2 {
		waitABit()
	}
	_, fresh, _ := env.chat(t, "", "change my booking")
	if !strings.Contains(fresh.Reply, "Graph B") {
		t.Errorf("new conversation got %q, want the new graph", fresh.Reply)
	}
	status, cont, body := env.chat(t, old.SessionID, old.Options[1].Value)
	if status != 200 || cont.Action != dialogue.Resolution || !strings.Contains(cont.Reply, "Graph B: call us") {
		t.Errorf("old conversation after swap: %d %+v %s", status, cont, body)
	}
	_, metrics := env.do(t, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(metrics, "helpgraph_graph_generation 2") {
		t.Error("generation gauge not updated")
	}
}

func TestEvaluationReport(t *testing.T) {
	dir := t.TempDir()
	env := newTestEnv(t, Config{AdminToken: testToken, ReportsDir: dir})
	get := func(path ...string) (*http.Response, string) {
		req := httptest.NewRequest("GET", "/admin/evaluation"+strings.Join(path, ""), nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		return env.do(t, req)
	}
	if resp, body := get(); resp.StatusCode != 404 || !strings.Contains(body, "helpgraph evaluate") {
		t.Errorf("no report: %d", resp.StatusCode)
	}
	if err := os.MkdirAll(filepath.Join(dir, "run1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "run1", "report.html"), []byte("<h1>Eval run1</h1>"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Inside the admin pages, framed; the report itself sandboxed.
	resp, body := get()
	if resp.StatusCode != 200 || !strings.Contains(body, `<iframe class="evaluation-frame" src="/admin/evaluation/report"`) || !strings.Contains(body, "admin-nav") {
		t.Errorf("evaluation page: %d, no framed report inside the admin layout", resp.StatusCode)
	}
	resp, body = get("/report")
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self'") {
		t.Errorf("report CSP %q: want framing by the admin pages only", csp)
	}
	if resp.StatusCode != 200 || body != "<h1>Eval run1</h1>" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("report: %d %q CSP %q", resp.StatusCode, body, resp.Header.Get("Content-Security-Policy"))
	}
}

// warmingAgent records whether it was warmed before its first turn.
type warmingAgent struct {
	*fakeAgent
	warmed, warmedFirst bool
	turns               int
}

func (a *warmingAgent) Warm() { a.warmed, a.warmedFirst = true, a.turns == 0 }

func (a *warmingAgent) Respond(ctx context.Context, s *dialogue.Session, msg string) (dialogue.Reply, error) {
	a.turns++
	return a.fakeAgent.Respond(ctx, s, msg)
}

// TestReloadWarmsAgent: a new graph's agent does its per-graph work before
// it serves, so the first customer after a rebuild does not wait for it.
func TestReloadWarmsAgent(t *testing.T) {
	ctx := context.Background()
	convs, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer convs.Close()
	store := &memStore{}
	if _, err := store.Replace(ctx, bookingGraph("Graph A"), nil); err != nil {
		t.Fatal(err)
	}
	var agents []*warmingAgent
	srv := New(Config{}, Deps{Graphs: store, Conversations: convs, NewAgent: func(g *graph.Graph) dialogue.Agent {
		a := &warmingAgent{fakeAgent: newFakeAgent(g).(*fakeAgent)}
		agents = append(agents, a)
		return a
	}})
	if _, err := srv.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	env := &testEnv{srv: srv, store: store, convs: convs}
	if status, _, body := env.chat(t, "", "booking"); status != 200 {
		t.Fatalf("chat: %d %s", status, body)
	}
	if len(agents) != 1 || !agents[0].warmed || !agents[0].warmedFirst || agents[0].turns != 1 {
		t.Errorf("agents = %+v, want one, warmed before its one turn", agents)
	}
}
