package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestWhatDoesThatMeanStays: "what does that mean?" after an answer asks
// about that answer; its one word "mean" led to another page (a page on
// what plural forms mean, on adguard-en).
func TestWhatDoesThatMeanStays(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pay", Page: "https://help.example.com/pay", Problem: "Pay for an order", Root: true, Actionable: true,
			Resolution: "Pay by card at checkout. A hold is placed on the card until the order ships. The hold is released when the order ships."},
		{ID: "forms", Page: "https://help.example.com/forms", Problem: "What plural forms mean", Root: true, Actionable: true,
			Resolution: "Words have several plural forms, each used for some numbers."},
	}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I pay for my order"); err != nil || r.NodeID != "pay" {
		t.Fatalf("first reply %+v, %v: want the pay answer", r, err)
	}
	r, err := a.Respond(context.Background(), s, "what does that mean")
	if err != nil {
		t.Fatal(err)
	}
	if r.NodeID == "forms" {
		t.Errorf("what does that mean: %s at %q: %q, want no other page", r.Action, r.NodeID, r.Text)
	}
}
