package dialogue

import (
	"fmt"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestQuotedMessage: a request that quotes a node's text (an error message
// read off the screen) is about that node, though the rest of the request
// tells a story in words no node has.
func TestQuotedMessage(t *testing.T) {
	const errs, edit = "https://help.example/errors", "https://help.example/edit"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: errs, Title: "Error messages"}, {URL: edit, Title: "Editing your profile"}},
		Nodes: []graph.Node{
			{ID: "errors", Page: errs, Problem: "Error messages", Root: true},
			{ID: "locked", Page: errs, Problem: "The profile is locked", Actionable: true,
				Resolution: `Message: "Your profile cannot be saved." Wait one hour, then try again.`},
			{ID: "card", Page: errs, Problem: "The card is not accepted", Actionable: true,
				Resolution: `Message: "Payment method was rejected." Use another card.`},
			{ID: "edit", Page: edit, Problem: "Editing your profile", Root: true, Actionable: true,
				Resolution: "Open Settings, change the fields and click Save. You can add a second phone number."},
		},
		Edges: []graph.Edge{{From: "errors", To: "locked", Type: graph.Child}, {From: "errors", To: "card", Type: graph.Child}},
	}
	for _, tc := range []struct{ say, want string }{
		{"it says profile cannot be saved?? i only wanted to add my new address from last month", "locked"},
		{"screen keeps saying payment method was rejected, tried two browsers already", "card"},
		// The same words out of order quote nothing.
		{"saved my address last month but cannot find the profile page", ""},
	} {
		t.Run(tc.say, func(t *testing.T) {
			if r := firstReply(t, g, tc.say); r.NodeID != tc.want {
				t.Errorf("%q: got %s at %q, want %q", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}

// TestQuotedRarePair: two words in a row that few nodes have ("airline
// website") quote the node whose text has them, where each alone is a
// weak match; two common words in a row do not.
func TestQuotedRarePair(t *testing.T) {
	const help = "https://help.example/"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: help, Title: "Help"}},
		Nodes: []graph.Node{
			{ID: "partner", Page: help, Problem: "Orders from airline partners", Root: true, Actionable: true,
				Resolution: "Orders placed on airline websites are handled by the airline: contact it."},
			{ID: "online", Page: help, Problem: "Cancelling an order made on the website", Root: true, Actionable: true,
				Resolution: "Open My Orders on the website and click Cancel."},
		},
	}
	// Enough other topics for a word in one node to be rare.
	for i := range 30 {
		g.Nodes = append(g.Nodes, graph.Node{ID: fmt.Sprintf("topic-%d", i), Page: help, Root: true, Actionable: true,
			Problem: fmt.Sprintf("Topic %d of the order", i), Resolution: fmt.Sprintf("Step %d: open the order page and follow the form.", i)})
	}
	for _, tc := range []struct{ say, want string }{
		{"bought two tickets and a bike through an airline website last spring, what now", "partner"},
		{"bought two tickets and a bike through a strange website last spring, what now", ""},
	} {
		t.Run(tc.say, func(t *testing.T) {
			if r := firstReply(t, g, tc.say); r.NodeID != tc.want {
				t.Errorf("%q: got %s at %q, want %q", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}
