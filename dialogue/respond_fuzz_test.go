package dialogue

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// fuzzAgents are the agents FuzzRespond talks to, built once: the sample
// help center, and one with pages in several languages (with a hand-off to
// a person), whose turns route each message by its language first.
var fuzzAgents = sync.OnceValues(func() ([]*GraphAgent, error) {
	sample, err := buildGraph("../testdata/helpcenter")
	if err != nil {
		return nil, err
	}
	multi, err := multilingualGraph()
	if err != nil {
		return nil, err
	}
	return []*GraphAgent{NewGraphAgent(sample, Options{}), NewGraphAgent(multi, Options{HumanHandoff: true})}, nil
})

// FuzzRespond sends whatever a customer may type, a message a line, to
// the agent in one conversation. The message is untrusted input the turn
// reads (masking, acts, languages, spelling, quotes): it must never panic,
// and each reply must be one the chat can show: a known action, some
// text, sources and options that name the graph's own pages and nodes.
func FuzzRespond(f *testing.F) {
	for _, seed := range []string{
		"I'm getting an error when trying to change my booking\nby phone\nwhat about as a guest?",
		"how do I cancel my booking 48213 on 12 March at Hotel Sunrise?\n2\nno\nthat didn't work",
		"hello, anyone there?\n?\nok\nagent please",
		"ERROR: could not connect (code 0x80072efd) at 12:03:11",
		"\"quoted words\" [a](javascript:alert(1)) <b>bold</b> ```code```",
		"wie kann ich meine Buchung ändern?\nja\n1",
		"予約を変更したい\nはい",
		"¿y dónde se guarda?\n¿hay alguien ahí?",
		"it's a raspberry pi 3\nthe second one\nnone of these",
		strings.Repeat("booking ", 300),
		"\x00\xff\xfe broken \xc3",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		agents, err := fuzzAgents()
		if err != nil {
			t.Fatal(err)
		}
		a := agents[len(input)%len(agents)]
		msgs := strings.Split(input, "\n")
		if len(msgs) > 5 {
			msgs = msgs[:5]
		}
		pages := map[string]bool{}
		for _, n := range a.ix.Graph.Nodes {
			pages[n.Page] = true
		}
		s := &Session{ID: "fuzz"}
		for _, msg := range msgs {
			r, err := a.Respond(context.Background(), s, msg)
			if err != nil {
				t.Fatalf("Respond(%q): %v", msg, err)
			}
			if !slices.Contains([]Action{Resolution, Clarification, Escalation}, r.Action) {
				t.Fatalf("Respond(%q): action %q", msg, r.Action)
			}
			if strings.TrimSpace(r.Text) == "" {
				t.Fatalf("Respond(%q): no text", msg)
			}
			if utf8.ValidString(input) && !utf8.ValidString(r.Text) {
				t.Fatalf("Respond(%q): reply is not UTF-8: %q", msg, r.Text)
			}
			for _, p := range r.Sources {
				if !pages[p] {
					t.Fatalf("Respond(%q): source %q is no page of the graph", msg, p)
				}
			}
			for _, o := range r.Options {
				if o.NodeID != "" && a.ix.Node(o.NodeID) == nil {
					t.Fatalf("Respond(%q): option %q names no node", msg, o.NodeID)
				}
			}
			if r.NodeID != "" && a.ix.Node(r.NodeID) == nil {
				t.Fatalf("Respond(%q): reply at %q, no node", msg, r.NodeID)
			}
		}
	})
}
