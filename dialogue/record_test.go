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
			r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, tc.say)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want {
				t.Errorf("%q: got %s at %q, want %s", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}
