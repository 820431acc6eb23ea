package dialogue

import (
	"context"
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
			r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, tc.say)
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != tc.want {
				t.Errorf("%q: got %s at %q, want %q", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}
