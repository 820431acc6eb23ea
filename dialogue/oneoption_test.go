package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestQuestionOverOneOptionAskedAsSuch: a message with no words of its own
// while "Is it about this?" is open asks that again, not "Which one of
// these applies to you?" over one option (seen on adguard-en: "what can i
// do about it").
func TestQuestionOverOneOptionAskedAsSuch(t *testing.T) {
	const page = "https://help.example.com/pay"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: page, Problem: "Pay for an order", Root: true, Actionable: true, Resolution: "Pay by card at checkout."},
	}}
	a := NewGraphAgent(g, Options{})
	s := &Session{
		PendingOptions: []Option{{Label: "Pay for an order", Value: "Pay for an order", NodeID: "pay"}},
		History: []Turn{
			{Role: "user", Text: "my order is stuck"},
			{Role: "agent", Text: a.say(&Session{}, "SuggestOne"), Action: Clarification},
		},
	}
	for _, msg := range []string{"what can i do about it", "what now"} {
		s := *s
		r, err := a.Respond(context.Background(), &s, msg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Text == a.say(&s, "WhichOne") {
			t.Errorf("%q: %q over one option %v", msg, r.Text, r.Options)
		}
	}
}
