package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestAsksAgain(t *testing.T) {
	opts := []Option{{NodeID: "a"}, {NodeID: "b"}}
	asked := Turn{Role: "agent", Action: Clarification, NodeID: "card"}
	again := Reply{Action: Clarification, NodeID: "card", Options: []Option{{NodeID: "a", Label: "A"}, {NodeID: "b"}}}
	for _, tc := range []struct {
		name    string
		last    Turn
		pending []Option
		r       Reply
		states  bool
		want    bool
	}{
		{"the same question to a statement", asked, opts, again, true, true},
		{"the user's own question", asked, opts, again, false, false},
		{"another node", asked, opts, Reply{Action: Clarification, NodeID: "refund", Options: opts}, true, false},
		{"other options", asked, opts, Reply{Action: Clarification, NodeID: "card", Options: opts[:1]}, true, false},
		{"an answer", asked, opts, Reply{Action: Resolution, NodeID: "card"}, true, false},
		{"after an answer", Turn{Role: "agent", Action: Resolution, NodeID: "card"}, opts, again, true, false},
		{"nothing pending", asked, nil, again, true, false},
	} {
		if got := asksAgain(tc.last, tc.pending, tc.r, tc.states); got != tc.want {
			t.Errorf("%s: asksAgain = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// cardDeclinedGraph is a page whose answer depends on one of two
// situations: card details entered wrongly, or the authentication failed.
func cardDeclinedGraph() *graph.Graph {
	const page = "https://help.example/card-declined"
	return verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "My card was declined"}},
		Nodes: []graph.Node{
			{ID: "card", Page: page, Problem: "My card was declined", Root: true, Resolution: "If your payment fails, the booking is not made. Check which situation matches yours."},
			{ID: "details", Page: page, Problem: "My card was declined (details entered wrongly)", Condition: "the card details were entered wrongly", Actionable: true, Resolution: "Enter the number and expiry date again."},
			{ID: "secure", Page: page, Problem: "My card was declined (authentication failed)", Condition: "the authentication failed", Actionable: true, Resolution: "Complete the check your bank shows."},
		},
		Edges: []graph.Edge{{From: "card", To: "details", Type: graph.Child}, {From: "card", To: "secure", Type: graph.Child}},
	})
}

// TestStatementToAQuestionAskedAgain: a statement that picks none of the
// options ("it's a Visa") gets the question again in a word, then "none of
// those", never the same question word for word.
func TestStatementToAQuestionAskedAgain(t *testing.T) {
	a := NewGraphAgent(cardDeclinedGraph(), Options{})
	s := &Session{}
	var texts []string
	for _, msg := range []string{"my card was declined", "it's a visa", "it's a visa"} {
		r, err := a.Respond(context.Background(), s, msg)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, r.Text)
	}
	if !strings.Contains(texts[0], "which of these applies") || texts[1] != "Which one of these applies to you?" || !strings.HasPrefix(texts[2], "All right, none of those.") {
		t.Errorf("replies %q, want the question, it again in a word, then none of those", texts)
	}
}
