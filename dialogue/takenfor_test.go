package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestOfferedTopics: a question that offers topics stands at no node; one
// between a node's situations or parts stands at that node.
func TestOfferedTopics(t *testing.T) {
	for _, tc := range []struct {
		name string
		last Turn
		want bool
	}{
		{"topics offered for a request", Turn{Role: "agent", Action: Clarification}, true},
		{"situations of a node", Turn{Role: "agent", Action: Clarification, NodeID: "n"}, false},
		{"an answer", Turn{Role: "agent", Action: Resolution, NodeID: "n"}, false},
		{"no reply yet", Turn{}, false},
	} {
		if got := offeredTopics(tc.last); got != tc.want {
			t.Errorf("%s: offeredTopics = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestTakenTopicAnswersTheRequest: a topic offered for a request, taken
// by its button or a bare "yes", is answered in the part the request
// names (its sub-section on documents), not with its opening; a request
// that names no part gets the opening, as before.
func TestTakenTopicAnswersTheRequest(t *testing.T) {
	const page = "https://help.example.com/card"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Replacement card for a child"}},
		Nodes: []graph.Node{
			{ID: "card", Page: page, Problem: "Replacement card for a child", Root: true, Actionable: true,
				Resolution: "You can replace your child's card for free, up to three times a year."},
			{ID: "docs", Page: page, Problem: "What original documents do I need?", Actionable: true,
				Resolution: "Bring the child's birth certificate and your own passport."},
			{ID: "where", Page: page, Problem: "Where do I send the form?", Actionable: true,
				Resolution: "Post the form to the office nearest you."},
		},
		Edges: []graph.Edge{{From: "card", To: "docs", Type: graph.Child}, {From: "card", To: "where", Type: graph.Child}},
	}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		name, request, take, want string
	}{
		{"clicked", "which original documents do i need to replace the card of my kid", "Replacement card for a child", "docs"},
		{"yes", "which original documents do i need to replace the card of my kid", "yes", "docs"},
		{"request names no part", "my kid lost the card", "Replacement card for a child", "card"},
	} {
		s := &Session{ID: tc.name}
		s.History = []Turn{{Role: "user", Text: tc.request}, {Role: "agent", Action: Clarification, Text: "Is it about this?"}}
		s.PendingOptions = a.topicOptions([]string{"card"})
		s.Doubted = "card"
		r, err := a.Respond(context.Background(), s, tc.take)
		if err != nil {
			t.Fatal(err)
		}
		if r.NodeID != tc.want {
			t.Errorf("%s: %q after %q: node %q (%s), want %q", tc.name, tc.take, tc.request, r.NodeID, r.Action, tc.want)
		}
	}
}
