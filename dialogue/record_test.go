package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestRecordNumberEscalates: a request naming one of the user's records that
// no page answers goes to a person at once, rather than to topics that
// share a word with it; one that a page answers is answered.
func TestRecordNumberEscalates(t *testing.T) {
	const orders = "https://help.example/orders"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: orders, Title: "Orders"}},
		Nodes: []graph.Node{
			{ID: "cancel", Page: orders, Problem: "Cancelling an order", Root: true, Actionable: true,
				Resolution: "Open My Orders, select the order and click Cancel."},
			{ID: "delivery", Page: orders, Problem: "Delivery times", Root: true, Actionable: true,
				Resolution: "Most orders arrive within five working days; abroad, allow two weeks."},
			{ID: "missing", Page: orders, Problem: "My order number is not found", Root: true, Actionable: true,
				Resolution: "Check that you typed the order number correctly."},
		},
	}
	for _, tc := range []struct {
		say  string
		want Action
	}{
		{"any news on the status of QX4P7L2K9J", Escalation},
		{"any news on the status of my parcel", Clarification},
		{"order number QX4P7L2K9J not found", Resolution},
	} {
		t.Run(tc.say, func(t *testing.T) {
			if r := firstReply(t, g, tc.say); r.Action != tc.want {
				t.Errorf("%q: got %s at %q, want %s", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}

// TestRecordNumberInsteadOfAChoice: asked which situation applies, a user
// who says the request again with a record number has named a situation
// the options do not cover, on a record a person must read; the same
// question again would go round in circles.
func TestRecordNumberInsteadOfAChoice(t *testing.T) {
	const returns = "https://help.example/returns"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: returns, Title: "Returning an order"}},
		Nodes: []graph.Node{
			{ID: "return", Page: returns, Problem: "Returning an order", Root: true,
				Resolution: "How you return an order depends on how you paid for it."},
			{ID: "card", Page: returns, Problem: "Returning an order", Condition: "you paid by card", Actionable: true,
				Resolution: "Open My Orders, select the order and click Return."},
			{ID: "cash", Page: returns, Problem: "Returning an order", Condition: "you paid in cash", Actionable: true,
				Resolution: "Bring the order and its receipt to the shop."},
		},
		Edges: []graph.Edge{{From: "return", To: "card", Type: graph.Child}, {From: "return", To: "cash", Type: graph.Child}},
	}
	for _, tc := range []struct {
		then string
		want Action
	}{
		{"how do i return an order, it is QX4P7L2K9J", Escalation},
		{"how do i return an order", Clarification},
		{"by card", Resolution},
	} {
		t.Run(tc.then, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			r, err := a.Respond(context.Background(), s, "how do i return an order")
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != Clarification {
				t.Fatalf("first reply: got %s at %q, want a question", r.Action, r.NodeID)
			}
			if r, err = a.Respond(context.Background(), s, tc.then); err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want {
				t.Errorf("%q: got %s at %q, want %s", tc.then, r.Action, r.NodeID, tc.want)
			}
		})
	}
}
