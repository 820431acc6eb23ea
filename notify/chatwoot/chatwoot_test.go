package chatwoot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/chatwoot"
)

// fakeChatwoot answers the Application API as documented, under
// /api/v1/accounts/7: POST /contacts -> {"payload": {"contact", "contact_inbox"}};
// GET /contacts/search?q= -> {"payload": [contacts]}; GET
// /contacts/{id}/conversations -> {"payload": [conversations]}; POST
// /conversations -> the conversation; POST /conversations/{id}/messages;
// POST /conversations/{id}/toggle_status. 401 without api_access_token.
type fakeChatwoot struct {
	mu       sync.Mutex
	contacts []map[string]any
	convs    []map[string]any
	messages []map[string]any
	statuses []string
}

func (f *fakeChatwoot) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Header.Get("api_access_token") != "tok" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":"You need to sign in or sign up before continuing."}`)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v1/accounts/7")
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		return
	}
	var in map[string]any
	json.NewDecoder(r.Body).Decode(&in)
	var id int
	switch {
	case r.Method == "POST" && path == "/contacts":
		in["id"] = len(f.contacts) + 100
		f.contacts = append(f.contacts, in)
		json.NewEncoder(w).Encode(map[string]any{"payload": map[string]any{
			"contact": in, "contact_inbox": map[string]any{"source_id": fmt.Sprintf("src-%d", in["id"]), "inbox": map[string]any{"id": in["inbox_id"]}}}})
	case r.Method == "GET" && path == "/contacts/search":
		found := []any{}
		for _, c := range f.contacts {
			if strings.Contains(c["identifier"].(string), r.URL.Query().Get("q")) {
				found = append(found, c)
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"payload": found, "meta": map[string]any{"count": len(found)}})
	case r.Method == "GET" && strings.HasSuffix(path, "/conversations"):
		fmt.Sscanf(path, "/contacts/%d/conversations", &id)
		found := []any{}
		for _, c := range f.convs {
			if c["contact_id"] == float64(id) {
				found = append(found, c)
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"payload": found})
	case r.Method == "POST" && path == "/conversations":
		if in["source_id"] == "" || in["inbox_id"] == nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			fmt.Fprint(w, `{"message":"Source can't be blank"}`)
			return
		}
		in["id"] = len(f.convs) + 1
		f.convs = append(f.convs, in)
		json.NewEncoder(w).Encode(in)
	case r.Method == "POST" && strings.HasSuffix(path, "/messages"):
		fmt.Sscanf(path, "/conversations/%d/messages", &id)
		in["conversation_id"] = id
		f.messages = append(f.messages, in)
		json.NewEncoder(w).Encode(in)
	case r.Method == "POST" && strings.HasSuffix(path, "/toggle_status"):
		f.statuses = append(f.statuses, in["status"].(string))
		json.NewEncoder(w).Encode(map[string]any{"meta": map[string]any{}, "payload": map[string]any{"success": true, "current_status": in["status"]}})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func TestChatwootHandsOver(t *testing.T) {
	fake := &fakeChatwoot{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()
	newSink := func() *chatwoot.Sink {
		return &chatwoot.Sink{BaseURL: srv.URL, AccountID: "7", InboxID: "3", Token: "tok"}
	}
	s := newSink()
	created := notify.Event{Kind: notify.Created, Ref: "HG-ABCDEF", Contact: "jane@example.com",
		Transcript: []notify.Turn{{Role: "user", Text: "refund please"}}}
	for range 2 {
		if err := s.Deliver(ctx, created); err != nil {
			t.Fatal(err)
		}
	}
	if len(fake.convs) != 1 || len(fake.contacts) != 1 {
		t.Fatalf("%d conversations, %d contacts; want 1 each", len(fake.convs), len(fake.contacts))
	}
	c := fake.convs[0]
	attrs, _ := c["custom_attributes"].(map[string]any)
	msg, _ := c["message"].(map[string]any)
	if c["status"] != "open" || c["source_id"] != "src-100" || attrs[chatwoot.RefAttribute] != "HG-ABCDEF" ||
		!strings.Contains(msg["content"].(string), "Customer: refund please") || fake.contacts[0]["email"] != "jane@example.com" {
		t.Errorf("conversation %v, contact %v", c, fake.contacts[0])
	}

	s2 := newSink() // after a restart: found through the contact
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.CustomerMessage, Ref: "HG-ABCDEF", Message: &notify.Message{Text: "order 42"}}); err != nil {
		t.Fatal(err)
	}
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.Closed, Ref: "HG-ABCDEF"}); err != nil {
		t.Fatal(err)
	}
	if len(fake.messages) != 1 || fake.messages[0]["message_type"] != "incoming" || fake.messages[0]["conversation_id"] != 1 ||
		len(fake.statuses) != 1 || fake.statuses[0] != "resolved" {
		t.Errorf("messages %v, statuses %v", fake.messages, fake.statuses)
	}
	if err := (&chatwoot.Sink{BaseURL: srv.URL, AccountID: "7", InboxID: "3", Token: "bad"}).Deliver(ctx, created); !notify.IsPermanent(err) {
		t.Errorf("bad token: %v, want permanent", err)
	}
}

func TestChatwootWebhook(t *testing.T) {
	s := &chatwoot.Sink{}
	conv := `"conversation":{"id":1,"status":"open","custom_attributes":{"helpgraph_reference":"HG-ABCDEF"}}`
	tests := []struct {
		name, body string
		ok         bool
		want       notify.Inbound
	}{
		{"an agent's reply", `{"event":"message_created","id":"9","content":"Your refund is on its way.","message_type":"outgoing","private":false,"sender":{"id":"1","name":"Sam","email":"sam@example.com"},` + conv + `}`,
			true, notify.Inbound{Ref: "HG-ABCDEF", Text: "Your refund is on its way.", Author: "Sam"}},
		{"a private note", `{"event":"message_created","content":"check the order","message_type":"outgoing","private":true,` + conv + `}`, false, notify.Inbound{}},
		{"the customer's own message", `{"event":"message_created","content":"order 42","message_type":"incoming",` + conv + `}`, false, notify.Inbound{}},
		{"another conversation", `{"event":"message_created","content":"hi","message_type":"outgoing","conversation":{"id":99}}`, false, notify.Inbound{}},
		{"resolved", `{"event":"conversation_status_changed","id":1,"status":"resolved","custom_attributes":{"helpgraph_reference":"HG-ABCDEF"}}`,
			true, notify.Inbound{Ref: "HG-ABCDEF", Close: true}},
		{"reopened", `{"event":"conversation_status_changed","id":1,"status":"open","custom_attributes":{"helpgraph_reference":"HG-ABCDEF"}}`, false, notify.Inbound{}},
		{"another event", `{"event":"contact_created","id":5}`, false, notify.Inbound{}},
	}
	for _, tt := range tests {
		got, ok, err := s.Parse([]byte(tt.body))
		if err != nil || ok != tt.ok || got != tt.want {
			t.Errorf("%s: Parse = %+v, %v, %v; want %+v, %v", tt.name, got, ok, err, tt.want, tt.ok)
		}
	}
	if _, _, err := s.Parse([]byte(`{"event":`)); err == nil {
		t.Error("malformed JSON accepted")
	}
}
