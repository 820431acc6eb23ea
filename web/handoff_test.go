package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

func TestContactIn(t *testing.T) {
	tests := []struct {
		msg, addr string
		found     bool
	}{
		{"my email is jane@example.com", "jane@example.com", true},
		{"jane.doe+help@mail.example.co.uk.", "jane.doe+help@mail.example.co.uk", true},
		{"jane@example", "", true},
		{"jane@@example.com", "", true},
		{"@ me later", "", true},
		{"jane@exa..mple.com", "", true},
		{"no address here", "", false},
	}
	for _, tt := range tests {
		if addr, found := contactIn(tt.msg); addr != tt.addr || found != tt.found {
			t.Errorf("contactIn(%q) = %q, %v; want %q, %v", tt.msg, addr, found, tt.addr, tt.found)
		}
	}
}

// adminPost posts form to path with the admin bearer token, same origin.
func adminPost(t *testing.T, env *testEnv, path string, form url.Values) (int, string) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Origin", "http://example.com")
	resp, body := env.do(t, req)
	return resp.StatusCode, body
}

func adminGet(t *testing.T, env *testEnv, path string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, body := env.do(t, req)
	return resp.StatusCode, body
}

func updates(t *testing.T, env *testEnv, id string, after int) updatesResponse {
	t.Helper()
	resp, body := env.do(t, httptest.NewRequest("GET", "/api/chat/updates?session_id="+id+"&after="+itoa(int64(after)), nil))
	if resp.StatusCode != 200 {
		t.Fatalf("updates: %d %s", resp.StatusCode, body)
	}
	var u updatesResponse
	if err := json.Unmarshal([]byte(body), &u); err != nil {
		t.Fatal(err)
	}
	return u
}

