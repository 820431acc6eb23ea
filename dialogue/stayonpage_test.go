package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// stayGraph is a small shop help center: returns (with a refund section)
// and delivery.
func stayGraph() *graph.Graph {
	const returns, delivery = "https://help.shop.example/returns", "https://help.shop.example/delivery"
	return &graph.Graph{
		Pages: []graph.Page{{URL: returns, Title: "Returns"}, {URL: delivery, Title: "Delivery"}},
		Nodes: []graph.Node{
			{ID: "return", Page: returns, Problem: "Return an item", Root: true, Actionable: true,
				Resolution: "You can return most items within 30 days. Print the return label from your account and drop the parcel at any post office."},
			{ID: "refund", Page: returns, Problem: "When is my refund paid?", Actionable: true,
				Resolution: "Refunds are paid to the original card within 5 days after the parcel reaches our warehouse."},
			{ID: "track", Page: delivery, Problem: "Track a delivery", Root: true, Actionable: true,
				Resolution: "Open your order and choose Track to see where your parcel is."},
			{ID: "late", Page: delivery, Problem: "My delivery is late", Actionable: true,
				Resolution: "Deliveries take up to 5 working days. If yours is later, contact us."},
		},
		Edges: []graph.Edge{{From: "return", To: "refund", Type: graph.Child}, {From: "track", To: "late", Type: graph.Child}},
	}
}

// TestStayOnPage: in a conversation, a request that matches nothing well
// enough anywhere, but shares words with a section of the page being
// discussed, is answered there rather than asked again.
func TestStayOnPage(t *testing.T) {
	for _, tc := range []struct {
		name, first, then string
		action            Action
		node              string
	}{
		{"weak match on the page being discussed", "how do I return an item", "so the card is paid after the warehouse has the parcel?", Resolution, "refund"},
		// Most of its words on no page: the section is asked about, not
		// answered from (see holdsRequest).
		{"weak match on the page being discussed, mostly words no page has", "how do I return an item", "my neighbour said the money comes back only once your warehouse has the parcel, is that so?", Clarification, ""},
		{"same request with no conversation", "", "my neighbour said the money comes back only once your warehouse has the parcel, is that so?", Clarification, ""},
		{"nothing on the page shares a word", "how do I return an item", "is it going to rain tomorrow in the mountains?", Clarification, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), tc.first, "return", tc.then, tc.action, tc.node)
		})
	}
}

// TestYesWithAStory: a yes after an answer, with words no page has, goes on
// as a plain yes does; a yes with a new request is that request.
func TestYesWithAStory(t *testing.T) {
	for _, tc := range []struct {
		name, then string
		action     Action
		node       string
	}{
		{"plain yes", "yes", Resolution, "refund"},
		{"yes with a story", "Yes, I was travelling abroad all summer.", Resolution, "refund"},
		{"yes with a request", "yes, and how do I track a delivery?", Resolution, "track"},
		{"a story without a yes", "I was travelling abroad all summer.", Clarification, ""},
		{"a story closed with a yes", "I was travelling abroad all summer, yes.", Resolution, "refund"},
		{"a story closed with a question", "I was travelling abroad all summer, yes?", Clarification, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), "how do I return an item", "return", tc.then, tc.action, tc.node)
		})
	}
}

// TestShortUnknownRequests: a short request most of whose words no page
// has gets no answer for the one word it shares with a page, at the start
// of a conversation or in one.
func TestShortUnknownRequests(t *testing.T) {
	for _, tc := range []struct {
		name, first, then string
		action            Action
		node              string
	}{
		{"one known word in a heading", "", "can I track my pizza oven?", Clarification, ""},
		{"one known word on the page being discussed", "how do I return an item", "and my parrot fish, can I return it?", Clarification, ""},
		{"the page's own words", "", "track my delivery", Resolution, "track"},
		{"one word unknown of three", "", "track my delivery drone", Resolution, "track"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, stayGraph(), tc.first, "", tc.then, tc.action, tc.node)
		})
	}
}

// secondReply starts a conversation on g with first (none when empty),
// which must reach node firstNode (any when empty), and returns the reply
// to then.
func secondReply(t *testing.T, g *graph.Graph, first, firstNode, then string) Reply {
	t.Helper()
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	if first != "" {
		if r, err := a.Respond(context.Background(), s, first); err != nil || (firstNode != "" && r.NodeID != firstNode) {
			t.Fatalf("first turn: %s at %q, %v", r.Action, r.NodeID, err)
		}
	}
	r, err := a.Respond(context.Background(), s, then)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkSecondTurn checks that then, after first (see secondReply), gets
// action at node.
func checkSecondTurn(t *testing.T, g *graph.Graph, first, firstNode, then string, action Action, node string) {
	t.Helper()
	if r := secondReply(t, g, first, firstNode, then); r.Action != action || r.NodeID != node {
		t.Errorf("got %s at %q (%q), want %s at %q", r.Action, r.NodeID, r.Text, action, node)
	}
}

// firstReply is the reply of a new agent over g to say, a conversation's
// first message.
func firstReply(t *testing.T, g *graph.Graph, say string) Reply {
	t.Helper()
	r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, say)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
