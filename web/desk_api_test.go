package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/chatwoot"
)

func apiCall(t *testing.T, env *testEnv, path, auth, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, text := env.do(t, req)
	var out map[string]any
	json.Unmarshal([]byte(text), &out)
	return resp.StatusCode, out
}

func TestHandoffAPI(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	desk := &recordingDesk{}
	env.srv.desk = desk
	_, r, _ := env.chat(t, "", "I want a human")
	ref := r.Handoff.Ref
	bearer := "Bearer " + testToken
	replies := "/api/handoffs/" + ref + "/replies"
	closeURL := "/api/handoffs/" + ref + "/close"

	tests := []struct {
		name, path, auth, body string
		status                 int
	}{
		{"no token", replies, "", `{"text":"hi"}`, 401},
		{"wrong token", replies, "Bearer nope", `{"text":"hi"}`, 401},
		{"token not as bearer", replies, testToken, `{"text":"hi"}`, 401},
		{"close with a wrong token", closeURL, "Bearer nope", ``, 401},
		{"unknown reference", "/api/handoffs/HG-NOSUCH/replies", bearer, `{"text":"hi"}`, 404},
		{"malformed JSON", replies, bearer, `{"text":`, 400},
		{"empty text", replies, bearer, `{"text":"  ","author":"Sam"}`, 400},
		{"author too long", replies, bearer, `{"text":"hi","author":"` + strings.Repeat("a", maxAuthorLen+1) + `"}`, 400},
		{"a reply", replies, bearer, `{"text":"Sam here: your booking is fixed.","author":"Sam"}`, 201},
		{"closed", closeURL, bearer, ``, 200},
		{"closed again: nothing changes", closeURL, bearer, ``, 200},
		{"a reply after the close", replies, bearer, `{"text":"one more thing"}`, 409},
	}
	for _, tt := range tests {
		status, out := apiCall(t, env, tt.path, tt.auth, tt.body)
		if status != tt.status {
			t.Errorf("%s: status %d (%v), want %d", tt.name, status, out, tt.status)
		}
		if tt.status == 201 && (out["reference"] != ref || out["status"] != "answered") {
			t.Errorf("%s: answer %v", tt.name, out)
		}
	}
	u := updates(t, env, r.SessionID, 0)
	if len(u.Turns) != 2 || u.Turns[0].Text != "Sam here: your booking is fixed." || !strings.Contains(u.Turns[1].Text, "closed your request") {
		t.Errorf("the chat got %+v, want the reply and the closing note", u.Turns)
	}
	var replied notify.Event
	for _, e := range desk.events {
		if e.Kind == notify.Replied {
			replied = e
		}
	}
	if replied.Message == nil || replied.Message.Author != "Sam" {
		t.Errorf("replied event %+v, want the author", replied)
	}
	if got := kindsText(desk.kinds()); strings.Join(got, ",") != "handoff.created,handoff.replied,handoff.closed" {
		t.Errorf("events %v", got)
	}
}

func TestHandoffAPIOffWithoutToken(t *testing.T) {
	env := newTestEnv(t, Config{})
	if status, _ := apiCall(t, env, "/api/handoffs/HG-ABCDEF/replies", "Bearer x", `{"text":"hi"}`); status != 404 {
		t.Errorf("status %d, want 404 while no token is configured", status)
	}
}

func TestHelpDeskHook(t *testing.T) {
	env := newTestEnv(t, Config{})
	env.srv.hooks = []Hook{{Name: "chatwoot", Secret: "s3cret", Parse: (&chatwoot.Sink{}).Parse}}
	_, r, _ := env.chat(t, "", "I want a human")
	ref := r.Handoff.Ref
	post := func(path, body string) int {
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		resp, _ := env.do(t, req)
		return resp.StatusCode
	}
	conv := `"conversation":{"id":1,"custom_attributes":{"helpgraph_reference":"` + ref + `"}}`
	reply := `{"event":"message_created","content":"Sam from support here.","message_type":"outgoing","private":false,"sender":{"name":"Sam"},` + conv + `}`
	tests := []struct {
		name, path, body string
		status           int
	}{
		{"wrong secret", "/hooks/chatwoot/nope", reply, 404},
		{"unknown help desk", "/hooks/zendesk/s3cret", reply, 404},
		{"malformed", "/hooks/chatwoot/s3cret", `{"event":`, 400},
		{"a private note is ignored", "/hooks/chatwoot/s3cret", strings.Replace(reply, `"private":false`, `"private":true`, 1), 200},
		{"an agent's reply", "/hooks/chatwoot/s3cret", reply, 200},
		{"resolved", "/hooks/chatwoot/s3cret", `{"event":"conversation_status_changed","id":1,"status":"resolved","custom_attributes":{"helpgraph_reference":"` + ref + `"}}`, 200},
	}
	for _, tt := range tests {
		if status := post(tt.path, tt.body); status != tt.status {
			t.Errorf("%s: %d, want %d", tt.name, status, tt.status)
		}
	}
	u := updates(t, env, r.SessionID, 0)
	if len(u.Turns) != 2 || u.Turns[0].Text != "Sam from support here." || u.Handoff.Status != "closed" {
		t.Errorf("the chat got %+v, handoff %+v; want the agent's reply, then closed", u.Turns, u.Handoff)
	}
}

func TestLoggedPathHidesHookSecret(t *testing.T) {
	for in, want := range map[string]string{"/hooks/chatwoot/s3cret": "/hooks/chatwoot/…", "/api/chat": "/api/chat", "/hooks/x": "/hooks/x/…"} {
		if got := loggedPath(in); got != want || strings.Contains(got, "s3cret") {
			t.Errorf("loggedPath(%q) = %q, want %q", in, got, want)
		}
	}
}
