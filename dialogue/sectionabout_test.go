package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestFollowUpTakesTheSectionAboutIt: a follow-up naming what a sibling
// section is about ("can I get a refund?" after the cancel section of a
// page titled "Cancel or refund") is answered there, not with the answer
// just given again, which has the word only from its page's title; a
// follow-up the answer's own heading names stays there.
func TestFollowUpTakesTheSectionAboutIt(t *testing.T) {
	const page = "https://help.example.com/cancel-refund"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Cancel or refund"}},
		Nodes: []graph.Node{
			{ID: "root", Page: page, Problem: "Cancel or refund", Root: true, Resolution: "How to stop a plan, and how to get your money back."},
			{ID: "cancel", Page: page, Problem: "Cancel a subscription", Actionable: true,
				Resolution: "Open your account, choose Subscriptions and click Cancel auto-renewal. The plan stays valid until it ends."},
			{ID: "refund", Page: page, Problem: "Get a refund", Actionable: true,
				Resolution: "Write to support within 30 days of the purchase and name the payment method you used."},
		},
		Edges: []graph.Edge{{From: "root", To: "cancel", Type: graph.Child}, {From: "root", To: "refund", Type: graph.Child}},
	}
	for _, tc := range []struct {
		followUp, want string
	}{
		{"can i get a refund", "refund"},
		{"does the subscription stay valid after i cancel", "cancel"},
	} {
		t.Run(tc.followUp, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			if r, err := a.Respond(context.Background(), s, "how do i cancel my subscription"); err != nil || r.NodeID != "cancel" {
				t.Fatalf("opening: %s at %q, %v; want the cancel section", r.Action, r.NodeID, err)
			}
			r, err := a.Respond(context.Background(), s, tc.followUp)
			if err != nil || r.NodeID != tc.want {
				t.Errorf("%q: %s at %q (%q), %v; want %s", tc.followUp, r.Action, r.NodeID, r.Text, err, tc.want)
			}
		})
	}
}
