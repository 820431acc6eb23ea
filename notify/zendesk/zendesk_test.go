package zendesk_test

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
	"github.com/helpgraph/helpgraph/notify/zendesk"
)

// fakeZendesk answers the Tickets API as documented: POST
// /api/v2/tickets.json -> 201 {"ticket": {...,"id"}}, PUT
// /api/v2/tickets/{id}.json -> 200 {"ticket"}, GET
// /api/v2/tickets.json?external_id= -> {"tickets": [...]}; 401 for bad
// credentials.
type fakeZendesk struct {
	mu      sync.Mutex
	tickets map[int64]map[string]any
	updates []map[string]any
}

func (f *fakeZendesk) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	user, pass, ok := r.BasicAuth()
	if !ok || user != "agent@example.com/token" || pass != "tok" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":"Couldn't authenticate you"}`)
		return
	}
	var in struct {
		Ticket map[string]any `json:"ticket"`
	}
	switch {
	case r.Method == "POST" && r.URL.Path == "/api/v2/tickets.json":
		if json.NewDecoder(r.Body).Decode(&in) != nil || in.Ticket["comment"] == nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			fmt.Fprint(w, `{"error":"RecordInvalid"}`)
			return
		}
		id := int64(len(f.tickets) + 35436)
		in.Ticket["id"] = id
		f.tickets[id] = in.Ticket
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"ticket": in.Ticket})
	case r.Method == "GET" && r.URL.Path == "/api/v2/tickets.json":
		found := []any{}
		for _, t := range f.tickets {
			if t["external_id"] == r.URL.Query().Get("external_id") {
				found = append(found, t)
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"tickets": found, "count": len(found)})
	case r.Method == "PUT" && strings.HasPrefix(r.URL.Path, "/api/v2/tickets/"):
		var id int64
		fmt.Sscanf(r.URL.Path, "/api/v2/tickets/%d.json", &id)
		if f.tickets[id] == nil {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		json.NewDecoder(r.Body).Decode(&in)
		f.updates = append(f.updates, in.Ticket)
		json.NewEncoder(w).Encode(map[string]any{"ticket": f.tickets[id]})
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func TestZendesk(t *testing.T) {
	fake := &fakeZendesk{tickets: map[int64]map[string]any{}}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()
	s := &zendesk.Sink{BaseURL: srv.URL, Email: "agent@example.com", Token: "tok"}
	created := notify.Event{Kind: notify.Created, Ref: "HG-ABCDEF", Intent: "refund", Contact: "jane@example.com",
		Transcript: []notify.Turn{{Role: "user", Text: "refund please"}, {Role: "agent", Text: "a person will reply"}}}
	for range 2 { // the second time, as a retry would: no second ticket
		if err := s.Deliver(ctx, created); err != nil {
			t.Fatal(err)
		}
	}
	if len(fake.tickets) != 1 {
		t.Fatalf("%d tickets, want 1", len(fake.tickets))
	}
	tk := fake.tickets[35436]
	req, _ := tk["requester"].(map[string]any)
	comment, _ := tk["comment"].(map[string]any)
	if tk["external_id"] != "HG-ABCDEF" || req["email"] != "jane@example.com" || !strings.Contains(comment["body"].(string), "Customer: refund please") {
		t.Errorf("ticket %v", tk)
	}

	// After a restart the ticket is found by external_id.
	s2 := &zendesk.Sink{BaseURL: srv.URL, Email: "agent@example.com", Token: "tok"}
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.CustomerMessage, Ref: "HG-ABCDEF", Message: &notify.Message{Text: "order 42"}}); err != nil {
		t.Fatal(err)
	}
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.Closed, Ref: "HG-ABCDEF"}); err != nil {
		t.Fatal(err)
	}
	if len(fake.updates) != 2 || fake.updates[1]["status"] != "solved" ||
		!strings.Contains(fake.updates[0]["comment"].(map[string]any)["body"].(string), "order 42") {
		t.Errorf("updates %v", fake.updates)
	}
	if public := fake.updates[0]["comment"].(map[string]any)["public"]; public != false {
		t.Errorf("the customer's message is a public comment (%v): Zendesk would e-mail it back to them", public)
	}

	bad := &zendesk.Sink{BaseURL: srv.URL, Email: "agent@example.com", Token: "wrong"}
	if err := bad.Deliver(ctx, created); !notify.IsPermanent(err) {
		t.Errorf("wrong token: %v, want a permanent error", err)
	}
	if err := s.Deliver(ctx, notify.Event{Kind: notify.CustomerMessage, Ref: "HG-NOSUCH", Message: &notify.Message{Text: "x"}}); err == nil || notify.IsPermanent(err) {
		t.Errorf("message before its ticket exists: %v, want an error to retry", err)
	}
}
