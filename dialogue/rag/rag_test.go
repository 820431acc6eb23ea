package rag

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

var pages = []graph.Page{
	{URL: "https://h/cancel", Title: "Cancelling a reservation", Status: graph.PageOK, Text: `# Cancelling a reservation
## If you booked online
Log in and open My Reservations. Select the reservation. Click Cancel reservation. Check the fee.
## If you booked by phone
Call the Reservation Center at 0570-000-123. Reservations made by phone can't be cancelled online.`},
	{URL: "https://h/points", Title: "About NestPoints", Status: graph.PageOK, Text: `# About NestPoints
You earn 1 NestPoint per 100 yen spent. Points expire after 2 years.`},
	{URL: "https://h/contact", Title: "Contact us", Status: graph.PageOK, Text: `# Contact us
Our support team answers by chat from 9:00 to 18:00. Send lost property requests through the form.`},
}

func TestOffline(t *testing.T) {
	tests := []struct {
		name       string
		messages   []string
		wantAction []dialogue.Action
		wantIn     string // in the last reply
		wantNode   string
	}{
		{"direct answer", []string{"How many NestPoints do I earn and when do points expire?"},
			[]dialogue.Action{dialogue.Resolution}, "expire after 2 years", "passage:https://h/points#0"},
		{"ambiguous, then picks an option", []string{"I want to cancel my reservation", "If you booked by phone"},
			[]dialogue.Action{dialogue.Clarification, dialogue.Resolution}, "0570-000-123", "passage:https://h/cancel#1"},
		{"unknown topic escalates", []string{"My pet hamster is sick"},
			[]dialogue.Action{dialogue.Escalation}, "support team", ""},
		{"contact passage escalates", []string{"I lost property, how do I contact support by chat?"},
			[]dialogue.Action{dialogue.Escalation}, "lost property", "passage:https://h/contact#0"},
		// The dialogue acts the graph agent shares.
		{"a person at once", []string{"I want to talk to a real person"},
			[]dialogue.Action{dialogue.Escalation}, "support team", ""},
		{"start over", []string{"I want to cancel my reservation", "start over"},
			[]dialogue.Action{dialogue.Clarification, dialogue.Clarification}, "start over", ""},
		{"thanks closes", []string{"How many NestPoints do I earn?", "thanks, that helped"},
			[]dialogue.Action{dialogue.Resolution, dialogue.Clarification}, "You're welcome", ""},
	}
	a := New(pages, Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &dialogue.Session{ID: "s"}
			var r dialogue.Reply
			for i, m := range tt.messages {
				var err error
				if r, err = a.Respond(context.Background(), s, m); err != nil {
					t.Fatal(err)
				}
				if r.Action != tt.wantAction[i] {
					t.Fatalf("turn %d: action %s (%q), want %s", i, r.Action, r.Text, tt.wantAction[i])
				}
			}
			if !strings.Contains(r.Text, tt.wantIn) || r.NodeID != tt.wantNode {
				t.Errorf("reply %+v, want it to contain %q from %s", r, tt.wantIn, tt.wantNode)
			}
			if len(s.History) != 2*len(tt.messages) {
				t.Errorf("history has %d turns", len(s.History))
			}
		})
	}
}

func TestOfflineClarificationOptions(t *testing.T) {
	a := New(pages, Options{})
	r, err := a.Respond(context.Background(), &dialogue.Session{}, "cancel reservation")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != dialogue.Clarification || len(r.Options) != 2 {
		t.Fatalf("reply %+v", r)
	}
	labels := r.Options[0].Label + "|" + r.Options[1].Label
	if !strings.Contains(labels, "If you booked online") || !strings.Contains(labels, "If you booked by phone") {
		t.Errorf("options %q should be the two sections' headings", labels)
	}
}

// TestLLMRetrieval checks the embedding threshold: passages at cosine ≥ 0.4
// are all shown; when none qualifies the top 3 are.
func TestLLMRetrieval(t *testing.T) {
	// Passage order: cancel#0 (online), cancel#1 (phone), points#0, contact#0.
	passageVecs := [][]float32{{1, 0, 0}, {0.9, 0.1, 0}, {0, 0, 1}, {0.5, 0.5, 0.7}}
	tests := []struct {
		name      string
		query     []float32
		wantShown []string
	}{
		{"above threshold", []float32{1, 0, 0}, []string{"[1] Cancelling a reservation > If you booked online", "[2] Cancelling a reservation > If you booked by phone", "[3] Contact us > Contact us"}},
		{"none qualifies: top 3", []float32{-1, -1, -0.1}, []string{"[1]", "[2]", "[3]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.NewServer(t)
			s.Enqueue(
				llmtest.Reply{Content: `{"intent": "cancel a reservation"}`},
				llmtest.Reply{Embeddings: passageVecs},
				llmtest.Reply{Embeddings: [][]float32{tt.query}},
				llmtest.Reply{Content: `{"action": "resolution", "reply": "Open My Reservations.", "options": [], "passages": [2]}`},
			)
			client, err := llm.New(s.Config())
			if err != nil {
				t.Fatal(err)
			}
			a := New(pages, Options{LLM: client, Embedder: client})
			r, err := a.Respond(context.Background(), &dialogue.Session{}, "cancel my booking 4821")
			if err != nil {
				t.Fatal(err)
			}
			prompt := s.Requests()[3].LastUser()
			for _, w := range tt.wantShown {
				if !strings.Contains(prompt, w) {
					t.Errorf("prompt lacks %q:\n%s", w, prompt)
				}
			}
			if strings.Contains(prompt, "[4]") {
				t.Errorf("prompt shows more than 3 passages:\n%s", prompt)
			}
			if r.Action != dialogue.Resolution || r.Text != "Open My Reservations." || len(r.Sources) != 1 {
				t.Errorf("reply %+v", r)
			}
		})
	}
}

func TestLLMClarificationValidated(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: `{"intent": "cancel"}`},
		llmtest.Reply{Content: `{"action": "clarification", "reply": "Which?", "options": ["one"]}`}, // one option: invalid
		llmtest.Reply{Content: `{"action": "clarification", "reply": "How did you book?", "options": ["online", "by phone"], "passages": [1, 2]}`},
	)
	cfg := s.Config()
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := New(pages, Options{LLM: client}) // no embedder: BM25 retrieval
	sess := &dialogue.Session{}
	r, err := a.Respond(context.Background(), sess, "cancel")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != dialogue.Clarification || len(r.Options) != 2 || len(sess.PendingOptions) != 2 {
		t.Errorf("reply %+v", r)
	}
}