// TestHandoffRoundTrip is the whole way from the bot to a person and back:
// the reference and the contact question, a bad and a good address, a
// message for the person, the reply written in /admin reaching the chat,
// and the status moving open → answered → open → closed, after which the
// bot answers again.
func TestHandoffRoundTrip(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken, EmailReplies: true})
	ctx := context.Background()
	_, r1, _ := env.chat(t, "", "booking please")
	id := r1.SessionID
	_, r2, _ := env.chat(t, id, "I want a human")
	if r2.Action != dialogue.Escalation || r2.Handoff == nil || r2.Handoff.Status != conversation.StatusOpen ||
		!strings.Contains(r2.Reply, r2.Handoff.Ref) || !strings.Contains(r2.Reply, "e-mail") {
		t.Fatalf("escalation reply = %+v", r2)
	}
	ref := r2.Handoff.Ref

	steps := []struct {
		msg, want string
		awaiting  bool
		contact   string
	}{
		{"jane@example", "doesn't look like an e-mail", true, ""},
		{"sure, it's jane@example.com", "jane@example.com", false, "jane@example.com"},
		{"also my booking number is 42", "Added to your request " + ref, false, "jane@example.com"},
	}
	for _, st := range steps {
		_, r, body := env.chat(t, id, st.msg)
		if r.Action != actionHandoff || !strings.Contains(r.Reply, st.want) {
			t.Fatalf("%q: reply %s, want a receipt saying %q", st.msg, body, st.want)
		}
		h, err := env.convs.LatestHandoff(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if h.AwaitingContact != st.awaiting || h.Contact != st.contact || h.Ref != ref {
			t.Errorf("after %q: handoff %+v", st.msg, h)
		}
	}
	hs, _ := env.convs.Handoffs(ctx, false)
	if len(hs) != 1 {
		t.Fatalf("%d handoffs, want 1", len(hs))
	}
	h := hs[0]
	if len(h.Path) != 1 || h.Path[0].NodeID != "root" || h.Path[0].Label != "error when changing a booking" ||
		len(h.Sources) != 1 || h.Sources[0] != pageURL {
		t.Errorf("path %+v, sources %+v", h.Path, h.Sources)
	}
	hid := itoa(h.ID)

	// The support page shows it all, the bot's markdown rendered as links.
	if status, page := adminGet(t, env, "/admin/queue"); status != 200 || !strings.Contains(page, ref) || !strings.Contains(page, "/admin/handoffs/"+hid) {
		t.Errorf("queue: %d, no link to %s", status, ref)
	} else if !strings.Contains(page, "also my booking number is 42") {
		t.Errorf("queue does not show the customer's latest message")
	}
	status, page := adminGet(t, env, "/admin/handoffs/"+hid)
	for _, want := range []string{ref, "jane@example.com", "also my booking number is 42", `href="/admin/nodes/root"`,
		"error when changing a booking", `href="` + pageURL + `"`} {
		if status != 200 || !strings.Contains(page, want) {
			t.Errorf("handoff page (%d) lacks %q", status, want)
		}
	}

	// A person replies; the chat's poll gets it, and a reload shows it.
	before := updates(t, env, id, 0)
	if len(before.Turns) != 0 || before.Handoff == nil || before.Handoff.Ref != ref {
		t.Fatalf("updates before the reply = %+v", before)
	}
	reply := "Hi Jane, your booking is fixed. See [My bookings](https://help.example.com/my-bookings). <script>alert(1)</script>"
	if status, body := adminPost(t, env, "/admin/handoffs/"+hid+"/reply", url.Values{"reply": {reply}}); status != 303 {
		t.Fatalf("reply: %d %s", status, body)
	}
	u := updates(t, env, id, before.Next)
	if len(u.Turns) != 1 || u.Turns[0].Text != reply || u.Turns[0].Role != conversation.RoleSupport ||
		u.Handoff.Status != conversation.StatusAnswered || u.Next != before.Next+1 {
		t.Fatalf("updates after the reply = %+v", u)
	}
	if again := updates(t, env, id, u.Next); len(again.Turns) != 0 {
		t.Errorf("reply delivered twice: %+v", again)
	}
	_, chat := env.do(t, httptest.NewRequest("GET", "/?s="+id, nil))
	if !strings.Contains(chat, "Hi Jane, your booking is fixed") || !strings.Contains(chat, `class="msg support"`) || strings.Contains(chat, "<script>alert") {
		t.Errorf("reloaded chat lacks the support reply or shows it unescaped")
	}
	_, page = adminGet(t, env, "/admin/handoffs/"+hid)
	if !strings.Contains(page, `<a href="https://help.example.com/my-bookings"`) || strings.Contains(page, "<script>alert") || strings.Contains(page, "[My bookings]") {
		t.Errorf("admin transcript not rendered as sanitised HTML")
	}

	// The customer writes again: waiting for us again. Then closed.
	env.chat(t, id, "thank you!")
	if h, _ := env.convs.Handoff(ctx, h.ID); h.Status != conversation.StatusOpen {
		t.Errorf("after the customer wrote again: %s, want open", h.Status)
	}
	if status, _ := adminPost(t, env, "/admin/handoffs/"+hid+"/status", url.Values{"status": {"closed"}}); status != 303 {
		t.Fatalf("close: %d", status)
	}
	if status, _ := adminPost(t, env, "/admin/handoffs/"+hid+"/status", url.Values{"status": {"bogus"}}); status != 400 {
		t.Errorf("bogus status: %d, want 400", status)
	}
	// Closed: the bot has the conversation again.
	if _, r, _ := env.chat(t, id, "another booking question"); r.Action != dialogue.Clarification {
		t.Errorf("after closing, reply = %+v, want the bot's clarification", r)
	}
	if status, _ := adminPost(t, env, "/admin/handoffs/"+hid+"/reply", url.Values{"reply": {"  "}}); status != 400 {
		t.Errorf("empty reply: %d, want 400", status)
	}
	if status, _ := adminGet(t, env, "/admin/handoffs/999"); status != 404 {
		t.Errorf("unknown handoff: %d, want 404", status)
	}
}

// Starting over during a handoff gives the conversation back to the bot; the
// handoff stays with the team.
func TestStartOverDuringHandoff(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, r, _ := env.chat(t, "", "human please")
	if r.Action != dialogue.Escalation {
		t.Fatalf("reply %+v", r)
	}
	// The fake agent escalates "start over" too, so the reset is what the
	// dialogue does; here only the routing matters: the bot got the message.
	_, r2, _ := env.chat(t, r.SessionID, "start over")
	if r2.Action == actionHandoff {
		t.Errorf("start over went to the handoff: %+v", r2)
	}
	if hs, _ := env.convs.Handoffs(context.Background(), true); len(hs) != 1 {
		t.Errorf("waiting handoffs = %d, want 1", len(hs))
	}
}

