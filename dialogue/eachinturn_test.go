package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// TestBothInTurn: "both" to "which of these applies?" answers the first
// situation, led so, and leaves the others to choose; the next is
// answered when chosen. Read as a request, "both" said nothing and the
// question came again.
func TestBothInTurn(t *testing.T) {
	const page = "https://help.example/card-declined"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "My card was declined"}},
		Nodes: []graph.Node{
			{ID: "card", Page: page, Problem: "My card was declined", Root: true, Resolution: "If your payment fails, the booking is not made. Check which situation matches yours."},
			{ID: "details", Page: page, Problem: "My card was declined (details entered wrongly)", Condition: "the card details were entered wrongly", Actionable: true, Resolution: "Enter the number and expiry date again."},
			{ID: "secure", Page: page, Problem: "My card was declined (authentication failed)", Condition: "the authentication failed", Actionable: true, Resolution: "Complete the check your bank shows."},
		},
		Edges: []graph.Edge{{From: "card", To: "details", Type: graph.Child}, {From: "card", To: "secure", Type: graph.Child}},
	})
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	say := func(msg string) Reply {
		t.Helper()
		r, err := a.Respond(context.Background(), s, msg)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := say("my card was declined"); r.Action != Clarification || len(r.Options) != 2 {
		t.Fatalf("first reply: %s %q with %d options, want the question which applies", r.Action, r.Text, len(r.Options))
	}
	r := say("both")
	if r.Action != Resolution || r.NodeID != "details" || !strings.HasPrefix(r.Text, "Then one at a time.") || !strings.Contains(r.Text, "Enter the number") {
		t.Fatalf("to both: %s at %q: %q, want the first situation's answer, led so", r.Action, r.NodeID, r.Text)
	}
	if len(r.Options) != 1 || r.Options[0].NodeID != "secure" {
		t.Fatalf("to both: options %v, want the other situation", r.Options)
	}
	if r := say(r.Options[0].Value); r.Action != Resolution || r.NodeID != "secure" {
		t.Errorf("the other chosen: %s at %q: %q, want its answer", r.Action, r.NodeID, r.Text)
	}
}
