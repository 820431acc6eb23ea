package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
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

// TestFollowUpNamesTheOtherSituation: "and if I booked as a guest?" after
// the answer for members is the guests' section, though the members'
// heading names "booked" too: the word it lacks decides.
func TestFollowUpNamesTheOtherSituation(t *testing.T) {
	const page = "https://help.example.com/receipts"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Receipts"}},
		Nodes: []graph.Node{
			{ID: "root", Page: page, Problem: "Receipts", Root: true, Resolution: "Who issues your receipt depends on how you booked."},
			{ID: "member", Page: page, Problem: "Receipts (booked online as a member)", Condition: "you booked online as a member", Actionable: true,
				Resolution: "Log in, open My Bookings and click Download receipt."},
			{ID: "guest", Page: page, Problem: "Receipts (booked online as a guest)", Condition: "you booked online as a guest", Actionable: true,
				Resolution: "Receipts can't be downloaded for guest bookings. Ask the hotel at check-out."},
		},
		Edges: []graph.Edge{{From: "root", To: "member", Type: graph.Child}, {From: "root", To: "guest", Type: graph.Child}},
	})
	a, s := NewGraphAgent(g, Options{}), &Session{}
	for _, step := range []struct{ say, want string }{
		{"i need a receipt", "root"},
		{"I booked online as a member", "member"},
		{"and if I booked as a guest?", "guest"},
	} {
		r, err := a.Respond(context.Background(), s, step.say)
		if err != nil || r.NodeID != step.want {
			t.Fatalf("%q: %s at %q (%q), %v; want %s", step.say, r.Action, r.NodeID, r.Text, err, step.want)
		}
	}
}
