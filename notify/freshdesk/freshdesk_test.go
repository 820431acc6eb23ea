package freshdesk_test

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
	"github.com/helpgraph/helpgraph/notify/freshdesk"
)

// fakeFreshdesk answers API v2 as documented: POST /api/v2/tickets -> 201
// the ticket with "id" (400 {"errors":[...]} without a requester); POST
// /api/v2/tickets/{id}/notes -> 201; PUT /api/v2/tickets/{id} -> 200;
// GET /api/v2/search/tickets?query="tag:'X'" -> {"results","total"}.
type fakeFreshdesk struct {
	mu      sync.Mutex
	tickets []map[string]any
	notes   []map[string]any
	puts    []map[string]any
}

func (f *fakeFreshdesk) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if key, pass, ok := r.BasicAuth(); !ok || key != "key" || pass != "X" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"code":"invalid_credentials","message":"You have to be logged in to perform this action."}`)
		return
	}
	var in map[string]any
	json.NewDecoder(r.Body).Decode(&in)
	var id int
	switch {
	case r.Method == "POST" && r.URL.Path == "/api/v2/tickets":
		if in["email"] == nil && in["unique_external_id"] == nil {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"description":"Validation failed","errors":[{"field":"requester_id","message":"Please fill at least 1 of requester_id, phone, email, twitter_id, facebook_id, unique_external_id fields","code":"missing_field"}]}`)
			return
		}
		in["id"] = len(f.tickets) + 1
		f.tickets = append(f.tickets, in)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(in)
	case r.Method == "GET" && r.URL.Path == "/api/v2/search/tickets":
		results := []any{}
		for _, t := range f.tickets {
			for _, tag := range t["tags"].([]any) {
				if r.URL.Query().Get("query") == fmt.Sprintf(`"tag:'%s'"`, tag) {
					results = append(results, t)
				}
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"results": results, "total": len(results)})
	case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/notes"):
		fmt.Sscanf(r.URL.Path, "/api/v2/tickets/%d/notes", &id)
		in["ticket_id"] = id
		f.notes = append(f.notes, in)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(in)
	case r.Method == "PUT":
		f.puts = append(f.puts, in)
		json.NewEncoder(w).Encode(in)
	default:
		w.WriteHeader(http.StatusNotFound)
	}
}

func TestFreshdesk(t *testing.T) {
	fake := &fakeFreshdesk{}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	ctx := context.Background()
	s := &freshdesk.Sink{BaseURL: srv.URL, APIKey: "key"}
	created := notify.Event{Kind: notify.Created, Ref: "HG-ABCDEF", Transcript: []notify.Turn{{Role: "user", Text: "a <b>bold</b> request"}}}
	for range 2 {
		if err := s.Deliver(ctx, created); err != nil {
			t.Fatal(err)
		}
	}
	if len(fake.tickets) != 1 {
		t.Fatalf("%d tickets, want 1", len(fake.tickets))
	}
	tk := fake.tickets[0]
	if tk["unique_external_id"] != "helpgraph-HG-ABCDEF" || tk["status"] != float64(2) || tk["source"] != float64(7) ||
		!strings.Contains(tk["description"].(string), "a &lt;b&gt;bold&lt;/b&gt; request") {
		t.Errorf("ticket %v", tk)
	}
	s2 := &freshdesk.Sink{BaseURL: srv.URL, APIKey: "key"} // after a restart
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.CustomerMessage, Ref: "HG-ABCDEF", Message: &notify.Message{Text: "order 42"}}); err != nil {
		t.Fatal(err)
	}
	if err := s2.Deliver(ctx, notify.Event{Kind: notify.Closed, Ref: "HG-ABCDEF"}); err != nil {
		t.Fatal(err)
	}
	if len(fake.notes) != 1 || fake.notes[0]["private"] != true || fake.notes[0]["ticket_id"] != 1 ||
		len(fake.puts) != 1 || fake.puts[0]["status"] != float64(5) {
		t.Errorf("notes %v, updates %v", fake.notes, fake.puts)
	}
	withMail := created
	withMail.Ref, withMail.Contact = "HG-222222", "jane@example.com"
	if err := s.Deliver(ctx, withMail); err != nil || fake.tickets[1]["email"] != "jane@example.com" {
		t.Errorf("ticket with an address: %v %v", err, fake.tickets[1])
	}
	if err := (&freshdesk.Sink{BaseURL: srv.URL, APIKey: "wrong"}).Deliver(ctx, created); !notify.IsPermanent(err) {
		t.Errorf("wrong key: %v, want permanent", err)
	}
}
