package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestNotItOverOneOption: "no that's not it" to "Is it about this?" is
// answered as the one option's no ("All right, then that's not it."), not
// "All right, none of those." over one option; over several, none of them.
func TestNotItOverOneOption(t *testing.T) {
	one := actState{pending: 1, optionNode: true, last: Clarification, yesNo: true}
	several := actState{pending: 3, optionNode: true, last: Clarification, nodeSays: true}
	if got := actMoves(ActNoneOfThese, one); !slices.Equal(got, []move{moveNotIt, moveNoneOfThose}) {
		t.Errorf("none of these over one option: %v", got)
	}
	if got := actMoves(ActNoneOfThese, several); !slices.Equal(got, []move{moveNoneOfThose}) {
		t.Errorf("none of these over several options: %v", got)
	}
	const page = "https://help.example.com/pay"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: page, Problem: "Pay for an order", Root: true, Actionable: true, Resolution: "Pay by card at checkout."},
	}}
	a := NewGraphAgent(g, Options{})
	s := &Session{
		PendingOptions: []Option{{Label: "Pay for an order", Value: "Pay for an order", NodeID: "pay"}},
		History:        []Turn{{Role: "user", Text: "my order is stuck"}, {Role: "agent", Text: a.say(&Session{}, "SuggestOne"), Action: Clarification}},
	}
	r, err := a.Respond(context.Background(), s, "no that's not it")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(r.Text, a.say(s, "LeadNotIt")) {
		t.Errorf("reply %q, want it to open with %q", r.Text, a.say(s, "LeadNotIt"))
	}
}