func TestFeedbackAPI(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, r1, _ := env.chat(t, "", "booking")
	_, r2, _ := env.chat(t, r1.SessionID, "booked online")
	if r2.Action != dialogue.Resolution || r2.Turn != 3 {
		t.Fatalf("reply %+v, want a resolution at turn 3", r2)
	}
	post := func(body string) int {
		req := httptest.NewRequest("POST", "/api/feedback", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, _ := env.do(t, req)
		return resp.StatusCode
	}
	for _, tt := range []struct {
		body   string
		status int
	}{
		{`{"session_id":"` + r1.SessionID + `","turn":3,"helpful":false}`, 200},
		{`{"session_id":"` + r1.SessionID + `","turn":1,"helpful":true}`, 400},
		{`{"session_id":"nope","turn":3,"helpful":true}`, 404},
		{`not json`, 400},
	} {
		if got := post(tt.body); got != tt.status {
			t.Errorf("POST %s: %d, want %d", tt.body, got, tt.status)
		}
	}
	ratings, _ := env.convs.NodeRatings(context.Background())
	if len(ratings) != 1 || ratings[0].NodeID != "online" || ratings[0].Not != 1 {
		t.Errorf("ratings = %+v", ratings)
	}
	// The reloaded chat shows the rating given.
	_, page := env.do(t, httptest.NewRequest("GET", "/?s="+r1.SessionID, nil))
	if !strings.Contains(page, `value="no" aria-label="No, this did not help" aria-pressed="true"`) {
		t.Errorf("reloaded chat does not show the 👎 given")
	}
	// Without JavaScript, the form posts and comes back.
	req := httptest.NewRequest("POST", "/feedback", strings.NewReader(url.Values{"session_id": {r1.SessionID}, "turn": {"3"}, "helpful": {"yes"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if resp, _ := env.do(t, req); resp.StatusCode != 303 || !strings.HasPrefix(resp.Header.Get("Location"), "/?s=") {
		t.Errorf("feedback form: %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
}

// refTakenStore refuses the first taken handoffs it is asked to save as if
// their reference were another's.
type refTakenStore struct {
	conversation.Store
	taken int
	refs  []string // the references refused
}

func (s *refTakenStore) Save(ctx context.Context, sess *dialogue.Session, from int, h *conversation.Handoff) error {
	if h != nil && s.taken > 0 {
		s.taken--
		s.refs = append(s.refs, h.Ref)
		return fmt.Errorf("recording handoff: %w", conversation.ErrRefTaken)
	}
	return s.Store.Save(ctx, sess, from, h)
}

// TestHandoffRefTaken: a handoff whose reference another has is saved with
// a new one, which the customer is told; after maxRefDraws, the turn fails
// and nothing is saved.
func TestHandoffRefTaken(t *testing.T) {
	for _, tc := range []struct {
		name   string
		taken  int
		status int
	}{
		{"drawn again", maxRefDraws - 1, http.StatusOK},
		{"every draw taken", maxRefDraws, http.StatusInternalServerError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := newTestEnv(t, Config{})
			convs := &refTakenStore{Store: env.convs, taken: tc.taken}
			env.srv = New(Config{}, Deps{Graphs: env.store, Conversations: convs, NewAgent: newFakeAgent})
			if _, err := env.srv.Reload(context.Background()); err != nil {
				t.Fatal(err)
			}
			_, r1, _ := env.chat(t, "", "booking please")
			status, r2, body := env.chat(t, r1.SessionID, "I want a human")
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, body)
			}
			h, err := env.convs.LatestHandoff(context.Background(), r1.SessionID)
			if tc.status != http.StatusOK {
				if !errors.Is(err, conversation.ErrNotFound) {
					t.Errorf("after the failed turn, LatestHandoff = %+v, %v; want none", h, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Ref != r2.Handoff.Ref || !strings.Contains(r2.Reply, h.Ref) || strings.Count(r2.Reply, "reference number") != 1 {
				t.Errorf("saved as %s; reply %q with handoff %+v", h.Ref, r2.Reply, r2.Handoff)
			}
			for _, ref := range convs.refs {
				if ref == h.Ref || strings.Contains(r2.Reply, ref) {
					t.Errorf("refused reference %s is still in use or shown: %q", ref, r2.Reply)
				}
			}
			if conv, _ := env.convs.Get(context.Background(), r1.SessionID); !strings.Contains(conv.History[len(conv.History)-1].Text, h.Ref) {
				t.Errorf("stored reply %q lacks %s", conv.History[len(conv.History)-1].Text, h.Ref)
			}
		})
	}
}
